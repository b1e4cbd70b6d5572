"""What the computer player knows of each rule set and mission pack beyond the Fireteam
rules: the one module of this layer that lists the systems. Each system's folder declares
its judgement (:mod:`game.ai.systems`) and registers it when imported below; the search, the
heuristics, the greedy level and the puzzles ask :func:`rule_set_judgement` and
:func:`pack_judgement` and never which system is in play. A new system is a new folder and a
name on the import line."""

from __future__ import annotations

from game.ai.rulesets import killteam, skirmish  # noqa: F401  (each registers itself)
from game.ai.systems import PACKS, RULE_SETS, PackJudgement, RuleSetJudgement
from game.engine import Action, Activate, Config, Game


def rule_set_judgement(game: Game) -> RuleSetJudgement | None:
    """The evaluation that replaces the Fireteam heuristics under ``game``'s rule set (None:
    the Fireteam heuristics apply)."""
    return RULE_SETS.get(game.config.rules)


def opens_activation(game: Game) -> tuple[type[Action], ...]:
    """The decisions that open an operative's activation under ``game``'s rule set."""
    judgement = RULE_SETS.get(game.config.rules)
    return (Activate,) if judgement is None else (Activate, *judgement.opens_activation)


def pack_judgement(config: Config) -> PackJudgement | None:
    """What the mission's pack adds to the Fireteam heuristics (None: a mission of no pack
    the computer player knows more of)."""
    mission = config.mission
    return None if mission is None else PACKS.get(mission.pack)


def last_turning_point(config: Config) -> int:
    """The most turning points the mission can last (its pack's variable length included)."""
    pack = pack_judgement(config)
    return config.turning_points if pack is None else pack.last_turning_point(config)


def theme_titles() -> dict[str, str]:
    """The titles of the puzzle themes the systems add, by theme."""
    return {theme: title for judgement in RULE_SETS.values()
            for theme, title in judgement.themes.items()}


def rules_words(config: Config) -> str:
    """The rules a game is played under, as the puzzle list names them."""
    judgement = RULE_SETS.get(config.rules)
    if judgement is not None:
        return judgement.words
    pack = pack_judgement(config)
    return "Fireteam" if pack is None else pack.words
