"""The one-page skirmish rules on screen: :class:`SkirmishScreens`, their answers to what the
core screens ask (game/ui/systems.py), registered under the rule set's id. The
routing, hints, keys, words and animations are in :mod:`.screen`, the side panels in
:mod:`.panels`, the end screen's column in :mod:`.end`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import Action, Catalogue, Config, Event, Game, OperativeState, State
from game.engine.rulesets.skirmish import (
    RULE_SET,
    Advance,
    Charge,
    DangerousRolled,
    DefenseRolled,
    Hold,
    MarkersRolled,
    MoraleTested,
    ObjectiveSeized,
    Pushed,
    QualityRolled,
    Rush,
    Shoot,
)
from game.engine.rulesets.skirmish import (
    profile_of as skirmish_profile,
)
from game.ui.fields import Field
from game.ui.rulesets.skirmish import end, panels, screen
from game.ui.systems import Screens, register_rule_set

if TYPE_CHECKING:
    from game.ui.anim import Animations
    from game.ui.chooser import Chooser
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play_panels import Panels
    from game.ui.turn_summary import Summary
    from game.ui.words import Words


class SkirmishScreens(Screens):
    """Orders instead of actions, Quality tests, Shaken and fatigue, markers held instead of
    VP, rounds instead of turning points, no cards."""

    id = RULE_SET
    keys = screen.SKIRMISH_KEYS
    phrases = screen.SKIRMISH_PHRASES
    # its own rolls and the seizing of a marker
    sounds = {QualityRolled: "dice", DefenseRolled: "dice", MoraleTested: "dice",
              DangerousRolled: "dice", MarkersRolled: "dice",
              Pushed: "dice",  # the push's 4+ (a declined push rolls nothing: see silent)
              ObjectiveSeized: "control"}

    def route(self, action: Action, state: State, config: Config,
              op_label: Callable[[str], str]) -> tuple[Field, ...] | None:
        return screen.skirmish_route(action, state, config, op_label)

    def hint(self, chooser: Chooser, name: str) -> str | None:
        return screen.hint(chooser, name)

    def silent(self, event: Event) -> bool:
        return isinstance(event, Pushed) and not event.roll  # the push was declined

    def answer_words(self, words: Words, action: Action) -> str | None:
        """The orders as a puzzle's answer: "rush X to H4", "hold X at H4"."""
        if isinstance(action, Advance):
            verb = "rush" if isinstance(action, Rush) else "advance"
            return f"{verb} {words.operative(action.operative)} to {action.path[-1]}"
        if isinstance(action, Charge):
            return f"charge {words.operative(action.target)} with " \
                   f"{words.operative(action.operative)}"
        if isinstance(action, Hold):
            where = f" at {action.path[-1]}" if action.path else ""
            return f"hold {words.operative(action.operative)}{where}"
        return None

    def markers(self, op: OperativeState) -> list[str]:
        return screen.markers_of(op)

    def animate(self, anim: Animations, event: Event, names: dict[int, str]) -> bool:
        return screen.animate(anim, event, names)

    def wounds_shown(self, config: Config, op: OperativeState) -> int:
        """A token's bar counts the converted profile's Tough."""
        return skirmish_profile(config.datacards[op.card]).tough

    def cover_words(self) -> str:
        """The skirmish rules' cover (game/engine/rulesets/skirmish/core.py, covered) and
        difficult terrain (its moving.py)."""
        return ("a defender here, or just behind it from the shooter, adds one to its Defense "
                "rolls against shots (not against Indirect weapons); it is difficult terrain "
                "too: a move that starts in or enters it goes 3 hexes at most.")

    def counter(self, config: Config, turning_point: int) -> str:
        return f"Round {turning_point}/{config.turning_points}"

    def shows_turns(self) -> bool:
        return False

    def buttons_title(self, state: State) -> str | None:
        return f"{state.active}: {state.order or 'order'}" if state.active else None

    def score(self, game: Game, state: State, player: int) -> tuple[str, str, str]:
        """No VP: the most markers held at the end wins."""
        held = sum(1 for v in state.control.values() if v == player)
        # the markers of this battle: D3+2 rolled, less any left out for want of room
        placed = sum(1 for o in game.config.objectives if o not in state.removed_objectives)
        return "Markers held", str(held), f"of {placed} markers"

    def draw_cards(self, panels_: Panels, surface: pygame.Surface) -> bool:
        panels.draw_round(panels_, surface)
        return True

    def draw_operative(self, panels_: Panels, surface: pygame.Surface, inner: pygame.Rect,
                       op: OperativeState) -> bool:
        panels.draw_operative(panels_, surface, inner, op)
        return True

    def draw_cards_overlay(self, panels_: Panels, surface: pygame.Surface,
                           box: pygame.Rect) -> bool:
        panels.draw_cards_overlay(panels_, surface, box)
        return True

    def cards_tooltip(self) -> str:
        return "The killzone and its objective markers"

    def previewed(self) -> tuple[type[Action], ...]:
        return (Shoot, Charge)

    def preview_verb(self, action: Action) -> str | None:
        return "Charge" if isinstance(action, Charge) else "Shoot" if isinstance(
            action, Shoot) else None

    def preview_key(self, action: Action) -> object:
        """A charge's odds do not depend on the hex it ends in: one line per charger."""
        return action.operative if isinstance(action, Charge) else action

    def preview_lines(self, panels_: Panels, action: Action) -> tuple[str, str, str] | None:
        return panels.preview_lines(panels_, action)

    def weapon_odds(self, panels_: Panels, action: Action) -> tuple[str, str] | None:
        return panels.weapon_odds(panels_, action)

    def rules_topic(self) -> str | None:
        return "skirmish_rules"

    def summary(self, summary: Summary, config: Config) -> bool:
        summary.cards_heading = ""  # no cards under these rules
        return True

    def score_line(self, game: Game) -> str:
        return end.score_line(game)

    def end_column(self, end_: EndScene, surface: pygame.Surface, inner: pygame.Rect,
                   player: int) -> int | None:
        return end.markers_column(end_, surface, inner, player)

    def newgame_mission(self, mission: object) -> tuple[str, str] | None:
        return ("4 rounds · one-page skirmish rules: the mission's killzone, with D3+2 markers "
                "the players place; its objectives and cards are not used",
                "Hold, Advance, Rush or Charge one operative at a time; Quality tests to hit, "
                "Defense rolls to block, Tough for wounds; morale, Shaken and fatigue. Rules "
                "help (F1) has the whole rule set.")

    def shows_objectives(self) -> bool:
        return False  # the players place the markers

    def shows_profiles(self) -> bool:
        return True

    def profiles(self, catalogue: Catalogue, team: object) -> tuple[str, list[tuple[str, str]]]:
        return "Skirmish profiles:", panels.profiles(catalogue, team)

    def datacard_lines(self, card: object) -> tuple[str, list[str]] | None:
        """The same card under these rules, converted by the engine."""
        return "Skirmish rules profile", screen.profile_lines(
            skirmish_profile(card))  # type: ignore[arg-type]


SCREENS = SkirmishScreens()
register_rule_set(SCREENS)

__all__ = ["SCREENS", "SkirmishScreens"]
