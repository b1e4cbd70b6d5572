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
    # its own ruins and barricades (blocked, cover), None: its killzone side's
    terrain: tuple[set[str], set[str]] | None = None

    @classmethod
    def from_mission(cls, mission: Mission, catalogue: Catalogue) -> Draft:
        scoring = mission.id if mission.id in catalogue.missions and shipped_source(
            mission.id) else sorted(catalogue.missions)[0]
        terrain = (set(mission.terrain[0]), set(mission.terrain[1])) if mission.terrain \
            else None
        return cls(f"{mission.name} (mine)", mission.killzone, dict(mission.objectives),
                   {k: set(v) for k, v in mission.territories.items()}, scoring,
                   terrain=terrain)

    @property
    def id(self) -> str:
        return "own_" + slug(self.name)

    def grid(self, catalogue: Catalogue):  # type: ignore[no-untyped-def]
        kz = catalogue.killzones[self.killzone]
        blocked, cover = self.terrain_now(catalogue)
        return grid_for(kz.columns, kz.rows, tuple(sorted(blocked)), tuple(sorted(cover)))

    def terrain_now(self, catalogue: Catalogue) -> tuple[set[str], set[str]]:
        """The ruins (blocked hexes) and the barricades (cover hexes) of the layout."""
        if self.terrain is not None:
            return self.terrain
        kz = catalogue.killzones[self.killzone]
        return set(kz.blocked), set(kz.cover)

    def why_not_terrain(self, catalogue: Catalogue, kind: str, h: str) -> str:
        """Why ruins or a barricade (``kind``: "blocked" or "cover") cannot go on ``h``
        ("" when they can, or when the hex holds that terrain already: then it goes)."""
        from game.help.glossary import TERRAIN

        if kind == "blocked" and h in self.objectives.values():
            return (f"{h} holds an objective: {TERRAIN[kind].plural} cannot go there. Move "
                    "the objective first.")
        return ""

    def toggle_terrain(self, catalogue: Catalogue, kind: str, h: str) -> None:
        """Ruins (``kind`` "blocked") or a barricade ("cover") on ``h``, or taken away when
        the hex has them already; a hex holds one kind at most."""
        blocked, cover = (set(x) for x in self.terrain_now(catalogue))
        mine, other = (blocked, cover) if kind == "blocked" else (cover, blocked)
        if h in mine:
            mine.discard(h)
        else:
            mine.add(h)
            other.discard(h)
        kz = catalogue.killzones[self.killzone]
        self.terrain = None if (blocked, cover) == (set(kz.blocked), set(kz.cover)) \
            else (blocked, cover)

    # --- editing ----------------------------------------------------------------------------

    def why_not_objective(self, catalogue: Catalogue, h: str) -> str:
        """Why an objective cannot be put on ``h`` ("" when it can)."""
        from game.help.glossary import BLOCKED

        if h in self.grid(catalogue).blocked:
            return (f"{h} holds {BLOCKED.plural}: an objective cannot stand there. Pick an "
                    "open hex or a cover hex.")
        return ""

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
        if self.terrain is not None:  # the layout's own terrain gets its twins too
            blocked, cover = self.terrain
            blocked |= {grid.half_turn(h) for h in blocked}
            cover |= {grid.half_turn(h) for h in cover}
            cover -= blocked

    def symmetric(self, catalogue: Catalogue) -> bool:
        grid = self.grid(catalogue)
        spots = set(self.objectives.values())
        blocked, cover = self.terrain_now(catalogue)
        return ({grid.half_turn(h) for h in spots} == spots and self.territories.get(2, set())
                == {grid.half_turn(h) for h in self.territories.get(1, set())}
                and all({grid.half_turn(h) for h in kind} == kind for kind in (blocked, cover)))

    # --- the file ---------------------------------------------------------------------------

    def data(self, catalogue: Catalogue) -> dict[str, Any]:
        source = shipped_source(self.scoring)
        rules_of = catalogue.missions[self.scoring].name if self.scoring in \
            catalogue.missions else self.scoring
        data: dict[str, Any] = {
            "id": self.id, "name": self.name.strip(), "killzone": self.killzone,
            "text": mission_text(source, rules_of, len(self.objectives)),
            "territories": {k: sorted(v, key=_order) for k, v in sorted(
                self.territories.items())},
            "objectives": dict(sorted(self.objectives.items())),
        }
        if self.terrain is not None:
            data["terrain"] = {"blocked": sorted(self.terrain[0], key=_order),
                               "cover": sorted(self.terrain[1], key=_order)}
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


def mission_text(source: dict[str, Any], rules_of: str, objectives: int) -> str:
    """The text of a layout scored as in the shipped mission ``source``: its card's words when
    the layout has as many objectives as the card was written for; else words made from the
    scoring rules themselves (so "1 VP more if it controls both" never stays on a layout of
    four), and a plain note on the rest of that card's rules."""
    lead = f"A layout of a player's own, played by the rules of {rules_of}"
    written_for = len(source.get("objectives") or {})
    if objectives == written_for:
        return f"{lead}: {source.get('text', '')}".strip()
    sentences, rest = [], 0
    for rule in source.get("rules") or ():
        said = scoring_words(rule)
        if said:
            sentences.append(said)
        else:
            rest += 1
    number = NUMBER_WORDS[objectives] if objectives < len(NUMBER_WORDS) else str(objectives)
    out = f"{lead}, on {number} objective{'s' if objectives != 1 else ''}."
    if sentences:
        out += " " + " ".join(sentences)
    if rest:
        out += (f" {rules_of}'s other rules apply as its card says, written for its own "
                "layout.")
    if not source.get("sudden_victory"):
        turns = int(source.get("turning_points", 3))
        out += (f" After {NUMBER_WORDS[turns] if turns < len(NUMBER_WORDS) else turns} "
                "turning points the player with the most VP wins; equal VP is a draw.")
    return out


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def scoring_words(rule: dict[str, Any]) -> str:
    """A scoring rule of the end of the firefight phase in words ("" for any other rule):
    VP for each objective controlled (at most some), and VP more for holding several."""
    on = rule.get("on", rule.get(True))  # YAML 1.1 reads the key "on" as True
    if rule.get("kind") != "trigger" or on != "end_firefight_phase" or rule.get("if") \
            or rule.get("who", "own") not in ("own", None):
        return ""
    parts = []
    for do in rule.get("do") or ():
        if set(do) <= {"score", "per", "max"} and do.get("per") == "objective":
            most = f", at most {do['max']} VP" if "max" in do else ""
            parts.append(f"each player scores {do['score']} VP for each objective it "
                         f"controls{most}")
        elif set(do) == {"score", "min_controlled"}:
            parts.append(f"{do['score']} VP more if it controls at least "
                         f"{do['min_controlled']} of the objectives")
        else:
            return ""
    if not parts:
        return ""
    said = "At the end of each firefight phase " + ", and ".join(parts) + "."
    return said


def _order(h: str) -> tuple[int, int]:
    from game.engine import parse_label
    return parse_label(h)


class MissionEditorScene(Scene):
    TOOLS = (("Objectives", "objective", pygame.K_1), ("Territory 1", 1, pygame.K_2),
             ("Territory 2", 2, pygame.K_3), ("Ruins", "blocked", pygame.K_4),
             ("Barricades", "cover", pygame.K_5))

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
        row = ctx.px(12)
        for label, action, key in (("Back", self.app.pop, pygame.K_ESCAPE),) + tuple(
                (label, (lambda t=t: self.set_tool(t)), key) for label, t, key in self.TOOLS) + (
                ("Other side", self.swap_side, pygame.K_o), ("Mirror", self.mirror, pygame.K_m),
                ("Save", self.save, pygame.K_s)):
            text = f"{label} [{pygame.key.name(key).upper()}]"
            w = max(ctx.assets.font(ctx.px(15)).size(text)[0] + ctx.px(30),
                    self.button_width(label, key))  # its label whole, in the button's font
            if x + w > width - ctx.px(20) and row == ctx.px(12):  # the rest on the next row,
                row, x = ctx.px(54), ctx.px(740)                 # right of the scoring list
            button = self.button(label, pygame.Rect(x, row, w, h), action, hotkey=key)
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
        changed = self.draft.terrain is not None
        self.draft.terrain = None  # the other side comes with its own terrain
        self.check()
        if changed:
            self.notice = "The other side brings its own ruins and barricades."

    def mirror(self) -> None:
        self.draft.mirror(self.ctx.catalogue)
        self.check()

    def save(self) -> Path | None:
        from game.services.userdata import data_folder
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
            elif on is None and d.why_not_objective(self.ctx.catalogue, h):
                self.check()
                self.notice = d.why_not_objective(self.ctx.catalogue, h)  # refused at once
                return
            elif self.picked is not None and on is None:
                d.move_objective(self.picked, h)
                self.picked = None
            elif on is not None:
                self.picked = None if self.picked == on else on
            else:
                d.toggle_objective(h)
        elif isinstance(self.tool, int):
            d.toggle_territory(self.tool, h)
        elif self.tool in ("blocked", "cover"):
            why = d.why_not_terrain(self.ctx.catalogue, str(self.tool), h)
            if why:
                self.check()
                self.notice = why
                return
            d.toggle_terrain(self.ctx.catalogue, str(self.tool), h)
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

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons, the name field, the scoring list (and its items while open) and
        every hex of the board, for the fuzzer and the tests."""
        from game.ui.scene import dropdown_clickables

        out = super().clickables()
        if self.name_entry.alive():
            out.append(("name field", self.name_entry.rect))
        out += dropdown_clickables({("scoring", 0): self.scoring_drop})
        board = self.painter.board
        if board is not None:
            out += [(f"hex {h}", pygame.Rect(int(board.centre(h)[0]) - 2,
                                             int(board.centre(h)[1]) - 2, 4, 4))
                    for h in board.grid.hexes]
        return out

    def study(self) -> Study:
        d = self.draft
        terrain = (tuple(sorted(d.terrain[0], key=_order)),
                   tuple(sorted(d.terrain[1], key=_order))) if d.terrain else None
        shown = Mission(d.id, d.name or "(no name)", d.killzone,
                        {k: tuple(sorted(v, key=_order)) for k, v in d.territories.items()},
                        dict(d.objectives), 3, (), (), terrain=terrain)
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
                 (f"{len(d.objectives)} objective{'s' if len(d.objectives) != 1 else ''}"
                  " · territory 1: "
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
                     "or take them away. Ruins and Barricades: click a hex to put them there "
                     "or take them away.")
        y += ctx.px(8)
        y += ctx.wrapped(surface, help_text, 13, pygame.Rect(inner.left, y, inner.width,
                                                             inner.bottom - y), DIM)
        if self.notice:
            ctx.wrapped(surface, self.notice, 13, pygame.Rect(
                inner.left, y + ctx.px(10), inner.width, inner.bottom - y - ctx.px(10)), GOLD)
