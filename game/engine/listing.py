"""The legal actions as one sequence whose long runs are built on first use.

At an activation's step most of the listed actions are Moves, one to each hex the operative
can reach, and whoever asks for the list usually takes one or two of them (a random player,
a screen waiting for a click). A rule may therefore hand the listing a :class:`LazyRun`: a
sequence that knows how many actions it holds, and builds each one the first time it is asked
for (and hands the same object out after that, so an action taken from the list is known
again by its identity). :class:`Listing` joins the rules' parts, in order, into one read-only
sequence: indexing, slicing, ``len``, iteration and ``in`` behave as on a tuple of the same
actions, and it compares equal to one."""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, repeat
from typing import Any, TypeVar, overload

from game.engine.actions import Action

_is = operator.is_
_after = bisect_right
# the LazyRun classes, and the plain sequences a Listing keeps as they are
_LAZY: set[type] = set()
_KEPT = frozenset((list, tuple))
A = TypeVar("A", bound=Action)


class LazyRun(Sequence[A]):
    """A run of actions built on demand. A subclass sets ``built`` to a list of None as long
    as the run and builds its ``i``-th action (``build``); built actions are kept there."""

    __slots__ = ("built",)

    built: list[A | None]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _LAZY.add(cls)  # asked by the class itself: an ABC's isinstance() is slow

    def build(self, i: int) -> A:
        raise NotImplementedError

    def build_all(self) -> None:
        """Build every action not built yet (a subclass may do it in one pass)."""
        built = self.built
        for i, action in enumerate(built):
            if action is None:
                built[i] = self.build(i)

    def __len__(self) -> int:
        return len(self.built)

    @overload
    def __getitem__(self, i: int) -> A: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[A]: ...

    def __getitem__(self, i: int | slice) -> A | Sequence[A]:
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(len(self.built))))
        built = self.built
        action = built[i]
        if action is None:
            if i < 0:
                i += len(built)
            action = built[i] = self.build(i)
        return action

    def __iter__(self) -> Iterator[A]:
        built = self.built
        if None in built:
            self.build_all()
        return iter(built)  # type: ignore[arg-type]

    def holds(self, action: Action) -> bool:
        """Whether ``action`` is one of the actions built so far (by identity)."""
        return any(map(_is, self.built, repeat(action)))


class Listing(Sequence[Action]):
    """The rules' parts of a listing, in order, as one read-only sequence of actions: plain
    lists and tuples as they are, :class:`LazyRun` parts built as they are read."""

    __slots__ = ("_parts", "_ends", "_len", "_last")

    def __init__(self, parts: Iterable[Sequence[Action]]) -> None:
        kept: list[Sequence[Action]] = []
        ends: list[int] = []
        total = 0
        for part in parts:
            if type(part) not in _KEPT and type(part) not in _LAZY:
                part = tuple(part)
            if part:
                total += len(part)
                kept.append(part)
                ends.append(total)
        self._parts = kept
        self._ends = ends
        self._len = total
        self._last: Action | None = None  # the action read last by its index

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(self._len)))
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("listing index out of range")
        ends = self._ends
        k = _after(ends, i)  # the part that holds it: the first that ends past it
        part = self._parts[k]
        if k:
            i -= ends[k - 1]
        if type(part) in _LAZY:  # (LazyRun.__getitem__ written out: one call fewer)
            built = part.built  # type: ignore[attr-defined]
            action = built[i]
            if action is None:
                action = built[i] = part.build(i)  # type: ignore[attr-defined]
        else:
            action = part[i]
        self._last = action
        return action  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def __bool__(self) -> bool:
        return self._len > 0

    def holds(self, action: Action) -> bool:
        """Whether ``action`` is, by identity, one of the actions handed out by this listing
        (an action of a lazy run that was never read cannot have been handed out)."""
        if action is self._last:  # (the one a player has just picked)
            return True
        for part in self._parts:
            if type(part) in _LAZY:
                if part.holds(action):  # type: ignore[attr-defined]
                    return True
            elif any(map(_is, part, repeat(action))):
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Listing, tuple)):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Listing({tuple(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))


def joined(parts: list[Any]) -> Sequence[Action]:
    """The listing of the rules' ``parts`` (each an iterable of actions, in order): a tuple
    when none of them is a :class:`LazyRun` (chained in one pass), else a :class:`Listing`
    of them (its parts gathered here)."""
    if _LAZY.isdisjoint(map(type, parts)):  # most steps: no run to build as it is read
        return tuple(_chain(parts))
    kept: list[Sequence[Action]] = []
    ends: list[int] = []
    total = 0
    plain, lazy = _KEPT, _LAZY
    for part in parts:
        kind = type(part)
        if kind not in plain and kind not in lazy:
            part = tuple(part)
        if part:
            total += len(part)
            kept.append(part)
            ends.append(total)
    listing = _new(Listing)
    listing._parts, listing._ends, listing._len = kept, ends, total
    listing._last = None
    return listing


_chain = chain.from_iterable
_new = object.__new__


def holds(listing: Sequence[Action], action: Action) -> bool:
    """Whether ``action`` is, by identity, one of the actions ``listing`` handed out."""
    if type(listing) is Listing:
        return listing.holds(action)
    return any(map(_is, listing, repeat(action)))
