"""``python -m game.content check [PATH...]`` and ``python -m game.content list [PATH...]``
(``game/content/__main__.py`` hands over to this module).

``check`` loads the shipped content plus the given files/folders, checks that every number a
card's text states is the number its rule data holds (:mod:`game.content.card_text`), and
prints one summary line (exit 0), or every issue and a count line (exit 1). ``list`` prints
every id by kind (special operations with their fireteam, stage and reward) and the weapon
rules.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.cli.args import Parser, existing_path
from game.content.card_text import text_issues
from game.content.loader import expand_paths, load_catalogue, shipped_files
from game.content.yamlio import ContentError, ContentIssue
from game.engine.defs import Catalogue, SpecialOperation
from game.engine.vocabulary import WEAPON_RULES


def _load(paths: Sequence[str]) -> Catalogue | None:
    try:
        return load_catalogue(paths)
    except ContentError as exc:
        _report(exc.issues)
        return None


def _report(issues: Sequence[ContentIssue]) -> None:
    for issue in issues:
        print(issue)
    count = len(issues)
    files = len({issue.file for issue in issues})
    print(f"{count} issue{'s' if count != 1 else ''} in {files} "
          f"file{'s' if files != 1 else ''}")


def card_text_issues(paths: Sequence[str]) -> list[ContentIssue]:
    """Where the shipped cards' and the given files' texts disagree with their rule data."""
    extra, _ = expand_paths(paths)
    files = [path for path, _ in shipped_files()]
    known = {path.resolve() for path in files}
    return text_issues(files + [path for path in extra if path.resolve() not in known])


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def summary(cat: Catalogue) -> str:
    """The one-line count of everything in a catalogue."""
    return "ok: " + ", ".join([
        _plural(len(cat.fireteams), "fireteam"),
        _plural(len(cat.datacards), "datacard"),
        _plural(len(cat.missions), "mission"),
        _plural(len(cat.targets), "target of opportunity", "targets of opportunity"),
        f"{len(cat.wargear)} special issue wargear",
        _plural(sum(len(t.tactical_ploys) for t in cat.fireteams.values()), "tactical ploy"),
        _plural(len(cat.special_operations), "special operation"),
        _plural(len(cat.killzones), "killzone side"),
    ])


def listing(cat: Catalogue) -> list[str]:
    """Every id in the catalogue, grouped by kind, one per line."""
    groups: list[tuple[str, list[str]]] = [
        ("fireteams", list(cat.fireteams)),
        ("datacards", list(cat.datacards)),
        ("weapons", [f"{c.id}.{w.id}" for c in cat.datacards.values() for w in c.weapons]),
        ("weapon ids", sorted({w.id for c in cat.datacards.values() for w in c.weapons})),
        ("ploys", [p.id for team in cat.fireteams.values() for p in team.ploys]),
        ("tactical ploys", [c.id for team in cat.fireteams.values()
                            for c in team.tactical_ploys]),
        ("killzone sides", list(cat.killzones)),
        ("missions", list(cat.missions)),
        ("objectives", [f"{m.id}.{o}" for m in cat.missions.values() for o in m.objectives]),
        ("mission actions", [f"{m.id}.{a.id}" for m in cat.missions.values()
                             for a in m.actions]),
        ("targets of opportunity", list(cat.targets)),
        ("special issue wargear", list(cat.wargear)),
        ("special operations", [_operation(op) for op in cat.special_operations.values()]),
        ("weapon rules", list(WEAPON_RULES)),
    ]
    lines: list[str] = []
    for title, ids in groups:
        lines.append(f"{title}:")
        lines.extend(f"  {ident}" for ident in ids)
        if not ids:
            lines.append("  (none)")
    return lines


def _operation(op: SpecialOperation) -> str:
    kind = op.reward.kind.replace("_", " ")
    return f"{op.id} ({op.fireteam}, {op.stage}; {kind}: {op.reward.name})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(
        prog="python -m game.content",
        description="Check or list the game content (shipped YAML plus given files/folders).")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="check content; exit 1 on any issue")
    check.add_argument("paths", nargs="*", metavar="PATH", type=existing_path,
                       help="extra content files, or folders searched for .yaml/.yml")
    lister = commands.add_parser("list", help="print every id, grouped by kind")
    lister.add_argument("paths", nargs="*", metavar="PATH", type=existing_path,
                        help="extra content files, or folders searched for .yaml/.yml")
    args = parser.parse_args(argv)
    cat = _load(args.paths)
    if cat is None:
        return 1
    if args.command == "check":
        issues = card_text_issues(args.paths)
        if issues:
            _report(issues)
            return 1
        print(summary(cat))
    else:
        print("\n".join(listing(cat)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
