"""``fireteam visualize [MISSION|FILE.yaml] [--png FILE.png] [--side S] [--heat]`` (also
``python main.py visualize``): the mission visualizer's window at a mission, or the mission's
set-up written to a PNG without a window (:mod:`game.ui.visualize` draws it)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from game.cli.args import Parser, PictureSize, content, known, output_file
from game.engine import Mission
from game.ui.visualize import EXPORT_SIZE, Study, export_png, headless_context, load_mission_file


def main(argv: Sequence[str], prog: str | None = None) -> int:
    """``visualize [MISSION] [--png FILE.png]``: the visualizer window at MISSION, or the
    mission's set-up written to a PNG without a window. MISSION is an id or a mission file."""
    from game.content import ContentError

    parser = Parser(
        prog=f"{prog or 'fireteam'} visualize",
        description="See a mission laid out on its killzone side; with --png, write it to a "
                    "PNG file without opening a window")
    parser.add_argument("mission", nargs="?", help="a mission id or a mission file (.yaml)")
    parser.add_argument("--png", metavar="FILE.png", type=output_file(".png"),
                        help="write the set-up to this PNG (its folder is created)")
    parser.add_argument("--side", help="lay it on this killzone side instead of its own")
    parser.add_argument("--no-labels", action="store_true", help="leave out the hex names")
    parser.add_argument("--heat", action="store_true", help="the heat map of what each hex sees")
    parser.add_argument("--size", nargs=2, action=PictureSize, metavar=("WIDTH", "HEIGHT"),
                        default=EXPORT_SIZE, help="with --png: the picture's size "
                        f"(default {EXPORT_SIZE[0]} {EXPORT_SIZE[1]})")
    args = parser.parse_args(list(argv))
    if args.png is None and args.size != EXPORT_SIZE:
        parser.error("argument --size: only with --png")
    catalogue = content(headless=bool(args.png))
    if catalogue is None:
        return 1
    mission: Mission | None = None
    if args.mission:
        path = Path(args.mission)
        if args.mission in catalogue.missions:
            mission = catalogue.missions[args.mission]
        elif path.is_file():
            try:
                mission = load_mission_file(catalogue, path)[0]
            except (ContentError, ValueError, OSError) as error:
                print(f"cannot open that mission:\n{error}", file=sys.stderr)
                return 1
        elif path.suffix or len(path.parts) > 1:
            parser.error(f"argument MISSION: no such mission file {args.mission!r}")
        else:
            known(parser, "MISSION", args.mission, catalogue.missions)
    if args.side:
        known(parser, "--side", args.side, catalogue.killzones, "killzone side")
    if args.png:
        if mission is None:
            parser.error("--png needs a MISSION")
        ctx = headless_context(catalogue)
        study = Study(mission, side=args.side or "", labels=not args.no_labels,
                      heat=args.heat)
        args.png.parent.mkdir(parents=True, exist_ok=True)
        export_png(ctx, study, args.png, args.size)
        print(f"saved {args.png}")
        return 0
    from game.ui.registry import SceneName
    from game.ui.shell import run_window

    return run_window(catalogue, 1, first=lambda app: app.open(SceneName.VISUALIZER, mission))
