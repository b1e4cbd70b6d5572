"""The questions a screen or a computer player asks: why_not, reach, targets_from, threat,
attack_odds. They are pure (they change nothing and roll nothing) and agree with the rules."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from game.engine.actions import (
    Action,
    AgreeResult,
    Attack,
    Concede,
    Disengage,
    Move,
    parse_action,
)
from game.engine.game import Game, IllegalActionError
from game.engine.state import Step
from tests.engine.positions import TROOPER, positions
from tests.helpers import position, seeded_game, tiered

SIXTH = Fraction(1, 6)


def game_at(operatives: str, killzone: str = "{columns: 7, rows: 7}",
            actions: tuple[str, ...] = ("1 activate a",)) -> Game:
    """A 7x7 killzone with troopers (and any shipped card) in the firefight, after
    ``actions``."""
    game = position(f"killzone: {killzone}\n{TROOPER}\noperatives:\n"
                    f"{operatives}\nstart: {{phase: firefight}}\n")
    for line in actions:
        game.apply(parse_action(line))
    return game


def snapshot(game: Game) -> tuple[Any, ...]:
    return (game.state.to_dict(), list(game.record), game.dice.to_dict(), list(game.events),
            list(game.log), game.legal_actions())


# --- why_not ------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", tiered(range(0, 24, 3), 3))  # the rest: slow tier
def test_every_legal_action_has_no_reason_against_it(seed: int) -> None:
    for game in positions(seed, every=3):
        if game.is_over:
            assert game.legal_actions() == ()
            continue
        legal = game.legal_actions()
        assert isinstance(legal, Sequence) and legal and legal == tuple(legal)
        for action in legal:
            assert game.why_not(action) is None, action
            assert game.is_legal(action)


def test_why_not_is_none_exactly_for_the_listed_actions() -> None:
    """Actions met in other positions (Moves aside: any path to a listed hex is legal) are
    legal here exactly when legal_actions() lists them; and the one exception: a concession
    or an agreed result by the player not to act (either player may make one at any moment,
    while legal_actions() lists only the decisions of the player to act)."""
    pool: set[Action] = set()
    games = [positions(seed, every=4) for seed in (1, 4, 7, 10)]
    checked = 0
    for stream in games:
        for n, game in enumerate(stream):
            legal = game.legal_actions()
            pool.update(a for a in legal if not isinstance(a, Move))
            if n % 3 or game.is_over:
                continue
            listed = set(legal)
            for action in pool:
                reason = game.why_not(action)
                if isinstance(action, (Concede, AgreeResult)) and \
                        action.player != game.state.to_act:
                    assert reason is None, (action, reason)
                    continue
                assert (reason is None) == (action in listed), (action, reason)
                assert reason is None or (isinstance(reason, str) and reason)
                checked += 1
    assert checked > 2000


def test_a_move_too_far_is_out_of_reach() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C1}\n"
                             "  - {id: x, player: 2, card: trooper, at: G7}")
    assert game.why_not(parse_action("1 move a C2 C3 C4")) is None
    reason = game.why_not(parse_action("1 move a C2 C3 C4 C5"))
    assert reason is not None and "out of reach" in reason and "Move 3" in reason
    reason = game.why_not_move_to("a", "C5")
    assert reason is not None and "out of reach" in reason
    assert game.why_not_move_to("a", "C4") is None
    with pytest.raises(IllegalActionError, match="out of reach"):
        game.apply(parse_action("1 move a C2 C3 C4 C5"))


def test_a_target_behind_a_blocked_hex_has_no_line_of_sight() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C2}\n"
                             "  - {id: x, player: 2, card: trooper, at: C6}",
                   killzone="{columns: 7, rows: 7, blocked: [C4]}")
    reason = game.why_not(Attack(1, "a", "carbine", "x"))
    assert reason is not None and "no line of sight" in reason and "C4" in reason
    assert Attack(1, "a", "carbine", "x") not in game.legal_actions()
    # the blade's reason is its range, not the sight line
    reason = game.why_not(Attack(1, "a", "blade", "x"))
    assert reason is not None and "out of range" in reason


def test_a_ranged_weapon_cannot_pick_an_adjacent_enemy() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C3}\n"
                             "  - {id: x, player: 2, card: trooper, at: C4}\n"
                             "  - {id: y, player: 2, card: trooper, at: C6}")
    reason = game.why_not(Attack(1, "a", "carbine", "x"))
    assert reason is not None and "Range 1 or Pistol" in reason
    assert game.why_not(Attack(1, "a", "blade", "x")) is None


def test_an_engaged_operative_must_fight_the_adjacent_enemy_first() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C3}\n"
                             "  - {id: x, player: 2, card: trooper, at: C4}\n"
                             "  - {id: y, player: 2, card: trooper, at: C6}")
    for weapon in ("carbine", "blade"):
        reason = game.why_not(Attack(1, "a", weapon, "y"))
        assert reason is not None and "must fight the adjacent enemy first (x)" in reason
    assert [str(a) for a in game.legal_actions() if isinstance(a, Attack)] == \
        ["1 attack a blade x"]


def test_disengaging_next_to_an_enemy_is_refused() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C3}\n"
                             "  - {id: x, player: 2, card: trooper, at: C4}")
    for hex_ in ("B3", "D3"):  # both touch x on C4
        reason = game.why_not(Disengage(1, "a", hex_))
        assert reason is not None and hex_ in reason and "next to an enemy" in reason
    assert game.why_not(Disengage(1, "a", "C2")) is None
    assert sorted(a.hex for a in game.legal_actions() if isinstance(a, Disengage)) == \
        ["B2", "C2", "D2"]
    reason = game.why_not(Move(1, "a", ("C2",)))
    assert reason is not None and "Disengage instead" in reason


def test_a_move_onto_its_own_hex_is_not_blamed_on_another_operative() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C2}\n"
                             "  - {id: x, player: 2, card: trooper, at: G7}")
    for reason in (game.why_not(Move(1, "a", ("C3", "C2"))), game.why_not_move_to("a", "C2")):
        assert reason is not None and "another operative" not in reason


# --- purity -------------------------------------------------------------------------------

def ask_everything(game: Game) -> None:
    """Every query, about every operative, enemy pair and legal action."""
    for op in list(game.state.operatives.values()):
        game.reach(op.id)
        game.reach(op.id, moves=2)
        game.reach(op.id, reserve_ap=1)
        game.targets_from(op.id)
        for enemy in game.state.on_killzone(3 - op.player)[:2]:
            game.threat(op.id, enemy.id)
            if enemy.hex is not None:
                game.targets_from(op.id, enemy.hex)
    for action in game.legal_actions():
        game.why_not(action)
        if isinstance(action, Attack):
            game.attack_odds(action)
        if isinstance(action, Move):
            game.why_not_move_to(action.operative, action.destination)
    for player in (1, 2, None):
        game.view(player)


@pytest.mark.parametrize("seed", [2, 9, 16])
def test_queries_change_nothing_and_roll_nothing(seed: int) -> None:
    asked = 0
    for n, game in enumerate(positions(seed, every=11)):
        if game.state.step not in (Step.ACT, Step.ACTIVATE) or n % 2:
            continue
        before = snapshot(game)
        ask_everything(game)
        assert snapshot(game) == before
        asked += 1
        if asked >= 4:
            break
    assert asked


# --- reach, targets, threat ---------------------------------------------------------------

def test_reach_of_an_inactive_operative_with_two_moves_goes_beyond_its_move() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: A1}\n"
                             "  - {id: x, player: 2, card: trooper, at: G7}")
    x = game.operative("x")
    assert game.state.active == "a" and x.hex == "G7"
    one, two = game.reach("x", moves=1), game.reach("x", moves=2)
    assert max(game.grid.distance("G7", h) for h in one) == 3
    beyond = [h for h in two if game.grid.distance("G7", h) > 3]
    assert beyond and max(game.grid.distance("G7", h) for h in two) == 6
    assert set(one) < set(two)
    assert game.reach("x") == two  # APL 2: two Move actions next activation
    assert "G7" not in two  # ending where it stands is no move
    for hex_, path in two.items():
        # a shortest path: on this open board, as many steps as the hexes between
        assert path[-1] == hex_ and len(path) == game.grid.distance("G7", hex_) <= 6
        steps = ("G7", *path)
        assert all(b in game.grid.neighbours(a) for a, b in zip(steps, steps[1:], strict=False))
        assert not set(path) & game.grid.blocked and "A1" not in path
    # the active operative: its AP left, less what it keeps for an attack
    assert game.reach("a") == game.reach("a", moves=2)
    assert game.reach("a", reserve_ap=1) == game.reach("a", moves=1)


def threat_by_definition(game: Game, defender: str, enemy: str) -> dict[str, list[str]]:
    grid = game.grid
    enemy_hex = game.operative(enemy).hex
    taken = game.occupied() - {enemy_hex}
    out = {}
    for h in grid.hexes:
        if h in grid.blocked or h in taken:
            continue
        weapons = [w.id for w, t in game.targets_from(enemy, h) if t.id == defender]
        if weapons:
            out[h] = weapons
    return out


def test_threat_hexes_are_those_from_which_the_enemy_could_pick_the_defender() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C2}\n"
                             "  - {id: x, player: 2, card: trooper, at: C6}\n"
                             "  - {id: y, player: 2, card: trooper, at: F5}",
                   killzone="{columns: 7, rows: 7, blocked: [C4, E3]}")
    for defender, enemy in (("a", "x"), ("a", "y"), ("x", "a"), ("y", "a")):
        threat = game.threat(defender, enemy)
        assert threat == threat_by_definition(game, defender, enemy)
    threat = game.threat("a", "x")
    assert "C6" not in threat  # x cannot see a through C4 from where it stands
    assert all(ws == ["blade"] for h, ws in threat.items()
               if game.grid.distance(h, "C2") == 1)
    assert any("carbine" in ws for ws in threat.values())


@pytest.mark.parametrize("seed", [5, 12])
def test_threat_agrees_with_targets_from_in_random_positions(seed: int) -> None:
    checked = 0
    for n, game in enumerate(positions(seed, every=23)):
        if game.state.step not in (Step.ACT, Step.ACTIVATE) or n % 2:
            continue
        ops = game.state.on_killzone(1)[:2]
        enemies = game.state.on_killzone(2)[:2]
        for op in ops:
            for enemy in enemies:
                assert game.threat(op.id, enemy.id) == threat_by_definition(game, op.id,
                                                                            enemy.id)
                assert game.threat(enemy.id, op.id) == threat_by_definition(game, enemy.id,
                                                                            op.id)
                checked += 1
        if checked >= 8:
            break
    assert checked


# --- odds ---------------------------------------------------------------------------------

def odds_game(target: str, extra: str = "") -> Game:
    return game_at("  - {id: a, player: 1, card: trooper, at: C2}\n" + target +
                   extra, killzone="{columns: 7, rows: 7, cover: [C5]}")


def test_odds_against_a_necron_warrior_count_reanimation_protocols() -> None:
    game = odds_game("  - {id: w, player: 2, card: necron_warrior, at: C4, "
                               "damage: 4}")
    odds = game.attack_odds(Attack(1, "a", "carbine", "w"))
    assert odds.wounds_left == 6
    assert sum(odds.damage.values()) == 1
    assert odds.p_at_least(6) > 0
    assert odds.p_take_down == odds.p_at_least(6) * Fraction(2, 3)
    # once used, the protocols save nobody
    game.operative("w").flags = ("reanimation_used",)
    game.invalidate()
    used = game.attack_odds(Attack(1, "a", "carbine", "w"))
    assert used.p_take_down == used.p_at_least(6)


def test_odds_of_an_operative_without_saving_rules() -> None:
    game = odds_game("  - {id: x, player: 2, card: trooper, at: C4, damage: 9}")
    odds = game.attack_odds(Attack(1, "a", "carbine", "x"))
    assert odds.p_take_down == odds.p_at_least(3)
    assert odds.expected == sum(d * p for d, p in odds.damage.items())


def reason_names(game: Game, attack: Attack) -> list[str]:
    return [r.name for r in game.attack_odds(attack).reasons]


def test_odds_give_cover_as_a_reason_when_the_target_is_in_cover() -> None:
    game = odds_game("  - {id: x, player: 2, card: trooper, at: C5}\n"
                               "  - {id: y, player: 2, card: trooper, at: E3}")
    assert "Cover" in reason_names(game, Attack(1, "a", "carbine", "x"))
    assert "Cover" not in reason_names(game, Attack(1, "a", "carbine", "y"))
    cover = game.attack_odds(Attack(1, "a", "carbine", "x"))
    open_ = game.attack_odds(Attack(1, "a", "carbine", "y"))
    assert cover.expected < open_.expected


def test_cover_is_no_reason_against_an_adjacent_attacker() -> None:
    game = game_at("  - {id: a, player: 1, card: trooper, at: C4}\n"
                             "  - {id: x, player: 2, card: trooper, at: C5}",
                   killzone="{columns: 7, rows: 7, cover: [C5]}")
    assert "Cover" not in reason_names(game, Attack(1, "a", "blade", "x"))


def binomial(n: int, p: Fraction, scale: int) -> dict[int, Fraction]:
    return {scale * k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def test_odds_of_overcharging_give_the_attackers_own_damage() -> None:
    game = game_at("  - {id: a, player: 1, card: scion_plasma_gunner, at: C2}\n"
                             "  - {id: x, player: 2, card: trooper, at: C5}")
    plain = game.attack_odds(Attack(1, "a", "plasma_gun", "x"))
    assert plain.self_damage == {0: 1} and plain.expected_self_damage == 0
    assert plain.p_self_take_down == 0
    over = game.attack_odds(Attack(1, "a", "plasma_gun", "x", overcharge=True))
    # four hit dice, 4 damage for each 1
    assert over.self_damage == binomial(4, SIXTH, 4)
    assert over.expected_self_damage == Fraction(8, 3)
    assert over.attacker_wounds_left == 9
    assert over.p_self_take_down == sum(p for d, p in over.self_damage.items() if d >= 9)
    assert "Overcharge" in [r.name for r in over.reasons]
    assert over.expected > plain.expected


def test_odds_of_a_hazardous_weapon_give_one_chance_in_six_of_three_damage() -> None:
    game = game_at("  - {id: a, player: 1, card: spanner_boy, at: C2, damage: 12}\n"
                             "  - {id: x, player: 2, card: trooper, at: C5}")
    odds = game.attack_odds(Attack(1, "a", "kustom_mega_blasta", "x"))
    assert odds.self_damage == {0: Fraction(5, 6), 3: SIXTH}
    assert odds.expected_self_damage == Fraction(1, 2)
    assert odds.p_self_take_down == SIXTH  # 2 wounds left
    assert "Hazardous" in [r.name for r in odds.reasons]


def test_odds_of_an_illegal_attack_are_refused() -> None:
    game = odds_game("  - {id: x, player: 2, card: trooper, at: C4}")
    with pytest.raises(IllegalActionError, match="out of range"):
        game.attack_odds(Attack(1, "a", "blade", "x"))


# --- one rule, one place ----------------------------------------------------------------

def test_game_and_view_share_their_derived_properties() -> None:
    from game.engine.position import Position
    from game.engine.view import View

    for name in ("phase", "step", "turning_point", "turn", "to_act", "vp", "is_over",
                 "winner", "objective_hex", "grid"):
        assert name not in vars(Game) and name not in vars(View), name
        assert name in vars(Position)
    for seed in (2, 5):
        game = seeded_game(seed, mission="relic_run", steps=120)
        view = game.view(None)
        for name in ("phase", "step", "turning_point", "turn", "to_act", "vp", "is_over",
                     "winner"):
            assert getattr(view, name) == getattr(game, name), name
        assert [o.hex for o in view.objectives] == [game.objective_hex(o)
                                                    for o in game.config.objectives]


def test_the_one_shuffle_is_fisher_yates_with_the_given_draws() -> None:
    from game.engine.dice import shuffle

    items = list("abcde")
    draws: list[int] = []

    def below(n: int) -> int:
        draws.append(n)
        return 0

    shuffle(items, below)
    assert draws == [5, 4, 3, 2]
    assert items == ["b", "c", "d", "e", "a"]


def test_why_not_move_to_agrees_with_the_listed_moves() -> None:
    checked = 0
    for seed in range(6):
        game = seeded_game(seed, until=lambda g: g.state.step == Step.ACT
                           and g.turning_point == 2)
        if game.is_over:
            continue
        op = game.operative(game.state.active or "")
        listed = {a.destination for a in game.legal_actions() if isinstance(a, Move)}
        for h in game.grid.hexes:
            assert (game.why_not_move_to(op.id, h) is None) == (h in listed), (seed, h)
            checked += 1
    assert checked > 500


def test_attacks_from_a_hex_change_nothing_and_match_the_profiles_there() -> None:
    from game.engine import Step

    for seed in (1, 3):
        game = seeded_game(seed, until=lambda g: g.state.step == Step.ACT
                           and g.turning_point == 2)
        if game.is_over:
            continue
        op = game.operative(game.state.active or "")
        before = snapshot(game)
        for h in list(game.reach(op.id))[:12]:
            found = game.attacks_from(op.id, h)
            assert snapshot(game) == before
            assert [(w.id, e.id) for w, e, _ in found] == \
                [(w.id, e.id) for w, e in game.targets_from(op.id, h)]
            ghost = game.clone()
            ghost.state.operatives[op.id].hex = h
            ghost.invalidate()
            for weapon, enemy, profile in found:
                assert profile == ghost.attack_profile(op.id, weapon.id, enemy.id)
        assert op.hex is not None
        for weapon, enemy in game.targets_from(op.id):
            assert game.attack_profile(op.id, weapon.id, enemy.id).attacks >= 0


# --- once-a-mission cards and strategic ploys: the listing and the why-not agree -------------

CARD_USERS = """
killzone: {columns: 7, rows: 9}
fireteams: {1: pathfinders, 2: pathfinders}
wargear: {1: [refractor_field, bionic_legs], 2: [medi_pack]}
operatives:
  - {id: s, player: 1, card: pathfinder_shasui, at: A1}
  - {id: p, player: 1, card: pathfinder, at: C1, damage: 5}
  - {id: q, player: 1, card: pathfinder, taken_down: true}
  - {id: x, player: 2, card: pathfinder, at: C7}
  - {id: y, player: 2, card: pathfinder, at: E7}
start: {turning_point: 1, phase: %s, initiative: 1, turn: 1,
        wargear_used: {1: [aggressive_mobility]}}
"""


def _every_card_use(game: Game) -> list[Action]:
    """Every Use and strategic ploy any player could name: each card or ploy of either
    player, on each operative of either side (on the killzone or not), and with no operative."""
    from game.engine.actions import PlayPloy, Use
    ops = list(game.state.operatives)
    found: list[Action] = []
    for player in (1, 2):
        for card in game.config.cards_held(player):
            found += [Use(player, card.id, op) for op in ops]
        for ploy in game.config.ploys_of(player):
            found += [PlayPloy(player, ploy.id, args) for args in ((), *((op,) for op in ops))]
    return found


@pytest.mark.parametrize("phase", ["strategy", "firefight"])
def test_cards_and_ploys_are_listed_exactly_when_nothing_stands_against_them(
        phase: str) -> None:
    """Wargear, tactical ploys and strategic ploys: at the ploy step and during an
    activation, the legal actions list exactly the uses why_not finds nothing against."""
    game = position(CARD_USERS % phase)
    if phase == "firefight":
        game.apply(parse_action("1 activate p"))
    else:
        while game.state.step != Step.PLOY:
            game.apply(game.legal_actions()[0])
    listed = set(game.legal_actions())
    uses = _every_card_use(game)
    legal = [a for a in uses if game.why_not(a) is None and a.player == game.state.to_act]
    assert legal and set(legal) == {a for a in listed if a in set(uses)}
    assert all(game.why_not(a) for a in uses if a not in listed and a.player == game.to_act)
    names = {(type(a).__name__, getattr(a, "card", getattr(a, "ploy", "")),
              getattr(a, "operative", None)) for a in legal}
    if phase == "firefight":  # the active operative's activation cards, the unused ones
        assert names == {("Use", c, "p") for c in ("bionic_legs", "point_blank_ambush")}
    else:  # strategy cards on any operative of ours on the killzone; the three ploys
        assert ("Use", "refractor_field", "s") in names
        assert ("Use", "refractor_field", "q") not in names  # taken down
        assert ("Use", "refractor_field", "x") not in names  # not ours
        assert {n[1] for n in names if n[0] == "PlayPloy"} == {
            "focused_fire", "autoreactive_camouflage", "counterfire_defence_systems"}
