"""Missions a player puts in the data folder's ``missions/``: each file is checked with the
same loader (and the same ``file:line`` messages) as the shipped content; a good one joins the
new-game list, a broken one is listed with its errors instead, and never stops the game."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from game.content import ContentError, load_catalogue
from game.engine import Catalogue


@dataclass(frozen=True)
class OwnMissions:
    catalogue: Catalogue  # the shipped content plus every own mission that loads
    own: tuple[str, ...]  # ids of the missions that came from the folder
    broken: tuple[tuple[str, str], ...]  # (file name, the loader's message)


def load_own_missions(catalogue: Catalogue, folder: Path | None) -> OwnMissions:
    """``catalogue`` with the good mission files of ``folder`` added (one file at a time, so
    one broken file costs only itself)."""
    if folder is None or not folder.is_dir():
        return OwnMissions(catalogue, (), ())
    paths = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    if not paths:
        return OwnMissions(catalogue, (), ())
    try:  # usually every file is a good mission: one load for them all
        together = load_catalogue(paths)
    except ContentError:
        pass  # then file by file, so that a broken one costs only itself
    else:
        new = tuple(m for m in together.missions if m not in catalogue.missions)
        if len(new) == len(paths):
            return OwnMissions(dataclasses.replace(
                catalogue, missions={**catalogue.missions,
                                     **{m: together.missions[m] for m in new}}), new, ())
    missions = dict(catalogue.missions)
    own: list[str] = []
    broken: list[tuple[str, str]] = []
    for path in paths:
        try:
            loaded = load_catalogue([path])
        except ContentError as error:
            broken.append((path.name, str(error)))
            continue
        new = [m for m in loaded.missions if m not in catalogue.missions]
        clash = [m for m in loaded.missions if m in catalogue.missions
                 and loaded.missions[m] != catalogue.missions[m]]
        if clash:
            broken.append((path.name, f"{path.name}: mission id {clash[0]!r} is already a "
                                      "shipped mission: give yours another id"))
            continue
        if not new:
            broken.append((path.name, f"{path.name}: holds no mission"))
            continue
        for mission_id in new:
            missions[mission_id] = loaded.missions[mission_id]
            own.append(mission_id)
    return OwnMissions(dataclasses.replace(catalogue, missions=missions), tuple(own),
                       tuple(broken))


def broken_lines(broken: tuple[tuple[str, str], ...]) -> list[str]:
    """Every broken mission file, one line each, as ``file:line:column: what is wrong``
    (every error of the file, the folder's path left out)."""
    lines = []
    for name, message in broken:
        for line in message.splitlines() or [name]:
            at = line.find(name + ":")
            if line.strip():
                lines.append(line[at:] if at >= 0 else line)
    return lines
