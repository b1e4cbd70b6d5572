"""The turning point's summary tells two scores of one mission rule apart."""

from __future__ import annotations

from game.engine.events import Scored, TurningPointStarted
from game.ui.turn_summary import summarise


def test_two_scores_of_one_rule_read_differently() -> None:
    events = [TurningPointStarted(1),
              Scored(2, 1, 1, "mission rule", "Power Up", ("obj4",), "1 per objective held"),
              Scored(2, 1, 1, "mission rule", "Power Up", ("obj4",),
                     "1 per powered objective held")]
    summary = summarise(events, 1)
    assert summary.scored[2] == ["1 VP: Power Up, 1 per objective held (obj4)",
                                 "1 VP: Power Up, 1 per powered objective held (obj4)"]
    assert summary.vp[2] == 2


def test_a_flat_award_names_its_source() -> None:
    events = [TurningPointStarted(2), Scored(1, 3, 2, "ploy", "Big Push")]
    assert summarise(events, 2).scored[1] == ["3 VP: Big Push, ploy"]


def test_each_rule_set_and_pack_names_its_own_cards(catalogue) -> None:
    from game.engine.dice import RandomDice
    from game.engine.game import Game
    from game.ui.turn_summary import for_rules

    teams = ("gideon", "bad_ladz")
    kill_team = Game.new(catalogue, "kt_supply_drop", teams, RandomDice(1)).config
    summary = for_rules(summarise([TurningPointStarted(1)], 1), kill_team)
    assert summary.cards_heading.startswith("Secondary objectives")
    assert summary.completed[1] and all("_" not in name for name in summary.completed[1])
    skirmish = Game.new(catalogue, "dual_strike", teams, RandomDice(1), rules="skirmish").config
    assert for_rules(summarise([], 1), skirmish).cards_heading == ""
    fireteam = Game.new(catalogue, "dual_strike", teams, RandomDice(1)).config
    assert for_rules(summarise([], 1), fireteam).cards_heading == "Targets completed"


def test_the_last_turning_point_has_its_summary_before_the_end_screen(make_app, catalogue):
    """Played out to the end against the computer: the last turning point's summary comes
    up (and the hint says what waits) before the end screen."""
    from game.ai.random_player import RandomPlayer
    from game.engine.dice import RandomDice
    from game.engine.game import Game
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.summary import SummaryScene

    app = make_app(9)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(9))
    scene = PlayScene(app, game, {1: "human", 2: "easy"})
    app.push(scene)
    person = RandomPlayer(9)
    seen: list[int] = []
    for _ in range(3000):
        if isinstance(app.scene, SummaryScene):
            seen.append(app.scene.summary.turning_point)
            assert scene.hint() == "The mission is over." or scene.hint().startswith(
                "The turning point is over")
            app.pop()
            continue
        if game.is_over:
            break
        if scene.swapped is not None:
            scene.swap_seen()
        elif scene.computer_to_act():
            scene.play_computer_now()
        else:
            scene.act(person.choose(game))
    assert game.is_over and app.scene is scene  # the last banners first...
    app.frame([])
    last = app.scene  # ...then the last turning point's summary
    assert isinstance(last, SummaryScene)
    assert last.summary.turning_point == game.state.turning_point == game.config.turning_points
    assert scene.hint() == "The mission is over."
    app.pop()
    app.frame([])
    assert isinstance(app.scene, EndScene)  # and then the end screen
