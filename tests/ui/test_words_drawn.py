"""Every text drawn over a whole game of each rule set and mission pack (the play screen at
each decision, the turning points' summaries, the end screen, with the log) reads as English:
no action notation, no engine id, no doubled word, no "(s)", and none of the phrases players
tripped on (game/ui/words.py is the one place engine facts become words)."""

from __future__ import annotations

import re

import pytest

from tests.helpers import tiered
from tests.ui.test_engine_words import leaks
from tests.ui.walk import GAMES, walk

# what reads badly, each with why
TRIPS = [
    (re.compile(r"\(s\)"), "a plural written (s)"),
    (re.compile(r"\b(\w+(?: \w+){0,3}) \1\b", re.IGNORECASE), "a doubled word or phrase"),
    (re.compile(r"\d->\d|\[\d+(?:, \d+)+\]"), "dice in notation"),
    (re.compile(r"\b\d+AP\b"), "a number glued to AP"),
    (re.compile(r"\bD3 rolls \d \(\d\)"), "a D3 shown as its die"),
    (re.compile(r"\blevel totals\b"), "level totals"),
    (re.compile(r"\(\d+ wounds\)"), "wounds that read as wounds left"),
    (re.compile(r"▶"), "a glyph the font lacks"),
    (re.compile(r"choose a strategic ploy, or pass"), "a pass there is not"),
    (re.compile(r"\b[Oo]n the objective on\b"), "an objective with 'on' twice"),
    (re.compile(r"\bheld for the objective"), "a score's objectives after 'held for'"),
]


def trips(texts: list[str]) -> list[str]:
    """The texts that read badly, each with why."""
    found = []
    for text in sorted(set(texts)):
        for pattern, why in TRIPS:
            if pattern.search(text):
                found.append(f"{why}: {text!r}")
    return found


def test_the_checker_catches_each_kind():
    assert trips(["hand: 0 card(s)"]) and trips(["places the objective on G6 on G6"])
    assert trips(["rolls [1->2, 3, 2, 2]"]) and trips(["Shoot (1AP)"])
    assert trips(["Guided Fire the the target"]) and trips(["▶ Move"])
    assert trips(["Assault Intercessor 2 makes Power Up on the objective on C6"])
    assert trips(["(mission rule: Dual Strike, 1 per objective held for the objective on E6)"])
    assert not trips(["Assault Intercessor 2 makes Power Up on the objective at C6",
                      "1 per objective held: the objectives on E6 and F4",
                      "The objective on E6 (2 VP)"])
    assert not trips(["hand: 1 card", "Alice places an objective marker on G6",
                      "rolls 1 (re-rolled to 2), 3, 2, 2", "Shoot (1 AP)"])


@pytest.mark.parametrize(("mission", "rules", "teams"), tiered(GAMES, keep=1, unpack=True))
def test_every_text_of_a_whole_game_reads_as_english(make_app, catalogue, mission, rules,
                                                     teams):
    drawn: list[str] = []

    def look(scene) -> None:  # every text from then on, the log's lines whole
        app = scene.app
        app.ctx.drawn = drawn
        scene.rebuild()
        app.draw()  # the whole stack, in its names, as a frame draws it

    scene = walk(make_app, catalogue, mission, rules, teams, 7, look)
    bad = trips(drawn) + leaks(drawn, list(scene.game.state.operatives))
    assert not bad, bad[:12]


def test_hand_and_deck_counts_come_from_the_views_sizes(make_app, catalogue):
    """The shared screen's public view empties the hidden hands and the deck: the counts
    drawn are its sizes, never the emptied lists' (which read 0 in every game)."""
    from game.engine.state import Step
    from tests.ui.helpers import open_play

    app, scene, _ = open_play(make_app, catalogue, seed=6,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    view = scene.view
    assert view.state.hands[1] == [] and view.hand_sizes[0] > 0 and view.deck_size > 0
    app.ctx.drawn = []
    scene.draw(app.screen)
    held = [f"hand: {view.hand_sizes[p - 1]} card" + ("" if view.hand_sizes[p - 1] == 1
                                                         else "s") for p in (1, 2)]
    assert all(h in app.ctx.drawn for h in held), [t for t in app.ctx.drawn if "hand" in t]
    scene.show_cards = True  # F2: the mission and both stratagem cards
    app.ctx.drawn = []
    scene.draw(app.screen)
    names = app.ctx.names
    wanted = (f"Targets of opportunity: {view.deck_size} in the deck; in hand {names[1]} "
              f"{view.hand_sizes[0]}, {names[2]} {view.hand_sizes[1]}.")
    assert wanted in " ".join(app.ctx.drawn)  # wrapped: its lines drawn one by one


def test_an_objective_is_never_on_twice_nor_listed_after_held_for(catalogue):
    """"makes Power Up on the objective on C6" and "1 per objective held for the objective on
    E6, the objective on F4" as a player reads them."""
    from game.engine import Game, RandomDice
    from game.engine.events import MissionActionMade, Scored
    from game.ui.words import Words

    game = Game.new(catalogue, "power_up", ("gideon", "deathless_destroyers"), RandomDice(1))
    words = Words(game, {1: "Alice", 2: "Bob"})
    objs = [o for o in game.config.objectives if game.objective_hex(o)][:2]
    one, two = (game.objective_hex(o) for o in objs)
    op = next(iter(game.state.operatives))
    made = str(MissionActionMade(1, op, "power_up", "Power Up", objs[0]))
    said = words(made)
    assert said.endswith(f"makes Power Up on the objective at {one}"), said
    scored = str(Scored(1, 2, 1, "mission rule", "Power Up", tuple(objs),
                        "1 per objective held"))
    said = words(scored)
    assert f"1 per objective held: the objectives on {one} and {two})" in said, said
    assert not trips([said, words(made)])
