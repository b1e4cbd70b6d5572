"""The game's command line: ``fireteam``, ``python -m game`` and ``python main.py``.

- no arguments: the game window;
- ``demo [--seed N] [--mission M] [--fireteams X Y] [--brief] [--rules R]``: a headless game
  (under the rule set ``--rules`` names, Fireteam by default) between two
  random players, its log printed;
- ``visualize [MISSION] [--png FILE.png]``: the mission visualizer, or a mission's set-up as a
  PNG without a window;
- ``tutorial [--autoplay]``: the guided Dual Strike tutorial; ``--autoplay`` plays it headless
  by synthesized clicks and exits 0 at its final summary (non-zero, with the step, if not);
- ``--frames N --screenshot FILE [--scene NAME]``: run N frames of the program (headless under
  ``SDL_VIDEODRIVER=dummy``) and save the last one; ``--scene`` opens a seeded game at that
  point first (menu, newgame, setup, deploy, play, attack-preview, dice, handover, end, rules,
  cards);
- ``--fuzz N --seed S``: N random clicks and keys over every scene; exits non-zero with the
  traceback on any exception;
- ``--bench-frames N``: the frame-time benchmark of a busy mid-game position;
- ``--bench-computer-turns N``: N computer turns (normal level) on a window-less play screen
  at the default animation speed: their median and 95th percentile seconds, split into
  thinking and the rest.
- ``--bench-idle SECONDS [--scene NAME]``: the processor time of the window with nothing
  happening (the menu unless ``--scene`` says otherwise).
- ``serve [--host H] [--port P] [--db FILE]``: the online game server (docs/server.md).

Arguments are checked by :mod:`game.cli.args` before anything starts: a bad one ends the command
with one line on stderr and exit code 2, and no window opens.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from game.cli.args import (
    Parser,
    WindowSize,
    add_rules,
    content,
    count,
    known,
    output_file,
    output_folder,
)
from game.cli.simulate import play_random_game
from game.engine.defs import Catalogue
from game.engine.rulesets import RULE_SET_NAMES, missions_of

SCENES = ("menu", "newgame", "setup", "deploy", "play", "attack-preview", "dice", "handover",
          "end", "rules", "cards")


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    prog = prog or program_name()
    if args[:1] and args[0] in SUB_COMMANDS:
        return SUB_COMMANDS[args[0]](args[1:], prog)
    options = _parser(prog).parse_args(args)
    catalogue = content(headless=bool(
        options.fuzz or options.bench_frames or options.bench_idle or options.screenshot
        or options.audit_layout or options.bench_computer_turns))
    if catalogue is None:
        return 1
    from game.ui.shell import run_window
    from game.uitest import headless

    size: tuple[int, int] | None = options.size
    if options.audit_layout:
        from game.uitest.audit_layout import run as audit
        pictures = str(options.audit_pictures) if options.audit_pictures else None
        return audit(catalogue, options.audit_screens, pictures,
                     text_size=options.text_size / 100)
    if options.screenshot:
        options.screenshot.parent.mkdir(parents=True, exist_ok=True)
    measured = _headless_run(catalogue, options, size or (1280, 800))
    if measured is not None:
        return measured
    screenshot = str(options.screenshot) if options.screenshot else None
    scene = options.scene
    if scene is None:
        return run_window(catalogue, options.seed, size, options.frames, screenshot)
    # a scene is opened on a seeded game
    return run_window(catalogue, 1 if options.seed is None else options.seed, size,
                      options.frames, screenshot,
                      first=lambda app: headless.open_scene(app, scene), menu=False)


def _visualize(args: list[str], prog: str) -> int:
    from game.cli.visualize import main as visualize
    return visualize(args, prog)


def _serve(args: list[str], prog: str) -> int:
    from game.cli.server import main as serve
    return serve(args, f"{prog or 'fireteam'} serve")


def _parser(prog: str) -> Parser:
    parser = Parser(
        prog=prog, description="Warhammer 40,000: Fireteam. With no options, opens the game "
        "window. Sub-commands (each with its own --help): 'demo' plays a headless game and "
        "prints it, 'visualize' lays out a mission, 'tutorial' teaches the game.")
    parser.add_argument("--seed", type=int, default=None,
                        help="dice seed of every game started here (default: a fresh one from "
                        "the operating system for each new game)")
    parser.add_argument("--size", nargs=2, action=WindowSize, metavar=("WIDTH", "HEIGHT"),
                        help="the window's size, from 1024 700 to 7680 4320 (default: the "
                        "saved setting, or 1280 800)")
    parser.add_argument("--frames", type=count(), metavar="N",
                        help="run this many frames, then stop")
    parser.add_argument("--screenshot", type=output_file(".png"), metavar="FILE.png",
                        help="save the last frame to this PNG file (its folder is created)")
    parser.add_argument("--scene", choices=SCENES, help="open a seeded game at this point")
    parser.add_argument("--fuzz", type=count(), metavar="N",
                        help="N random clicks and key presses over every scene")
    parser.add_argument("--audit-layout", action="store_true",
                        help="render every screen at four window sizes and check that every "
                        "text fits; exits 1 on any clipped or overlapping text")
    parser.add_argument("--audit-screens", metavar="NAMES",
                        help="with --audit-layout: only these screens (comma-separated)")
    parser.add_argument("--audit-pictures", type=output_folder, metavar="DIR",
                        help="with --audit-layout: also save every screen as DIR/WxH/NAME.png")
    parser.add_argument("--text-size", type=count(85, 150), default=100, metavar="PERCENT",
                        help="with --audit-layout: the text size setting to render at, "
                        "from 85 to 150 (default: 100)")
    parser.add_argument("--bench-frames", type=count(), metavar="N",
                        help="the frame-time benchmark over N frames")
    parser.add_argument("--bench-computer-turns", type=count(), metavar="N",
                        help="N computer turns on a window-less play screen: their median "
                             "and 95th percentile seconds")
    parser.add_argument("--bench-idle", type=count(), metavar="SECONDS",
                        help="the processor time of the idle window over SECONDS (at the "
                        "menu, or at --scene)")
    return parser


def _headless_run(catalogue: Catalogue, options: argparse.Namespace,
                  size: tuple[int, int]) -> int | None:
    """The window-less runs (fuzzing, the benchmarks) the options ask for, or None."""
    from game.uitest import headless

    if options.fuzz:
        return headless.fuzz(catalogue, options.fuzz, 1 if options.seed is None else options.seed,
                             size)
    if options.bench_computer_turns:
        from game.uitest.bench_turns import run as bench_turns
        return bench_turns(catalogue, options.bench_computer_turns,
                           1 if options.seed is None else options.seed)
    if options.bench_frames:
        return headless.bench_frames(catalogue, options.bench_frames, size)
    if options.bench_idle:
        return headless.bench_idle(catalogue, options.bench_idle, options.scene or "menu", size)
    return None


def program_name() -> str:
    """How this program was started, for its messages: ``python main.py`` or ``fireteam``."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "fireteam"
    return f"python {name}" if name.endswith(".py") else name


def demo(argv: Sequence[str], prog: str | None = None) -> int:
    parser = Parser(prog=f"{prog or 'fireteam'} demo",
                    description="A headless game between two random players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mission", default="dual_strike", help="a mission id")
    parser.add_argument("--fireteams", nargs=2, default=["gideon", "deathless_destroyers"],
                        metavar=("PLAYER1", "PLAYER2"), help="two fireteam ids")
    parser.add_argument("--brief", action="store_true",
                        help="print only the heading and the result, not the whole log")
    add_rules(parser)
    args = parser.parse_args(argv)
    catalogue = content()
    if catalogue is None:
        return 1
    known(parser, "--mission", args.mission, missions_of(catalogue, args.rules))
    for team in args.fireteams:
        known(parser, "--fireteams", team, catalogue.fireteams)
    game = play_random_game(catalogue, args.mission, (args.fireteams[0], args.fireteams[1]),
                            args.seed, rules=args.rules)
    mission = catalogue.missions[args.mission]
    under = f", {RULE_SET_NAMES[args.rules]} rules" if args.rules != "fireteam" else ""
    print(f"{mission.name}: {catalogue.fireteams[args.fireteams[0]].name} (player 1) against "
          f"{catalogue.fireteams[args.fireteams[1]].name} (player 2), seed {args.seed}"
          f"{under}\n")
    for line in game.events[-1:] if args.brief else game.events:
        print(line)
    return 0


def tutorial(argv: Sequence[str], prog: str | None = None) -> int:
    parser = Parser(prog=f"{prog or 'fireteam'} tutorial",
                    description="The guided Dual Strike tutorial")
    parser.add_argument("--autoplay", action="store_true",
                        help="play it headless by synthesized clicks; exit 0 at the end")
    parser.add_argument("--screenshots", metavar="FOLDER", type=output_folder,
                        help="with --autoplay: save every step's screen as a PNG there")
    args = parser.parse_args(argv)
    if args.screenshots and not args.autoplay:
        parser.error("argument --screenshots: only with --autoplay")
    catalogue = content(headless=bool(args.autoplay))
    if catalogue is None:
        return 1
    from game.ui.scenes import tutorial as scene

    if args.autoplay:
        import game.uitest  # noqa: F401 (hands the autoplay its click driver, game/ui/autoplay.py)

        folder = str(args.screenshots) if args.screenshots else None
        return scene.run_autoplay(catalogue, screenshots=folder)
    return scene.run_window(catalogue)


# the sub-commands (``fireteam demo ...``): each called with its own arguments and the program
SUB_COMMANDS: dict[str, Callable[[list[str], str], int]] = {
    "demo": demo,
    "visualize": _visualize,
    "tutorial": tutorial,
    "serve": _serve,
}


if __name__ == "__main__":
    sys.exit(main())
