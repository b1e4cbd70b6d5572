"""A faster look-up of pygame-gui's theming ids, installed once by ``game.ui.app``.

pygame-gui (0.6.x) works out, for every widget it builds, the list of theme ids that apply to
it (``UIAppearanceTheme.build_all_combined_ids``). It caches the answer, but under a key made
with nested ``str.join`` calls whose length is the product of its parts' lengths: building
the key costs tens of microseconds a widget, and a screen that rebuilds its widgets (the card
grid as it scrolls, the mission editor as a name is typed) spends a fifth of its time there.

The answer depends on the four id lists only (not on the theme's contents), so it is kept
here under the lists themselves, shared by every theme; the first look-up of a combination
still asks pygame-gui. Nothing else of pygame-gui changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

IdList = Sequence[str | None] | None
Key = tuple[tuple[str | None, ...] | None, ...]

_ORIGINAL = UIAppearanceTheme.build_all_combined_ids
_FOUND: dict[Key, list[str]] = {}


def _ids(values: IdList) -> tuple[str | None, ...] | None:
    return None if values is None else tuple(values)


def build_all_combined_ids(theme: UIAppearanceTheme, element_base_ids: IdList,
                           element_ids: IdList, class_ids: IdList,
                           object_ids: IdList) -> list[str]:
    """pygame-gui's answer for these id lists (remembered after its first computation)."""
    key = (_ids(element_base_ids), _ids(element_ids), _ids(class_ids), _ids(object_ids))
    found = _FOUND.get(key)
    if found is None:
        found = _ORIGINAL(theme, element_base_ids, element_ids, class_ids, object_ids)
        _FOUND[key] = found
    return found


def install() -> None:
    """Put the faster look-up in place (idempotent)."""
    UIAppearanceTheme.build_all_combined_ids = build_all_combined_ids  # type: ignore[method-assign,assignment]
