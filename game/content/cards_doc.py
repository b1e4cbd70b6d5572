"""``docs/cards.md``: a readable reference of every card, generated from a :class:`Catalogue`.

:func:`render_cards` gives the Markdown text; ``python tools/gen_cards.py`` writes it to
:data:`CARDS_DOC` (``--check``: exit 1 when the file is out of date). Everything is sorted so
that the same content always gives the same text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from game.content.loader import REPO_ROOT
from game.content.rulesets import pack_content, packs
from game.engine import defs as D
from game.engine import vocabulary as V
from game.engine.defs import (
    Catalogue,
    Datacard,
    Fireteam,
    Mission,
    SpecialOperation,
    Weapon,
)

CARDS_DOC = REPO_ROOT / "docs" / "cards.md"
GENERATOR = "python tools/gen_cards.py"

# Each weapon rule: its printed name and what it does, in our own words.
WEAPON_RULE_GLOSSARY: dict[str, tuple[str, str]] = {
    D.PISTOL: ("Pistol", "Can be used against an enemy operative next to the attacker, "
                         "as a Range 1 weapon can."),
    D.RAPID_FIRE: ("Rapid Fire", "One more attack die when the target is at most half the "
                                 "weapon's Range away."),
    D.OVERCHARGE: ("Overcharge", "May be declared with the attack: +2 to both Damage values, "
                                 "but each 1 on the hit dice deals 4 damage to the attacker."),
    D.IGNORES_COVER: ("Ignores Cover", "The defender gains nothing from being in cover."),
    D.LETHAL: ("Lethal", "Hit dice of 5 and 6 are both critical hits."),
    D.PIERCING: ("Piercing", "The defender rolls one defence die fewer."),
    D.DEVASTATING: ("Devastating", "Blocks cannot cancel this weapon's critical hits."),
    D.BRUTAL: ("Brutal", "The defender's dice block only when they show a 6."),
    D.HEAVY: ("Heavy", "Cannot be used in an activation in which the operative has made a "
                       "Move or Disengage action."),
    D.HAZARDOUS: ("Hazardous", "After the attack the attacker rolls one D6; on a 1 it "
                               "suffers 3 damage."),
    D.TWIN_LINKED: ("Twin-linked", "Re-roll any hit dice that show a 1."),
    D.MELTA: ("Melta", "+2 to both Damage values when the target is at most half the "
                       "weapon's Range away."),
    D.MARKERLIGHT: ("Markerlight", "If the attack rolls at least one hit or critical hit "
                                   "(blocked or not), the defender is spotted until the "
                                   "turning point ends."),
}

_STAGE_ORDER = {stage: i for i, stage in enumerate(V.SPECIAL_OPERATION_STAGES)}
_REWARD_NAMES = {"battle_honour": "Battle honour", "command_asset": "Command asset"}
_TIMING_NAMES = {"activation": "During one of your operatives' activations",
                 "strategy": "In your ploy step (strategy phase)"}
_DURATION_NAMES = {"instant": "at once", "activation": "until the activation ends",
                   "turning_point": "until the turning point ends",
                   "mission": "until the mission ends"}


# --- Markdown helpers -----------------------------------------------------------------------


def _flat(text: str) -> str:
    """Text on one line: runs of white space (line breaks included) become one space."""
    return " ".join(text.split())


def _cell(value: object) -> str:
    return _flat(str(value)).replace("|", "\\|") or "—"


def _table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table and a blank line; "(none)" when there are no rows."""
    body = ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    if not body:
        return ["(none)", ""]
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header), *body, ""]


def _item(name: str, text: str, note: str = "") -> str:
    extra = f" *({note})*" if note else ""
    return f"- **{_flat(name)}**{extra}: {_flat(text)}" if text else f"- **{_flat(name)}**{extra}"


def _by_name(items: Iterable[tuple[str, str]]) -> list[str]:
    """Ids of (id, name) pairs sorted by name, then id."""
    return [ident for ident, _ in sorted(items, key=lambda p: (p[1].casefold(), p[0]))]


def _rule_names(rules: Iterable[str]) -> str:
    return ", ".join(WEAPON_RULE_GLOSSARY.get(r, (r, ""))[0] for r in rules)


# --- sections --------------------------------------------------------------------------------


def _weapon_row(w: Weapon) -> list[object]:
    return [w.name, w.ap, w.range, w.attacks, f"{w.hit}+", f"{w.normal}/{w.crit}",
            _rule_names(w.rules)]


def _datacard(card: Datacard) -> list[str]:
    out = [f"#### {card.name} (`{card.id}`)", ""]
    out += _table(("APL", "Move", "Defence", "Save", "Wounds"),
                  [(card.apl, card.move, card.defence, f"{card.save}+", card.wounds)])
    if card.keywords:
        out += ["Keywords: " + ", ".join(card.keywords), ""]
    out += _table(("Weapon", "AP", "Range", "Attack dice", "Hit", "Damage", "Rules"),
                  [_weapon_row(w) for w in card.weapons])
    if card.abilities:
        out += ["Abilities:", ""]
        out += [_item(a.name, a.text) for a in card.abilities]
        out.append("")
    return out


def _operatives(stem: str, count: int) -> str:
    return stem if count == 1 else f"{stem}1 – {stem}{count}"


def _special_operation(cat: Catalogue, op: SpecialOperation) -> list[str]:
    reward = op.reward
    holder = ""
    if reward.kind == "battle_honour":
        card = cat.datacards.get(reward.card)
        holder = f", for {card.name if card else reward.card or 'any operative of the team'}"
    return [
        f"- **{op.stage.capitalize()}: {_flat(op.name)}** (`{op.id}`): {_flat(op.text)}",
        f"  - Reward ({_REWARD_NAMES.get(reward.kind, reward.kind).lower()}{holder}): "
        f"**{_flat(reward.name)}**: {_flat(reward.text)}",
    ]


def _options(cat: Catalogue, team: Fireteam) -> list[str]:
    """The choices made as the fireteam is picked (on the new-game screen), with their
    limits."""
    if not team.options:
        return []
    out = ["#### Options", "", "Chosen on the new-game screen with the fireteam; the "
           "composition above is the choice made when the player makes none.", ""]
    names = cat.datacards
    return out + _table(("Option", "Up to", "Datacards", "Limits"),
                        [(o.name, o.most, ", ".join(names[c].name if c in names else c
                                                     for c in o.cards), o.text)
                         for o in team.options])


def _fireteam(cat: Catalogue, team: Fireteam) -> list[str]:
    out = [f"### {team.name} (`{team.id}`)", "", f"*{_flat(team.faction)}*", ""]
    if team.text:
        out += [_flat(team.text), ""]
    rows = []
    for entry in team.composition:
        card = cat.datacards.get(entry.card)
        rows.append((_operatives(entry.id, entry.count), card.name if card else entry.card,
                     entry.count))
    out += _table(("Operatives", "Datacard", "Count"), rows)
    for pack in packs():
        out += pack.team_lines(cat, team)
    out += _options(cat, team)
    seen: set[str] = set()
    for card_id in [e.card for e in team.composition] + [c for o in team.options
                                                         for c in o.cards]:
        if card_id in seen or card_id not in cat.datacards:
            continue
        seen.add(card_id)
        out += _datacard(cat.datacards[card_id])
    out += ["#### Strategic ploys", ""]
    out += [_item(p.name, p.text, "names one friendly operative" if p.target else "")
            for p in team.ploys] or ["(none)"]
    out.append("")
    if team.tactical_ploys:
        out += ["#### Tactical ploys", "", "Each is used once a mission, like special issue "
                "wargear.", ""]
        out += _table(("Ploy", "Timing", "Lasts", "Text"),
                      [(c.name, _TIMING_NAMES.get(c.timing, c.timing),
                        _DURATION_NAMES.get(c.duration, c.duration), c.text)
                       for c in team.tactical_ploys])
    operations = sorted((op for op in cat.special_operations.values() if op.fireteam == team.id),
                        key=lambda op: (_STAGE_ORDER.get(op.stage, 99), op.id))
    if operations:
        out += ["#### Special operations", ""]
        for op in operations:
            out += _special_operation(cat, op)
        out.append("")
    return out


def _mission(cat: Catalogue, mission: Mission) -> list[str]:
    side = cat.killzones.get(mission.killzone)
    facts = [f"Killzone: {side.name if side else mission.killzone} (`{mission.killzone}`)",
             f"Turning points: {mission.turning_points}"]
    if mission.sudden_victory:
        facts.append(f"Sudden victory at {mission.sudden_victory} VP")
    pack = pack_content(mission.pack)
    if pack is not None:
        facts += pack.mission_facts(mission)
    out = [f"### {mission.name} (`{mission.id}`)", "", " · ".join(facts), ""]
    if mission.text:
        out += [_flat(mission.text), ""]
    header: tuple[str, ...] = ("Objective", "Hex")
    rows: list[tuple[object, ...]] = [(o, h) for o, h in sorted(mission.objectives.items())]
    if pack is not None:
        rows += pack.objective_rows(mission)
    if mission.objective_sides:
        header += ("Side",)
        rows = [(o, h, f"territory {mission.objective_sides[o]}"
                 if o in mission.objective_sides else "") for o, h in rows]
    out += _table(header, rows)
    if mission.actions:
        out += ["Mission actions:", ""]
        for action in mission.actions:
            note = f"{action.ap} AP" + (", names an objective" if action.argument else "")
            out.append(_item(action.name, action.text, note))
        out.append("")
    return out


def _anchor(title: str) -> str:
    """The link to a section of the reference titled ``title``."""
    return "-".join(title.lower().split())


def _spare_datacards(cat: Catalogue) -> list[str]:
    """The datacards no fireteam fields or offers as an option, for scenarios and own
    fireteams."""
    used = {e.card for team in cat.fireteams.values() for e in team.composition} \
        | {c for team in cat.fireteams.values() for o in team.options for c in o.cards}
    spare = [cat.datacards[i] for i in _by_name(
        (c.id, c.name) for c in cat.datacards.values() if c.id not in used)]
    if not spare:
        return []
    out = ["### Other datacards", "", "Datacards no shipped fireteam fields: scenarios and own "
           "fireteams may use them.", ""]
    for card in spare:
        out += _datacard(card)
    return out


def render_cards(cat: Catalogue) -> str:
    """The whole card reference as Markdown."""
    out = ["# Card reference", "",
           f"Generated from the game content by `{GENERATOR}`: do not edit by hand. "
           "Rules are paraphrased in our own words; `docs/content-format.md` says how they "
           "are written.", "",
           "- [Fireteams](#fireteams)", "- [Missions](#missions)",
           "- [Targets of opportunity](#targets-of-opportunity)",
           "- [Special issue wargear](#special-issue-wargear)",
           *(f"- [{p.section_title}](#{_anchor(p.section_title)})" for p in packs()),
           "- [Weapon rules](#weapon-rules)", "",
           "## Fireteams", ""]
    for ident in _by_name((t.id, t.name) for t in cat.fireteams.values()):
        out += _fireteam(cat, cat.fireteams[ident])
    out += _spare_datacards(cat)
    out += ["## Missions", ""]
    for ident in _by_name((m.id, m.name) for m in cat.missions.values()):
        out += _mission(cat, cat.missions[ident])
    out += ["## Targets of opportunity", ""]
    out += _table(("Target", "VP", "Condition"),
                  [(cat.targets[i].name, cat.targets[i].vp, cat.targets[i].text)
                   for i in _by_name((t.id, t.name) for t in cat.targets.values())])
    out += ["## Special issue wargear", ""]
    out += _table(("Wargear", "Timing", "Lasts", "Text"),
                  [(cat.wargear[i].name,
                    _TIMING_NAMES.get(cat.wargear[i].timing, cat.wargear[i].timing),
                    _DURATION_NAMES.get(cat.wargear[i].duration, cat.wargear[i].duration),
                    cat.wargear[i].text)
                   for i in _by_name((w.id, w.name) for w in cat.wargear.values())])
    for pack in packs():  # each mission pack's own rules
        out += pack.section(cat)
    out += ["## Weapon rules", ""]
    out += _table(("Rule", "Effect"), [WEAPON_RULE_GLOSSARY[r] for r in V.WEAPON_RULES])
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def is_current(cat: Catalogue, path: Path = CARDS_DOC) -> bool:
    """Whether ``path`` holds exactly what :func:`render_cards` gives for ``cat``."""
    try:
        return path.read_text(encoding="utf-8") == render_cards(cat)
    except OSError:
        return False


def write_cards(cat: Catalogue, path: Path = CARDS_DOC) -> None:
    path.write_text(render_cards(cat), encoding="utf-8")
