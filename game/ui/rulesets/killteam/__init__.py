"""The Kill Team classic mission pack on screen: :class:`PackScreens`, its answers to what the
core screens ask (game/ui/systems.py), registered as a mission pack (a game on
one of its missions asks it). Its decisions' routing, hints and keys are in :mod:`.chooser`,
its words, map marks and end-screen sections in :mod:`.screen`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Catalogue, Config, Game, Mission, State
from game.engine.rulesets.killteam import (
    PACK,
    SECONDARY_NAMES,
    PackState,
    mission_rules,
    rules_of,
)
from game.help.rulesets.killteam.cards import PackRule
from game.ui.rulesets.killteam import chooser, library, screen
from game.ui.systems import CardLines, Screens, register_pack

if TYPE_CHECKING:
    from game.ui.chooser import Chooser
    from game.ui.turn_summary import Summary


class PackScreens(Screens):
    """Objective markers the players place, seizing the initiative, late arrivals, a game
    length die, primary and secondary objectives scored at the end, operatives that flee."""

    id = PACK  # the pack of its missions (Mission.pack)
    keys = chooser.PACK_KEYS
    fields = chooser.PACK_FIELDS
    phrases = screen.PACK_PHRASES

    def hint(self, chooser_: Chooser, name: str) -> str | None:
        found = chooser.PACK_HINTS.get(chooser_.step)
        return f"{name}: {found}" if found is not None else None

    def rules_topic(self) -> str | None:
        return "kt_pack"

    def summary(self, summary: Summary, config: Config) -> bool:
        """The secondary objectives (scored at the end) instead of targets of opportunity."""
        pack = rules_of(config)
        if pack is None:
            return False
        names = [SECONDARY_NAMES.get(s, s) for s in pack.secondary]
        summary.cards_heading = "Secondary objectives (scored at the end)"
        summary.completed = {1: list(names), 2: list(names)}
        return True

    def end_sections(self, game: Game, player: int) -> list[tuple[str, list[str]]]:
        return screen.end_sections(game, player)

    def final_sources(self) -> tuple[str, ...]:
        return screen.FINAL_SOURCES

    def fled(self, game: Game, player: int) -> list[str]:
        return screen.fled_operatives(game, player)

    def phase_note(self, state: State) -> str:
        # night fighting: far targets count as in cover while it lasts
        return " · Night fighting" if isinstance(state, PackState) and state.night else ""

    def length_words(self, mission: Mission) -> str | None:
        return screen.length_words(mission)

    def mission_label(self, mission: Mission) -> str:
        rules = mission_rules(mission)
        return " (our design)" if rules is not None and rules.our_design else ""

    def table_roll(self, mission: Mission) -> int | None:
        rules = mission_rules(mission)
        return rules.table_roll if rules is not None and rules.table_roll else None

    def map_keys(self, config: Config) -> list[tuple[str, str]]:
        return screen.map_keys(config)

    def map_marks(self, config: Config) -> list[tuple[str, list[str]]]:
        return screen.map_marks(config)

    def library_kind(self) -> tuple[str, str, str, str, str] | None:
        return library.KIND

    def library_cards(self, catalogue: Catalogue) -> list[tuple[str, str, object, str]]:
        return library.library_cards(catalogue)

    def card_lines(self) -> tuple[type, CardLines] | None:
        return PackRule, library.pack_rule_lines


SCREENS = PackScreens()
register_pack(SCREENS)

__all__ = ["SCREENS", "PackScreens"]
