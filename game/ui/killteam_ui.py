"""The play screen's part of the Kill Team classic pack: the buttons, clicks and shading of
its decisions (placing an objective marker, seizing the initiative, a late operative's
arrival, the game length die). Everything offered is taken from the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import killteam as kt
from game.engine.actions_killteam import Arrive, PlaceObjective, RollGameLength, Seize
from game.engine.events import Scored
from game.engine.events_killteam import Fled
from game.engine.game import Game
from game.engine.state import Step

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

PACK_STEPS = (Step.PLACE_OBJECTIVES, Step.SEIZE, Step.ARRIVE, Step.GAME_LENGTH)
# the play screen's one-line hint at each of them
PACK_HINTS = {Step.PLACE_OBJECTIVES: "click a shaded hex to place the next objective marker.",
              Step.SEIZE: "try to seize the initiative (a 6 takes it), or let it be.",
              Step.ARRIVE: "pick a late operative, then a shaded hex of its edge.",
              Step.GAME_LENGTH: "roll to see whether one more turning point is played."}
Button = tuple[str, Callable[[], None], int | None, str, bool]
_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
         pygame.K_7, pygame.K_8, pygame.K_9)


def pack_buttons(scene: PlayScene) -> list[Button]:
    """The buttons of the pack's step the game waits at."""
    game = scene.game
    state = game.state
    legal = game.legal_actions()
    step = state.step
    buttons: list[Button] = []
    if step == Step.SEIZE:
        for action in legal:
            if isinstance(action, Seize):
                label = f"Seize it ({kt.SEIZE_ON} needed)" if action.attempt \
                    else "Let them keep it"
                key = pygame.K_y if action.attempt else pygame.K_n
                buttons.append((label, lambda a=action: scene.act(a), key,
                                "Roll a die: on a 6 you hold the initiative instead", True))
    elif step == Step.GAME_LENGTH:
        need = kt.length_roll_needed(game)
        for action in legal:
            if isinstance(action, RollGameLength):
                buttons.append((f"Roll ({need}+ goes on)",
                                lambda a=action: scene.act(a), pygame.K_r,
                                f"On {need} or more turning point {state.turning_point + 1} "
                                "is played; otherwise the mission ends now", True))
    elif step == Step.PLACE_OBJECTIVES:
        placed = sum(1 for o in kt.placed_ids(kt.rules_of(game.config))
                     if state.objective_hexes.get(o))
        buttons.append((f"Marker {placed + 1}: click a shaded hex", lambda: None, None,
                        f"Objective marker {placed + 1}: at least {kt.OBJECTIVE_EDGE} hexes "
                        "from the edges and "
                        f"{kt.OBJECTIVE_TERRITORY} from the territories, "
                        f"{kt.OBJECTIVE_APART} from other objectives", True))
    elif step == Step.ARRIVE:
        ops = sorted({a.operative for a in legal if isinstance(a, Arrive)})
        if scene.selected not in ops:
            scene.selected = ops[0] if ops else None
        for i, op_id in enumerate(ops):
            mark = "▶ " if op_id == scene.selected else ""
            buttons.append((mark + op_id, lambda o=op_id: scene.pick(o),
                            _KEYS[i] if i < len(_KEYS) else None,
                            f"{scene.op_name(op_id)} arrives: click a shaded hex of its edge",
                            True))
    return buttons


def pack_click(scene: PlayScene, h: str) -> bool:
    """Carry out a click on hex ``h`` at the pack's steps; False when it is not one."""
    state = scene.game.state
    player = state.to_act
    if state.step == Step.PLACE_OBJECTIVES:
        scene.act(PlaceObjective(player, h))
        return True
    if state.step == Step.ARRIVE:
        if scene.selected is None:
            scene.say("Choose an operative to bring on from the list first")
        else:
            scene.act(Arrive(player, scene.selected, h))
        return True
    return False


def pack_shading(scene: PlayScene) -> set[str]:
    """The hexes to shade at the pack's steps (where a marker or the selected late
    operative may go)."""
    game = scene.game
    step = game.state.step
    legal = game.legal_actions()
    if step == Step.PLACE_OBJECTIVES:
        return {a.hex for a in legal if isinstance(a, PlaceObjective)}
    if step == Step.ARRIVE:
        return {a.hex for a in legal if isinstance(a, Arrive)
                and a.operative == scene.selected}
    return set()


__all__ = ["PACK_HINTS", "PACK_STEPS", "end_sections", "pack_buttons", "pack_click", "pack_shading"]


# --- the end screen -------------------------------------------------------------------------

FINAL_SOURCES = ("primary objective", "secondary objective")


def end_sections(game: Game, player: int) -> list[tuple[str, list[str]]]:
    """The end screen's Kill Team classic sections for ``player``: its primary and its
    secondary objectives, each line with its VP (empty outside the pack)."""
    rules = kt.rules_of(game.config)
    if rules is None:
        return []
    found: dict[str, list[str]] = {source: [] for source in FINAL_SOURCES}
    for event in game.events:
        if isinstance(event, Scored) and event.player == player \
                and event.source in FINAL_SOURCES:
            found[event.source].append(f"{event.name} ({event.vp} VP)")
    return [("Primary objectives", found["primary objective"]),
            ("Secondary objectives", found["secondary objective"])]


def fled_operatives(game: Game, player: int) -> list[str]:
    """``player``'s operatives that fled after a failed Break test."""
    return [e.operative for e in game.events if isinstance(e, Fled) and e.player == player]
