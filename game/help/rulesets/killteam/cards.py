"""The Kill Team classic pack's rules as cards for the card library: Break tests and leaders,
the primary objective markers, each secondary objective, seizing the initiative, the game
length die and each mission special rule (Night Fighting, Mysterious Objectives with our own
table, Search Pattern, the Necron reanimation exception), each with the pack's missions that
use it.

Pure (no pygame): every number is the engine's own (:mod:`game.engine.rulesets.killteam.core`), so
a card
can never say one thing while the rules do another; which missions use a rule is read from
their ``kill_team`` data, never from their ids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Catalogue, Mission
from game.engine.rulesets.killteam import core as kt

RULE, PRIMARY, SECONDARY, SPECIAL = ("Pack rule", "Primary objectives", "Secondary objective",
                                     "Mission special rule")
MYSTERY_WORDS = {
    "booby_trapped": f"Booby trap: each operative of the player who took it, within 1 hex "
                     f"of it, suffers {kt.BOOBY_TRAP_DAMAGE} damage.",
    "inert": "Nothing: an ordinary objective.",
    "ammunition_cache": "Ammunition cache: operatives within 1 hex of it re-roll 1s to hit "
                        "while their side controls it.",
    "sanctified": "Sanctified ground: operatives within 1 hex of it save on one less while "
                  "their side controls it.",
    "vital_intel": "Vital intel: worth 1 VP more at the end of the mission.",
}


@dataclass(frozen=True)
class PackRule:
    """One card of the pack's rules: its name, its kind of rule, its text (paragraphs), a
    table (lines) if it has one, and the names of the pack's missions that use it."""

    id: str
    name: str
    group: str
    text: tuple[str, ...]
    table: tuple[str, ...] = ()
    missions: tuple[str, ...] = ()

    @property
    def search(self) -> str:
        return " ".join((self.name, self.group, *self.text, *self.table, *self.missions))


def _table_lines() -> tuple[str, ...]:
    """The Mysterious Objectives table, rolls with the same result put together ("2-3")."""
    lines: list[str] = []
    rolls = sorted(kt.MYSTERY_TABLE)
    start = rolls[0]
    for roll in rolls:
        nxt = roll + 1
        if kt.MYSTERY_TABLE.get(nxt) != kt.MYSTERY_TABLE[roll]:
            span = str(roll) if start == roll else f"{start}-{roll}"
            lines.append(f"{span}: {MYSTERY_WORDS[kt.MYSTERY_TABLE[roll]]}")
            start = nxt
    return tuple(lines)


def _edges() -> str:
    words = {("left",): "its player's left edge", ("right",): "its player's right edge",
             ("left", "right"): "either, as its player chooses"}
    groups: dict[tuple[str, ...], list[int]] = {}
    for roll, edges in sorted(kt.ARRIVAL_EDGES.items()):
        groups.setdefault(edges, []).append(roll)
    return ", ".join(f"{min(r)}-{max(r)} {words.get(e, ' or '.join(e))}"
                     for e, r in groups.items())


# (id, name, group, text, whether a mission's rules use it)
_RULES: tuple[tuple[str, str, str, tuple[str, ...], Callable[[kt.KillTeamRules], bool]], ...] = (
    ("kt_break_tests", "Break tests and leaders", RULE, (
        "Each fireteam names its leader in its data (the sergeant, the boss, the troupe "
        "master...).",
        "When a firefight phase begins, a force whose enemy has removed more than half of "
        "its operatives (taken down by the enemy's attacks or cards, or fled) is Broken for "
        "the rest of the battle; an operative lost to its own weapon (Overcharge, Hazardous) "
        "or to a trapped objective does not count. Then, before "
        "any of them is activated, each of its operatives takes a Break test, the leader "
        f"first: a D6, passed on {kt.BREAK_PASS}+ ({kt.LEADER_BREAK_PASS}+ for the leader).",
        "When the leader passes, every friendly operative within "
        f"{kt.COMMAND_RANGE} hexes (its command range) passes too. Fearless operatives "
        "always pass; some fireteams re-roll a failed test.",
        "An operative that fails flees: it leaves the killzone. It was not taken down by the "
        "enemy, and nothing that counts take-downs counts it."),
     lambda r: r.break_tests),
    ("kt_primary", "Objective markers", PRIMARY, (
        "After the set-up roll-off the players roll off again and place the mission's "
        "objective markers in turn, the winner first.",
        f"A marker goes at least {kt.OBJECTIVE_EDGE} hexes from every killzone edge, "
        f"{kt.OBJECTIVE_TERRITORY} hexes from either territory and {kt.OBJECTIVE_APART} "
        "hexes from another marker (the screen shades where it may go).",
        "At the end of the mission each objective is worth its VP to whoever controls it: "
        "the primary objectives."),
     lambda r: r.placed_objectives > 0),
    (kt.SLAY_THE_LEADER, "Slay the Leader", SECONDARY, (
        "1 VP at the end of the mission if the enemy's leader was taken down.",
        "A leader who fled after a failed Break test gives nothing."),
     lambda r: kt.SLAY_THE_LEADER in r.secondary),
    (kt.LINEBREAKER, "Linebreaker", SECONDARY, (
        "1 VP at the end of the mission if one of your operatives stands in the enemy's "
        "territory.",),
     lambda r: kt.LINEBREAKER in r.secondary),
    (kt.FIRST_BLOOD, "First Blood", SECONDARY, (
        "1 VP at the end of the mission if the first operative removed from play, taken "
        "down or fled, was the enemy's.",),
     lambda r: kt.FIRST_BLOOD in r.secondary),
    (kt.BREAK_THE_ENEMY, "Break the Enemy", SECONDARY, (
        "1 VP at the end of the mission if you have destroyed more than half of the enemy's "
        "operatives: taken down by your attacks or cards. Those that fled or fell to their "
        "own weapons do not count.",),
     lambda r: kt.BREAK_THE_ENEMY in r.secondary),
    ("kt_seize", "Seize the initiative", RULE, (
        "In turning point 1 the player who deployed first holds the initiative. The other "
        f"player may roll a D6 to seize it: on a {kt.SEIZE_ON} the initiative is theirs. "
        "Later turning points roll off for it as usual.",),
     lambda r: r.seize_initiative),
    ("kt_game_length", "Variable game length", RULE, (
        "After the mission's last turning point the initiative holder rolls a D6, and the "
        "screen shows what it needs before it is rolled: on "
        f"{kt.GAME_LENGTH_NEEDS[0]}+ one more turning point is played.",
        f"After that one, {kt.GAME_LENGTH_NEEDS[1]}+ brings one more again. After "
        f"{len(kt.GAME_LENGTH_NEEDS)} extra turning points the mission always ends."),
     lambda r: r.variable_length),
    ("kt_night", "Night Fighting", SPECIAL, (
        f"At night a target {kt.NIGHT_RANGE} or more hexes from a ranged attacker counts as "
        "in cover.",
        "Some missions are fought at night from start to end. In others a D6 at the start "
        f"of turning point 1 and of the mission's last brings night on {kt.NIGHT_ON}+."),
     lambda r: r.night_fighting != kt.NIGHT_NONE),
    ("kt_mysterious", "Mysterious Objectives", SPECIAL, (
        "Each objective marker is a mystery until an operative first takes control of it: "
        "then its player rolls a D6 on the table below. The older rules name this rule but "
        "give no table: this one is our own design.",),
     lambda r: r.mysterious_objectives),
    ("kt_search", "Search Pattern", SPECIAL, (
        "Before deployment each operative rolls a D6. On 1-"
        f"{kt.SEARCH_LATE_ON} it is held back; on {kt.SEARCH_LATE_ON + 1}+ it deploys "
        "anywhere in its territory, but not within "
        f"{kt.SEARCH_APART} hex of another operative.",
        f"At the start of turning point {kt.ARRIVAL_TURNING_POINT} each operative held back "
        f"rolls for its edge ({_edges()}) and is placed on that edge of the killzone, not "
        "next to an enemy. Left and right are seen from the player's own edge, facing the "
        "enemy: from the top edge the left is the east (right-hand) edge of the screen."),
     lambda r: r.search_pattern),
    ("kt_reanimation", "Reanimation near a friend", SPECIAL, (
        "A Necron operative's Reanimation Protocols (its roll to stay in the fight when it "
        "would be taken down) work only while another friendly operative is within "
        f"{kt.REANIMATION_REACH} hex of it: alone, it is taken down.",),
     lambda r: r.reanimation_near_friend),
)


def pack_cards(catalogue: Catalogue) -> list[PackRule]:
    """Every rule card of the pack that at least one shipped mission uses, with the names of
    those missions (a rule no mission uses is not shown)."""
    ruled = [(m, rules) for m in catalogue.missions.values()
             if (rules := kt.mission_rules(m)) is not None]
    ruled.sort(key=lambda pair: (pair[1].table_roll, pair[0].name))
    out: list[PackRule] = []
    for rule_id, name, group, text, used in _RULES:
        names = tuple(_short(m) for m, rules in ruled if used(rules))
        if names:
            table = _table_lines() if rule_id == "kt_mysterious" else ()
            out.append(PackRule(rule_id, name, group, text, table, names))
    return out


def _short(mission: Mission) -> str:
    return mission.name.split(": ", 1)[-1]


__all__ = ["PackRule", "pack_cards"]
