"""The end of a mission: the winner, where each player's VP came from, the operatives lost."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine import (
    Conceded,
    MissionEnded,
    Scored,
    SuddenVictory,
    TakenDown,
)
from game.ui.context import DIM, GOLD, INK, panel
from game.ui.registry import SceneName, scene_class
from game.ui.rulesets import in_play
from game.ui.scene import Scene, key_name
from game.ui.widgets import ScrollBox
from game.ui.words import Words

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


def _why_it_ended(game: Any, ended: MissionEnded | None, names: Any) -> str:
    """`` · why the mission ended`` for the result's subtitle ("" when it has not)."""
    why = f" · {ended.reason}" if ended is not None else ""
    conceded = next((e for e in reversed(game.events) if isinstance(e, Conceded)), None)
    if ended is not None and ended.reason == "concession" and conceded is not None:
        why = f" · {names[conceded.player]} conceded"
    elif ended is not None and ended.reason == "agreement":
        why = " · by the players' agreement"
    sudden = next((e for e in reversed(game.events) if isinstance(e, SuddenVictory)), None)
    if ended is not None and ended.reason == "sudden victory" and sudden is not None:
        # the card's target ends the mission; completed targets of opportunity are added
        # only after, so the winner may finish with fewer VP: say why it still won
        who = (f"{names[sudden.players[0]]} reached {sudden.target} VP first"
               if len(sudden.players) == 1 else f"both reached {sudden.target} VP")
        why = f" · {who}"
    return why


class EndScene(Scene):
    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.words = play.words  # names, never the engine's ids ("marker1", "boy3")
        # a campaign mission's result goes into its campaign (saved at once), exactly once
        self.campaign = self.ctx.services.record_campaign_game(app.ctx.catalogue, play.game) if \
            "campaign_ref" in play.game.config.spec else None
        # each player's column scrolls when a long mission's rows do not fit its panel
        self.columns = {1: ScrollBox(), 2: ScrollBox()}

    def build(self) -> None:
        width, height = self.app.size
        first = ("Back to the campaign", self.to_campaign) if self.campaign is not None \
            else ("Play again", self.again)
        rows = [(first[0], first[1], pygame.K_RETURN, ""),
                ("Watch the replay", self.replay, pygame.K_r,
                 "The engine plays the game again from its actions and dice"),
                ("Analyse", self.analyse, pygame.K_a,
                 "The computer looks back over your decisions: the costliest, and what "
                 "was better"),
                ("Main menu", self.menu, pygame.K_ESCAPE, "")]
        px = self.ctx.px
        tall, gap = px(48), px(20)
        # each button as wide as its label needs (with room inside its border), all of them
        # within the window
        font = self.ctx.assets.font(px(21), "bold")
        widths = [max(px(260), font.size(f"{label} [{key_name(key)}]")[0] + px(48))
                  for label, _, key, _ in rows]
        room = width - 2 * gap * len(rows)
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        x = (width - sum(widths) - gap * (len(rows) - 1)) // 2
        top = height - tall - px(32)
        for (label, run, key, tip), w in zip(rows, widths, strict=True):
            self.button(label, pygame.Rect(x, top, w, tall), run, hotkey=key,
                        object_id="#big_button", tooltip=tip)
            x += w + gap

    def again(self) -> None:
        """The same game afresh: the same mission, fireteams, rule set and pack, played by
        the same seats at the same levels (the record of its set-up), with new dice."""
        play: Any = scene_class(SceneName.PLAY)
        self.app.replace(play.again(self.app, self.play.game, self.play.setup))

    def to_campaign(self) -> None:
        assert self.campaign is not None
        self.app.restart(SceneName.MENU)
        self.app.open(SceneName.CAMPAIGN, self.campaign)

    def replay(self) -> None:
        from game.services.replay import Replay
        self.app.open(SceneName.REPLAY, Replay.from_game(self.play.game, self.play.setup))

    def analyse(self) -> None:
        """The analysis of the seat a person played (game/analysis/), kept beside the
        autosave when the autosave is this game."""
        from game.analysis.core import AnalysisError, record_from_game, seat_to_analyse
        from game.services.userdata import autosave_path

        try:
            record = record_from_game(self.play.game, dict(self.ctx.names))
        except AnalysisError:
            return
        save = autosave_path()
        self.app.open(SceneName.ANALYSIS, record, seat_to_analyse(self.play.setup),
                      save if save.is_file() else None)

    def menu(self) -> None:
        self.app.restart(SceneName.MENU)

    def fireteam_column(self, surface: pygame.Surface, inner: pygame.Rect,
                        player: int) -> int:
        """A player's VP by turning point and source, then the targets of opportunity (or the
        mission pack's sections, such as its primary and secondary objectives); returns the
        height reached."""
        ctx, game, px = self.ctx, self.play.game, self.ctx.px
        y = inner.top + 4
        rows: dict[tuple[int, str], int] = {}
        # a pack's objectives (primary, secondary) may have sections of their own
        asked = in_play(game.config)
        sections = [s for screens in asked for s in screens.end_sections(game, player)]
        final = {source for screens in asked for source in screens.final_sources()}
        for event in game.events:
            if isinstance(event, Scored) and event.player == player \
                    and not (sections and event.source in final):
                key = (event.turning_point, f"{event.source}: {event.name}")
                rows[key] = rows.get(key, 0) + event.vp
        ctx.text(surface, "Victory points", 15, (inner.left, y), GOLD, "bold")
        y += px(24)
        for (tp, source), vp in sorted(rows.items()):
            # the whole row, wrapped: the card's or rule's name is what the player looks for
            name = source.partition(": ")[2] or source
            ctx.text(surface, f"{vp} VP", 14, (inner.right, y), INK, anchor="topright")
            used = ctx.wrapped(surface, f"Turning point {tp}: {name}", 14,
                               pygame.Rect(inner.left, y, inner.width - px(60), px(60)))
            y += max(px(20), used + px(2))
        if not rows:
            ctx.text(surface, "none", 14, (inner.left, y), DIM)
            y += px(20)
        ctx.text(surface, f"Total: {game.state.vp[player]} VP", 14, (inner.right, y),
                 GOLD, "bold", "topright")
        y += px(30)
        done = [f"{t.name} ({t.vp} VP)" for t in (
            game.config.targets[c] for c in game.state.completed[player])]
        for heading, entries in sections or [("Targets of opportunity completed", done)]:
            ctx.text(surface, heading, 15, (inner.left, y), GOLD, "bold")
            y += px(24)
            for entry in entries:
                ctx.text(surface, entry, 14, (inner.left, y), INK)
                y += px(20)
            if not entries:
                ctx.text(surface, "none", 14, (inner.left, y), DIM)
                y += px(20)
        return y

    def draw(self, surface: pygame.Surface) -> None:
        ctx, game = self.ctx, self.play.game
        width, height = surface.get_size()
        surface.blit(ctx.assets.scaled("menu_background.png", (width, height)), (0, 0))
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        ended = next((e for e in reversed(game.events) if isinstance(e, MissionEnded)), None)
        winner = game.winner or 0
        title = "A draw" if winner == 0 else f"{ctx.names[winner]} wins"
        px = ctx.px
        ctx.text(surface, title, 44, (width // 2, px(60)), ctx.colours.get(winner, GOLD),
                 "bold", "center")
        mission = game.config.mission.name if game.config.mission else ""
        why = _why_it_ended(game, ended, ctx.names)
        asked = in_play(game.config)  # the mission pack's and the rule set's declarations
        score = asked[-1].score_line(game)
        ctx.text(surface, f"{mission}: {score}{why}", 18, (width // 2, px(105)), INK,
                 anchor="center")
        column = (width - 90) // 2
        for i, player in enumerate((1, 2)):
            box = pygame.Rect(30 + i * (column + 30), px(140), column,
                              min(height - px(140) - px(110), px(460)))
            inner = panel(surface, box, ctx.names[player], ctx)

            def painter(page: pygame.Surface, room: pygame.Rect, player: int = player) -> int:
                return self.column(page, room, player)

            self.columns[player].paint(ctx, surface, inner, painter,
                                       ctx.assets.font(px(14)).get_linesize())

    def column(self, surface: pygame.Surface, inner: pygame.Rect, player: int) -> int:
        """A player's column: the rule set's own score (markers, not VP; no targets of
        opportunity) or VP by source, then the operatives lost; returns the height used."""
        ctx, game, px = self.ctx, self.play.game, self.ctx.px
        asked = in_play(game.config)  # the mission pack's and the rule set's declarations
        own = asked[-1].end_column(self, surface, inner, player)
        y = own if own is not None else self.fireteam_column(surface, inner, player)
        y += px(14)
        ctx.text(surface, "Operatives lost", 15, (inner.left, y), GOLD, "bold")
        y += px(24)
        # by the names a player reads ("Ork Boy 1"), never the engine's ids
        words = Words(game, ctx.names)
        lost = [words.operative(e.operative) for e in game.events
                if isinstance(e, TakenDown) and e.player == player]
        lost += [f"{words.operative(op)} (fled)" for screens in asked
                 for op in screens.fled(game, player)]
        y += ctx.wrapped(surface, ", ".join(lost) if lost else "none", 14,
                         pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
                         INK if lost else DIM)
        return y - inner.top

    def on_event(self, event: pygame.event.Event) -> None:
        for box in self.columns.values():
            if box.on_event(event):
                return
