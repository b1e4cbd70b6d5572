"""What the hard level adds to the search (the threat at the leaves, the moves the pruning is
blind to, corners an enemy can step round) and easy's urge to fight; each test fails with its
piece removed."""

from __future__ import annotations

from game.ai import heuristics, search
from game.ai.puzzles import POSITIONS, load_puzzle, solved
from game.engine import Move
from tests.ai.helpers import CATALOGUE, fixture, fixture_text
from tests.helpers import position


def puzzle(name: str):  # type: ignore[no-untyped-def]
    return load_puzzle(POSITIONS / f"{name}.yaml", CATALOGUE)


def test_the_deadliest_move_steps_round_the_ruin_to_the_wounded_enemy() -> None:
    for name in ("take_down_step_out_1", "take_down_step_out_2"):
        p = puzzle(name)
        ranked = [a for a in p.game.legal_actions() if isinstance(a, Move)]
        safest, deadliest = search._tactical_moves(p.game, ranked)
        assert solved(p, deadliest), (name, str(deadliest))


def test_the_safest_move_is_out_of_every_enemys_reach() -> None:
    for name in ("retreat_out_of_sight_1", "retreat_out_of_sight_2", "retreat_save_the_prize_1",
                 "retreat_save_the_prize_2"):
        p = puzzle(name)
        ranked = [a for a in p.game.legal_actions() if isinstance(a, Move)]
        safest = search._tactical_moves(p.game, ranked)
        assert solved(p, safest[0]), (name, str(safest[0]))
        # one AP left: no attack to open, so only the safest move is added
        assert len(safest) == 1


def test_an_enemy_round_the_corner_counts_only_when_peeking() -> None:
    game = fixture("corner")
    me = game.state.operatives["a"]
    # the sniper behind the ruin cannot see C1, but two hexes aside (A5, E5) it would
    assert not game.grid.visible("C6", "C1", game.occupied())
    assert heuristics.danger(game, me, "C1") == 0.0
    assert heuristics.danger(game, me, "C1", peek=True) > 0.0


def test_the_leaves_weigh_what_the_guns_threaten() -> None:
    # a with a knife and Move 1 threatens nobody; the sniper can step out and shoot it
    text = fixture_text("corner") \
        .replace("trooper:\n    {apl: 2, move: 3", "trooper:\n    {apl: 2, move: 1") \
        .replace("{id: rifle, ap: 1, range: 8,", "{id: knife, ap: 1, range: 1,")
    game = fixture("corner", text)
    me = game.state.operatives["a"]
    exposed = search.threat_balance(game, 1)
    assert exposed < 0 and search.threat_balance(game, 2) == -exposed
    hidden = [h for h in ("A1", "B1", "C2", "D1", "E1", "B2", "D2")
              if heuristics.danger(game, me, h, peek=True) == 0.0]
    assert hidden
    me.hex = hidden[0]
    game.rules_changed()
    assert search.threat_balance(game, 1) == 0.0


def test_easy_closes_on_the_enemy_until_its_gun_reaches() -> None:
    p = puzzle("take_down_target_1")  # a (rifle, range 8) at C2
    game = p.game.clone()
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    grid = game.grid
    start = game.state.operatives["a"].hex
    enemies = [o.hex for o in game.on_killzone(2)]
    near = min(grid.distance(start, e) for e in enemies)
    assert near <= 8  # already in range: no urge left
    assert all(heuristics.closing(game, m) == 0.0 for m in moves)


def test_easy_charges_nobody_with_a_knife_but_walks_a_gun_into_range() -> None:
    text = (POSITIONS / "take_down_target_1.yaml").read_text(encoding="utf-8")
    text = text.split("puzzle:")[0].replace("at: C6, damage: 12", "at: I7, damage: 12") \
        .replace("at: G5}", "at: I6}").replace("rifle, ap: 1, range: 8", "rifle, ap: 1, range: 3")
    game = position(text, played=True)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    gains = {m.destination: heuristics.closing(game, m) for m in moves}
    assert max(gains.values()) > 0 and min(gains.values()) < 0
    knifed = game.clone()
    card = knifed.datacard(knifed.state.operatives["a"])
    object.__setattr__(card, "weapons", tuple(w for w in card.weapons if w.is_melee))
    assert all(heuristics.closing(knifed, m) == 0.0 for m in moves)


def test_the_bounty_on_an_operative_is_what_the_mission_pays_for_it() -> None:
    p = puzzle("retreat_save_the_prize_1")  # Headhunt: m is marked, 3 VP to the enemy
    game = p.game
    assert heuristics.bounty(game, game.state.operatives["m"]) == 3.0
    assert heuristics.bounty(game, game.state.operatives["s"]) == 0.0
    plain = puzzle("take_down_target_1")  # no mission: nothing
    assert heuristics.bounty(plain.game, plain.game.state.operatives["b"]) == 0.0


def test_easy_does_not_leave_an_objective_it_holds_to_chase_the_enemy() -> None:
    p = puzzle("objective_last_move_1")  # Dual Strike: obj1 on E6, obj2 on K6
    game = p.game.clone()
    grid = game.grid
    me = game.state.operatives["a"]  # a heavy bolt pistol: Range 5
    for foe in game.on_killzone(2):  # one enemy, far off in a corner
        foe.hex = None if foe.id != "e" else "O11"
    game.rules_changed()
    goals = [game.objective_hex(o) for o in game.config.objectives]

    def towards(here: str) -> Move:
        step = min((h for h in grid.within(here, 1) if h not in grid.blocked
                    and h not in game.occupied()), key=lambda h: grid.distance(h, "O11"))
        return Move(1, "a", (step,))

    for here, holds in (("C2", False), ("E5", True), ("A1", False), ("K5", True)):
        assert grid.distance(here, "O11") > 6
        assert any(grid.distance(here, g) <= 1 for g in goals if g) == holds
        me.hex = here
        game.rules_changed()
        gain = heuristics.closing(game, towards(here))
        assert (gain == 0.0) if holds else (gain > 0), (here, gain)


# --- normal: the urge to fight and where each side stands at the leaves ----------------------

def approach():  # type: ignore[no-untyped-def]
    return fixture("approach", played=True)


def test_normal_walks_to_the_fight_where_its_playouts_see_no_difference() -> None:
    """Turning point 1, the enemy far off: no playout ends differently whether a walks up to
    obj1 (E6) or steps aside, so the heuristics' order decides; the urge to close on the
    enemy (the aggression easy has too) puts the walk first."""
    from dataclasses import replace
    game = approach()
    normal = search.LEVELS["normal"]
    assert normal.aggression > 0 and normal.prior > 0
    for seed in range(3):
        chosen = search.SearchPlayer(seed, "normal").choose(game.view(1))
        assert isinstance(chosen, Move) and chosen.destination == "E4", str(chosen)
        timid = replace(normal, aggression=0.0, prior=0.0)
        stepped = search.SearchPlayer(seed, "normal", timid).choose(game.view(1))
        assert isinstance(stepped, Move) and game.grid.distance(stepped.destination, "E6") > 2


def test_the_leaves_weigh_where_each_side_stands() -> None:
    """A walk up to an objective that a friend already stands nearer leaves the static
    value as it was; ``search.standing`` (normal's and hard's leaves) sees it."""
    from game.ai.common import static_value
    game = approach()
    before, value = search.standing(game, 1), static_value(game, 1)
    assert search.standing(game, 2) == -before
    walked = game.clone()
    walked.state.operatives["a"].hex = "E3"  # three hexes from E6, open ground
    walked.rules_changed()
    assert static_value(walked, 1) == value
    assert search.standing(walked, 1) > before
    assert search.LEVELS["normal"].shape > 0
