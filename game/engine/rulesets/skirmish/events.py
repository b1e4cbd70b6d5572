"""The events of the skirmish rule set (game/engine/rulesets/skirmish). Like every event, each is
registered in :data:`game.engine.events.EVENT_TYPES` by being defined, prints its own log
sentence and reports every d6 it rolled in ``dice_rolled``. Moves, wounds and destroyed
operatives use the shared ``Moved``; wounds and destroyed operatives use :class:`Wounded` and
:class:`Destroyed`, kinds of the shared ``Damaged`` and ``TakenDown`` (so whatever reacts
to those reacts to these) that speak in these rules' terms: wounds against a Tough, and
destroyed rather than taken down."""

from __future__ import annotations

from game.engine.events import Damaged, Event, MissionEnded, Scored, TakenDown, dice_text


class MarkersRolled(Event):
    """The D3+2 objective markers of the game (``roll`` is the d6 read as a D3)."""

    roll: int
    count: int

    def __str__(self) -> str:
        return f"objective markers: D3 rolls {(self.roll + 1) // 2} ({self.roll}): " \
               f"{self.count} markers"


class MarkersLeftOut(Event):
    """No hex was left far enough from the others for these markers: they are not used."""

    objectives: tuple[str, ...]

    def __str__(self) -> str:
        return f"no room for marker(s) {', '.join(self.objectives)}: left out"


class RoundStarted(Event):
    round: int
    first: int
    text = "round {round}: player {first} activates first"


class Ordered(Event):
    """An operative's activation begins with its order."""

    player: int
    operative: str
    order: str  # hold, advance, rush, charge; "idle" for a Shaken operative's Hold
    text = "{operative} activates: {order}"


class QualityRolled(Event):
    """An attack's Quality tests: one die per attack (``purpose`` shooting or melee), each
    success a hit. ``needed`` is what succeeds (6 when fatigued: unmodified 6s only). Morale
    tests are :class:`MoraleTested`."""

    operative: str
    purpose: str
    needed: int
    dice: tuple[int, ...]
    successes: int
    weapon: str = ""
    target: str = ""

    def __str__(self) -> str:
        verb = "strikes" if self.purpose == "melee" else "shoots"
        tests = "Quality test" if len(self.dice) == 1 else "Quality tests"
        needed = "fatigued, unmodified 6s only" if self.purpose == "melee" and \
            self.needed == 6 else f"{self.needed}+"
        hits = f"{self.successes} hit" + ("" if self.successes == 1 else "s")
        return f"{self.operative} {verb} {self.target} with {self.weapon}: " \
               f"{len(self.dice)} {tests} ({needed}) {dice_text(self.dice)}: {hits}"


class DefenseRolled(Event):
    """The defender's dice, one per hit that can be blocked; ``modifier`` is +1 for cover
    and -1 for AP(1) together."""

    operative: str
    needed: int
    modifier: int
    dice: tuple[int, ...]
    blocks: int
    cover: bool = False
    unblockable: int = 0  # Rending hits, which no die blocks

    def __str__(self) -> str:
        parts = (["+1 for cover"] if self.cover else []) + \
            ([f"{self.modifier - (1 if self.cover else 0):+d} for AP"]
             if self.modifier != (1 if self.cover else 0) else [])
        mod = f" ({', '.join(parts)})" if parts else ""
        rend = f", and {self.unblockable} Rending hit(s) that no roll blocks" \
            if self.unblockable else ""
        rolls = "Defense roll" if len(self.dice) == 1 else "Defense rolls"
        return f"{self.operative} makes {len(self.dice)} {rolls} at {self.needed}+{mod} " \
               f"{dice_text(self.dice)}: {self.blocks} blocked{rend}"


def _wounds(n: int) -> str:
    return f"{n} wound" + ("" if n == 1 else "s")


class Wounded(Damaged):
    """Wounds given to an operative (``amount``; ``total`` its wounds after) against its
    converted ``tough``; ``cause`` as for ``Damaged`` ("attack", "dangerous terrain")."""

    tough: int = 0

    def __str__(self) -> str:
        why = f" from {self.cause}" if self.cause and self.cause != "attack" else ""
        return f"{self.operative} takes {_wounds(self.amount)}{why} ({self.total} of its " \
               f"Tough {self.tough})"


class Destroyed(TakenDown):
    """An operative removed as destroyed: its wounds reached its Tough, or it routed."""
    text = "{operative} is destroyed"


class Met(Event):
    """The charged operative steps to ``hex`` to meet a charge that fell short (None: it
    stays, and there is no melee)."""

    operative: str
    hex: str | None
    text = ("{hex:{operative} moves to {hex} to meet the charge|"
            "{operative} does not meet the charge}")


class StruckBack(Event):
    operative: str
    strike: bool
    text = "{operative} {strike:strikes back|does not strike back}"


class Fatigued(Event):
    operative: str
    text = "{operative} is fatigued until the round ends"


class MeleeResult(Event):
    """Who lost a melee: the one that took more wounds during the activation."""

    charger: str
    defender: str
    wounds: tuple[int, int]  # the charger's, the defender's
    loser: str | None
    text = ("melee: {charger} took {wounds[0]} wound(s), {defender} took {wounds[1]}: "
            "{loser:{loser} loses|neither side loses}")


class MoraleTested(Event):
    """A morale test: ``roll`` 0 when a Shaken operative fails it without rolling;
    ``outcome`` steady, shaken or routed."""

    operative: str
    needed: int
    roll: int
    outcome: str
    melee: bool = False
    text = ("{operative} tests morale ({melee:lost a melee|at half strength or less}, Quality "
            "{needed}+): {roll:rolls {roll}|is Shaken and fails at once}: {outcome}")


class Rallied(Event):
    operative: str
    text = "{operative} spent its activation idle and is no longer Shaken"


class PulledBack(Event):
    operative: str
    path: tuple[str, ...]  # from, to (from only: no room to pull back)

    def __str__(self) -> str:
        if len(self.path) < 2:
            return f"{self.operative} has no room to pull back"
        return f"{self.operative} pulls back to {self.path[-1]}"


class Pushed(Event):
    """A push: ``roll`` 4+ moves ``target`` to ``hex``; ``roll`` 0 when the attacker
    declines."""

    operative: str
    target: str
    roll: int
    hex: str | None

    def __str__(self) -> str:
        if not self.roll:
            return f"{self.operative} does not push"
        if self.hex is None:
            return f"{self.operative} tries to push {self.target}: rolls {self.roll}, fails"
        return f"{self.operative} pushes {self.target} to {self.hex} (rolls {self.roll})"


class DangerousRolled(Event):
    """Dangerous terrain: one die per wound the operative has left, a wound per 1."""

    operative: str
    hex: str
    dice: tuple[int, ...]
    wounds: int

    def __str__(self) -> str:
        return f"{self.operative} in dangerous terrain at {self.hex}: {dice_text(self.dice)}: " \
               f"{self.wounds} wound(s)"


class ObjectiveSeized(Event):
    """End of a round: ``player`` seizes ``objective`` (0: contested, it goes neutral)."""

    objective: str
    player: int
    previous: int
    text = "{player:player {player} seizes {objective}|{objective} is contested and goes neutral}"


def count_markers(n: int) -> str:
    """"1 marker", "2 markers": how the skirmish rules' score is said (log, banner, end)."""
    return f"{n} marker" + ("" if n == 1 else "s")


class MarkersScored(Scored):
    """The skirmish rules' score: the markers ``objectives`` a player holds when the battle
    ends (``vp`` counts them; these rules have no victory points of their own)."""

    def __str__(self) -> str:
        where = f": {', '.join(self.objectives)}" if self.objectives else ""
        return f"player {self.player} holds {count_markers(self.vp)} at the end{where}"


class BattleEnded(MissionEnded):
    """The end of a skirmish battle: ``vp`` counts each player's markers held."""

    def __str__(self) -> str:
        result = "a draw" if self.winner == 0 else f"player {self.winner} wins"
        return (f"the battle is over: {count_markers(self.vp[0])} to {count_markers(self.vp[1])} "
                f"held, {result}")


__all__ = ["BattleEnded", "DangerousRolled", "DefenseRolled", "Destroyed", "Fatigued",
           "MarkersLeftOut", "MarkersRolled", "MarkersScored", "MeleeResult", "Met", "MoraleTested",
           "ObjectiveSeized", "Ordered", "PulledBack", "Pushed", "QualityRolled", "Rallied",
           "RoundStarted", "StruckBack", "Wounded", "count_markers"]
