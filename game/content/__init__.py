"""Game content: YAML files → typed, validated definitions (:mod:`game.engine.defs`).

Every error names file, line, column and key path; all errors of a run are raised together
as one :class:`ContentError`. See ``docs/content-format.md`` for the format.
"""

from game.content.loader import (
    REPO_ROOT,
    content_root,
    expand_paths,
    file_kind,
    load_catalogue,
    parse_datacards,
    shipped_files,
)
from game.content.schema import hex_problem, is_hex_on_board
from game.content.yamlio import (
    ContentError,
    ContentIssue,
    KeyPath,
    Located,
    format_path,
    load_yaml,
    locate,
    suggestion,
    to_python_with_lines,
)

__all__ = [
    "REPO_ROOT",
    "ContentError",
    "ContentIssue",
    "KeyPath",
    "Located",
    "content_root",
    "expand_paths",
    "file_kind",
    "format_path",
    "hex_problem",
    "is_hex_on_board",
    "load_catalogue",
    "load_yaml",
    "locate",
    "parse_datacards",
    "shipped_files",
    "suggestion",
    "to_python_with_lines",
]
