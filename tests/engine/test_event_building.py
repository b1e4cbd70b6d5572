"""Events are built by an ``__init__`` written for speed (events._quick_init): it must take the
same arguments, with the same defaults, and give the same frozen event as the one dataclasses
writes."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import game.engine  # noqa: F401 - every system registers its events
from game.engine.events import EVENT_TYPES, Activated, Event, Moved


def _quick(cls: type[Event]) -> bool:
    return "values" in cls.__init__.__code__.co_varnames


def test_every_systems_events_have_the_quick_init() -> None:
    """The Kill Team pack's and the skirmish rules' events too (declared in their folders,
    after the core's): each gets it as it is declared."""
    assert _quick(Moved) and _quick(Activated)
    slow = sorted(name for name, cls in EVENT_TYPES.items() if not _quick(cls))
    assert slow == []
    folders = {cls.__module__.split(".")[3] for cls in EVENT_TYPES.values()
               if cls.__module__.startswith("game.engine.rulesets.")}
    assert {"killteam", "skirmish"} <= folders


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_an_event_takes_its_fields_in_order_with_their_defaults(name: str) -> None:
    cls = EVENT_TYPES[name]
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        assert p.default is (inspect.Parameter.empty if f.default is dataclasses.MISSING
                             else f.default)
    # every field set from its argument, the others from their defaults, and frozen
    values = [object() for _ in fields]
    event = cls(*values)
    assert vars(event) == {f.name: v for f, v in zip(fields, values, strict=True)}
    assert event == cls(**{f.name: v for f, v in zip(fields, values, strict=True)})
    required = [f for f in fields if f.default is dataclasses.MISSING]
    short = cls(*values[:len(required)])
    assert vars(short) == {f.name: (v if f.default is dataclasses.MISSING else f.default)
                           for f, v in zip(fields, values, strict=True)}
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, fields[0].name, 1)
    with pytest.raises(TypeError):
        cls(*values, object())
