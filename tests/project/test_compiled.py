"""The compiled engine's guard (game/compiled/guard.py): an extension built from an older
source never runs in place of the source beside it.

Nothing here needs a C compiler: an extension is stood in for by a file of its name that is
not a loadable library, so importing it for real fails, and the import succeeds only when the
guard sends it to the source. .ci/run builds the real extensions and requires every one of
them to run (``python -m game.compiled --require``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.compiled import guard
from game.content import REPO_ROOT

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project root with game/engine/probe.py and a stand-in extension beside it."""
    engine = tmp_path / "game" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("")
    (engine / "probe.py").write_text("VALUE = 'from the source'\n")
    (engine / f"probe{SUFFIX}").write_bytes(b"not a library")
    (tmp_path / "game" / "ai").mkdir()
    return tmp_path


def _record(project: Path, digests: dict[str, str]) -> None:
    (project / "game" / guard.MANIFEST).write_text(json.dumps(digests))


def test_an_extension_built_from_another_source_is_stale(project: Path) -> None:
    source = project / "game" / "engine" / "probe.py"
    assert guard.stale_modules(project / "game") == {"game.engine.probe": source}
    _record(project, {"game.engine.probe": "0" * 64})
    assert guard.stale_modules(project / "game") == {"game.engine.probe": source}


def test_an_extension_built_from_this_source_runs(project: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(guard.PURE, raising=False)
    source = project / "game" / "engine" / "probe.py"
    _record(project, {"game.engine.probe": guard.digest(source)})
    assert guard.stale_modules(project / "game") == {}
    assert guard.status(project / "game") == (1, 1, [])
    source.write_text("VALUE = 'edited since the build'\n")
    assert guard.status(project / "game") == (1, 1, ["game.engine.probe"])


def test_fireteam_pure_keeps_every_extension_from_running(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = project / "game" / "engine" / "probe.py"
    _record(project, {"game.engine.probe": guard.digest(source)})
    monkeypatch.setenv(guard.PURE, "1")
    assert guard.stale_modules(project / "game") == {"game.engine.probe": source}
    monkeypatch.setenv(guard.PURE, "0")
    assert guard.stale_modules(project / "game") == {}


def test_a_source_without_an_extension_is_left_to_python(project: Path) -> None:
    (project / "game" / "engine" / f"probe{SUFFIX}").unlink()
    assert guard.stale_modules(project / "game") == {}
    assert guard.status(project / "game") == (1, 0, [])


@pytest.fixture
def probe_path(tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path holding guardprobe.py and a stand-in extension of that name."""
    (tmp_path / "guardprobe.py").write_text("VALUE = 'from the source'\n")
    (tmp_path / f"guardprobe{SUFFIX}").write_bytes(b"not a library")
    sys.path.insert(0, str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    sys.path.remove(str(tmp_path))
    sys.modules.pop("guardprobe", None)


def test_without_the_guard_the_extension_is_what_python_loads(probe_path: Path) -> None:
    with pytest.raises(ImportError):
        importlib.import_module("guardprobe")


def test_the_guard_sends_a_stale_module_to_its_source(probe_path: Path) -> None:
    finder = guard.SourceWhenStale({"guardprobe": probe_path / "guardprobe.py"})
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module("guardprobe")
    finally:
        sys.meta_path.remove(finder)
    assert module.VALUE == "from the source"
    assert module.__file__ == str(probe_path / "guardprobe.py")


def test_importing_the_game_puts_the_guard_first_when_anything_is_stale() -> None:
    finders = [f for f in sys.meta_path if isinstance(f, guard.SourceWhenStale)]
    assert len(finders) == (1 if guard.stale_modules() else 0)
    if finders:  # before the finder of the files on sys.path
        path_finder = sys.meta_path.index(importlib.machinery.PathFinder)
        assert sys.meta_path.index(finders[0]) < path_finder
        assert guard.install_guard() is finders[0]  # once per process


def test_the_compiled_modules_are_the_engine_and_the_computer_player() -> None:
    names = {guard.module_name(REPO_ROOT, s) for s in guard.sources(REPO_ROOT)}
    assert "game.engine.game" in names
    assert all(n.startswith(("game.engine.", "game.ai.")) for n in names)
    assert not any(n.endswith("__init__") for n in names)
    every = {guard.module_name(REPO_ROOT, p) for folder in guard.FOLDERS
             for p in (REPO_ROOT / folder).rglob("*.py") if p.name != "__init__.py"}
    assert names == every
