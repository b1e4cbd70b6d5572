"""Special issue wargear (``assets/wargear.yaml``) and special operations
(``assets/special_operations/*.yaml``), with their rewards."""

from __future__ import annotations

from typing import Any

from game.content.schema import ABSENT, Context, Reader, Run
from game.content.yamlio import KeyPath, suggestion
from game.engine import vocabulary as V
from game.engine.defs import Duration, Effect, Reward, SpecialOperation, Wargear, WargearTiming

_WARGEAR_KEYS = ("id", "name", "text", "timing", "duration")
_OPERATION_KEYS = ("id", "fireteam", "stage", "name", "text", "reward")
_REWARD_KEYS = ("kind", "name", "text")
# the reward a special operation of each stage gives
STAGE_REWARDS = {"first": "battle_honour", "second": "battle_honour", "final": "command_asset"}


def parse_wargear(run: Run, r: Reader) -> None:
    """A ``wargear:`` list of special issue wargear cards."""
    ctx = Context(weapons=run.weapon_ids(), holder="special issue wargear", target_ok=True,
                  use_ok=True)
    for p, raw in r.listed("wargear"):
        card = wargear_card(run, r, p, raw, ctx)
        if card is not None:
            run.wargear[card.id] = card


def wargear_card(run: Run, r: Reader, p: KeyPath, raw: Any, ctx: Context,
                 kind: str = "wargear") -> Wargear | None:
    """One card used once a mission: a special issue wargear card, or (``kind``
    "tactical ploy") a fireteam's tactical ploy; None when it has errors (reported)."""
    mark = r.mark()
    card = r.mapping(p, raw, _WARGEAR_KEYS, ("effects",))
    if card is None:
        return None
    ident, name, text = r.id_name_text(p, card)
    timing = r.choice(p + ("timing",), card.get("timing", ABSENT), V.WARGEAR_TIMINGS,
                      f"{kind} timing")
    duration = r.choice(p + ("duration",), card.get("duration", ABSENT),
                        V.WARGEAR_DURATIONS, f"{kind} duration")
    effects = r.effects(p + ("effects",), card.get("effects", []), ctx)
    # tactical ploys share the wargear cards' ids: a game holds both kinds at once
    if ident is not None and run.register(r, p + ("id",), "wargear", ident) \
            and r.clean_since(mark) and all(k in card for k in _WARGEAR_KEYS):
        assert name is not None and text is not None and timing is not None
        assert duration is not None and effects is not None
        return Wargear(ident, name, text, WargearTiming(timing), Duration(duration), effects)
    return None


def parse_special_operations(run: Run, r: Reader) -> None:
    """A ``special_operations:`` list; each names its fireteam, stage and reward."""
    rules_ctx = Context(weapons=run.weapon_ids(), holder="a special operation's rules")
    stages = run.operation_stages
    for p, raw in r.listed("special_operations"):
        mark = r.mark()
        card = r.mapping(p, raw, _OPERATION_KEYS, ("rules",))
        if card is None:
            continue
        ident = r.ident(p + ("id",), card.get("id", ABSENT))
        team = r.reference(p + ("fireteam",), card.get("fireteam", ABSENT), run.team_cards,
                           "fireteam")
        stage = r.choice(p + ("stage",), card.get("stage", ABSENT),
                         V.SPECIAL_OPERATION_STAGES, "special operation stage")
        name = r.text(p + ("name",), card.get("name", ABSENT))
        text = r.text(p + ("text",), card.get("text", ABSENT))
        rules = r.effects(p + ("rules",), card.get("rules", []), rules_ctx)
        reward = _reward(run, r, p + ("reward",), card.get("reward", ABSENT), team, stage)
        if team is not None and stage is not None:
            line, _ = r.doc.position(*(p + ("stage",))[len(r.doc.path):])
            first = stages.get((team, stage))
            if first is not None:
                r.error(p + ("stage",), f"fireteam '{team}' already has a {stage} special "
                                        f"operation: {first}")
            else:
                label = f"'{ident}'" if ident else "one"
                stages[(team, stage)] = f"{label} ({r.doc.file}:{line})"
        if ident is not None and run.register(r, p + ("id",), "special operation", ident) \
                and r.clean_since(mark) and all(k in card for k in _OPERATION_KEYS):
            assert team is not None and stage is not None and name is not None
            assert text is not None and rules is not None and reward is not None
            run.special_operations[ident] = SpecialOperation(ident, team, stage, name, text,
                                                             rules, reward)


def _reward(run: Run, r: Reader, path: KeyPath, raw: Any, team: str | None,
            stage: str | None) -> Reward | None:
    """The back of a special operation card: a battle honour or a command asset."""
    mark = r.mark()
    m = r.mapping(path, raw, _REWARD_KEYS, ("card", "effects"))
    if m is None:
        return None
    kind = r.choice(path + ("kind",), m.get("kind", ABSENT), V.REWARD_KINDS, "reward kind")
    if kind is not None and stage is not None and kind != STAGE_REWARDS[stage]:
        r.error(path + ("kind",), f"the reward of a {stage} special operation is a "
                                  f"{STAGE_REWARDS[stage]}, not a {kind}")
    name = r.text(path + ("name",), m.get("name", ABSENT))
    text = r.text(path + ("text",), m.get("text", ABSENT))
    card = m.get("card", "")
    if card != "":
        card = r.ident(path + ("card",), card)
        cards = run.team_cards.get(team) if team is not None else None
        if card is not None and cards is not None and card not in cards:
            shown = ", ".join(sorted(cards)) or "none"
            hint = suggestion(card, sorted(cards)) or f" (its datacards: {shown})"
            r.error(path + ("card",), f"datacard '{card}' is not in the composition of "
                                      f"fireteam '{team}'{hint}")
    ctx = Context(weapons=run.weapon_ids(), holder="a reward", target_ok=True)
    effects: tuple[Effect, ...] | None = r.effects(path + ("effects",), m.get("effects", []),
                                                   ctx)
    if not r.clean_since(mark) or not all(k in m for k in _REWARD_KEYS):
        return None
    assert kind is not None and name is not None and text is not None and effects is not None
    assert isinstance(card, str)
    return Reward(kind, name, text, card, effects)
