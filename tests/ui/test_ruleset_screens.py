"""The screens ask a registered declaration per rule set and mission pack
(game/ui/rulesets/): the lookup by a game's rule set id and its mission's pack, the Fireteam
rules' answers as the default, a new rule set's declaration reaching the core screens without
a change to them, the cover tooltip in the rule set's own words, and no core screen naming a
system (only the registry lists them)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.content import REPO_ROOT
from game.engine import Phase
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.ui.rulesets import FIRETEAM, Screens, at_steps, every, in_play, pack_of, screens_of
from game.ui.systems import RULE_SETS, turning_point_words
from tests.helpers import play
from tests.ui.test_terrain_tips import free, rest_on

NAMES = re.compile(r"skirmish|kill_?team", re.IGNORECASE)


def test_a_game_finds_its_rule_sets_and_its_packs_declarations(catalogue) -> None:
    fireteam = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(1))
    assert screens_of(fireteam.config) is FIRETEAM and in_play(fireteam.config) == (FIRETEAM,)
    assert pack_of(fireteam.config.mission) is None and pack_of(None) is None
    other = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(1),
                     rules="skirmish")
    own = screens_of(other.config)
    assert own is not FIRETEAM and own.id == "skirmish" and own in every()
    assert at_steps(other.config)[-1] is own  # the packs' steps first, its own last
    pack_game = Game.new(catalogue, "kt_head_hunt", ("gideon", "bad_ladz"), RandomDice(1))
    pack = pack_of(pack_game.config.mission)
    assert pack is not None and pack.id == pack_game.config.mission.pack
    assert in_play(pack_game.config) == (pack, FIRETEAM)  # the pack first, then its rules
    assert screens_of("no such rule set") is FIRETEAM


def test_a_rule_set_declaring_its_screens_reaches_the_play_screen(make_app, catalogue,
                                                                  monkeypatch) -> None:
    """A declaration registered under the game's rule set id changes the top bar's counter,
    the score panel and the F2 button's tooltip; no core screen is touched."""
    from game.ui.scenes.play import PlayScene

    class Tally(Screens):
        id = "fireteam"  # stands in for the game's own rule set

        def counter(self, config, turning_point):  # type: ignore[no-untyped-def]
            return f"Tally round {turning_point}"

        def score(self, game, state, player):  # type: ignore[no-untyped-def]
            return "Tallies", str(10 + player), "tallied"

        def cards_tooltip(self) -> str:
            return "The tally sheet"

    monkeypatch.setitem(RULE_SETS, "fireteam", Tally())
    app = make_app(2)
    game = play(Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(2)), 2,
                until=lambda g: g.state.phase == Phase.FIREFIGHT)
    app.push(PlayScene(app, game))
    app.ctx.drawn = []
    app.frame([])
    drawn = " | ".join(app.ctx.drawn)
    app.ctx.drawn = None
    assert "Tally round 1" in drawn and "TALLIES" in drawn.upper() and "11" in drawn
    assert "Victory points" not in drawn
    tooltips = [key[2] for key in app.scene._button_keys.values() if key[0].startswith("Cards")]
    assert tooltips == ["The tally sheet"]


def test_the_cover_tooltip_states_the_rule_sets_own_cover_rule(make_app, catalogue) -> None:
    from game.ui.scenes.play import PlayScene

    for rules, says, not_said in (("fireteam", "one Defence die fewer", "difficult terrain"),
                                  ("skirmish", "adds one to its Defense rolls", "Defence die")):
        app = make_app(4)
        game = play(Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                             RandomDice(4), rules=rules), 4,
                    until=lambda g: g.state.phase == Phase.FIREFIGHT)
        scene = PlayScene(app, game)
        app.push(scene)
        app.frame()
        text = " ".join(rest_on(app, scene, free(game, game.grid.cover - game.grid.blocked)))
        assert "Barricade, a cover hex:" in text, rules
        assert says in text and not_said not in text, (rules, text)
        pygame.event.clear()


def test_the_turning_point_counter_says_extra_past_the_last_one(catalogue) -> None:
    config = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(1)).config
    last = config.turning_points
    assert turning_point_words(config, last) == f"Turning point {last}/{last}"
    assert turning_point_words(config, last + 1) == f"Turning point {last + 1} (extra)"


def test_no_core_screen_names_a_system() -> None:
    """Outside the systems' own folders only the registry (game/ui/rulesets/__init__.py)
    names a system: the core screens ask the declarations."""
    found = []
    for path in sorted((REPO_ROOT / "game" / "ui").rglob("*.py")):
        relative = path.relative_to(REPO_ROOT).as_posix()
        if "/rulesets/skirmish/" in relative or "/rulesets/killteam/" in relative:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{relative}:{number}")
    registry = Path("game/ui/rulesets/__init__.py").as_posix()
    assert [f for f in found if not f.startswith(registry + ":")] == []
    assert len(found) <= 3, found
