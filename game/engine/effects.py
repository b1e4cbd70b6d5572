"""The interpreter of card rules.

Abilities, strategic ploys, mission rules and targets of opportunity are written as data in a
small closed vocabulary (``docs/content-format.md``; the schema lives in ``vocabulary.py``).
This module says what each word means. A rule that cannot be said in data is a Python class
registered by id in :data:`PYTHON_EFFECTS`.

"But my card says..!": card rules override the core rules, so every hook here is consulted by
the rules code at the exact point the core rule is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine import vocabulary as V
from game.engine.contract import hears
from game.engine.defs import Datacard, Effect, Reroll, Weapon
from game.engine.events import (
    ActivationEnded,
    Event,
    Healed,
    Marked,
    ObjectivePickedUp,
    ObjectiveRemoved,
    PhaseEnded,
    PhaseStarted,
    Reanimation,
    SetupComplete,
    TakenDown,
    TurningPointStarted,
)
from game.engine.packs import all_packs, pack_of
from game.engine.state import Boost, Flag, OperativeFlag, OperativeState, Phase, opponent

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.game import Game

class SourceKind(StrEnum):
    """Which kind of card an effect in force comes from."""

    ABILITY = "ability"
    PLOY = "ploy"
    MISSION = "mission"
    SPECIAL = "special_operation"
    HONOUR = "honour"
    WARGEAR = "wargear"
    TACTICAL = "tactical_ploy"  # a fireteam's once-a-mission card, used like wargear


class ReasonKind(StrEnum):
    """What an attack's (or a score's) difference from the printed numbers comes from."""

    ABILITY = "ability"
    PLOY = "ploy"
    MISSION_RULE = "mission rule"
    SPECIAL = "special operation"
    HONOUR = "battle honour"
    WARGEAR = "wargear"
    TACTICAL = "tactical ploy"
    WEAPON_RULE = "weapon rule"
    COVER = "cover"


ABILITY = SourceKind.ABILITY
PLOY = SourceKind.PLOY
MISSION = SourceKind.MISSION
SPECIAL = SourceKind.SPECIAL
HONOUR = SourceKind.HONOUR
WARGEAR = SourceKind.WARGEAR
TACTICAL = SourceKind.TACTICAL

SPOTTED = OperativeFlag.SPOTTED  # an enemy markerlight hit it this turning point

DEFAULT_WHO = {ABILITY: V.WHO_SELF, PLOY: V.WHO_FRIENDLY, MISSION: V.WHO_ANY,
               SPECIAL: V.WHO_FRIENDLY, HONOUR: V.WHO_SELF, WARGEAR: V.WHO_TARGET,
               TACTICAL: V.WHO_TARGET}
# how a source is named where it scores or changes an attack
KIND_WORDS = {ABILITY: ReasonKind.ABILITY, PLOY: ReasonKind.PLOY,
              MISSION: ReasonKind.MISSION_RULE, SPECIAL: ReasonKind.SPECIAL,
              HONOUR: ReasonKind.HONOUR, WARGEAR: ReasonKind.WARGEAR,
              TACTICAL: ReasonKind.TACTICAL}


@dataclass(frozen=True)
class Reason:
    """Why an attack (or a score) differs from the printed numbers: a card or a rule."""

    kind: ReasonKind
    name: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})" + (f": {self.text}" if self.text else "")


@dataclass(frozen=True)
class Source:
    """Where an effect in force comes from: who owns it and which card carries it."""

    kind: SourceKind
    owner: int  # the player; 0 for mission rules (they apply to both players alike)
    operative: str | None  # the operative that carries it, or that the card names
    effect: Effect
    name: str = ""  # the ability's, ploy's or card's name


@dataclass
class AttackMods:
    """Everything card rules change about one attack, gathered before any die is rolled."""

    attacks: int = 0
    hit: int = 0
    normal: int = 0
    crit: int = 0
    crit_on: int = 6
    reroll_hits: Reroll | None = None
    reroll_defence: Reroll | None = None
    ignores_cover: bool = False
    defence: int = 0
    save: int = 0
    reduce_damage: int = 0
    cover: bool = False
    reroll_hits_by: str | None = None
    reroll_defence_by: str | None = None
    reasons: list[Reason] = field(default_factory=list)  # for the attack preview

    def add(self, mods: dict[str, Any], by: str = "") -> None:
        for key, value in mods.items():
            if key in ("attacks", "hit", "normal", "crit", "defence", "save", "reduce_damage"):
                setattr(self, key, getattr(self, key) + int(value))
            elif key == "crit_on":
                self.crit_on = min(self.crit_on, int(value))
            elif key in ("reroll_hits", "reroll_defence"):
                # re-rolling every failure includes re-rolling the ones
                if getattr(self, key) != Reroll.FAILED:
                    setattr(self, key, Reroll(value))
                    setattr(self, key + "_by", by or None)
            elif key in ("ignores_cover", "cover"):
                setattr(self, key, bool(value) or getattr(self, key))
            else:
                raise ValueError(f"unknown attack modifier {key!r}")


def sources_in_force(game: Game) -> list[Source]:
    """Every card rule currently in force: abilities and honours of operatives on the
    killzone, strategic ploys played this turning point, wargear in use, the special
    operation being played and the mission's rules."""
    return [source for piece in _pieces_in_force(game) for source in piece.sources]


# what Game keeps of the rules in force: by effect kind (None: all of them), the triggers by
# the event word they listen for, and the attack rules
SourceIndex = tuple[dict[V.EffectKind | None, list[Source]], dict[str, list[Source]],
                    list["AttackRule"]]


def index_sources(game: Game) -> SourceIndex:
    """The card rules in force (:func:`sources_in_force`, in its order) by effect kind, the
    triggers by the event word they listen for, and the ``attack`` rules as
    :func:`attack_mods` reads them (what :meth:`Game.sources`, :meth:`Game.triggers` and
    :meth:`Game.attack_rules` answer from). Each card's part is read once per config
    (:func:`_piece`): this is worked out again whenever the rules in force change."""
    every: list[Source] = []
    by_kind: dict[V.EffectKind | None, list[Source]] = {None: every}
    by_event: dict[str, list[Source]] = {}
    attacks: list[AttackRule] = []
    for piece in _pieces_in_force(game):
        every.extend(piece.sources)
        for kind, found in piece.by_kind:
            have = by_kind.get(kind)
            if have is None:
                by_kind[kind] = list(found)
            else:
                have.extend(found)
        for word, found in piece.by_event:
            heard = by_event.get(word)
            if heard is None:
                by_event[word] = list(found)
            else:
                heard.extend(found)
        attacks.extend(piece.attacks)
    return by_kind, by_event, attacks


class _Piece(NamedTuple):
    """The rules one card in force brings (an operative's abilities, a ploy played, a card
    in use, the special operation, the mission's rules): its sources in order, the same by
    effect kind and the triggers by event word (each in order), and its attack rules."""

    sources: tuple[Source, ...]
    by_kind: tuple[tuple[V.EffectKind, tuple[Source, ...]], ...]
    by_event: tuple[tuple[str, tuple[Source, ...]], ...]
    attacks: tuple[AttackRule, ...]


def _piece(sources: list[Source]) -> _Piece:
    by_kind: dict[V.EffectKind, list[Source]] = {}
    by_event: dict[str, list[Source]] = {}
    for source in sources:
        kind = V.EffectKind(source.effect.kind)
        by_kind.setdefault(kind, []).append(source)
        if kind is V.EffectKind.TRIGGER:
            by_event.setdefault(str(source.effect.get("on")), []).append(source)
    return _Piece(tuple(sources), tuple((k, tuple(v)) for k, v in by_kind.items()),
                  tuple((w, tuple(v)) for w, v in by_event.items()),
                  tuple(attack_rules(by_kind.get(V.EffectKind.ATTACK, []))))


# each config's pieces by what they depend on (a config never changes, and a Source is an
# immutable value): (config, {key: piece}) by the config's id, for a few dozen configs
_PIECES: dict[int, tuple[Config, dict[tuple[Any, ...], _Piece]]] = {}
_MANY_CONFIGS = 64


def _pieces_of(config: Config) -> dict[tuple[Any, ...], _Piece]:
    entry = _PIECES.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_PIECES) >= _MANY_CONFIGS:
            _PIECES.clear()
        entry = _PIECES[id(config)] = (config, {})
    return entry[1]


def _pieces_in_force(game: Game) -> Iterator[_Piece]:
    """The pieces of :func:`sources_in_force`, in its order (empty ones left out)."""
    state = game.state
    config = game.config
    made = _pieces_of(config)
    for op in game.on_killzone():  # (kept until one enters or leaves the killzone)
        key: tuple[Any, ...] = (ABILITY, op.id, op.player, op.card)
        piece = made.get(key)
        if piece is None:
            card = config.datacards[op.card]
            piece = _kept_piece(card, key) or _keep_piece(card, key, _piece([
                Source(ABILITY, op.player, op.id, effect, ability.name)
                for ability in card.abilities for effect in ability.effects]))
            made[key] = piece
        if piece.sources:
            yield piece
    for player, honours in config.honours.items():
        for n, (special, op_id) in enumerate(honours):
            holder = state.operatives.get(op_id)
            if holder is not None and holder.on_killzone and holder.player == player:
                key = (HONOUR, player, n)
                piece = made.get(key)
                if piece is None:
                    piece = made[key] = _piece([
                        Source(HONOUR, player, op_id, effect, special.reward.name)
                        for effect in special.reward.effects])
                yield piece
    for player in (1, 2):
        for entry in state.ploys[player]:
            key = (PLOY, player, entry.ploy, entry.operative)
            piece = made.get(key)
            if piece is None:
                ploy = game.ploy(player, entry.ploy)
                piece = _kept_piece(ploy, key) or _keep_piece(ploy, key, _piece([
                    Source(PLOY, player, entry.operative, effect, ploy.name)
                    for effect in ploy.effects]))
                made[key] = piece
            yield piece
    for boost in state.boosts:
        key = (WARGEAR, boost.player, boost.card, boost.operative)
        piece = made.get(key)
        if piece is None:
            piece = made[key] = _piece(list(_boost_sources(config, boost)))
        yield piece
    piece = made.get((MISSION,))
    if piece is None:
        piece = made[(MISSION,)] = _piece(list(_fixed_sources(config)))
    yield piece


def _kept_piece(card: object, key: tuple[Any, ...]) -> _Piece | None:
    """The piece of the rules of ``card``, an operative's datacard or a strategic ploy, in
    force as ``key`` says (for whom), kept by :func:`_keep_piece`: the same for every game
    that brings that card into force the same way (a card is the catalogue's, shared by the
    games' configs), so kept across games by the card's identity. None: not kept yet."""
    found = _KEPT_PIECES.get((id(card), *key))
    return found[1] if found is not None and found[0] is card else None


def _keep_piece(card: object, key: tuple[Any, ...], piece: _Piece) -> _Piece:
    if len(_KEPT_PIECES) >= _MANY_KEPT:
        _KEPT_PIECES.clear()
    _KEPT_PIECES[(id(card), *key)] = (card, piece)
    return piece


# each card's piece by the card's id and for whom it is in force (the card kept alive beside
# it): bounded by the content's operatives and ploys
_KEPT_PIECES: dict[tuple[Any, ...], tuple[object, _Piece]] = {}
_MANY_KEPT = 4000


def _boost_sources(config: Config, boost: Boost) -> Iterator[Source]:
    """The rules of a wargear card (or tactical ploy) in use on an operative."""
    wargear = config.wargear_card(boost.player, boost.card)
    if wargear is not None:
        kind = TACTICAL if config.is_tactical_ploy(boost.player, boost.card) else WARGEAR
        for effect in wargear.effects:
            if effect.kind != V.TRIGGER or effect.get("on") != V.USE:
                yield Source(kind, boost.player, boost.operative, effect, wargear.name)


def _fixed_sources(config: Config) -> Iterator[Source]:
    """The rules in force all game: the special operation being played, then the
    mission's rules, then its pack's rules in force in it."""
    if config.special_operation is not None:
        agent, special = config.special_operation
        for effect in special.rules:
            yield Source(SPECIAL, agent, None, effect, special.name)
    mission_name = config.mission.name if config.mission else "mission"
    for effect in config.mission_rules:
        yield Source(MISSION, 0, None, effect, mission_name)
    pack = pack_of(config)
    if pack is not None:
        for name, effect in pack.card_rules(config):  # the mission pack's own rules
            yield Source(MISSION, 0, None, effect, name)


def picks(source: Source, op: OperativeState) -> bool:
    """Whether the effect's ``who`` selects operative ``op``."""
    return who_picks(source.effect.get("who", DEFAULT_WHO[source.kind]), source, op)


def who_picks(who: str, source: Source, op: OperativeState) -> bool:
    """Whether ``who`` (a ``who`` word, the source's default filled in) selects ``op``."""
    if who in ("self", "target"):
        return op.id == source.operative
    if who == "friendly":
        return op.player == source.owner
    if who == "enemy":
        return op.player != source.owner
    return True


def _hexes(spec: dict[str, Any]) -> list[str]:
    return [str(h) for h in spec.get("hexes", [])] + ([str(spec["hex"])] if "hex" in spec
                                                      else [])


def _distance_now(game: Game, spec: dict[str, Any]) -> int:
    table = spec.get("by_turning_point")
    if table:
        index = min(game.state.turning_point, len(table)) - 1
        return int(table[index])
    return int(spec.get("distance", 1))


def _flags_match(spec: dict[str, Any], flags: list[Flag], player: int) -> bool:
    """Whether an objective with ``flags`` has (and lacks) the flags ``spec`` names, the
    player's own flags as ``player``'s."""
    if "flag" in spec and Flag(spec["flag"]) not in flags:
        return False
    if "not_flag" in spec and Flag(spec["not_flag"]) in flags:
        return False
    if "player_flag" in spec and Flag(spec["player_flag"], player) not in flags:
        return False
    return not ("not_player_flag" in spec and Flag(spec["not_player_flag"], player) in flags)


def _objective_matches(game: Game, spec: dict[str, Any], op: OperativeState, obj: str) -> bool:
    state = game.state
    if op.hex is None:
        return False
    holder = state.control.get(obj, 0)
    control = spec.get("control", "any")
    if control == "own" and holder != op.player:
        return False
    if control == "enemy" and holder in (0, op.player):
        return False
    if control == "none" and holder != 0:
        return False
    if not _flags_match(spec, state.objective_flags.get(obj, []), op.player):
        return False
    if "carried" in spec and (obj in state.carried) != bool(spec["carried"]):
        return False
    if "side" in spec:
        mine = state.territory.get(op.player)
        side = game.config.objective_side(obj)
        if spec["side"] == "own" and (not side or side != mine):
            return False
        if spec["side"] == "enemy" and (not side or side == mine):
            return False
    # the distance last: the state's flags and control are cheaper to read
    where = game.objective_hex(obj)
    return where is not None and game.grid.distance(op.hex, where) <= int(spec.get("distance", 1))


# --- the condition words ---------------------------------------------------------------
# Each condition word is declared once, here: its name, the shape of its value (which fills
# the vocabulary's registry the content loader checks against) and what it means. A check
# is called as ``check(game, value, op, attack, objective, source)``.


class _ConditionWord(NamedTuple):
    check: Callable[..., bool]
    attack: bool  # an attack condition: false outside an attack


_CONDITION_WORDS: dict[str, _ConditionWord] = {}


def condition(name: str, spec: V.ValueSpec, *, attack: bool = False
              ) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Declare the condition word ``name`` with the shape of its value: the decorated
    function says whether it holds. ``attack`` words hold only during an attack."""
    def register(check: Callable[..., bool]) -> Callable[..., bool]:
        if name in _CONDITION_WORDS:
            raise AssertionError(f"condition {name!r} declared twice")
        (V.ATTACK_CONDITIONS if attack else V.OPERATIVE_CONDITIONS)[name] = spec
        V.CONDITIONS[name] = spec
        _CONDITION_WORDS[name] = _ConditionWord(check, attack)
        return check
    return register


@condition("near_objective", V.NEAR_OBJECTIVE)
def _near_objective(game: Game, value: Any, op: OperativeState, attack: Any,
                    objective: str | None, *_: Any) -> bool:
    candidates = [objective] if objective is not None else list(game.config.objectives)
    return any(obj in game.config.objectives and _objective_matches(game, value, op, obj)
               for obj in candidates)


@condition("in_cover", V.BoolSpec())
def _in_cover(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (op.hex in game.grid.cover) == bool(value)


@condition("damaged", V.BoolSpec())
def _damaged(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (op.damage > 0) == bool(value)


@condition("in_territory", V.EnumSpec(V.TERRITORY_VALUES))
def _in_territory(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    if op.hex is None:
        return False
    side = game.state.territory.get(op.player if value == "own" else opponent(op.player))
    return side is not None and op.hex in game.config.territories.get(side, ())


@condition("moved", V.BoolSpec())
def _moved(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (game.state.active == op.id and game.state.moved) == bool(value)


@condition("carrying", V.BoolSpec())
def _carrying(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (op.id in game.state.carried.values()) == bool(value)


@condition("marked", V.BoolSpec())
def _marked(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (OperativeFlag.MARKED in op.flags) == bool(value)


def _near_hex_now(game: Game, value: Any, where: str) -> bool:
    reach = _distance_now(game, value)
    return any(game.grid.distance(where, h) <= reach for h in _hexes(value))


@condition("near_hex", V.NEAR_HEX)
def _near_hex(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return op.hex is not None and _near_hex_now(game, value, op.hex)


@condition("far_from_hex", V.FAR_FROM_HEX)
def _far_from_hex(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return op.hex is not None and not _near_hex_now(game, value, op.hex)


@condition("wounds_at_most", V.IntSpec(0))
def _wounds_at_most(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return game.datacard(op).wounds - op.damage <= int(value)


# the mission packs' own condition words (e.g. the operative is its fireteam's leader)
for _pack in all_packs():
    for _name, (_spec, _check) in _pack.conditions.items():
        condition(_name, _spec)(_check)


@condition("spotted", V.BoolSpec())  # an enemy markerlight has spotted it this turning point
def _spotted(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return (SPOTTED in op.flags) == bool(value)


@condition("keyword", V.StrSpec())  # its datacard has this keyword
def _keyword(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    return str(value) in game.datacard(op).keywords


@condition("near_bearer", V.IntSpec(0))  # within N hexes of the operative carrying the rule
def _near_bearer(game: Game, value: Any, op: OperativeState, attack: Any,
                 objective: Any, source: Source | None) -> bool:
    bearer = game.state.operatives.get(source.operative) \
        if source is not None and source.operative else None
    if bearer is None or bearer.id == op.id or bearer.hex is None or op.hex is None \
            or not bearer.on_killzone:
        return False
    return game.grid.distance(op.hex, bearer.hex) <= int(value)


@condition("distance_at_least", V.IntSpec(0), attack=True)
def _distance_at_least(game: Game, value: Any, op: OperativeState,
                       attack: AttackContext, *_: Any) -> bool:
    return attack.distance >= int(value)


@condition("distance_at_most", V.IntSpec(0), attack=True)
def _distance_at_most(game: Game, value: Any, op: OperativeState,
                      attack: AttackContext, *_: Any) -> bool:
    return attack.distance <= int(value)


@condition("target_damaged", V.BoolSpec(), attack=True)
def _target_damaged(game: Game, value: Any, op: OperativeState,
                    attack: AttackContext, *_: Any) -> bool:
    return (attack.defender.damage > 0) == bool(value)


@condition("target_spotted", V.BoolSpec(), attack=True)
def _target_spotted(game: Game, value: Any, op: OperativeState,
                    attack: AttackContext, *_: Any) -> bool:
    return (SPOTTED in attack.defender.flags) == bool(value)


def condition_holds(game: Game, cond: dict[str, Any], op: OperativeState,
                    attack: AttackContext | None = None, objective: str | None = None,
                    source: Source | None = None) -> bool:
    """One condition of an ``if``/``requires`` list, for operative ``op``; ``source`` is the
    rule being tested (``near_bearer`` measures from the operative that carries it). An
    attack condition is false outside an attack. Raises ValueError for a word outside the
    vocabulary."""
    (key, value), = cond.items()
    word = _CONDITION_WORDS.get(key)
    if word is None:
        raise ValueError(f"unknown condition {key!r}")
    if word.attack and attack is None:
        return False
    return word.check(game, value, op, attack, objective, source)


def all_hold(game: Game, conds: Any, op: OperativeState,
             attack: AttackContext | None = None, objective: str | None = None,
             source: Source | None = None) -> bool:
    return all(condition_holds(game, c, op, attack, objective, source) for c in conds or ())


_STAT = V.STAT
STAT_LIMITS = {"apl": (1, 9), "move": (0, 12), "defence": (0, 9), "save": (2, 6)}


def stat(game: Game, op: OperativeState, name: str) -> int:
    """A characteristic of ``op`` after every ``stat`` effect in force (clamped)."""
    # (Game.sources written out: asked at every activation and listing)
    sources = (game._sources or game._index())[0].get(_STAT)
    low, high = STAT_LIMITS[name]
    # the printed card's (``range`` rules, all that Game.datacard adds, change weapons only)
    value: int = getattr(game.config.datacards[op.card], name)
    if not sources:  # (most of the time)
        return low if value < low else high if value > high else value
    for source in sources:
        effect = source.effect
        if effect.get("stat") != name:
            continue
        if picks(source, op) and all_hold(game, effect.get("if"), op, source=source):
            value += int(effect.get("add", 0))
    return max(low, min(high, value))


def weapon_ranges(game: Game, op: OperativeState, card: Datacard) -> Datacard:
    """``card`` (``op``'s printed datacard) with the Range of each ranged weapon after every
    ``range`` effect in force that picks ``op`` and the weapon; ``card`` itself when none
    does."""
    longer: dict[str, int] = {}
    for source in game.sources(V.RANGE):
        effect = source.effect
        if not picks(source, op) or not all_hold(game, effect.get("if"), op, source=source):
            continue
        for weapon in card.weapons:
            if not weapon.is_melee and weapon_matches(effect.get("weapon"), weapon):
                longer[weapon.id] = longer.get(weapon.id, 0) + int(effect.get("add", 0))
    if not longer:
        return card
    return replace(card, weapons=tuple(
        replace(w, range=w.range + longer[w.id]) if w.id in longer else w
        for w in card.weapons))


@dataclass
class AttackContext:
    attacker: OperativeState
    defender: OperativeState
    weapon: Weapon
    distance: int


def weapon_matches(spec: dict[str, Any] | None, weapon: Weapon) -> bool:
    if not spec:
        return True
    if spec.get("melee") and not weapon.is_melee:
        return False
    if spec.get("ranged") and weapon.is_melee:
        return False
    if "rule" in spec and spec["rule"] not in weapon.rules:
        return False
    return not ("ids" in spec and weapon.id not in spec["ids"])


class AttackRule(NamedTuple):
    """An ``attack`` rule in force with what :func:`attack_mods` reads of its effect, read
    once when the rules in force are gathered (see :meth:`Game.attack_rules`)."""

    source: Source
    on_attacker: bool  # its ``role``: the attacker's rule (else the defender's)
    who: str  # its ``who``, the source's default filled in
    weapon: dict[str, Any] | None
    conditions: list[dict[str, Any]] | None
    mods: dict[str, Any]


def attack_rules(sources: list[Source]) -> list[AttackRule]:
    """The ``attack`` rules among ``sources`` as :func:`attack_mods` reads them."""
    return [AttackRule(source, source.effect.get("role", "attacker") == "attacker",
                       source.effect.get("who", DEFAULT_WHO[source.kind]),
                       source.effect.get("weapon"), source.effect.get("if"),
                       source.effect.get("mods", {}))
            for source in sources]


def attack_mods(game: Game, ctx: AttackContext) -> AttackMods:
    """Gather every ``attack`` effect that applies to this attack."""
    mods = AttackMods()
    for rule in game.attack_rules():
        source = rule.source
        subject = ctx.attacker if rule.on_attacker else ctx.defender
        if not who_picks(rule.who, source, subject):
            continue
        if rule.weapon and not weapon_matches(rule.weapon, ctx.weapon):
            continue
        if rule.conditions and not all_hold(game, rule.conditions, subject, ctx,
                                            source=source):
            continue
        mods.add(rule.mods, source.name)
        mods.reasons.append(Reason(KIND_WORDS[source.kind], source.name, source.effect.text))
    return mods


# --- triggers and outcomes -------------------------------------------------------------

def fire(game: Game, trigger: str, player: int | None = None,
         subject: OperativeState | None = None) -> None:
    """Run every ``trigger`` effect listening for ``trigger`` (a word of
    :data:`vocabulary.EVENTS`). ``player`` is the player whose turn it was
    (``end_of_turn``); ``subject`` the operative concerned (``taken_down``)."""
    if trigger not in V.EVENTS:
        raise ValueError(f"unknown trigger {trigger!r}")
    for source in list(game.triggers(trigger)):
        if game.is_over:
            return
        effect = source.effect
        if trigger == V.END_OF_TURN and source.owner and source.owner != player:
            continue
        if subject is not None and not (picks(source, subject)
                                        and all_hold(game, effect.get("if"), subject,
                                                     source=source)):
            continue
        for outcome in effect.get("do", ()):
            do_outcome(game, source, outcome, subject=subject)


def on_event(game: Game, event: Event) -> None:
    """Card triggers subscribe to the typed events: each vocabulary word names the event
    that fires it (see :data:`TRIGGERS`)."""
    for trigger, phase in _TRIGGERS_OF.get(type(event), ()):
        if phase is not None and getattr(event, "phase", None) != phase:
            continue
        # no card rule in force listens (most of the time; Game.triggers written out)
        if not (game._sources or game._index())[1].get(trigger):
            continue
        if isinstance(event, TakenDown):
            fire(game, trigger, subject=game.state.operatives[event.operative])
        elif isinstance(event, ActivationEnded):
            fire(game, trigger, player=event.player)
        else:
            fire(game, trigger)


# Each trigger word of the vocabulary and the typed event (of a phase, where it matters) that
# fires it. A word without an event, or an event named here that the vocabulary lacks,
# stops the import: a typo cannot fail silently.
TRIGGERS: dict[str, tuple[type[Event], Phase | None]] = {
    V.START_MISSION: (SetupComplete, None),
    V.START_TURNING_POINT: (TurningPointStarted, None),
    V.END_OF_TURN: (ActivationEnded, None),
    V.TAKEN_DOWN: (TakenDown, None),
    V.END_FIREFIGHT_PHASE: (PhaseEnded, Phase.FIREFIGHT),
    V.END_PHASE: (PhaseStarted, Phase.END),
    # the mission packs' own (e.g. the end of a mission that scores its objectives)
    **{word: fired for pack in all_packs() for word, fired in pack.triggers.items()},
}
if set(TRIGGERS) | {V.USE} != set(V.EVENTS):  # "use" fires from the wargear rule itself
    raise AssertionError("every trigger word needs exactly one typed event")
# the same, by event type (most events fire no trigger: one lookup)
_TRIGGERS_OF: dict[type[Event], list[tuple[str, Phase | None]]] = {}
for _word, (_type, _phase) in TRIGGERS.items():
    _TRIGGERS_OF.setdefault(_type, []).append((_word, _phase))
hears(on_event, *_TRIGGERS_OF)  # no call for the events that fire no trigger


def _picked(game: Game, source: Source) -> list[OperativeState]:
    conditions = source.effect.get("if")
    return [op for op in game.on_killzone() if picks(source, op)
            and all_hold(game, conditions, op, source=source)]


# --- the outcome words -----------------------------------------------------------------
# Each outcome word is declared once, here: its head key, the shape of its value and of the
# keys that may go with it, and what it does. A handler is called as
# ``run(game, source, outcome, objective, subject, origin, acting)``.

_OUTCOME_WORDS: dict[str, Callable[..., None]] = {}


def outcome(name: str, spec: V.ValueSpec, extra: dict[str, V.ValueSpec] | None = None
            ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare the outcome word ``name``: the shape of its head value, the other keys an
    outcome of it may have (``extra``), and (decorated) what it does."""
    def register(run: Callable[..., None]) -> Callable[..., None]:
        if name in _OUTCOME_WORDS:
            raise AssertionError(f"outcome {name!r} declared twice")
        V.OUTCOMES[name] = V.MapSpec({name: spec, **(extra or {})}, (name,))
        _OUTCOME_WORDS[name] = run
        return run
    return register


def _targets(game: Game, source: Source | None,
             subject: OperativeState | None) -> list[OperativeState]:
    # a card used on an operative (source None) acts on it; a trigger on whom it picks
    if source is not None:
        return _picked(game, source)
    return [subject] if subject is not None else []


@outcome("heal", V.IntSpec(1))
def _heal(game: Game, source: Source | None, outcome: dict[str, Any], objective: str | None,
          subject: OperativeState | None, *_: Any) -> None:
    for op in _targets(game, source, subject):
        if not op.on_killzone:
            continue
        healed = min(op.damage, int(outcome["heal"]))
        if healed:
            op.damage -= healed
            game.emit(Healed(op.id, healed))


@outcome("score", V.IntSpec(0), {
    "per": V.EnumSpec(V.SCORE_PER),
    "for": V.EnumSpec(V.SCORE_FOR),
    "min_controlled": V.IntSpec(1),
    "objectives": V.ListSpec(V.RefSpec(V.REF_OBJECTIVE)),
    "max": V.IntSpec(1),
})
def _score(game: Game, source: Source | None, outcome: dict[str, Any], objective: str | None,
           subject: OperativeState | None, origin: tuple[str, str], acting: int) -> None:
    recipient = outcome.get("for", "each")
    if recipient == "each":
        players = [source.owner] if source is not None and source.owner and \
            source.kind != SPECIAL else [1, 2]
    elif recipient == "own":
        players = [acting]
    else:
        players = [opponent(acting)]
    picked = _picked(game, source) if source is not None and \
        outcome.get("per") == "operative" else []
    for p in players:
        if p in (1, 2):
            vp, counted = score_for(game, p, outcome, picked)
            game.score(p, vp, origin[0], origin[1], counted, score_basis(outcome))


def _set_flag(game: Game, objective: str | None, flag: Flag) -> None:
    if objective is None:
        raise ValueError("setting a flag needs a chosen objective")
    flags = game.state.objective_flags.setdefault(objective, [])
    if flag not in flags:
        flags.append(flag)


@outcome("set_flag", V.EnumSpec(V.OBJECTIVE_FLAGS))
def _set_objective_flag(game: Game, source: Source | None, outcome: dict[str, Any],
                        objective: str | None, *_: Any) -> None:
    _set_flag(game, objective, Flag(outcome["set_flag"]))


@outcome("clear_flag", V.EnumSpec(V.OBJECTIVE_FLAGS))
def _clear_flag(game: Game, source: Source | None, outcome: dict[str, Any], *_: Any) -> None:
    for flags in game.state.objective_flags.values():
        while Flag(outcome["clear_flag"]) in flags:
            flags.remove(Flag(outcome["clear_flag"]))


@outcome("damage", V.IntSpec(1))
def _damage(game: Game, source: Source | None, outcome: dict[str, Any], objective: str | None,
            subject: OperativeState | None, origin: tuple[str, str], acting: int) -> None:
    for op in _targets(game, source, subject):
        if op.on_killzone:
            # an enemy's card hurting this operative: the enemy caused it
            by = acting if acting in (1, 2) and acting != op.player else None
            game.wound(op, int(outcome["damage"]), by=by, cause=origin[1] or origin[0])


@outcome("set_player_flag", V.EnumSpec(V.OBJECTIVE_FLAGS))
def _set_player_flag(game: Game, source: Source | None, outcome: dict[str, Any],
                     objective: str | None, subject: OperativeState | None,
                     origin: tuple[str, str], acting: int) -> None:
    _set_flag(game, objective, Flag(outcome["set_player_flag"], acting))


@outcome("pick_up", V.BoolSpec())
def _pick_up(game: Game, source: Source | None, outcome: dict[str, Any],
             objective: str | None, subject: OperativeState | None, *_: Any) -> None:
    if objective is None or subject is None:
        raise ValueError("pick_up needs a chosen objective and an operative")
    game.state.carried[objective] = subject.id
    game.state.objective_hexes.pop(objective, None)
    game.emit(ObjectivePickedUp(subject.id, objective))


@outcome("remove_objective", V.BoolSpec())
def _remove_objective(game: Game, source: Source | None, outcome: dict[str, Any],
                      objective: str | None, subject: OperativeState | None, *_: Any) -> None:
    state = game.state
    gone = objective
    if gone is None and subject is not None:
        gone = next((o for o, c in state.carried.items() if c == subject.id), None)
    if gone is None:
        raise ValueError("remove_objective needs an objective")
    state.carried.pop(gone, None)
    state.control.pop(gone, None)
    if gone not in state.removed_objectives:
        state.removed_objectives.append(gone)
    game.emit(ObjectiveRemoved(gone))


@outcome("mark_random", V.BoolSpec())
def _mark_random(game: Game, *_: Any) -> None:
    state = game.state
    for p in (1, 2):
        pool = state.on_killzone(p)
        if pool:
            chosen = pool[game.below(len(pool))]
            if OperativeFlag.MARKED not in chosen.flags:
                chosen.flags = (*chosen.flags, OperativeFlag.MARKED.value)
            game.emit(Marked(chosen.id))


def do_outcome(game: Game, source: Source | None, outcome: dict[str, Any],
               objective: str | None = None, player: int = 0,
               subject: OperativeState | None = None,
               origin: tuple[str, str] = ("card", "")) -> None:
    """Carry out one outcome. ``player`` is the acting player (mission actions, wargear);
    ``subject`` the operative concerned (the acting operative, a wargear card's target, the
    operative taken down); ``objective`` the objective a mission action chose; ``origin``
    (kind, name) names what scores when there is no ``source`` (a mission action, a card)."""
    if source is not None:
        origin = (KIND_WORDS[source.kind], source.name)
    acting = player or (subject.player if subject is not None else 0) or (
        source.owner if source is not None else 0)
    run = next((_OUTCOME_WORDS[key] for key in outcome if key in _OUTCOME_WORDS), None)
    if run is None:
        raise ValueError(f"unknown outcome {outcome!r}")
    run(game, source, outcome, objective, subject, origin, acting)


def score_basis(outcome: dict[str, Any]) -> str:
    """What one ``score`` outcome pays for, in words ("1 per powered objective held",
    "holding at least 2 objectives"); empty for a flat award."""
    value, per = int(outcome["score"]), outcome.get("per")
    if per == "objective":
        words = f"{value} per objective held"
    elif per == "powered_objective":
        words = f"{value} per powered objective held"
    elif per == "operative":
        words = f"{value} per operative"
    elif "min_controlled" in outcome:
        words = f"holding at least {int(outcome['min_controlled'])} objectives"
    else:
        return ""
    return f"{words}, at most {int(outcome['max'])}" if "max" in outcome else words


def score_for(game: Game, player: int, outcome: dict[str, Any],
              picked: list[OperativeState] | None = None) -> tuple[int, tuple[str, ...]]:
    """The VP one ``score`` outcome gives ``player`` now, and the objectives that counted;
    never more than its ``max``, when it has one."""
    vp, counted = _score_for(game, player, outcome, picked)
    if "max" in outcome:
        vp = min(vp, int(outcome["max"]))
    return vp, counted


def _score_for(game: Game, player: int, outcome: dict[str, Any],
               picked: list[OperativeState] | None = None) -> tuple[int, tuple[str, ...]]:
    state = game.state
    named = outcome.get("objectives") or [o for o in game.config.objectives
                                          if o not in state.removed_objectives]
    held = [o for o in named if state.control.get(o, 0) == player]
    if "min_controlled" in outcome and len(held) < int(outcome["min_controlled"]):
        return 0, ()
    per = outcome.get("per")
    value = int(outcome["score"])
    if per == "objective":
        return value * len(held), tuple(held)
    if per == "powered_objective":
        powered = tuple(o for o in held if Flag("powered") in state.objective_flags.get(o, []))
        return value * len(powered), powered
    if per == "operative":
        # `for: each`: each player counts its own picked operatives; `own`/`enemy`: the one
        # player scoring counts every operative the trigger picked
        mine_only = outcome.get("for", "each") == "each"
        return value * sum(1 for op in picked or () if op.player == player or not mine_only), ()
    return value, tuple(held) if "min_controlled" in outcome else ()


# --- rules that need code ---------------------------------------------------------------

class PythonEffect:
    """Base of rules written in Python. Each hook is called at the point the core rule
    applies; the defaults do nothing."""

    def would_be_taken_down(self, game: Game, op: OperativeState) -> bool:
        """Return True to keep ``op`` on the killzone."""
        return False

    def survival_chance(self, game: Game, op: OperativeState) -> Fraction:
        """The chance that :meth:`would_be_taken_down` keeps ``op`` (for the odds)."""
        return Fraction(0)


class ReanimationProtocols(PythonEffect):
    """The first time the operative would be taken down in a mission, roll one d6: on a 5+
    it stays, with wound counters equal to its Wounds minus 3."""

    ID = "reanimation_protocols"
    SUCCESS_ON = 5
    WOUNDS_LOST = 3
    # the numbers its card text states (checked by ``python -m game.content check``)
    NUMBERS = {"success_on": SUCCESS_ON, "wounds_minus": WOUNDS_LOST}

    def would_be_taken_down(self, game: Game, op: OperativeState) -> bool:
        if OperativeFlag.REANIMATION_USED in op.flags:
            return False
        op.flags = (*op.flags, OperativeFlag.REANIMATION_USED.value)
        held = held_off(game, op, self.ID)
        if held is not None:  # the mission pack keeps it from working here
            game.emit(held)
            return False
        roll = game.roll()
        if roll >= self.SUCCESS_ON:
            op.damage = max(0, game.datacard(op).wounds - self.WOUNDS_LOST)
            game.emit(Reanimation(op.id, roll, True, op.damage))
            return True
        game.emit(Reanimation(op.id, roll, False, op.damage))
        return False

    def survival_chance(self, game: Game, op: OperativeState) -> Fraction:
        if OperativeFlag.REANIMATION_USED in op.flags \
                or held_off(game, op, self.ID) is not None:
            return Fraction(0)
        return Fraction(7 - self.SUCCESS_ON, 6)


def held_off(game: Game, op: OperativeState, ability: str) -> Event | None:
    """The event telling why the mission's pack keeps ``op``'s card ability ``ability`` from
    working now; None when it works."""
    pack = pack_of(game.config)
    return pack.holds_off(game, op, ability) if pack is not None else None


PYTHON_EFFECTS: dict[str, Callable[[], PythonEffect]] = {
    ReanimationProtocols.ID: ReanimationProtocols,
}


def python_effects_for(game: Game, op: OperativeState) -> Iterator[PythonEffect]:
    for ability in game.datacard(op).abilities:
        for effect in ability.effects:
            if effect.kind == V.PYTHON:
                yield PYTHON_EFFECTS[str(effect.get("id"))]()
