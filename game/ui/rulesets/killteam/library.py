"""The Kill Team classic pack's rules in the card library: their kind of card, the cards
(game/help/rulesets/killteam/cards.py) and how one is laid out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Catalogue
from game.help.rulesets.killteam.cards import PackRule, pack_cards
from game.ui.context import DIM

if TYPE_CHECKING:
    from game.ui.card_art import CardArt, _Lines
    from game.ui.scenes.cards import Entry

KIND = ("kill_team", "Kill Team classic rules", "Kill Team", "crossed-swords",
        "Kill Team classic rule")


def library_cards(catalogue: Catalogue) -> list[tuple[str, str, object, str]]:
    """Each of the pack's rules as a card: (key, name, the rule, its search words)."""
    return [(rule.id, rule.name, rule, f"{rule.search} kill team classic")
            for rule in pack_cards(catalogue)]


def pack_rule_lines(art: CardArt, b: _Lines, obj: PackRule, entry: Entry) -> None:
    """A rule's card: its group, its paragraphs, its table, the missions that use it."""
    b.label(obj.group, DIM)
    b.gap(4)
    for i, paragraph in enumerate(obj.text):
        if i:
            b.gap(4)
        b.text(paragraph)
    if obj.table:
        b.rule()
        b.label("D6 — our own table")
        for line in obj.table:
            b.text(line)
    b.rule()
    b.label("Used in: " + ", ".join(obj.missions), DIM)


__all__ = ["KIND", "library_cards", "pack_rule_lines"]
