"""What the content tools read and show of the Kill Team classic pack: a mission's
``kill_team:`` rules, a fireteam's ``leader``, ``fearless`` and ``break_rerolls``, the
numbers a pack mission's text may state and the pack's lines in the card reference
(docs/cards.md). Declared as one :class:`~game.content.systems.PackContent`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.content.schema import Board, Context, Reader
from game.content.systems import Number, PackContent, TeamRoles, register_pack
from game.content.yamlio import KeyPath
from game.engine.defs import Catalogue, CompositionEntry, Fireteam, Mission
from game.engine.rulesets.killteam import core as kt
from game.engine.rulesets.killteam.core import KillTeamRules, mission_rules, placed_ids
from game.help.rulesets.killteam.cards import pack_cards


def read_rules(r: Reader, path: KeyPath, raw: Any, board: Board) -> KillTeamRules | None:
    """``kill_team:``: the Kill Team classic rules of a mission of the pack."""
    checked = r.value(path, raw, kt.RULES_SPEC,
                      Context(weapons=set(), objectives={}, board=board, holder="kill_team"))
    if not isinstance(checked, dict) or any(v is None for v in checked.values()):
        return None
    return KillTeamRules(
        table_roll=int(checked["table_roll"]),
        our_design=bool(checked.get("our_design", False)),
        placed_objectives=int(checked.get("placed_objectives", 0)),
        objective_vp=int(checked.get("objective_vp", 1)),
        secondary=tuple(checked.get("secondary", ())),
        break_tests=bool(checked.get("break_tests", False)),
        seize_initiative=bool(checked.get("seize_initiative", False)),
        variable_length=bool(checked.get("variable_length", False)),
        night_fighting=str(checked.get("night_fighting", kt.NIGHT_NONE)),
        mysterious_objectives=bool(checked.get("mysterious_objectives", False)),
        search_pattern=bool(checked.get("search_pattern", False)),
        reanimation_near_friend=bool(checked.get("reanimation_near_friend", False)))


def read_roles(r: Reader, top: KeyPath, m: dict[Any, Any],
               composition: tuple[CompositionEntry, ...]) -> TeamRoles:
    """``leader`` (a datacard of the composition: its first operative leads), ``fearless``
    and ``break_rerolls`` (datacards of the composition), for the Kill Team classic pack."""
    cards = [e.card for e in composition]
    leader = ""
    if "leader" in m:
        leader = r.reference(top + ("leader",), m["leader"], cards, "composition datacard") or ""
    lists: list[tuple[str, ...]] = []
    for key in ("fearless", "break_rerolls"):
        got: list[str] = []
        for i, card in enumerate(r.items(top + (key,), m.get(key, [])) or []):
            found = r.reference(top + (key, i), card, cards, "composition datacard")
            if found:
                got.append(found)
        lists.append(tuple(got))
    return leader, lists[0], lists[1]


def numbers(rules: dict[str, Any], path: KeyPath) -> Iterator[Number]:
    """The numbers a Kill Team classic mission's text may state: its objectives' and
    secondary objectives' VP, and the pack's own numbers for the rules it uses."""
    yield "vp", int(rules.get("objective_vp", 1)), path
    if rules.get("secondary"):
        yield "vp", 1, path + ("secondary",)
    if rules.get("seize_initiative"):
        yield "seize_on", kt.SEIZE_ON, path + ("seize_initiative",)
        yield "first_turning_point", 1, path + ("seize_initiative",)
    if rules.get("variable_length"):
        yield "length_first", kt.GAME_LENGTH_NEEDS[0], path + ("variable_length",)
        yield "length_second", kt.GAME_LENGTH_NEEDS[1], path + ("variable_length",)
    if rules.get("search_pattern"):
        at = path + ("search_pattern",)
        yield "search_late_on", kt.SEARCH_LATE_ON, at
        yield "search_deploy_on", kt.SEARCH_LATE_ON + 1, at
        yield "arrival_turning_point", kt.ARRIVAL_TURNING_POINT, at
        yield "distance", kt.SEARCH_APART, at


# the phrases of a pack mission's text that state the numbers above, in the order they are
# tried (after the VP phrases)
CLAIMS = (
    (r"seizes? it on a (\d)", "seize_on"),
    (r"goes on \((\d)\+", "length_first"),
    (r"then (\d)\+\)", "length_second"),
    (r"on 1-(\d) it arrives", "search_late_on"),
    (r"on (\d)\+ it deploys", "search_deploy_on"),
    (r"start of turning point (\d) from", "arrival_turning_point"),
    (r"in turning point (\d) unless", "first_turning_point"),
    (r"After turning point (\d) a die", "turning_points"),
)


def team_lines(cat: Catalogue, team: Fireteam) -> list[str]:
    """The Kill Team classic pack's leader and Break tests of the fireteam, if it has a
    leader."""
    if not team.leader:
        return []
    names = cat.datacards
    roles = [f"Leader: the first {names[team.leader].name if team.leader in names else ''}"]
    roles += [f"fearless: {', '.join(names[c].name for c in team.fearless if c in names)}"
              ] if team.fearless else []
    roles += [f"re-roll failed Break tests: "
              f"{', '.join(names[c].name for c in team.break_rerolls if c in names)}"
              ] if team.break_rerolls else []
    return ["Kill Team classic: " + "; ".join(roles) + ".", ""]


def mission_facts(mission: Mission) -> list[str]:
    rules = mission_rules(mission)
    if rules is None:
        return []
    return [f"Kill Team classic, D6 table: {rules.table_roll}",
            "our own design" if rules.our_design else "described by the seed"]


def objective_rows(mission: Mission) -> list[tuple[object, ...]]:
    """The markers the players place, as rows of the mission's objective table."""
    rules = mission_rules(mission)
    if rules is None or not rules.placed_objectives:
        return []
    return [(f"marker{n}", "placed by the players")
            for n in range(1, rules.placed_objectives + 1)]


def section(cat: Catalogue) -> list[str]:
    """The Kill Team classic pack's rules, as the card library shows them."""
    out = ["## Kill Team classic rules", "",
           "The rules of the second mission pack (the `kt_*` missions), as the card library's "
           "Kill Team page shows them.", ""]
    for rule in pack_cards(cat):
        out += [f"### {rule.name} (`{rule.id}`)", "", f"*{rule.group}*", ""]
        for paragraph in rule.text:
            out += [paragraph, ""]
        if rule.table:
            out += ["D6 (our own table):", ""]
            out += [f"- {line}" for line in rule.table]
            out.append("")
        out += ["Used in: " + ", ".join(rule.missions) + ".", ""]
    return out


CONTENT = register_pack(PackContent(
    pack=kt.PACK, key=kt.PACK, read_rules=read_rules, placed=placed_ids,
    read_roles=read_roles, numbers=numbers, claims=CLAIMS, team_lines=team_lines,
    mission_facts=mission_facts, objective_rows=objective_rows,
    section_title="Kill Team classic rules", section=section))
