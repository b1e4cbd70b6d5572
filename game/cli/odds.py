"""``python -m game.cli.odds ATTACKS HIT NORMAL/CRIT DEFENCE SAVE [--cover] [--wounds-left N]``

Prints, as JSON, the exact damage distribution of one attack with a plain profile.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.cli.args import Parser, count
from game.engine.attack import AttackProfile
from game.engine.odds import damage_distribution


def _target(text: str) -> int:
    try:
        value = int(text.rstrip("+"))
    except ValueError:
        value = 0
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"must be 2+ to 6+, not {text!r}")
    return value


def _damage(text: str) -> tuple[int, int]:
    try:
        normal, crit = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be NORMAL/CRIT, e.g. 3/5, not {text!r}") from None
    if normal < 0 or crit < 0:
        raise argparse.ArgumentTypeError(f"damage cannot be negative, not {text!r}")
    return normal, crit


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m game.cli.odds",
        description="Exact damage distribution of one Fireteam attack.")
    parser.add_argument("attacks", type=count(0, 20), help="attack dice (0 to 20)")
    parser.add_argument("hit", type=_target, help="hit value, e.g. 3 or 3+")
    parser.add_argument("damage", type=_damage, help="damage NORMAL/CRIT, e.g. 3/5")
    parser.add_argument("defence", type=count(0, 20), help="defence dice (0 to 20)")
    parser.add_argument("save", type=_target, help="save value, e.g. 4 or 4+")
    parser.add_argument("--cover", action="store_true",
                        help="the defender has cover (one block retained, one die fewer)")
    parser.add_argument("--wounds-left", type=count(), metavar="N",
                        help="also print the chance to take the defender down")
    args = parser.parse_args(argv)
    profile = AttackProfile(attacks=args.attacks, hit=args.hit, normal=args.damage[0],
                            crit=args.damage[1], defence=args.defence, save=args.save,
                            cover=args.cover)
    print(json.dumps(damage_distribution(profile).to_json(args.wounds_left)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
