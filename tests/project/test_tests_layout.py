"""The tests stand in the folder of what they test (docs/development.md, "Tests"): no test
module is loose at the top of ``tests/``, and every folder of tests is a package."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_stands_loose_at_the_top_of_tests() -> None:
    loose = sorted(p.name for p in TESTS.glob("test_*.py"))
    assert not loose, f"move these into the folder of what they test: {loose}"


def test_every_folder_of_tests_is_a_package() -> None:
    folders = {p.parent for p in TESTS.rglob("test_*.py")}
    assert len(folders) >= 8
    assert [f.relative_to(TESTS).as_posix() for f in sorted(folders)
            if not (f / "__init__.py").exists()] == []


def test_the_guide_names_every_folder_of_tests() -> None:
    guide = (TESTS.parent / "docs" / "development.md").read_text(encoding="utf-8")
    folders = sorted({p.parent.relative_to(TESTS).as_posix()
                      for p in TESTS.rglob("test_*.py")})
    assert [f for f in folders if f"`tests/{f}/`" not in guide] == []
