"""The engine and the computer player compiled to C, and the guard that keeps a stale build
from running.

When the game is installed (``pip install .`` or ``pip install -e .``), ``setup.py`` hands
every module of the folders in :data:`FOLDERS` (their packages' ``__init__`` files aside) to
Cython, which turns the unchanged Python source into a C extension beside it; nothing in the
source is written for Cython. The extension runs the same code about a sixth faster
(``docs/engine.md``, "Speed"). A machine without a C compiler, or ``FIRETEAM_PURE=1`` in the
environment while installing, simply gets the Python source.

An extension module is loaded in preference to the ``.py`` file beside it, so an extension
built from an older source would hide every later edit of that source (a developer's fix, a
mutation test's mutant). The build therefore records the SHA-256 of each source it compiled
in :data:`MANIFEST`, and :func:`install_guard` (run when ``game`` is imported, before any
compiled module can be) sends the import of a module to its ``.py`` source whenever that
source's digest differs from the one recorded, when no digest is recorded, or when
``FIRETEAM_PURE=1`` is set at run time. This file is read by ``setup.py`` without importing
the package, so it imports only the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# the folders (relative to the project root) whose modules are compiled
FOLDERS = ("game/engine", "game/ai")
# the digests of the sources compiled, written by the build beside this file
MANIFEST = "_compiled.json"
# set to 1 to run (or install) the Python source only
PURE = "FIRETEAM_PURE"

_GAME = Path(__file__).resolve().parent.parent


def sources(root: Path) -> list[Path]:
    """The source files compiled, under ``root`` (the project root), in a stable order."""
    found: list[Path] = []
    for folder in FOLDERS:
        found.extend(p for p in sorted((root / folder).rglob("*.py"))
                     if p.name != "__init__.py")
    return found


def module_name(root: Path, source: Path) -> str:
    """The dotted module name of ``source`` under the project root ``root``."""
    return ".".join(source.relative_to(root).with_suffix("").parts)


def digest(source: Path) -> str:
    """The SHA-256 of a source file's bytes."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def pure_requested() -> bool:
    """Whether the environment asks for the Python source only."""
    return os.environ.get(PURE, "").strip() not in ("", "0")


def _extension_beside(source: Path) -> bool:
    stem = source.with_suffix("")
    return any(Path(f"{stem}{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def stale_modules(package_dir: Path = _GAME) -> dict[str, Path]:
    """The modules that have a compiled extension beside their source which must not run:
    name -> source. Empty when nothing is compiled."""
    root = package_dir.parent
    compiled = [s for s in sources(root) if _extension_beside(s)]
    if not compiled:
        return {}
    if pure_requested():
        return {module_name(root, s): s for s in compiled}
    try:
        recorded = json.loads((package_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        recorded = {}
    if not isinstance(recorded, dict):
        recorded = {}
    stale: dict[str, Path] = {}
    for source in compiled:
        name = module_name(root, source)
        if recorded.get(name) != digest(source):
            stale[name] = source
    return stale


class SourceWhenStale:
    """A finder, first on ``sys.meta_path``, that loads the named modules from their Python
    source (the compiled extension beside each is stale or not wanted)."""

    def __init__(self, stale: dict[str, Path]) -> None:
        self.stale = stale

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        source = self.stale.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install_guard() -> SourceWhenStale | None:
    """Put a :class:`SourceWhenStale` first on ``sys.meta_path`` when any compiled module
    must not run (once per process); return it, or None when every extension is current."""
    for finder in sys.meta_path:
        if isinstance(finder, SourceWhenStale):
            return finder
    stale = stale_modules()
    if not stale:
        return None
    guard = SourceWhenStale(stale)
    sys.meta_path.insert(0, guard)
    return guard


def running_compiled() -> list[str]:
    """The names of the modules of :data:`FOLDERS` imported so far from a compiled
    extension (for ``python -m game.cli.bench`` to say which engine it timed)."""
    names = []
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader) \
                and name.startswith(("game.engine", "game.ai")):
            names.append(name)
    return sorted(names)


def status(package_dir: Path = _GAME) -> tuple[int, int, list[str]]:
    """How many modules could be compiled, how many have an extension beside their source,
    and the names of those whose extension does not run (stale, or not wanted)."""
    root = package_dir.parent
    every = sources(root)
    built = [s for s in every if _extension_beside(s)]
    return len(every), len(built), sorted(stale_modules(package_dir))
