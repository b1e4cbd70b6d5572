"""A normal install ships the content of assets/ and missions/ and runs from any folder.

The cheap checks run here: pyproject.toml's package-data mapping covers every content file,
content_root() finds the content in a checkout and in an installed layout (made by copying
files as the mapping says, not by building), and the commands start from outside the
checkout. One test builds the real wheel (a few seconds); .ci/run installs it for real.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from game.content import REPO_ROOT, content_root, load_catalogue, shipped_files

CONTENT_FOLDERS = ("assets", "missions")


def _setuptools() -> dict[str, Any]:
    with open(REPO_ROOT / "pyproject.toml", "rb") as f:
        config: dict[str, Any] = tomllib.load(f)["tool"]["setuptools"]
    return config


def _mapping() -> dict[str, str]:
    """Package name -> the top-level folder it is built from."""
    mapping: dict[str, str] = _setuptools()["package-dir"]
    return mapping


def _content_files(folder: Path) -> set[str]:
    """Every file under ``folder`` (relative, with /), dot-files and caches aside."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                       for part in p.relative_to(folder).parts)}


def _run(*args: str, cwd: Path, pythonpath: Path | None = None,
         pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:  # build without compiling the engine (.ci/run compiles it for real)
        env["FIRETEAM_PURE"] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_both_content_folders_are_mapped_into_the_package() -> None:
    mapping = _mapping()
    assert sorted(mapping.values()) == sorted(CONTENT_FOLDERS)
    for package in mapping:
        assert package.startswith("game._data."), package
        assert package in _setuptools()["packages"]


def test_every_content_file_is_covered_by_package_data() -> None:
    package_data: dict[str, list[str]] = _setuptools()["package-data"]
    for package, folder in _mapping().items():
        root = REPO_ROOT / folder
        wanted = _content_files(root)
        assert wanted, f"{folder}/ is empty"
        shipped: set[str] = set()
        for pattern in package_data.get(package, []):
            # as setuptools expands package-data patterns
            shipped |= {Path(p).as_posix() for p in glob.glob(pattern, root_dir=root,
                                                               recursive=True)
                        if (root / p).is_file()}
        assert wanted <= shipped, f"not shipped from {folder}/: {sorted(wanted - shipped)}"


def test_every_python_package_is_listed() -> None:
    listed = set(_setuptools()["packages"])
    found = {".".join(p.parent.relative_to(REPO_ROOT).parts)
             for p in (REPO_ROOT / "game").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    for package in listed - set(_mapping()):
        assert package in found, f"{package} is listed but has no __init__.py"


def test_content_root_is_the_checkout_here() -> None:
    root = content_root()
    assert root == REPO_ROOT  # so a modder's edit of missions/*.yaml is what is read
    assert sorted((root / "missions").glob("*.yaml"))
    kinds = {kind for _, kind in shipped_files()}
    assert kinds == {"killzone", "fireteam", "targets", "mission", "wargear",
                     "special_operations"}


def _installed_layout(site: Path, with_content: bool = True) -> None:
    """Lay out the game under ``site`` as a wheel installs it (as pyproject.toml maps it)."""
    shutil.copytree(REPO_ROOT / "game", site / "game",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if with_content:
        for package, folder in _mapping().items():
            shutil.copytree(REPO_ROOT / folder, site.joinpath(*package.split(".")))


@pytest.mark.slow  # install layouts: fresh Python processes
def test_installed_layout_reads_the_packaged_content(tmp_path: Path) -> None:
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _installed_layout(site)
    where = _run("-c", "import game.content as c; print(c.content_root())",
                 cwd=elsewhere, pythonpath=site)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == site / "game" / "_data"
    check = _run("-m", "game.content", "check", cwd=elsewhere, pythonpath=site)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("ok: ")
    missions = len(load_catalogue().missions)
    assert f"{missions} missions" in check.stdout


@pytest.mark.slow  # install layouts: fresh Python processes
def test_check_fails_when_no_content_is_shipped(tmp_path: Path) -> None:
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _installed_layout(site, with_content=False)
    check = _run("-m", "game.content", "check", cwd=elsewhere, pythonpath=site)
    assert check.returncode == 1
    assert "no game content found: no .yaml files in missions/" in check.stdout
    assert "no game content found: no .yaml files in assets/" in check.stdout
    assert "Traceback" not in check.stderr
    play = _run("-m", "game", "demo", "--brief", cwd=elsewhere, pythonpath=site)
    assert play.returncode == 1
    assert "no game content found" in play.stderr


@pytest.mark.slow  # install layouts: fresh Python processes
def test_the_game_starts_from_outside_the_checkout(tmp_path: Path) -> None:
    result = _run("-m", "game", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m game")
    demo = _run("-m", "game", "demo", "--seed", "1", "--brief", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    lines = demo.stdout.strip().splitlines()
    assert len(lines) == 3 and lines[-1].startswith("the mission is over")


@pytest.mark.slow  # fresh Python processes
def test_main_py_and_the_console_script_run_the_same_program() -> None:
    with open(REPO_ROOT / "pyproject.toml", "rb") as f:
        scripts = tomllib.load(f)["project"]["scripts"]
    assert scripts == {"fireteam": "game.cli.main:main"}
    full = _run("main.py", "demo", "--seed", "3", cwd=REPO_ROOT)
    brief = _run("-m", "game", "demo", "--seed", "3", "--brief", cwd=REPO_ROOT)
    assert full.returncode == brief.returncode == 0
    full_lines, brief_lines = full.stdout.splitlines(), brief.stdout.splitlines()
    assert brief_lines == full_lines[:2] + full_lines[-1:]


@pytest.mark.wheel
@pytest.mark.slow
def test_the_wheel_carries_the_content(tmp_path: Path) -> None:
    """Build the real wheel from a copy of the project (no build/ left in the checkout)."""
    source = tmp_path / "source"
    for name in ("pyproject.toml", "setup.py", "README.md", *CONTENT_FOLDERS, "game"):
        if (REPO_ROOT / name).is_dir():  # a compiled build of the checkout is left behind
            shutil.copytree(REPO_ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd",
                                                          "*.c", "_compiled.json"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(REPO_ROOT / name, source / name)
    built = _run("-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                 str(tmp_path / "dist"), str(source), cwd=tmp_path, pure=True)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "dist").glob("fireteam-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for package, folder in _mapping().items():
        inside = package.replace(".", "/")
        for name in _content_files(REPO_ROOT / folder):
            assert f"{inside}/{name}" in names
    assert "game/cli/main.py" in names and "game/__main__.py" in names
    assert "game/compiled/guard.py" in names  # setup.py reads it to build
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "fireteam = game.cli.main:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
