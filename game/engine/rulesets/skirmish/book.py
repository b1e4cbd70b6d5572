"""The skirmish rules' :class:`~game.engine.contract.Book`: what the engine asks of them (their
flow, actions, markers, save checks and odds), declared here beside their meaning."""

from __future__ import annotations

from game.engine.contract import Book
from game.engine.rulesets import skirmish
from game.engine.rulesets.skirmish import table
from game.engine.rulesets.skirmish.core import MARKERS, ROUNDS, activatable, covered
from game.engine.rulesets.skirmish.events import BattleEnded, MarkersScored
from game.engine.rulesets.skirmish.invariants import broken
from game.engine.rulesets.skirmish.odds import odds_of
from game.engine.rulesets.skirmish.save_check import check


def make() -> Book:
    # no targets of opportunity; the players place D3+2 markers of their own; the killzone's
    # dangerous hexes count; the datacards play as converted profiles, without their rules
    return Book(skirmish.RULES, table.FLOW, table.START, table.STEPS_OF_PHASE,
                skirmish.generate, skirmish.why_not, covered, activatable, MarkersScored,
                BattleEnded, invariants=broken, card_rules=False, markers=MARKERS,
                turning_points=ROUNDS, targets=False, dangerous=True, save_checks=check,
                odds=odds_of)
