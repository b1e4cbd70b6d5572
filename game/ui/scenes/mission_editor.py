"""Lay out a mission of one's own: start from any mission, choose the killzone side, move, add
or remove objectives, set the two territories, name it and take its scoring from a shipped
mission; a one-click point-symmetric mirror; checked by the content loader as it is edited;
saved into the data folder's ``missions/``, where the new-game list finds it.

``MissionEditorScene(app, mission, on_saved=None)``; :class:`Draft` is the same without a
window (tests, tools).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import yaml

from game.content import ContentError
from game.content.loader import content_root
from game.content.yamlio import ContentLoader
from game.engine import Catalogue, Mission, grid_for, opponent
from game.ui.context import DIM, GOLD, GREEN, INK, panel
from game.ui.scene import Scene
from game.ui.services import refresh_own_missions
from game.ui.visualize import BACKGROUND, Painter, Study, load_mission_file

SCORING_KEYS = ("turning_points", "rules", "actions", "sudden_victory")


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:40] or "mission"


def shipped_source(mission_id: str) -> dict[str, Any]:
    """The shipped mission file of ``mission_id`` as plain data ({} when there is none)."""
    path = content_root() / "missions" / f"{mission_id}.yaml"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=ContentLoader)
    except OSError:
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class Draft:
    """A mission being laid out."""

    name: str
    killzone: str
    objectives: dict[str, str]
    territories: dict[int, set[str]]
    scoring: str  # the shipped mission whose rules, actions and length it takes
    problems: list[str] = field(default_factory=list)

    @classmethod
    def from_mission(cls, mission: Mission, catalogue: Catalogue) -> Draft:
        scoring = mission.id if mission.id in catalogue.missions and shipped_source(
            mission.id) else sorted(catalogue.missions)[0]
        return cls(f"{mission.name} (mine)", mission.killzone, dict(mission.objectives),
                   {k: set(v) for k, v in mission.territories.items()}, scoring)

    @property
    def id(self) -> str:
        return "own_" + slug(self.name)

    def grid(self, catalogue: Catalogue):  # type: ignore[no-untyped-def]
        kz = catalogue.killzones[self.killzone]
        return grid_for(kz.columns, kz.rows, tuple(kz.blocked), tuple(kz.cover))

    # --- editing ----------------------------------------------------------------------------

    def toggle_objective(self, h: str) -> None:
        """An objective on ``h`` goes; else one is added there."""
        for obj, at in list(self.objectives.items()):
            if at == h:
                del self.objectives[obj]
                return
        n = 1
        while f"obj{n}" in self.objectives:
            n += 1
        self.objectives[f"obj{n}"] = h

    def move_objective(self, obj: str, h: str) -> None:
        if h not in self.objectives.values():
            self.objectives[obj] = h

    def toggle_territory(self, side: int, h: str) -> None:
        zone = self.territories.setdefault(side, set())
        if h in zone:
            zone.discard(h)
        else:
            zone.add(h)
            self.territories.setdefault(opponent(side), set()).discard(h)

    def mirror(self, catalogue: Catalogue) -> None:
        """Point-symmetric: every objective gets its half-turn twin, territory 2 becomes the
        half turn of territory 1."""
        grid = self.grid(catalogue)
        for h in list(self.objectives.values()):
            twin = grid.half_turn(h)
            if twin not in self.objectives.values():
                self.toggle_objective(twin)
        self.territories[2] = {grid.half_turn(h) for h in self.territories.get(1, set())}

    def symmetric(self, catalogue: Catalogue) -> bool:
        grid = self.grid(catalogue)
        spots = set(self.objectives.values())
        return ({grid.half_turn(h) for h in spots} == spots and self.territories.get(2, set())
                == {grid.half_turn(h) for h in self.territories.get(1, set())})

    # --- the file ---------------------------------------------------------------------------

    def data(self, catalogue: Catalogue) -> dict[str, Any]:
        source = shipped_source(self.scoring)
        rules_of = catalogue.missions[self.scoring].name if self.scoring in \
            catalogue.missions else self.scoring
        text = source.get("text", "")
        data: dict[str, Any] = {
            "id": self.id, "name": self.name.strip(), "killzone": self.killzone,
            "text": f"A layout of a player's own, played by the rules of {rules_of}: {text}",
            "territories": {k: sorted(v, key=_order) for k, v in sorted(
                self.territories.items())},
            "objectives": dict(sorted(self.objectives.items())),
        }
        for key in SCORING_KEYS:
            if key in source:
                data[key] = source[key]
        if "objective_sides" in source and self.objectives:
            grid = self.grid(catalogue)
            sides = {}
            for obj, h in self.objectives.items():
                far = {s: min((grid.distance(h, t) for t in zone), default=99)
                       for s, zone in self.territories.items()}
                if far.get(1, 99) != far.get(2, 99):
                    sides[obj] = 1 if far.get(1, 99) < far.get(2, 99) else 2
            data["objective_sides"] = sides
        return data

    def text(self, catalogue: Catalogue) -> str:
        return yaml.safe_dump(self.data(catalogue), sort_keys=False, allow_unicode=True,
                              width=96)

    def validate(self, catalogue: Catalogue) -> Mission | None:
        """The mission as the content loader reads it, or None with :attr:`problems` set."""
        self.problems = []
        if not self.name.strip():
            self.problems.append("Give the mission a name.")
            return None
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{self.id}.yaml"
            path.write_text(self.text(catalogue), encoding="utf-8")
            try:
                found = load_mission_file(catalogue, path)
            except ContentError as error:
                self.problems = [line.split(": ", 1)[-1] if line.startswith(str(path)) else line
                                 for line in str(error).splitlines() if line.strip()]
                self.problems = [p.replace(str(path), path.name) for p in self.problems]
                return None
            except ValueError as error:
                self.problems = [str(error)]
                return None
        return found[0]

    def save(self, catalogue: Catalogue, folder: Path) -> Path:
        """Write it into ``folder`` (raises ValueError naming the problems if it is not
        valid)."""
        if self.validate(catalogue) is None:
            raise ValueError("; ".join(self.problems))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.id}.yaml"
        path.write_text(self.text(catalogue), encoding="utf-8")
        return path


def _order(h: str) -> tuple[int, int]:
    from game.engine import parse_label
    return parse_label(h)


class MissionEditorScene(Scene):
    TOOLS = (("Objectives", "objective", pygame.K_1), ("Territory 1", 1, pygame.K_2),
             ("Territory 2", 2, pygame.K_3))

    def __init__(self, app, mission: Mission,  # type: ignore[no-untyped-def]
                 on_saved: Callable[[Mission], None] | None = None) -> None:
        super().__init__(app)
        self.draft = Draft.from_mission(mission, self.ctx.catalogue)
        self.on_saved = on_saved
        self.tool: object = "objective"
        self.picked: str | None = None  # the objective being moved
        self.painter = Painter(self.ctx)
        self.notice = ""
        self.mission: Mission | None = None
        self.check()

    def check(self) -> None:
        """Validate the draft as it is now; the last save's word no longer applies."""
        self.mission = self.draft.validate(self.ctx.catalogue)
        self.notice = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.name_entry.is_focused:
            self.name_entry.unfocus()  # Esc leaves the name field, not the editor
            return
        super().handle_event(event)

    def build(self) -> None:
        ctx = self.ctx
        width, height = self.app.size
        h = ctx.px(34)
        x = ctx.px(20)
        for label, action, key in (("Back", self.app.pop, pygame.K_ESCAPE),) + tuple(
                (label, (lambda t=t: self.set_tool(t)), key) for label, t, key in self.TOOLS) + (
                ("Other side", self.swap_side, pygame.K_o), ("Mirror", self.mirror, pygame.K_m),
                ("Save", self.save, pygame.K_s)):
            w = self.button_width(label, key) + ctx.px(8)  # the whole label, in the button font
            button = self.button(label, pygame.Rect(x, ctx.px(12), w, h), action, hotkey=key)
            if any(label == t[0] for t in self.TOOLS) and \
                    dict((t[0], t[1]) for t in self.TOOLS)[label] == self.tool:
                button.select()
            x += w + ctx.px(6)
        y = ctx.px(54)
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ctx.px(20), y, ctx.px(320), h), manager=self.app.manager)
        self.name_entry.set_text(self.draft.name)
        self.name_entry.set_text_length_limit(40)
        self.elements.append(self.name_entry)
        cat = ctx.catalogue
        names = {cat.missions[m].name: m for m in sorted(cat.missions) if shipped_source(m)}
        self.scoring_names = names
        drop = pygame_gui.elements.UIDropDownMenu(
            sorted(names), cat.missions[self.draft.scoring].name,
            pygame.Rect(ctx.px(470), y, ctx.px(260), h), manager=self.app.manager)
        self.elements.append(drop)
        self.scoring_drop = drop
        del width, height

    def set_tool(self, tool: object) -> None:
        self.tool = tool
        self.picked = None
        self.rebuild()

    def swap_side(self) -> None:
        from game.ui.visualize import other_side
        self.draft.killzone = other_side(self.ctx.catalogue, self.draft.killzone)
        self.check()

    def mirror(self) -> None:
        self.draft.mirror(self.ctx.catalogue)
        self.check()

    def save(self) -> Path | None:
        from game.userdata import data_folder
        try:
            path = self.draft.save(self.ctx.catalogue, data_folder() / "missions")
        except ValueError:
            self.check()
            self.notice = "Not saved: put the problems listed above right first."
            return None
        refresh_own_missions(self.ctx)
        self.notice = f"Saved {path.name}: it is in the new-game list now."
        if self.on_saved is not None and self.mission is not None:
            self.on_saved(self.mission)
        return path

    def click(self, h: str, button: int = 1) -> None:
        d = self.draft
        if self.tool == "objective":
            on = next((o for o, at in d.objectives.items() if at == h), None)
            if button == 3:
                if on:
                    d.toggle_objective(h)
                self.picked = None
            elif self.picked is not None and on is None:
                d.move_objective(self.picked, h)
                self.picked = None
            elif on is not None:
                self.picked = None if self.picked == on else on
            else:
                d.toggle_objective(h)
        elif isinstance(self.tool, int):
            d.toggle_territory(self.tool, h)
        self.check()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is \
                self.name_entry:
            self.draft.name = self.name_entry.get_text()
            self.check()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is \
                self.scoring_drop:
            self.draft.scoring = self.scoring_names[event.text]
            self.check()
        elif event.type == pygame.MOUSEBUTTONDOWN and not \
                self.app.manager.get_hovering_any_element():
            board = self.painter.board
            h = board.hex_at(event.pos) if board else None
            if h is not None:
                self.click(h, event.button)

    def study(self) -> Study:
        d = self.draft
        shown = Mission(d.id, d.name or "(no name)", d.killzone,
                        {k: tuple(sorted(v, key=_order)) for k, v in d.territories.items()},
                        dict(d.objectives), 3, (), ())
        return Study(shown, labels=True)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill(BACKGROUND)
        width, height = surface.get_size()
        ctx.text(surface, "scoring as in", 13, (ctx.px(350), ctx.px(62)), DIM)
        area = pygame.Rect(ctx.px(20), ctx.px(98), width - ctx.px(40),
                           height - ctx.px(112))
        board_area, side = self.painter.layout(area)
        self.painter.draw(surface, board_area, self.study(), card=False)
        view = self.painter.board
        if self.picked and view is not None and self.picked in self.draft.objectives:
            view.outline(surface, self.draft.objectives[self.picked], (255, 255, 255), 4)
        inner = panel(surface, side, "Your mission", ctx)
        y = inner.top
        d = self.draft
        lines = [(f"{d.name or '(no name)'}", INK, "bold", 18),
                 (ctx.catalogue.killzones[d.killzone].name, GOLD, "regular", 13),
                 (f"{len(d.objectives)} objectives · territory 1: "
                  f"{len(d.territories.get(1, ()))} hexes · territory 2: "
                  f"{len(d.territories.get(2, ()))} hexes", DIM, "regular", 13),
                 ("Point-symmetric" if d.symmetric(ctx.catalogue) else
                  "Not point-symmetric: Mirror [M] makes it so", DIM, "regular", 13),
                 (f"File: {d.id}.yaml", DIM, "regular", 13)]
        for text, colour, style, size in lines:
            y += ctx.wrapped(surface, text, size, pygame.Rect(inner.left, y, inner.width,
                                                              inner.bottom - y), colour, style)
            y += ctx.px(4)
        y += ctx.px(8)
        if self.mission is not None:
            ctx.text(surface, "✓ Loads cleanly: ready to save", 14, (inner.left, y), GREEN,
                     "bold")
            y += ctx.px(24)
        else:
            for problem in self.draft.problems[:8]:
                y += ctx.wrapped(surface, problem, 13, pygame.Rect(
                    inner.left, y, inner.width, inner.bottom - y), (230, 120, 100)) + ctx.px(4)
        help_text = ("Objectives: click an empty hex to add one, click one then another hex "
                     "to move it, right-click to remove it. Territories: click hexes to add "
                     "or take them away.")
        y += ctx.px(8)
        y += ctx.wrapped(surface, help_text, 13, pygame.Rect(inner.left, y, inner.width,
                                                             inner.bottom - y), DIM)
        if self.notice:
            ctx.wrapped(surface, self.notice, 13, pygame.Rect(
                inner.left, y + ctx.px(10), inner.width, inner.bottom - y - ctx.px(10)), GOLD)
