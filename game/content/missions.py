"""Mission cards: killzone side, territories, objectives, mission rules and actions."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.content.rulesets import pack_content, packs
from game.content.schema import ABSENT, Board, Context, Reader, Run, describe
from game.content.yamlio import KeyPath, suggestion
from game.engine import vocabulary as V
from game.engine.defs import KillzoneSide, Mission, MissionAction

_MISSION_KEYS = ("id", "name", "killzone", "territories", "objectives")


def parse_mission(run: Run, r: Reader) -> None:
    top = r.doc.path
    mark = r.mark()
    m = r.mapping(top, r.doc.data, _MISSION_KEYS,
                  ("turning_points", "text", "rules", "actions", "objective_sides",
                   "sudden_victory", "pack", *(p.key for p in packs()), "terrain"))
    if m is None:
        return
    ident = r.ident(top + ("id",), m.get("id", ABSENT))
    name = r.text(top + ("name",), m.get("name", ABSENT))
    text = r.text(top + ("text",), m.get("text", ""))
    turning_points = r.limited(top + ("turning_points",), m.get("turning_points", 3),
                               "turning_points")
    side = None
    if "killzone" in m:
        kz = r.reference(top + ("killzone",), m["killzone"], run.killzones, "killzone side")
        side = run.killzones.get(kz) if kz else None
    board = Board(side.columns, side.rows) if side else Board()
    terrain = _terrain(r, top + ("terrain",), m["terrain"], board) if "terrain" in m else None
    if side is not None and terrain is not None:  # its own terrain in place of the side's
        side = dataclasses.replace(side, blocked=terrain[0], cover=terrain[1])
    territories = _territories(r, top + ("territories",), m.get("territories", ABSENT), board) \
        if "territories" in m else None
    objectives = _objectives(r, top + ("objectives",), m.get("objectives", ABSENT), board, side) \
        if "objectives" in m else None
    sides = _objective_sides(r, top + ("objective_sides",), m.get("objective_sides", {}),
                             objectives)
    sudden = _sudden_victory(r, top + ("sudden_victory",), m.get("sudden_victory", ABSENT)) \
        if "sudden_victory" in m else 0
    pack = r.choice(top + ("pack",), m.get("pack", V.PACK_FIRETEAM), _pack_ids(),
                    "mission pack")
    pack_rules = _pack_rules(r, top, m, pack, board)
    # the markers the players place are objectives the mission's rules may name
    named = dict(objectives or {})
    content = pack_content(pack)
    if content is not None:
        named.update({marker: "" for marker in content.placed(pack_rules)})
    ctx = Context(weapons=run.weapon_ids(), objectives=named, board=board,
                  holder="a mission rule")
    rules = r.effects(top + ("rules",), m.get("rules", []), ctx)
    actions = _actions(r, top + ("actions",), m.get("actions", []), ctx)
    if "objective_sides" not in m:
        _no_sides(r, top, m)
    if ident is not None and run.register(r, top + ("id",), "mission", ident) \
            and r.clean_since(mark) and side is not None:
        assert name is not None and text is not None and turning_points is not None
        assert territories is not None and objectives is not None and rules is not None
        assert actions is not None
        assert sides is not None and sudden is not None
        assert pack is not None
        run.missions[ident] = Mission(ident, name, side.id, territories, objectives,
                                      turning_points, rules, actions, text, sides,
                                      sudden, pack, pack_rules, terrain)


def _pack_ids() -> tuple[str, ...]:
    """The packs a mission may name: the rule set's own, then each registered pack's."""
    return (V.PACK_FIRETEAM, *(p.pack for p in packs()))


def _pack_rules(r: Reader, top: KeyPath, m: dict[Any, Any], pack: str | None,
                board: Board) -> Any:
    """The rules of a mission of a pack that has its own, under the pack's key
    (:mod:`game.content.rulesets`): a mission of that pack must have them, no other may."""
    found = None
    for content in packs():
        raw = m.get(content.key)
        if pack != content.pack:
            if raw is not None:
                r.error(top + (content.key,),
                        f"'{content.key}' rules need 'pack: {content.pack}'")
            continue
        if raw is None:
            r.error(top, f"a mission of the {content.pack} pack needs its '{content.key}' rules")
            continue
        found = content.read_rules(r, top + (content.key,), raw, board)
    return found


def _objective_sides(r: Reader, path: KeyPath, raw: Any,
                     objectives: dict[str, str] | None) -> dict[str, int] | None:
    """``{objective id: 1 or 2}``: the territory whose side each objective is on."""
    if not isinstance(raw, dict):
        r.error(path, f"expected a mapping of objective id -> 1 or 2, got {describe(raw)}")
        return None
    mark = r.mark()
    sides: dict[str, int] = {}
    for key, value in raw.items():
        if objectives is not None and key not in objectives:
            r.error(path + (key,), f"unknown objective '{key}'"
                                   f"{suggestion(key, sorted(objectives))}", at_key=True)
            continue
        if isinstance(value, bool) or value not in (1, 2):
            r.error(path + (key,), f"an objective's side is 1 or 2, got {describe(value)}")
            continue
        sides[str(key)] = int(value)
    return sides if r.clean_since(mark) else None


def _sudden_victory(r: Reader, path: KeyPath, raw: Any) -> int | None:
    """``{vp_at_least: N}``: the first player to reach N VP wins at once."""
    m = r.mapping(path, raw, ("vp_at_least",))
    if m is None:
        return None
    return r.limited(path + ("vp_at_least",), m.get("vp_at_least", ABSENT), "vp_at_least")


def _no_sides(r: Reader, top: KeyPath, m: dict[Any, Any]) -> None:
    """Report each ``near_objective: {side: ...}`` of a mission without ``objective_sides``."""
    for key, inner in (("rules", "if"), ("actions", "requires")):
        items = m.get(key)
        for i, item in enumerate(items if isinstance(items, list) else ()):
            conditions = item.get(inner) if isinstance(item, dict) else None
            for j, condition in enumerate(conditions if isinstance(conditions, list) else ()):
                near = condition.get("near_objective") if isinstance(condition, dict) else None
                if isinstance(near, dict) and "side" in near:
                    r.error(top + (key, i, inner, j, "near_objective", "side"),
                            "an objective's side is only known when the mission gives "
                            "'objective_sides'")


def _territories(r: Reader, path: KeyPath, raw: Any,
                 board: Board) -> dict[int, tuple[str, ...]] | None:
    if not isinstance(raw, dict):
        r.error(path, f"expected a mapping with keys 1 and 2, got {describe(raw)}")
        return None
    mark = r.mark()
    zones: dict[int, tuple[str, ...]] = {}
    for key, hexes in raw.items():
        side = int(key) if key in (1, 2, "1", "2") else None
        if side is None:
            r.error(path + (key,), f"unknown territory '{key}' (the territories are 1 and 2)",
                    at_key=True)
            continue
        labels = r.hexes(path + (key,), hexes, board)
        if labels is not None:
            zones[side] = labels
    for side in (1, 2):
        if side not in raw and str(side) not in raw:
            r.error(path, f"missing key '{side}'")
    if 1 in zones and 2 in zones:
        first = set(zones[1])
        key2 = 2 if 2 in raw else "2"
        for i, label in enumerate(zones[2]):
            if label in first:
                r.error(path + (key2, i), f"hex '{label}' is in both territories")
    return zones if r.clean_since(mark) else None


def _terrain(r: Reader, path: KeyPath, raw: Any,
             board: Board) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """``terrain: {blocked: [hexes], cover: [hexes]}``: a layout's own ruins and barricades,
    in place of its killzone side's; a hex is one or the other."""
    m = r.mapping(path, raw, ("blocked", "cover"), ())
    if m is None:
        return None
    mark = r.mark()
    blocked = r.hexes(path + ("blocked",), m.get("blocked"), board)
    cover = r.hexes(path + ("cover",), m.get("cover"), board)
    if blocked is not None and cover is not None:
        for i, label in enumerate(cover):
            if label in blocked:
                r.error(path + ("cover", i), f"hex '{label}' is both blocked and cover")
    if not r.clean_since(mark) or blocked is None or cover is None:
        return None
    return tuple(sorted(set(blocked), key=_label_order)), tuple(sorted(set(cover),
                                                                        key=_label_order))


def _label_order(label: str) -> tuple[int, int]:
    from game.engine import parse_label

    return parse_label(label)


def _objectives(r: Reader, path: KeyPath, raw: Any, board: Board,
                side: KillzoneSide | None) -> dict[str, str] | None:
    if not isinstance(raw, dict):
        r.error(path, f"expected a mapping of objective id -> hex, got {describe(raw)}")
        return None
    m = raw
    mark = r.mark()
    blocked = set(side.blocked) if side else set()
    objectives: dict[str, str] = {}
    for key, label in m.items():
        ident = r.ident(path + (key,), key)
        hex_ = r.hex(path + (key,), label, board)
        if ident is None or hex_ is None:
            continue
        if hex_ in blocked:
            assert side is not None
            r.error(path + (key,), f"objective '{ident}' is on hex '{hex_}', which is blocked "
                                   f"on killzone side '{side.id}'")
        objectives[ident] = hex_
    return objectives if r.clean_since(mark) else None


def _actions(r: Reader, path: KeyPath, raw: Any, ctx: Context) -> tuple[MissionAction, ...] | None:
    entries = r.items(path, raw)
    if entries is None:
        return None
    mark = r.mark()
    actions: list[MissionAction] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        p = path + (i,)
        m = r.mapping(p, entry, ("id", "name", "ap", "text"), ("argument", "requires", "effects"))
        if m is None:
            continue
        ident = r.ident(p + ("id",), m.get("id", ABSENT))
        name = r.text(p + ("name",), m.get("name", ABSENT))
        ap = r.limited(p + ("ap",), m.get("ap", ABSENT), "action_ap")
        text = r.text(p + ("text",), m.get("text", ABSENT))
        argument = r.choice(p + ("argument",), m.get("argument", ""), V.ACTION_ARGUMENTS,
                            "action argument")
        requires = r.value(p + ("requires",), m.get("requires", []),
                           V.ConditionListSpec(), ctx)
        effects = r.value(p + ("effects",), m.get("effects", []), V.OutcomeListSpec(), ctx)
        if ident is not None:
            if ident in seen:
                r.error(p + ("id",), f"duplicate action id '{ident}' in this mission")
            seen.add(ident)
        if (ident is None or name is None or ap is None or text is None or argument is None
                or not isinstance(requires, list) or not isinstance(effects, list)):
            continue
        if not _objective_use_ok(r, p, argument, requires, effects, ctx):
            continue
        actions.append(MissionAction(
            ident, name, ap, text,
            tuple(c for c in requires if c), tuple(o for o in effects if o),
            argument))
    return tuple(actions) if r.clean_since(mark) else None


# outcomes that act on the objective a mission action chose (effects.do_outcome raises
# without one)
CHOSEN_OBJECTIVE_OUTCOMES = ("set_flag", "set_player_flag", "pick_up")


def _objective_use_ok(r: Reader, path: KeyPath, argument: str, requires: list[Any],
                      effects: list[Any], ctx: Context) -> bool:
    """Whether a mission action's outcomes always have the objective they act on: a flag or
    a pick-up needs ``argument: objective`` (and a mission with objectives); removing an
    objective needs that, or a ``{carrying: true}`` requirement (it removes the carried one).
    Reports each combination that would fail in play; False if there was one."""
    ok = True
    if argument == "objective" and not ctx.objectives:
        r.error(path + ("argument",), "this action chooses an objective, but the mission "
                                      "names none")
        ok = False
    carrying = any(isinstance(c, dict) and c.get("carrying") is True for c in requires)
    for i, outcome in enumerate(effects):
        head = V.outcome_name(outcome) if isinstance(outcome, dict) else None
        if head in CHOSEN_OBJECTIVE_OUTCOMES and argument != "objective":
            r.error(path + ("effects", i), f"'{head}' acts on the objective the action "
                                           "chooses: give the action 'argument: objective'")
            ok = False
        elif head == "remove_objective" and argument != "objective" and not carrying:
            r.error(path + ("effects", i), "'remove_objective' removes the chosen objective "
                    "or the one the operative carries: give the action 'argument: objective' "
                    "or the requirement {carrying: true}")
            ok = False
    return ok
