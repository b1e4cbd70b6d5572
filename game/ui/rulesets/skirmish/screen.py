"""The skirmish rule set on the play screen: how each of its decisions is picked by clicks
(the fields :func:`game.ui.chooser.route` gives it), the hint at each of its steps, the keys
of its buttons, the words for its actions, markers and profiles, and the animations of its
events."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.engine import HIT, Action, Config, Die, Event, OperativeState, State, Step
from game.engine.rulesets.skirmish import (
    SPECIAL_NAMES,
    SPECIAL_TEXT,
    Advance,
    Charge,
    Consolidate,
    DefenseRolled,
    Destroyed,
    Hold,
    HoldFire,
    MarkersScored,
    Meet,
    MoraleTested,
    ObjectiveSeized,
    Push,
    QualityRolled,
    Rallied,
    RoundStarted,
    Rush,
    Shoot,
    SkirmishFlag,
    SkirmishOdds,
    SkirmishStep,
    StrikeBack,
    count_markers,
)
from game.engine.rulesets.skirmish import (
    Profile as SkirmishProfile,
)
from game.engine.rulesets.skirmish import (
    profile_of as skirmish_profile,
)
from game.ui.anim_parts import MARK_SECONDS, Banner, Roll
from game.ui.context import GOLD
from game.ui.fields import Field, Kind

if TYPE_CHECKING:
    from game.ui.anim import Animations
    from game.ui.chooser import Chooser
    from game.ui.words import Words

SKIRMISH_KEYS = {"hold": "h", "advance": "a", "rush": "r", "charge": "c", "shoot": "s",
                 "holdfire": "w", "strikeback:yes": "y", "strikeback:no": "n",
                 "push:none": "n", "meet:none": "n"}

SKIRMISH_HINTS = {
    Step.ACTIVATE: "click a highlighted operative, then give it an order.",
    SkirmishStep.SHOOT: "shoot a marked enemy with each ranged weapon in turn (two targets at "
                        "most), or hold fire before the first shot.",
    SkirmishStep.MEET: "the charge fell short: click the shaded hex to meet it, or Stay.",
    SkirmishStep.STRIKE_BACK: "your operative was charged: strike back, or not.",
    SkirmishStep.CONSOLIDATE: "the melee's survivor may step one hex: click a shaded hex (its own "
                      "hex: stay).",
    SkirmishStep.PUSH: "your target is Shaken: click a shaded hex to push it there (a 4+), or "
               "do not push.",
}

def hint(chooser: Chooser, name: str) -> str | None:
    """The hint at a step of the one-page rules (orders, charges, shooting) for player
    ``name`` (None: a step these rules do not hint at)."""
    step, kind = chooser.step, chooser.next_kind
    if step not in SKIRMISH_HINTS:
        return None
    if step == Step.ACTIVATE and kind == Kind.VERB:
        picked = {f.kind: f for f in chooser.picked}
        return f"{name}: choose the order for {picked[Kind.OPERATIVE].value}."
    if step == Step.ACTIVATE and kind == Kind.HEX:
        return f"{name}: click a shaded hex to end the move there (Esc: back)."
    if kind == Kind.ENEMY:
        return f"{name}: click an enemy marked with a crosshair."
    if kind == Kind.WEAPON:
        return f"{name}: choose the weapon (Back: another target)."
    return f"{name}: {SKIRMISH_HINTS[step]}"


ORDER_TIPS = {
    "hold": ("Hold", "Stay put, then shoot (a Shaken operative stays idle and recovers)"),
    "advance": ("Advance", "Move up to its Move, then shoot"),
    "rush": ("Rush", "Move up to twice its Move; no shooting"),
    "charge": ("Charge", "Move up to twice its Move next to an enemy and fight it"),
}


def skirmish_route(action: Action, state: State, config: Config,
                   op_label: Callable[[str], str]) -> tuple[Field, ...] | None:
    """The fields of a skirmish decision in the order they are picked, or None for an
    action of the Fireteam rules."""
    ops = state.operatives

    def order(value: str) -> Field:
        label, tip = ORDER_TIPS[value]
        return Field(Kind.VERB, value, label, tip)

    if isinstance(action, Hold):
        return (Field(Kind.OPERATIVE, action.operative, op_label(action.operative)),
                order("hold"))
    if isinstance(action, (Advance, Rush)):
        verb = "rush" if isinstance(action, Rush) else "advance"
        return (Field(Kind.OPERATIVE, action.operative, op_label(action.operative)),
                order(verb), Field(Kind.HEX, action.path[-1], action.path[-1]))
    if isinstance(action, Charge):
        end = action.path[-1] if action.path else (ops[action.operative].hex or "")
        return (Field(Kind.OPERATIVE, action.operative, op_label(action.operative)),
                order("charge"), Field(Kind.ENEMY, action.target, op_label(action.target)),
                Field(Kind.HEX, end, end))
    if isinstance(action, Shoot):
        profile = skirmish_profile(config.datacards[ops[action.operative].card])
        weapon = profile.weapon(action.weapon)
        return (Field(Kind.VERB, "shoot", "Shoot", "Pick a marked enemy, then the weapon"),
                Field(Kind.ENEMY, action.target, op_label(action.target)),
                Field(Kind.WEAPON, action.weapon, weapon.describe() if weapon else
                      action.weapon))
    if isinstance(action, HoldFire):
        return (Field(Kind.VERB, "holdfire", "Hold fire", "End the activation without "
                                                          "shooting"),)
    if isinstance(action, StrikeBack):
        if action.strike:
            return (Field(Kind.VERB, "strikeback:yes", "Strike back",
                          "Fight back with every melee weapon (fatigued for the round)"),)
        return (Field(Kind.VERB, "strikeback:no", "Do not strike back",
                      "Take no part in the melee beyond the blows"),)
    if isinstance(action, Consolidate):
        return (Field(Kind.HEX, action.hex, action.hex),)
    if isinstance(action, Meet):
        if action.operative is None or action.hex is None:
            return (Field(Kind.VERB, "meet:none", "Stay", "Do not meet the charge: no melee"),)
        return (Field(Kind.HEX, action.hex, action.hex),)
    if isinstance(action, Push):
        if action.operative is None or action.hex is None:
            return (Field(Kind.VERB, "push:none", "Do not push", "Leave the target where it "
                                                                "is"),)
        return (Field(Kind.HEX, action.hex, action.hex),)
    return None


def markers_of(op: OperativeState) -> list[str]:
    """The skirmish states shown on an operative: Shaken, fatigued."""
    out = []
    if str(SkirmishFlag.SHAKEN) in op.flags:
        out.append("Shaken")
    if str(SkirmishFlag.FATIGUED) in op.flags:
        out.append("fatigued")
    return out


def profile_lines(profile: SkirmishProfile) -> list[str]:
    """The converted profile as lines of text, with what its special rules do."""
    lines = profile.lines()
    specials = sorted({s for w in profile.weapons for s in w.specials})
    lines += [f"{SPECIAL_NAMES[s]}: {SPECIAL_TEXT[s]}" for s in specials]
    return lines


__all__ = ["ORDER_TIPS", "SKIRMISH_HINTS", "SKIRMISH_KEYS", "SKIRMISH_PHRASES", "animate", "hint",
           "markers_of", "odds_text", "profile_lines", "shot_tip", "skirmish_route"]


def animate(anim: Animations, event: Event, names: dict[int, str]) -> bool:
    """Add the animation of a skirmish event to ``anim`` (game.ui.anim.Animations): its
    dice in the dice panel, a banner for Shaken, routing, seizing and a new round. False
    for any other event."""
    if isinstance(event, QualityRolled):
        anim.roll = Roll(f"{event.operative}: {event.purpose} at {event.target} with "
                         f"{event.weapon} (Quality {event.needed}+)")
        anim.roll.hit_dice = tuple(Die(d) for d in event.dice)
        anim.roll.hit_kinds = tuple(HIT if d == 6 or (d != 1 and d >= event.needed) else 0
                                    for d in event.dice)
        if not event.successes:
            anim.roll.result = "No hits"
    elif isinstance(event, DefenseRolled) and anim.roll is not None:
        roll = anim.roll
        roll.defence_dice = tuple(Die(d) for d in event.dice)
        roll.blocks = tuple(i for i, d in enumerate(event.dice)
                            if d == 6 or (d != 1 and d + event.modifier >= event.needed))
        roll.cover = event.cover
        through = len(event.dice) - event.blocks + event.unblockable
        roll.result = (f"Defense {event.needed}+: {event.blocks} blocked, {through} "
                       f"{'gets' if through == 1 else 'get'} through")
    elif isinstance(event, Destroyed):
        anim.banners.append(Banner(f"{event.operative} is destroyed", (220, 90, 70)))
        anim.marks.append([event.hex, "✖", (230, 70, 60), MARK_SECONDS * 1.5])
    elif isinstance(event, MoraleTested):
        if event.outcome != "steady":
            anim.banners.append(Banner(f"{event.operative} is {event.outcome}", (220, 90, 70)))
    elif isinstance(event, Rallied):
        anim.banners.append(Banner(f"{event.operative} is steady again", GOLD))
    elif isinstance(event, ObjectiveSeized):
        if event.player:
            anim.banners.append(Banner(f"{names[event.player]} seizes {event.objective}",
                                       anim.ctx.colours[event.player]))
        else:
            anim.banners.append(Banner(f"{event.objective} is contested", GOLD))
    elif isinstance(event, RoundStarted):
        anim.banners.append(Banner(f"Round {event.round}", GOLD))
    elif isinstance(event, MarkersScored):
        anim.banners.append(Banner(f"{names[event.player]} holds {count_markers(event.vp)}",
                                   anim.ctx.colours[event.player]))
    else:
        return False
    return True


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def odds_text(name: str, odds: SkirmishOdds) -> tuple[str, str, str]:
    """The preview's three lines for one skirmish shot or charge with ``name`` (its
    weapons): the wounds expected; the chance to destroy the target and of no wound; for a
    charge the chance that the strike back destroys the charger, and the reasons."""
    detail = (f"destroyed {_pct(odds.p_destroyed)} · no wound {_pct(odds.p_none)} · "
              f"Tough left {odds.wounds_left}")
    notes = list(odds.reasons)
    if odds.own:
        notes.insert(0, f"strike back destroys you {_pct(odds.p_own_destroyed)}")
    return (f"{name}: {float(odds.expected):.2f} wounds expected", detail, " · ".join(notes))


def shot_tip(game: object, action: object) -> str:
    """What a skirmish shot rolls: one Quality test per attack against the target's
    Defense (cover and AP(1) are the engine's to count)."""
    from game.engine import Game

    assert isinstance(game, Game) and isinstance(action, Shoot)
    ops = game.state.operatives
    shooter, target = ops[action.operative], ops[action.target]
    mine = skirmish_profile(game.datacard(shooter))
    theirs = skirmish_profile(game.datacard(target))
    weapon = mine.weapon(action.weapon)
    attacks = weapon.attacks if weapon else 0
    return (f"{attacks} Quality tests at {mine.quality}+, then {target.id} rolls Defense "
            f"{theirs.defense}+ per hit (Tough {theirs.tough}, "
            f"{max(0, theirs.tough - target.damage)} left)")


def _weapon(words: Words, operative: str, weapon_id: str) -> str:
    op = words.game.state.operatives.get(operative)
    weapon = words.game.config.datacards[op.card].weapon(weapon_id) if op else None
    return weapon.name if weapon is not None else weapon_id.replace("_", " ")


def _consolidate(words: Words, action: Consolidate) -> str:
    op = words.game.state.operatives.get(action.operative)
    if op is not None and op.hex == action.hex:
        return f"keep {words.operative(action.operative)} where it stands"
    return f"step {words.operative(action.operative)} to {action.hex}"


# each skirmish decision as a short instruction (game.ui.words.Words.action), by its type
SKIRMISH_PHRASES: dict[type[Action], Callable[[Words, Any], str]] = {
    Hold: lambda w, a: f"order {w.operative(a.operative)} to hold",
    Advance: lambda w, a: f"advance {w.operative(a.operative)} to {a.path[-1]}",
    Rush: lambda w, a: f"rush {w.operative(a.operative)} to {a.path[-1]}",
    Charge: lambda w, a: f"charge {w.operative(a.target)} with {w.operative(a.operative)}",
    Shoot: lambda w, a: (f"shoot {w.operative(a.target)} with the "
                         f"{_weapon(w, a.operative, a.weapon)}"),
    HoldFire: lambda w, a: "hold fire (end this activation)",
    StrikeBack: lambda w, a: "strike back" if a.strike else "do not strike back",
    Consolidate: _consolidate,
    Push: lambda w, a: "do not push" if a.operative is None else
    f"push {w.operative(a.operative)} to {a.hex}",
    Meet: lambda w, a: "stay put (do not meet the charge)" if a.operative is None else
    f"step {w.operative(a.operative)} to {a.hex} to meet the charge",
}

