"""Sources of randomness. The rules never call a random module: every d6 and every shuffle
comes from an injected :class:`Dice`, so a seed (or a script of results) replays a game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple, Protocol

_MASK = (1 << 64) - 1
_SPAN = 1 << 64  # how many values next() gives


class D6Roll(NamedTuple):
    """One d6 the game rolled (saved as ``["d6", value]``)."""

    kind: Literal["d6"]
    value: int


class Draw(NamedTuple):
    """One draw of a whole number in 0..bound-1 (shuffles, random picks; saved as
    ``["below", bound, value]``)."""

    kind: Literal["below"]
    bound: int
    value: int


# one entry of a game's record of random results
RollRecord = D6Roll | Draw


def roll_record(entry: Sequence[int | str]) -> RollRecord:
    """A saved ``["d6", v]`` or ``["below", n, v]`` entry as a record; raises ValueError for
    anything else (the save checker has explained it already when it came from a save)."""
    if len(entry) == 2 and entry[0] == "d6":
        return D6Roll("d6", int(entry[1]))
    if len(entry) == 3 and entry[0] == "below":
        return Draw("below", int(entry[1]), int(entry[2]))
    raise ValueError(f"not a record of a random result: {list(entry)!r}")


def shuffle(items: list[Any], below: Callable[[int], int]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates), each draw ``below(n)`` a whole number in
    0..n-1: the one shuffle of the engine, with a game's dice or a search's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]


class DiceExhaustedError(RuntimeError):
    """A :class:`ScriptedDice` was asked for a die it does not have."""


class Dice(Protocol):
    """What the engine asks of a source of randomness."""

    def d6(self) -> int:
        """One six-sided die: 1..6."""
        ...

    def below(self, n: int) -> int:
        """A uniform whole number in 0..n-1 (for shuffles and random draws)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The source's exact state, so that a saved game continues identically."""
        ...


class SplitMix64:
    """A tiny, fast generator whose whole state is one integer (easy to save)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        # rejection sampling keeps it exactly uniform; next() written out (the random
        # player draws at every action)
        limit = _SPAN - _SPAN % n
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n


class RandomDice:
    """Seeded dice: one seed gives one sequence of rolls and shuffles in every process."""

    def __init__(self, seed: int = 0, state: int | None = None) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)
        if state is not None:
            self._rng.state = state

    def d6(self) -> int:
        return self._rng.below(6) + 1

    def below(self, n: int) -> int:
        return self._rng.below(n)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "random", "seed": self.seed, "state": self._rng.state}


class ScriptedDice:
    """Dice that return a fixed script of d6 results, in order, and fail loudly when empty.

    Shuffles and random draws are not d6 rolls: they come from a generator seeded with
    ``seed``, as scenario files specify.
    """

    def __init__(self, rolls: Sequence[int], seed: int = 0, used: int = 0,
                 state: int | None = None) -> None:
        for value in rolls:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise ValueError(f"a scripted die must be a whole number 1..6, not {value!r}")
        self.rolls = list(rolls)
        self.used = used
        self.seed = seed
        self._rng = SplitMix64(seed)
        if state is not None:
            self._rng.state = state

    @property
    def left(self) -> int:
        return len(self.rolls) - self.used

    def d6(self) -> int:
        if self.used >= len(self.rolls):
            raise DiceExhaustedError(
                f"the scripted dice ran out after {len(self.rolls)} rolls")
        value = self.rolls[self.used]
        self.used += 1
        return value

    def below(self, n: int) -> int:
        return self._rng.below(n)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "scripted", "rolls": list(self.rolls), "used": self.used,
                "seed": self.seed, "state": self._rng.state}


class ReplayDice:
    """Replays a recorded log of random results (``("d6", v)`` / ``("below", n, v)``)."""

    def __init__(self, record: Sequence[Sequence[int | str]], used: int = 0) -> None:
        self.record: list[RollRecord] = [roll_record(r) for r in record]
        self.used = used

    def _take(self, kind: str) -> RollRecord:
        if self.used >= len(self.record):
            raise DiceExhaustedError("the recorded dice ran out")
        entry = self.record[self.used]
        if entry[0] != kind:
            raise DiceExhaustedError(f"the replay expected a {entry[0]} roll, not {kind}")
        self.used += 1
        return entry

    def d6(self) -> int:
        return self._take("d6").value

    def below(self, n: int) -> int:
        entry = self._take("below")
        assert isinstance(entry, Draw)
        if entry.bound != n:
            raise DiceExhaustedError(f"the replay drew from {entry.bound}, not {n}")
        return entry.value

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "replay", "record": [list(r) for r in self.record], "used": self.used}


def dice_from_dict(data: dict[str, Any]) -> Dice:
    """Rebuild a dice source saved by ``to_dict``; raises ValueError on a malformed entry."""
    kind = data.get("kind")
    if kind == "random":
        return RandomDice(int(data["seed"]), int(data["state"]))
    if kind == "scripted":
        return ScriptedDice(list(data["rolls"]), int(data["seed"]), int(data["used"]),
                            int(data["state"]))
    if kind == "replay":
        return ReplayDice(list(data["record"]), int(data["used"]))
    raise ValueError(f"unknown dice kind {kind!r}")


def copy_dice(dice: Dice) -> Dice:
    """An independent copy of a dice source, at the same point of its sequence."""
    if isinstance(dice, RandomDice):
        new = RandomDice(dice.seed)
        new._rng.state = dice._rng.state
        return new
    return dice_from_dict(dice.to_dict())
