"""The action chooser (game/ui/chooser.py): every legal action is reached by its clicks, the
board marks exactly what the engine allows, and the hint follows the picks."""

from __future__ import annotations

import pytest

from game.ai.random_player import RandomPlayer
from game.engine.actions import Action, Attack, MissionAction, Move, Mulligan, PlayPloy
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Step
from game.ui.chooser import Chooser, Kind, Refusal, chosen_here, route
from tests.helpers import tiered

TEAMS = ("gideon", "deathless_destroyers")
NAMES = {1: "Ann", 2: "Bob"}


def chooser_of(game: Game) -> Chooser:
    return Chooser(game.state, game.config, game.legal_actions(), game.why_not)


def walk(game: Game | Chooser, action: Action) -> Action:
    """Follow next_click from the root (``game``'s, or the chooser given) to ``action`` as a
    player would click."""
    chooser: Chooser | Action | Refusal = game if isinstance(game, Chooser) else \
        chooser_of(game)
    for _ in range(8):
        assert isinstance(chooser, Chooser), chooser
        click = chooser.next_click(action)
        assert click is not None, action
        kind, value = click
        if value.startswith("card "):
            chooser = chooser.toggle(value[5:])
            continue
        if kind == Kind.VERB and value == "swap":
            return chooser.swap()  # type: ignore[return-value]
        chooser = chooser.pick_hex(value) if kind.on_board else chooser.pick(value)
        if not isinstance(chooser, Chooser):
            assert isinstance(chooser, Action), chooser
            return chooser
    raise AssertionError(f"{action} not reached")


# the second game (the other killzone side) in the slow tier
@pytest.mark.parametrize("seed,mission", tiered([(3, "dual_strike"), (8, "power_up")], keep=1,
                                                unpack=True))
def test_every_legal_action_is_reached_by_its_clicks(catalogue, seed, mission):
    game = Game.new(catalogue, mission, TEAMS, RandomDice(seed))
    player = RandomPlayer(seed)
    for _ in range(260):
        if game.is_over:
            break
        legal = [a for a in game.legal_actions() if chosen_here(a)]
        seen_routes = {}
        root = chooser_of(game)  # immutable: every walk starts from it
        for action in legal:
            reached = walk(root, action)
            assert reached == action
            if isinstance(action, Mulligan):
                continue  # the cards are toggled on the hand, then one Swap button
            fields = route(action, game.state, game.config)
            # one route per action: the clicks tell every two actions apart
            assert seen_routes.setdefault(fields, action) == action
        game.apply(player.choose(game))


def test_objective_picks_mark_only_the_objectives_the_engine_allows(catalogue):
    found = 0
    for seed in range(1, 30):
        game = Game.new(catalogue, "power_up", TEAMS,
                        RandomDice(seed))
        player = RandomPlayer(seed)
        for _ in range(400):
            if game.is_over:
                break
            options = [a for a in game.legal_actions()
                       if isinstance(a, MissionAction) and a.args]
            if options:
                root = chooser_of(game)
                picked = root.pick(f"action:{options[0].action}")
                assert isinstance(picked, Chooser)
                assert picked.next_kind == Kind.OBJECTIVE
                allowed = {game.objective_hex(a.args[0]) for a in options
                           if a.action == options[0].action}
                assert set(picked.board()) == allowed
                assert "objective" in picked.hint(NAMES)
                # a click on an objective not allowed gives the engine's reason
                other = [game.objective_hex(o) for o in game.config.objectives
                         if game.objective_hex(o) not in allowed and game.objective_hex(o)]
                for h in other:
                    refusal = picked.pick_hex(h)
                    assert isinstance(refusal, Refusal) and refusal.reason
                found += 1
                if found >= 3:
                    return
            game.apply(player.choose(game))
    assert found, "no Power Up objective action came up"


def test_the_hint_follows_the_picks(catalogue):
    game = Game.new(catalogue, "dual_strike", ("kappic_eagles", "bad_ladz"), RandomDice(5))
    player = RandomPlayer(5)
    seen_weapon = seen_ploy = False
    for _ in range(3000):
        if game.is_over or (seen_weapon and seen_ploy):
            break
        legal = game.legal_actions()
        attack = next((a for a in legal if isinstance(a, Attack)), None)
        if attack is not None and not seen_weapon:
            root = chooser_of(game)
            enemy = root.pick("attack")
            assert isinstance(enemy, Chooser) and "crosshair" in enemy.hint(NAMES)
            target = game.state.operatives[attack.target].hex
            weapon = enemy.pick_hex(target)
            assert isinstance(weapon, Chooser) and weapon.next_kind == Kind.WEAPON
            assert "crosshair" not in weapon.hint(NAMES)
            assert attack.target in weapon.hint(NAMES)
            # the buttons are now the weapons against that target only
            assert {a.target for _, a in weapon.weapon_options()} == {attack.target}
            seen_weapon = True
        ploy = next((a for a in legal if isinstance(a, PlayPloy) and a.args), None)
        if ploy is not None and not seen_ploy:
            root = chooser_of(game)
            assert "strategic ploy" in root.hint(NAMES)
            named = root.pick(f"ploy:{ploy.ploy}")
            assert isinstance(named, Chooser)
            assert "strategic ploy" not in named.hint(NAMES)
            assert "click the operative" in named.hint(NAMES)
            seen_ploy = True
        game.apply(player.choose(game))
    assert seen_weapon and seen_ploy


def test_a_move_click_on_an_attackable_enemy_switches_to_attack(catalogue):
    game = Game.new(catalogue, "dual_strike", TEAMS,
                    RandomDice(5))
    player = RandomPlayer(5)
    for _ in range(3000):
        legal = game.legal_actions()
        attack = next((a for a in legal if isinstance(a, Attack)), None)
        if attack is not None and any(isinstance(a, Move) for a in legal):
            moving = chooser_of(game).pick("move")
            assert isinstance(moving, Chooser)
            result = moving.pick_hex(game.state.operatives[attack.target].hex)
            assert isinstance(result, Chooser) and result.next_kind == Kind.WEAPON
            return
        game.apply(player.choose(game))
    raise AssertionError("no attack came up")


def test_a_step_not_yours_offers_nothing(catalogue):
    game = Game.new(catalogue, "dual_strike", TEAMS,
                    RandomDice(1))
    empty = Chooser(game.state, game.config, ())
    assert empty.buttons() == [] or game.state.step == Step.MULLIGAN
    assert empty.board() == {}
