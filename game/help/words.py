"""What a player reads: the engine's ids and action notation turned into names (no pygame).

The engine speaks in ids (``obj1``, ``intercessor1``, ``shoota_boy``, ``player 2``) and in
its action notation (``1 deploy intercessor1 F9``), which are right for logs, saves and tests
but not for a person. :class:`Words` knows one game and the players' names and gives:

- :meth:`Words.operative`: "Assault Intercessor 1", "Ork Boy with Shoota" (in a mirror
  match "Alice's Assault Intercessor 1");
- :meth:`Words.objective`: "the objective on E6";
- :meth:`Words.action`: an action as a sentence ("place Assault Intercessor 1 on F9");
- ``words(text)``: any engine sentence with every id in it replaced by its name, and
  "player 1" by the player's name.

It imports no pygame, so the post-game analysis (game/analysis/) words its reasons with it;
the screens use it through :mod:`game.ui.words`, which also registers each other rule set's
and pack's action phrases (:func:`register_phrases`), declared beside their screens.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import engine

if TYPE_CHECKING:
    from game.engine import Catalogue, Game

CACHE_LIMIT = 4000
SHORT = 12  # letters of a short name (before its number)
_PLAYER = re.compile(r"\b[Pp]layer ([12])\b")
# a sentence that now starts with a name's "the objective ..." gets its capital back
_SENTENCE = re.compile(r"(^|[.!?:]\s+)(t)(?=he objective on)")
# the engine's "<operative> suffers N damage ... (T wounds)", T the wound counters after
_DAMAGED = re.compile(r"\b(\S+) suffers (\d+) damage[^()]*\((\d+) wounds\)")
# an id the screen must never show: an objective id, or any id with an underscore or digit
ID_LIKE = re.compile(r"\bobj\d+\b|\b[a-z]+_[a-z0-9_]+\b")


# --- the phrasebook: the engine's log sentences as a player reads them -----------------------

_PLURAL = re.compile(r"\b(\d+) ((?:[A-Za-z]+ )?)([A-Za-z]+)\(s\)")
_LEFT_PLURAL = re.compile(r"\b([A-Za-z]+)\(s\)")
_DIE = r"\d+(?:->\d+)?"
# the dice of a roll in the engine's notation: "[1->2, 3, 2]" (a die re-rolled from 1 to 2)
_DICE = re.compile(rf"(\brolls |\bdice |\+ |\) )\[({_DIE}(?:, {_DIE})*)\]|\[({_DIE}(?:, {_DIE})+|"
                   rf"\d+->\d+)\]")
_DOUBLED_OBJECTIVE = re.compile(r"\b([Tt])he objective on ([A-O]\d{1,2}) on \2\b")
_PLACED_MARKER = re.compile(r"\bobjective marker [Tt]he objective on ([A-O]\d{1,2})(?: on \1)?\b")
# "on the objective on C6": the second "on" as "at"
_ON_OBJECTIVE = re.compile(r"\b([Oo]n) the objective on ([A-O]\d{1,2})\b")
# a score "for the objective on E6, the objective on F4": the objectives held, listed once
_HELD_FOR = re.compile(r"\bheld for (the objective on [A-O]\d{1,2}"
                       r"(?:, the objective on [A-O]\d{1,2})*)")
_D3 = re.compile(r"\bD3 rolls (\d) \(\d\): (\d+) markers")
_GLUED_AP = re.compile(r"\b(\d+)AP\b")
# fixed phrases of the engine or the content that read badly, and what a player reads instead
PHRASES = (("level totals are a draw", "equal totals are a draw"),)


def count(number: int, noun: str, plural: str = "") -> str:
    """``number`` of ``noun`` in words: "1 card", "0 cards", "3 wound counters"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def listed(items: list[str], last: str = "and") -> str:
    """Items in a sentence: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _face(die: str) -> str:
    first, _, then = die.partition("->")
    return f"{first} re-rolled to {then}" if then else first


def _dice(match: re.Match[str]) -> str:
    before, inside = match.group(1), match.group(2) or match.group(3)
    said = listed([_face(d) for d in inside.split(", ")])
    if before == "rolls ":
        return f"rolls {said}"
    return f"{before or ''}({said})"


def _held(match: re.Match[str]) -> str:
    """"held for the objective on E6, the objective on F4" -> "held: the objectives on E6
    and F4"."""
    hexes = re.findall(r"[A-O]\d{1,2}", match.group(1))
    if len(hexes) == 1:
        return f"held: the objective on {hexes[0]}"
    return f"held: the objectives on {listed(hexes)}"


def english(text: str) -> str:
    """An engine sentence (its ids already names) as English: "1 hit(s)" -> "1 hit",
    "rolls [1->2, 3]" -> "rolls 1 re-rolled to 2 and 3", "1AP" -> "1 AP", an objective never
    named twice ("places objective marker the objective on G6 on G6" -> "places an objective
    marker on G6"), nor with "on" twice ("makes Power Up on the objective at C6"), the
    objectives a score counted listed once ("1 per objective held: the objectives on E6 and
    F4")."""
    out = _PLURAL.sub(lambda m: f"{m.group(1)} {m.group(2)}{m.group(3)}"
                      + ("" if m.group(1) == "1" else "s"), text)
    out = _LEFT_PLURAL.sub(r"\1s", out)  # "marker(s) obj4, obj5": more than one is named
    out = _DICE.sub(_dice, out)
    out = _PLACED_MARKER.sub(r"an objective marker on \1", out)
    out = _DOUBLED_OBJECTIVE.sub(r"\1he objective on \2", out)
    out = _HELD_FOR.sub(_held, out)
    out = _ON_OBJECTIVE.sub(r"\1 the objective at \2", out)
    out = _D3.sub(lambda m: f"the D3 gives {m.group(1)}, so {m.group(2)} markers", out)
    out = _GLUED_AP.sub(r"\1 AP", out)
    for bad, good in PHRASES:
        out = out.replace(bad, good)
    return out


def _has_id_shape(token: str) -> bool:
    return "_" in token or any(c.isdigit() for c in token)


def operative_in(catalogue: Catalogue, fireteam: str, op_id: str) -> str:
    """The name of the operative ``op_id`` of a ``fireteam`` outside any game (a campaign's
    Battle Honours): "Assault Intercessor 2", "Ork Boy with Shoota"."""
    team = catalogue.fireteams.get(fireteam)
    if team is not None:
        for entry in team.composition:
            card = catalogue.datacards.get(entry.card)
            name = card.name if card is not None else entry.card
            if op_id == entry.id and entry.count == 1:
                return name
            suffix = op_id.removeprefix(entry.id)
            if entry.count > 1 and op_id.startswith(entry.id) and suffix.isdigit():
                return f"{name} {suffix}"
    return op_id.replace("_", " ")


class Words:
    """Names for one game's ids (see the module's docstring)."""

    def __init__(self, game: Game, names: dict[int, str]) -> None:
        self.game = game
        self.names = names
        self._cache: dict[str, str] = {}
        self._fixed: dict[str, str] = {}
        config = game.config
        catalogue_names: dict[str, str] = {}
        for card in config.datacards.values():
            catalogue_names[card.id] = card.name
            for weapon in card.weapons:
                catalogue_names.setdefault(weapon.id, weapon.name)
        for player in (1, 2):
            team = config.fireteams.get(player)
            if team is not None:
                for ploy in team.ploys:
                    catalogue_names.setdefault(ploy.id, ploy.name)
            for card in config.cards_held(player):  # wargear and tactical ploys
                catalogue_names.setdefault(card.id, card.name)
        for target in config.targets.values():
            catalogue_names.setdefault(target.id, target.name)
        for action in config.mission_actions:
            catalogue_names.setdefault(action.id, action.name)
        if config.mission is not None:
            catalogue_names.setdefault(config.mission.id, config.mission.name)
        # only ids that look like ids: a plain word ("sergeant") may be meant as a word
        self._fixed = {k: v for k, v in catalogue_names.items() if _has_id_shape(k)}
        for op_id in game.state.operatives:  # lower case: "sergeant", never "Sergeant"
            self._fixed[op_id] = self.operative(op_id)
        tokens = sorted(set(self._fixed) | set(config.objectives), key=len, reverse=True)
        self._pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in tokens) + r")\b") \
            if tokens else None

    # --- names ------------------------------------------------------------------------------

    def player(self, player: int) -> str:
        return self.names.get(player, f"Player {player}")

    def operative(self, op_id: str) -> str:
        """An operative's name as a player reads it."""
        state, config = self.game.state, self.game.config
        op = state.operatives.get(op_id)
        if op is None:
            return op_id.replace("_", " ")
        card = config.datacards[op.card]
        team = config.fireteams.get(op.player)
        count = 1
        if team is not None:
            count = sum(entry.count for entry in team.composition if entry.card == op.card)
        name = card.name
        digits = "".join(c for c in reversed(op_id) if c.isdigit())[::-1] if \
            op_id[-1:].isdigit() else ""
        if count > 1 and digits:
            name = f"{name} {digits}"
        mirror = {p: t.id for p, t in config.fireteams.items() if t is not None}
        if len(mirror) == 2 and mirror[1] == mirror[2]:
            name = f"{self.player(op.player)}'s {name}"
        return name

    def short(self, op_id: str) -> str:
        """A short name for a narrow button, unique among one player's operatives:
        "Warrior 1", "Scarab Swarm 2", "Sergeant", "Shoota"."""
        op = self.game.state.operatives.get(op_id)
        if op is None:
            return op_id.replace("_", " ")
        name = self.game.config.datacards[op.card].name.split(",")[0]
        if " with " in name:
            name = name.split(" with ", 1)[1]
        while len(name) > SHORT and " " in name:
            name = name.split(" ", 1)[1]
        full = self.operative(op_id)
        digits = full.rsplit(" ", 1)[-1]
        return f"{name} {digits}" if digits.isdigit() else name

    def objective(self, obj: str) -> str:
        where = self.game.objective_hex(obj)
        if where is None:
            number = "".join(c for c in obj if c.isdigit())
            return f"objective {number}".strip() + " (off the killzone)"
        return f"the objective on {where}"

    def hexes(self, hexes: list[str]) -> str:
        return ", ".join(hexes)

    # --- sentences --------------------------------------------------------------------------

    def __call__(self, text: str) -> str:
        if not text:
            return text
        cached = self._cache.get(text)
        if cached is not None:
            return cached
        out = _DAMAGED.sub(self._wounds_left, text)
        if self._pattern is not None:
            out = self._pattern.sub(self._replace, out)
        out = _PLAYER.sub(lambda m: self.player(int(m.group(1))), out)
        out = english(out)
        out = _SENTENCE.sub(lambda m: m.group(1) + m.group(2).upper(), out)
        if len(self._cache) < CACHE_LIMIT and not any(o in text for o in
                                                      self.game.config.objectives):
            self._cache[text] = out  # an objective's hex may change: those are not kept
        return out

    def _wounds_left(self, match: re.Match[str]) -> str:
        """"suffers 2 damage (5 wounds)" (5 wound counters in all) as the wounds it has
        left: "(3 wounds left)"."""
        op = self.game.state.operatives.get(match.group(1))
        card = self.game.config.datacards.get(op.card) if op is not None else None
        if card is None:
            return f"{match.group(0)[:match.start(3) - match.start(0)]}" \
                   f"{count(int(match.group(3)), 'wound counter')} in all)"
        left = card.wounds - int(match.group(3))
        said = "no wounds left" if left <= 0 else f"{count(left, 'wound')} left"
        return f"{match.group(0)[:match.start(3) - match.start(0)]}{said})"

    def _replace(self, match: re.Match[str]) -> str:
        token = match.group(1)
        if token in self.game.config.objectives:
            return self.objective(token)
        return self._fixed.get(token, token)

    def action(self, action: engine.Action) -> str:
        """``action`` as a short instruction ("place Assault Intercessor 1 on F9")."""
        for kind in type(action).__mro__:
            phrase = _ACTION_PHRASES.get(kind)
            if phrase is not None:
                return phrase(self, action)
        return self(str(action))

    def _mulligan(self, action: engine.Mulligan) -> str:
        targets = self.game.config.targets
        return "swap " + " and ".join(targets[c].name if c in targets else c
                                      for c in action.cards)

    def _reveal(self, action: engine.Reveal) -> str:
        if action.card is None:
            return "reveal no target of opportunity"
        return f"reveal {self.game.config.targets[action.card].name}"

    def _play_ploy(self, action: engine.PlayPloy) -> str:
        ploy = self.game.config.ploy(action.player, action.ploy)
        name = ploy.name if ploy is not None else action.ploy
        on = f" on {self.operative(action.args[0])}" if action.args else ""
        return f"play the strategic ploy {name}{on}"

    def _attack(self, action: engine.Attack) -> str:
        game = self.game
        attacker = game.state.operatives[action.operative]
        weapon = game.config.datacards[attacker.card].weapon(action.weapon)
        with_ = weapon.name if weapon is not None else action.weapon
        over = " (overcharged)" if action.overcharge else ""
        return f"attack {self.operative(action.target)} with the {with_}{over}"

    def _mission_action(self, action: engine.MissionAction) -> str:
        definition = next((d for d in self.game.config.mission_actions
                           if d.id == action.action), None)
        name = definition.name if definition is not None else action.action
        on = f" on {self.objective(action.args[0])}" if action.args else ""
        return english(f"{name} with {self.operative(action.operative)}{on}")

    def _use(self, action: engine.Use) -> str:
        card = self.game.config.wargear_card(action.player, action.card)
        return f"use {card.name if card else action.card} on {self.operative(action.operative)}"

    def _agree(self, action: engine.AgreeResult) -> str:
        return "agree a draw" if action.winner == 0 else \
            f"agree a win for {self.player(action.winner)}"


# each action's short instruction (see Words.action), by its type: the Fireteam rules' here,
# each other system's declared beside its screens and registered by game.ui.words
_ACTION_PHRASES: dict[type, Callable[[Words, Any], str]] = {
    engine.Keep: lambda w, a: "keep all three targets of opportunity",
    engine.Mulligan: Words._mulligan,
    engine.Deploy: lambda w, a: f"place {w.operative(a.operative)} on {a.hex}",
    engine.Reveal: Words._reveal,
    engine.PlayPloy: Words._play_ploy,
    engine.Activate: lambda w, a: f"activate {w.operative(a.operative)}",
    engine.Move: lambda w, a: f"move {w.operative(a.operative)} to {a.destination}",
    engine.Attack: Words._attack,
    engine.Disengage: lambda w, a: f"disengage {w.operative(a.operative)} to {a.hex}",
    engine.Wait: lambda w, a: "end this activation (Wait)",
    engine.Cancel: lambda w, a: "cancel this activation",
    engine.MissionAction: Words._mission_action,
    engine.Use: Words._use,
    engine.Concede: lambda w, a: f"{w.player(a.player)} concedes",
    engine.AgreeResult: Words._agree,
}


def register_phrases(phrases: dict[type, Callable[[Words, Any], str]]) -> None:
    """Declare the short instructions of a rule set's actions from outside the package."""
    _ACTION_PHRASES.update(phrases)


def phrase_of(kind: type[engine.Action]) -> Callable[[Words, Any], str] | None:
    """The declared short instruction of actions of ``kind`` (None: none is declared, and
    :meth:`Words.action` would fall back on the notation)."""
    return next((_ACTION_PHRASES[k] for k in kind.__mro__ if k in _ACTION_PHRASES), None)

