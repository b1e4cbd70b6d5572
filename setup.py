"""The build's one step beyond pyproject.toml: the engine and the computer player compiled to
C by Cython where a C compiler is at hand (``game/compiled/guard.py`` says which modules,
and how a stale build is kept from running). Without a compiler, or with ``FIRETEAM_PURE=1``
set while installing, the game installs as plain Python and plays the same, only slower."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# read without importing the package (its imports need the installed dependencies)
COMPILED: dict[str, Any] = runpy.run_path(str(ROOT / "game" / "compiled" / "guard.py"))


def _extensions() -> list[Any]:
    if COMPILED["pure_requested"]():
        print("FIRETEAM_PURE is set: installing the Python source only", file=sys.stderr)
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        print("Cython is not installed: installing the Python source only", file=sys.stderr)
        return []
    extensions = [Extension(COMPILED["module_name"](ROOT, source),
                            [str(source.relative_to(ROOT))])
                  for source in COMPILED["sources"](ROOT)]
    # annotation_typing off: the source's annotations are for mypy; Cython must not turn them
    # into run-time checks (a str-valued enum member is a str to the engine)
    return list(cythonize(extensions, quiet=True, nthreads=os.cpu_count() or 1,
                          compiler_directives={"language_level": 3,
                                               "annotation_typing": False}))


class OptionalBuildExt(build_ext):
    """Builds what it can; a module that fails to compile stays Python (and says so). Then
    records the digest of each compiled source (``game/_compiled.json``) beside the build.
    An extension already built in the checkout from the same source is reused, not compiled
    again (installing again after an edit compiles only the modules edited)."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = os.cpu_count() or 1
        self.failed: set[str] = set()

    def build_extensions(self) -> None:
        # -O1: the extensions run as fast as at -O3 (they spend their time in the Python
        # runtime's calls) and build in half the time
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-O1"]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all: the source runs instead
            print(f"compiling the engine failed ({error}); it runs as Python",
                  file=sys.stderr)
        self._write_manifest()

    def build_extension(self, ext: Any) -> None:
        if self._reused(ext):
            return
        try:
            super().build_extension(ext)
        except Exception as error:
            self.failed.add(ext.name)
            print(f"compiling {ext.name} failed ({error}); it runs as Python",
                  file=sys.stderr)

    def copy_extensions_to_source(self) -> None:
        # (an editable install) only the extensions that were built
        every = self.extensions
        self.extensions = [ext for ext in every if ext.name not in self.failed]
        try:
            super().copy_extensions_to_source()
        finally:
            self.extensions = every

    def _reused(self, ext: Any) -> bool:
        try:
            recorded = json.loads((ROOT / "game" / COMPILED["MANIFEST"]).read_text("utf-8"))
        except (OSError, ValueError):
            return False
        built = ROOT / self.get_ext_filename(ext.name)
        source = ROOT / Path(ext.sources[0]).with_suffix(".py")
        if not (isinstance(recorded, dict) and built.exists()
                and recorded.get(ext.name) == COMPILED["digest"](source)):
            return False
        target = Path(self.get_ext_fullpath(ext.name))
        if target.resolve() != built.resolve():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, target)
        return True

    def _write_manifest(self) -> None:
        digests = {}
        for ext in self.extensions:
            if ext.name not in self.failed and Path(self.get_ext_fullpath(ext.name)).exists():
                source = ROOT / ext.sources[0].replace(".c", ".py")
                digests[ext.name] = COMPILED["digest"](source)
        package = Path(self.get_ext_fullpath("game.x")).parent
        package.mkdir(parents=True, exist_ok=True)
        (package / COMPILED["MANIFEST"]).write_text(
            json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
