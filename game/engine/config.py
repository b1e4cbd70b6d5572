"""What stays fixed for a whole game: the map, the cards in play, the mission."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.engine.defs import (
    Ability,
    Catalogue,
    Datacard,
    Effect,
    Fireteam,
    Mission,
    MissionAction,
    Ploy,
    TargetOfOpportunity,
    Weapon,
)
from game.engine.hexgrid import Grid, grid_for


@dataclass(frozen=True)
class Config:
    """The fixed part of a game. ``spec`` is the JSON-able recipe it was built from."""

    grid: Grid
    datacards: dict[str, Datacard]
    fireteams: dict[int, Fireteam | None]
    territories: dict[int, tuple[str, ...]]
    objectives: dict[str, str]
    turning_points: int
    mission: Mission | None
    targets: dict[str, TargetOfOpportunity]
    spec: dict[str, Any] = field(default_factory=dict)

    @property
    def mission_rules(self) -> tuple[Effect, ...]:
        return self.mission.rules if self.mission else ()

    @property
    def mission_actions(self) -> tuple[MissionAction, ...]:
        return self.mission.actions if self.mission else ()

    def ploy(self, player: int, ploy_id: str) -> Ploy | None:
        team = self.fireteams.get(player)
        if team is None:
            return None
        for ploy in team.ploys:
            if ploy.id == ploy_id:
                return ploy
        return None

    def ploys_of(self, player: int) -> tuple[Ploy, ...]:
        team = self.fireteams.get(player)
        return team.ploys if team else ()


def build_config(catalogue: Catalogue, spec: dict[str, Any]) -> Config:
    """Build a config from a recipe:

    ``mission`` (a mission id) or ``killzone`` (``columns``, ``rows``, ``blocked``, ``cover``,
    ``objectives``, ``territories``); ``fireteams`` ``{1: id|None, 2: id|None}``; optional
    ``datacards`` (inline definitions as dicts, see :func:`datacard_from_dict`),
    ``turning_points``. Raises KeyError/ValueError naming what is unknown.
    """
    extra = {k: datacard_from_dict(v) for k, v in (spec.get("datacards") or {}).items()}
    datacards = dict(catalogue.datacards)
    datacards.update(extra)
    fireteams: dict[int, Fireteam | None] = {}
    for player in (1, 2):
        team_id = (spec.get("fireteams") or {}).get(player) or (
            spec.get("fireteams") or {}).get(str(player))
        if team_id is None:
            fireteams[player] = None
        elif team_id not in catalogue.fireteams:
            raise KeyError(f"unknown fireteam {team_id!r}")
        else:
            fireteams[player] = catalogue.fireteams[team_id]
    mission: Mission | None = None
    if spec.get("mission"):
        if spec["mission"] not in catalogue.missions:
            raise KeyError(f"unknown mission {spec['mission']!r}")
        mission = catalogue.missions[spec["mission"]]
        side = catalogue.killzones[mission.killzone]
        grid = grid_for(side.columns, side.rows, tuple(side.blocked), tuple(side.cover))
        territories = dict(mission.territories)
        objectives = dict(mission.objectives)
        turning_points = mission.turning_points
    else:
        kz = spec.get("killzone") or {}
        grid = grid_for(int(kz.get("columns", 15)), int(kz.get("rows", 11)),
                        tuple(kz.get("blocked") or ()), tuple(kz.get("cover") or ()))
        territories = {int(k): tuple(v) for k, v in (kz.get("territories") or {}).items()}
        objectives = {str(k): str(v) for k, v in (kz.get("objectives") or {}).items()}
        turning_points = 3
    turning_points = int(spec.get("turning_points") or turning_points)
    return Config(grid, datacards, fireteams, territories, objectives, turning_points,
                  mission, dict(catalogue.targets), spec)


def datacard_to_dict(card: Datacard) -> dict[str, Any]:
    data = asdict(card)
    for weapon in data["weapons"]:
        weapon["damage"] = [weapon.pop("normal"), weapon.pop("crit")]
        weapon["rules"] = list(weapon["rules"])
    return data


def _effect(raw: dict[str, Any]) -> Effect:
    return Effect(raw["kind"], dict(raw.get("params", {})), raw.get("text", ""))


def datacard_from_dict(data: dict[str, Any]) -> Datacard:
    """Rebuild a datacard written by :func:`datacard_to_dict`."""
    weapons = tuple(
        Weapon(w["id"], w.get("name", w["id"]), int(w["ap"]), int(w["range"]),
               int(w["attacks"]), int(w["hit"]), int(w["damage"][0]), int(w["damage"][1]),
               tuple(w.get("rules", ())))
        for w in data["weapons"])
    abilities = tuple(
        Ability(a["id"], a.get("name", a["id"]), a.get("text", ""),
                tuple(_effect(e) for e in a.get("effects", ())))
        for a in data.get("abilities", ()))
    return Datacard(data["id"], data.get("name", data["id"]), int(data["apl"]),
                    int(data["move"]), int(data["defence"]), int(data["save"]),
                    int(data["wounds"]), weapons, abilities, tuple(data.get("keywords", ())))
