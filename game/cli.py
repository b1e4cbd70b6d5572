"""The game's command line: ``fireteam``, ``python -m game`` and ``python main.py``.

- no arguments: the game window;
- ``demo [--seed N] [--mission M] [--fireteams X Y] [--brief]``: a headless game between two
  random players, its log printed;
- ``visualize [MISSION] [--png FILE.png]``: the mission visualizer, or a mission's set-up as a
  PNG without a window;
- ``tutorial [--autoplay]``: the guided Dual Strike tutorial; ``--autoplay`` plays it headless
  by synthesized clicks and exits 0 at its final summary (non-zero, with the step, if not);
- ``--frames N --screenshot FILE [--scene NAME]``: run N frames of the program (headless under
  ``SDL_VIDEODRIVER=dummy``) and save the last one; ``--scene`` opens a seeded game at that
  point first (menu, newgame, setup, deploy, play, attack-preview, dice, handover, end);
- ``--fuzz N --seed S``: N random clicks and keys over every scene; exits non-zero with the
  traceback on any exception;
- ``--bench-frames N``: the frame-time benchmark of a busy mid-game position.
- ``serve [--host H] [--port P] [--db FILE]``: the online game server (docs/server.md).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from game.content import ContentError, load_catalogue
from game.engine.defs import Catalogue
from game.simulate import play_random_game

SCENES = ("menu", "newgame", "setup", "deploy", "play", "attack-preview", "dice", "handover",
          "end", "rules", "cards")


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["demo"]:
        return demo(args[1:], prog)
    if args[:1] == ["visualize"]:
        from game.ui.visualize import main as visualize
        return visualize(args[1:], prog)
    if args[:1] == ["tutorial"]:
        return tutorial(args[1:], prog)
    if args[:1] == ["serve"]:
        from game.net.server import main as serve
        return serve(args[1:], f"{prog or 'fireteam'} serve")
    parser = argparse.ArgumentParser(
        prog=prog, description="Warhammer 40,000: Fireteam. With no options, opens the game "
        "window; 'demo' plays a headless game and prints it (demo --help).")
    parser.add_argument("--seed", type=int, default=1, help="seed of games started here")
    parser.add_argument("--size", nargs=2, type=int, metavar=("WIDTH", "HEIGHT"),
                        help="the window's size (default: the saved setting, or 1280 800)")
    parser.add_argument("--frames", type=int, help="run this many frames, then stop")
    parser.add_argument("--screenshot", help="save the last frame to this PNG file")
    parser.add_argument("--scene", choices=SCENES, help="open a seeded game at this point")
    parser.add_argument("--fuzz", type=int, metavar="N",
                        help="N random clicks and key presses over every scene")
    parser.add_argument("--bench-frames", type=int, metavar="N",
                        help="the frame-time benchmark over N frames")
    options = parser.parse_args(args)
    if options.fuzz or options.bench_frames or options.screenshot:
        headless_drivers()
    catalogue = content()
    if catalogue is None:
        return 1
    from game.ui import headless

    size = (options.size[0], options.size[1]) if options.size else None
    if options.fuzz:
        return headless.fuzz(catalogue, options.fuzz, options.seed, size or (1280, 800))
    if options.bench_frames:
        return headless.bench_frames(catalogue, options.bench_frames, size or (1280, 800))
    return headless.window(catalogue, options.seed, size, options.frames, options.screenshot,
                           options.scene)


def headless_drivers() -> None:
    """No window and no sound device needed (SDL's dummy drivers, unless set otherwise)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def content() -> Catalogue | None:
    """The shipped content, or None after printing its errors."""
    try:
        return load_catalogue()
    except ContentError as error:
        print(f"the game content has errors:\n{error}", file=sys.stderr)
        return None


def demo(argv: Sequence[str], prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=f"{prog or 'fireteam'} demo",
                                     description="A headless game between two random players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mission", default="dual_strike")
    parser.add_argument("--fireteams", nargs=2, default=["gideon", "deathless_destroyers"],
                        metavar=("PLAYER1", "PLAYER2"))
    parser.add_argument("--brief", action="store_true",
                        help="print only the heading and the result, not the whole log")
    args = parser.parse_args(argv)
    catalogue = content()
    if catalogue is None:
        return 1
    if args.mission not in catalogue.missions:
        parser.error(f"unknown mission {args.mission!r}: choose from "
                     f"{', '.join(sorted(catalogue.missions))}")
    for team in args.fireteams:
        if team not in catalogue.fireteams:
            parser.error(f"unknown fireteam {team!r}: choose from "
                         f"{', '.join(sorted(catalogue.fireteams))}")
    game = play_random_game(catalogue, args.mission, (args.fireteams[0], args.fireteams[1]),
                            args.seed)
    mission = catalogue.missions[args.mission]
    print(f"{mission.name}: {catalogue.fireteams[args.fireteams[0]].name} (player 1) against "
          f"{catalogue.fireteams[args.fireteams[1]].name} (player 2), seed {args.seed}\n")
    for line in game.events[-1:] if args.brief else game.events:
        print(line)
    return 0


def tutorial(argv: Sequence[str], prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=f"{prog or 'fireteam'} tutorial",
                                     description="The guided Dual Strike tutorial")
    parser.add_argument("--autoplay", action="store_true",
                        help="play it headless by synthesized clicks; exit 0 at the end")
    parser.add_argument("--screenshots", metavar="FOLDER",
                        help="with --autoplay: save every step's screen as a PNG there")
    args = parser.parse_args(argv)
    if args.autoplay:
        headless_drivers()
    catalogue = content()
    if catalogue is None:
        return 1
    from game.ui.scenes import tutorial as scene

    if args.autoplay:
        return scene.run_autoplay(catalogue, screenshots=args.screenshots)
    return scene.run_window(catalogue)


if __name__ == "__main__":
    sys.exit(main())
