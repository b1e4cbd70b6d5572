"""Hot-seat secrecy: every string the client draws is recorded (``ctx.drawn``) during whole
games played through the screens; at every frame, no name nor id of a target of opportunity
held in the hand of a player who is not at the screen appears. The player at the screen is the
one who confirmed the latest hand-over, while that player's hand is needed (the mulligan and
reveal steps with that player to act); at every other moment neither hand may be drawn.
Names of revealed or completed targets are public (both decks hold the same cards)."""

from __future__ import annotations

import re

import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Step
from game.uitest.driver import BiasedChooser, Driver, play_through_ui

PRIVATE_STEPS = (Step.MULLIGAN, Step.REVEAL)


class SecretWatch:
    """Checks the strings drawn in each frame (hooked into ``app.after_frame``)."""

    def __init__(self, app, game: Game) -> None:
        self.app = app
        self.game = game
        self.at_screen: int | None = None
        self.handover = None  # the hand-over screen on top at the last frame
        self.frames = 0
        self.hands_seen: dict[int, int] = {1: 0, 2: 0}
        self.leaks: list[str] = []
        app.ctx.drawn = []
        app.after_frame.append(self.check)

    def visible_labels(self) -> list[str]:
        """The labels of the live buttons of the scenes drawn this frame."""
        stack = self.app.stack
        start = max((i for i, s in enumerate(stack) if not s.overlay), default=0)
        return [getattr(e, "text", "") for s in stack[start:] for e in s.elements
                if e.alive() and e.visible]

    def check(self) -> None:
        from game.ui.scenes.handover import HandoverScene

        self.frames += 1
        app, game = self.app, self.game
        state = game.state
        top = app.scene
        if self.handover is not None and top is not self.handover \
                and self.handover not in app.stack:
            self.at_screen = self.handover.player  # confirmed "I am NAME"
        self.handover = top if isinstance(top, HandoverScene) else None
        if self.handover is not None or game.is_over or state.step not in PRIVATE_STEPS \
                or state.to_act != self.at_screen:
            self.at_screen = None
        allowed = self.at_screen
        drawn = list(app.ctx.drawn or []) + self.visible_labels()
        app.ctx.drawn = []
        targets = game.config.targets
        public = {targets[c].name for p in (1, 2)
                  for c in (*state.active_targets[p], *state.completed[p])}
        if allowed is not None:
            public |= {targets[c].name for c in state.hands[allowed]}
            if any(targets[c].name in s for c in state.hands[allowed] for s in drawn):
                self.hands_seen[allowed] += 1
        for player in (1, 2):
            if player == allowed:
                continue
            for card in state.hands[player]:
                name = targets[card].name
                words = [] if name in public else [name]
                id_pattern = re.compile(rf"\b{re.escape(card)}\b")
                for text in drawn:
                    if any(w in text for w in words) or id_pattern.search(text):
                        self.leaks.append(
                            f"frame {self.frames}: {text!r} shows {card} of player {player}"
                            f" (at the screen: {allowed}, step {state.step.value}, "
                            f"to act {state.to_act}, top {top.name})")


@pytest.mark.parametrize("mission,teams,seed", [
    ("sabotage", ("gideon", "kappic_eagles"), 3),
    ("spearhead", ("flickering_blade", "bad_ladz"), 8),
])
def test_no_hidden_target_is_ever_drawn(make_app, catalogue, mission, teams, seed):
    from game.ui.scenes.play import PlayScene

    app = make_app(seed)
    game = Game.new(catalogue, mission, teams, RandomDice(seed))
    app.push(PlayScene(app, game))
    watch = SecretWatch(app, game)
    driver = Driver(app)
    play_through_ui(driver, BiasedChooser(seed))
    assert game.is_over and app.scene.name == "EndScene"
    assert watch.frames > 300
    assert not watch.leaks, "\n".join(watch.leaks[:10])
    # the hands were shown to their owners (the check is not vacuous)
    assert watch.hands_seen[1] > 0 and watch.hands_seen[2] > 0


def test_the_watch_catches_a_leak(make_app, catalogue, monkeypatch):
    """The check is real: a client that also drew the other hand would be caught."""
    from game.ui.scenes.play import PlayScene

    draw = PlayScene.draw

    def leaky(self, surface):
        draw(self, surface)
        if self.private_to is not None:
            self.panels.draw_hand(surface, 3 - self.private_to)

    monkeypatch.setattr(PlayScene, "draw", leaky)
    app = make_app(1)
    game = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(1))
    app.push(PlayScene(app, game))
    watch = SecretWatch(app, game)
    driver = Driver(app)
    driver.settle()  # the hand-over to player 1, confirmed: player 1's hand is shown
    assert watch.hands_seen[1] > 0
    assert watch.leaks
