"""The engine's errors: both are ValueErrors whose message says what is wrong."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message says why."""


class SaveError(ValueError):
    """A saved game that cannot be loaded; the message names what is wrong."""
