"""The analysis says a target is in cover only when the engine counts it in cover
(``Game.covered``), never because it merely stands on a cover hex: from next to it the
Fireteam rules give no cover, and the odds quoted agree."""

from __future__ import annotations

from game.analysis.reasons import Names, attack_clause
from game.engine import Attack, parse_action
from tests.helpers import position

TEXT = """
mission: dual_strike
fireteams: {1: gideon, 2: deathless_destroyers}
operatives:
  - {id: a, player: 1, card: assault_intercessor_sergeant, at: %s}
  - {id: t, player: 2, card: necron_warrior, at: B4}
start: {turning_point: 2, phase: firefight, initiative: 1, turn: 1}
"""


def _pistol_clause(at: str) -> str:
    game = position(TEXT % at)
    assert "B4" in game.grid.cover
    game.apply(parse_action("1 activate a"))
    shot = parse_action("1 attack a plasma_pistol t")
    assert isinstance(shot, Attack) and shot in game.legal_actions()
    return attack_clause(game, Names(game, {}), shot)


def test_a_target_on_a_cover_hex_is_in_cover_from_afar_only() -> None:
    far, near = _pistol_clause("D5"), _pistol_clause("B5")
    assert far.endswith("(Necron Warrior is in cover on B4)")
    assert "cover" not in near
    assert far.startswith("a 10 % chance") and near.startswith("a 20 % chance")
