"""The contract between the screens and a rule set or mission pack: what the core screens ask,
a :class:`Screens` object whose answers are the Fireteam rules' (:data:`FIRETEAM`, the
default). A system's folder under game/ui/rulesets/ subclasses it where its rules differ and
registers one here (a rule set by its id with :func:`register_rule_set`, a mission pack by its
``pack`` id with :func:`register_pack`); :mod:`game.ui.rulesets` looks them up for a game's
configuration or a mission.

Every hook takes what it works on as an argument (the chooser, the animations, the side
panels, the end screen), so a system's folder never imports the screens that ask it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from game.engine import Action, Catalogue, Config, Event, Game, Mission, OperativeState, State
from game.ui.fields import Field

if TYPE_CHECKING:
    import pygame

    from game.ui.anim import Animations
    from game.ui.chooser import Chooser
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play_panels import Panels
    from game.ui.turn_summary import Summary
    from game.ui.words import Words

# how one kind of action is picked: the action, the state, the configuration and the labeller
# of operative ids -> its fields in the order a player picks them
FieldsOf = Callable[[Any, State, Config, Callable[[str], str]], tuple[Field, ...]]
# a rule set's routing of its own decisions: their fields, or None for an action it does not know
Route = Callable[[Action, State, Config, Callable[[str], str]], tuple[Field, ...] | None]
# one kind of action as a short instruction (game.ui.words.Words.action)
Phrase = Callable[["Words", Any], str]
# how a card of the library is laid out: (the card art, its line builder, the card, its entry)
CardLines = Callable[[Any, Any, Any, Any], None]


def turning_point_words(config: Config, turning_point: int) -> str:
    """The turning point counter: "Turning point 2/3"; past the mission's last one (a game
    length die gave one more) "Turning point 4 (extra)", never "4/3"."""
    if turning_point > config.turning_points:
        return f"Turning point {turning_point} (extra)"
    return f"Turning point {turning_point}/{config.turning_points}"


class Screens:
    """A rule set's or a mission pack's part in the core screens. Each hook answers as the
    Fireteam rules do; a hook that returns None (or False) leaves the screen to its own way,
    which is the Fireteam rules' too."""

    id = "fireteam"  # its rule set's id (game.engine.rulesets), or its pack's (Mission.pack)
    # the chooser: the keys of this system's buttons (a button's value -> its key), the
    # fields of the kinds of action it adds (asked before the routes), the words of its
    # actions (game.ui.words)
    keys: Mapping[str, str] = {}
    fields: Mapping[type[Action], FieldsOf] = {}
    phrases: Mapping[type[Action], Phrase] = {}
    # the sound effect each of its own kinds of event calls for (game/ui/sound.py's names)
    sounds: Mapping[type[Event], str] = {}

    # --- the chooser ---------------------------------------------------------------------

    def route(self, action: Action, state: State, config: Config,
              op_label: Callable[[str], str]) -> tuple[Field, ...] | None:
        """The fields of one of this system's decisions, or None for one it does not know."""
        return None

    def hint(self, chooser: Chooser, name: str) -> str | None:
        """The hint line at the chooser's step for player ``name`` (None: the core's)."""
        return None

    # --- the board and its animations -----------------------------------------------------

    def silent(self, event: Event) -> bool:
        """Whether one of its events that :attr:`sounds` maps makes no sound this time (a
        die that was not rolled)."""
        return False

    def answer_words(self, words: Words, action: Action) -> str | None:
        """One of its actions as a puzzle's answer ("rush X to H4"), where the words of the
        play screen would not do (None: those)."""
        return None

    def markers(self, op: OperativeState) -> list[str]:
        """The states shown on an operative's token beyond the core's (Shaken, ...)."""
        return []

    def animate(self, anim: Animations, event: Event, names: dict[int, str]) -> bool:
        """Add the animation of one of this system's events to ``anim``; False for an event
        that is not its own."""
        return False

    def wounds_shown(self, config: Config, op: OperativeState) -> int:
        """The wounds a token's bar counts."""
        return config.datacards[op.card].wounds

    def cover_words(self) -> str:
        """What a cover hex does, for the terrain tooltip (after "Barricade, a cover hex: ")."""
        return ("a defender here counts one block as made and rolls one Defence die fewer, "
                "unless the attacker is next to it or the weapon has Ignores Cover.")

    # --- the play screen's panels ----------------------------------------------------------

    def counter(self, config: Config, turning_point: int) -> str:
        """The top bar's count of the game's length."""
        return turning_point_words(config, turning_point)

    def shows_turns(self) -> bool:
        """Whether the top bar shows the firefight's eight turns."""
        return True

    def phase_note(self, state: State) -> str:
        """What the top bar adds after the phase (" · Night fighting"; "": nothing)."""
        return ""

    def buttons_title(self, state: State) -> str | None:
        """The button panel's title (None: the core's)."""
        return None

    def score(self, game: Game, state: State, player: int) -> tuple[str, str, str]:
        """The score panel's title, ``player``'s figure and the line under it."""
        held = sum(1 for v in state.control.values() if v == player)
        return "Victory points", str(state.vp[player]), f"objectives held: {held}"

    def draw_cards(self, panels: Panels, surface: pygame.Surface) -> bool:
        """Draw the panel of the cards in play its own way (False: the core's)."""
        return False

    def draw_operative(self, panels: Panels, surface: pygame.Surface, inner: pygame.Rect,
                       op: OperativeState) -> bool:
        """Draw the selected operative's panel its own way (False: the core's datacard)."""
        return False

    def draw_cards_overlay(self, panels: Panels, surface: pygame.Surface,
                           box: pygame.Rect) -> bool:
        """Draw the cards overlay (F2) its own way in ``box`` (False: the core's)."""
        return False

    def cards_tooltip(self) -> str:
        """The tooltip of the play screen's Cards (F2) button."""
        return "The mission card and both stratagem cards"

    def previewed(self) -> tuple[type[Action], ...]:
        """The kinds of action the attack preview shows beside the core's Attack."""
        return ()

    def preview_verb(self, action: Action) -> str | None:
        """The preview's verb for one of this system's actions."""
        return None

    def preview_key(self, action: Action) -> object:
        """Actions with the same key show as one line of the preview."""
        return action

    def preview_lines(self, panels: Panels, action: Action) -> tuple[str, str, str] | None:
        """The preview's three lines for one of this system's actions (None: the core's)."""
        return None

    def weapon_odds(self, panels: Panels, action: Action) -> tuple[str, str] | None:
        """A weapon button's odds and tooltip for one of this system's actions."""
        return None

    def rules_topic(self) -> str | None:
        """Where rules help (F1) opens during a game (None: its first page)."""
        return None

    # --- other screens --------------------------------------------------------------------

    def summary(self, summary: Summary, config: Config) -> bool:
        """Put the turning point summary in this system's words (False: not changed)."""
        return False

    def score_line(self, game: Game) -> str:
        """The end screen's score under the title."""
        return f"{game.state.vp[1]} VP to {game.state.vp[2]} VP"

    def end_column(self, end: EndScene, surface: pygame.Surface, inner: pygame.Rect,
                   player: int) -> int | None:
        """Draw ``player``'s score column of the end screen its own way; the height reached
        (None: the core's column)."""
        return None

    def end_sections(self, game: Game, player: int) -> list[tuple[str, list[str]]]:
        """The end screen's sections beyond the core's for ``player`` (heading, lines)."""
        return []

    def final_sources(self) -> tuple[str, ...]:
        """The ``source`` of the Scored events that :meth:`end_sections` lists (the core's
        column leaves them out)."""
        return ()

    def fled(self, game: Game, player: int) -> list[str]:
        """``player``'s operatives that left the battle without being taken down."""
        return []

    def length_words(self, mission: Mission) -> str | None:
        """A mission's length in words (None: the core's "3 turning points")."""
        return None

    def mission_label(self, mission: Mission) -> str:
        """Words added after a mission's name in the new game screen's list."""
        return ""

    def table_roll(self, mission: Mission) -> int | None:
        """The roll that gives ``mission`` on its pack's D6 mission table (None: none)."""
        return None

    def newgame_mission(self, mission: Mission) -> tuple[str, str] | None:
        """The new game screen's length line and mission text under this rule set (None:
        the mission's own)."""
        return None

    def shows_objectives(self) -> bool:
        """Whether the new game screen's map shows the mission's objective markers."""
        return True

    def shows_profiles(self) -> bool:
        """Whether a player's panel of the new game screen shows each operative's profile
        (:meth:`draw_profiles`) instead of the ploys."""
        return False

    def profiles(self, catalogue: Catalogue, team: object) -> tuple[str, list[tuple[str, str]]]:
        """The heading and each operative's profile (name, one line) of a player's panel
        of the new game screen (:meth:`shows_profiles`)."""
        return "", []

    def datacard_lines(self, card: object) -> tuple[str, list[str]] | None:
        """A datacard's profile under this rule set, for the card art: a label and lines."""
        return None

    # --- the card library (game/ui/scenes/cards.py, game/ui/card_art.py) --------------------

    def library_kind(self) -> tuple[str, str, str, str, str] | None:
        """A kind of card this system adds to the library: its id, the section's title, the
        filter button's label, its icon and the card's footer (None: none)."""
        return None

    def library_cards(self, catalogue: Catalogue) -> list[tuple[str, str, object, str]]:
        """The cards of :meth:`library_kind`: (key, name, the card, its search words)."""
        return []

    def card_lines(self) -> tuple[type, CardLines] | None:
        """The type of the cards of :meth:`library_kind` and how one is laid out."""
        return None

    def map_keys(self, config: Config) -> list[tuple[str, str]]:
        """The kinds of mark a mission's map shows beyond the core's, with the key's words:
        "zone" (shaded gold) or "arrival" (outlined violet)."""
        return []

    def map_marks(self, config: Config) -> list[tuple[str, list[str]]]:
        """The hexes of each kind of mark of :meth:`map_keys`."""
        return []



FIRETEAM = Screens()

# the registered declarations: each rule set's by its id, each mission pack's by its pack id
RULE_SETS: dict[str, Screens] = {}
PACKS: dict[str, Screens] = {}


def register_rule_set(screens: Screens) -> None:
    """Let the screens ask ``screens`` in a game under the rule set of its id."""
    RULE_SETS[screens.id] = screens


def register_pack(screens: Screens) -> None:
    """Let the screens ask ``screens`` in a game on one of its missions (those whose ``pack``
    is its id)."""
    PACKS[screens.id] = screens


__all__ = ["FIRETEAM", "PACKS", "RULE_SETS", "CardLines", "FieldsOf", "Phrase", "Route",
           "Screens", "register_pack", "register_rule_set", "turning_point_words"]
