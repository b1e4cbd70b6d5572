"""The contract between the content tools and a mission pack beyond the Fireteam missions:
what a pack's folder under :mod:`game.content.rulesets` declares and registers here, and
what the mission and fireteam readers, the card-text check and the card reference ask
(through the lookups of :mod:`game.content.rulesets`) instead of naming the pack.

A :class:`PackContent` says which mission key holds the pack's rules and how to read it,
which markers the players place, which keys of a fireteam file it reads, the numbers its
missions' texts may state, and what the card reference shows of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from game.content.schema import Board, Reader
from game.content.yamlio import KeyPath
from game.engine.defs import Catalogue, CompositionEntry, Fireteam, Mission

# (rule key, number, where it is written) of a number a card's text may state
Number = tuple[str, int, KeyPath]
# a fireteam's leader, fearless and Break re-roll datacards
TeamRoles = tuple[str, tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class PackContent:
    pack: str  # the pack's id (a mission's ``pack``)
    key: str  # the mission key holding the rules of a mission of the pack
    # the pack's rules of a mission, read from ``key`` (None after an error it reported)
    read_rules: Callable[[Reader, KeyPath, Any, Board], Any]
    placed: Callable[[Any], tuple[str, ...]]  # the markers the players place, by its rules
    # a fireteam file's keys for the pack (leader, fearless, break_rerolls), read
    read_roles: Callable[[Reader, KeyPath, dict[Any, Any], tuple[CompositionEntry, ...]],
                         TeamRoles]
    numbers: Callable[[dict[str, Any], KeyPath], Iterator[Number]]  # a text may state them
    # the phrases of its missions' texts that state those numbers: (pattern, rule key), the
    # pattern's first group the number
    claims: tuple[tuple[str, str], ...]
    # the card reference (docs/cards.md): the lines a fireteam adds, the facts and objective
    # rows a mission adds, and the pack's own section (its title, then its lines)
    team_lines: Callable[[Catalogue, Fireteam], list[str]]
    mission_facts: Callable[[Mission], list[str]]
    objective_rows: Callable[[Mission], list[tuple[object, ...]]]
    section_title: str
    section: Callable[[Catalogue], list[str]]


PACKS: dict[str, PackContent] = {}


def register_pack(content: PackContent) -> PackContent:
    PACKS[content.pack] = content
    return content
