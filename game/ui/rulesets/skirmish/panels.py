"""The one-page skirmish rules in the play screen's side panels and on the new game screen:
the round panel instead of the cards in play, the converted profile instead of the datacard,
the killzone and its markers instead of the cards overlay (F2), the odds of a shot or a
charge, and the converted profiles of a fireteam."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.engine import Action, Catalogue, OperativeState
from game.engine.rulesets.skirmish import (
    Charge,
    Shoot,
    SkirmishOdds,
)
from game.engine.rulesets.skirmish import (
    profile_of as skirmish_profile,
)
from game.ui.context import DIM, INK, panel
from game.ui.rulesets.skirmish.screen import markers_of, odds_text, profile_lines, shot_tip

if TYPE_CHECKING:
    from game.ui.scenes.play_panels import Panels


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def shot_odds(panels: Panels, action: Shoot | Charge) -> SkirmishOdds:
    """The skirmish rules' odds of a shot or a charge (the engine's, cached by the panels)."""
    found = panels.cached(action)
    assert isinstance(found, SkirmishOdds)
    return found


def draw_round(panels: Panels, surface: pygame.Surface) -> None:
    """The skirmish rules have no cards: the panel shows each side's round instead (how many
    operatives are still to act, and how many are Shaken or fatigued)."""
    ctx = panels.ctx
    state = panels.scene.view.state
    inner = panel(surface, panels.cards_rect, "This round", ctx)
    half = inner.width // 2
    for i, player in enumerate((1, 2)):
        x, y = inner.left + i * half, inner.top
        ops = [o for o in state.operatives.values() if o.player == player and o.on_killzone]
        lines = (f"to act: {sum(1 for o in ops if not o.activated)} of {len(ops)}",
                 f"Shaken: {sum(1 for o in ops if 'Shaken' in markers_of(o))}",
                 f"fatigued: {sum(1 for o in ops if 'fatigued' in markers_of(o))}")
        for line in lines:
            ctx.text(surface, line, 13, (x, y), DIM if y > inner.top else INK,
                     width=half - 10)
            y += ctx.px(17)


def draw_operative(panels: Panels, surface: pygame.Surface, inner: pygame.Rect,
                   op: OperativeState) -> None:
    """The selected operative's converted profile, with Shaken and fatigued."""
    scene = panels.scene
    card = scene.game.datacard(op)
    panels.rule_words = []
    lines = profile_lines(skirmish_profile(card))
    tough = skirmish_profile(card).tough
    lines[0] += f" · wounds left {max(0, tough - op.damage)}/{tough}"
    states = markers_of(op)
    if states:
        lines.insert(1, " and ".join(states).capitalize())
    panels.draw_profile_lines(surface, inner, scene.words.operative(op.id), lines,
                              panels.ctx.colours[op.player])


def draw_cards_overlay(panels: Panels, surface: pygame.Surface, box: pygame.Rect) -> None:
    """F2 under the skirmish rules: the killzone and the objective markers (these rules have
    no mission card, stratagems or targets of opportunity)."""
    ctx, scene = panels.ctx, panels.scene
    game, state = scene.game, scene.view.state
    mission = game.config.mission
    inner = panel(surface, box, f"{mission.name} killzone" if mission else "Killzone", ctx)
    markers = [o for o in game.config.objectives if o not in state.removed_objectives]
    placed = [scene.words.objective(o) for o in markers if o in state.objective_hexes]
    many = f"{len(markers)} objective marker{'' if len(markers) == 1 else 's'}"
    text = (f"Played under the one-page skirmish rules: no victory points, stratagems or "
            f"targets of opportunity. {many} (D3 + 2); the side holding more of them when the "
            f"battle ends wins. Placed: {', '.join(placed) or 'none yet'}. Rules help (F1) has "
            f"the whole rule set.")
    ctx.wrapped(surface, text, 14, inner, INK)


def preview_lines(panels: Panels, action: Action) -> tuple[str, str, str] | None:
    """The attack preview's lines for a shot or a charge (None: another action)."""
    if not isinstance(action, (Shoot, Charge)):
        return None
    game = panels.scene.game
    op = panels.scene.view.state.operatives[action.operative]
    profile = skirmish_profile(game.config.datacards[op.card])
    weapon = profile.weapon(action.weapon) if isinstance(action, Shoot) else None
    name = weapon.name if weapon is not None else " and ".join(w.name for w in profile.melee)
    return odds_text(name, shot_odds(panels, action))


def weapon_odds(panels: Panels, action: Action) -> tuple[str, str] | None:
    """A shot's weapon button: the engine's odds in these rules' words, and its tooltip."""
    if not isinstance(action, Shoot):
        return None
    odds = shot_odds(panels, action)
    words = f"{float(odds.expected):.1f} wounds, {_pct(odds.p_destroyed)} destroyed"
    return words, "; ".join((shot_tip(panels.scene.game, action), *odds.reasons))


def profiles(catalogue: Catalogue, team: object) -> list[tuple[str, str]]:
    """Each datacard of ``team`` as its converted profile: (name, one line)."""
    out = []
    for entry in team.composition:  # type: ignore[attr-defined]
        profile = skirmish_profile(catalogue.datacards[entry.card])
        weapons = ", ".join(w.describe() for w in profile.weapons)
        out.append((profile.name, f"Q{profile.quality}+ D{profile.defense}+ T{profile.tough} "
                                  f"{weapons}"))
    return out


__all__ = ["draw_cards_overlay", "draw_operative", "draw_round", "preview_lines", "profiles",
           "shot_odds", "weapon_odds"]
