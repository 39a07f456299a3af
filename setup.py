"""Build the package: pure Python by default, the rule engines' hot modules compiled with
mypyc when asked.

Why a setup.py: mypyc plugs into setuptools through `mypycify`, and only code can decide at
build time whether to compile. The modules to compile are listed once, in pyproject.toml
(`[tool.stamperia] compiled`). The pure-Python sources ship either way. As black does, a
source install is pure Python (seconds, where compiling takes minutes on one core) and users
get speed from compiled wheels, which the release build makes with compiling switched on:
- `STAMPERIA_COMPILE=1` compiles; a missing C compiler, a missing mypyc or a failed compile
  then falls back to the pure package with one line on stderr, never an error;
- `STAMPERIA_PURE=1` builds the pure package and wins over `STAMPERIA_COMPILE`;
- `STAMPERIA_REQUIRE_COMPILED=1` compiles and makes a failed compile an error (wheel
  builders set it: a platform wheel holding only pure modules must not ship);
- `MYPYC_OPT_LEVEL` (0-3, default 3) trades compile time for speed.
A pure build deletes the extension modules an earlier editable compiled install put beside
the sources, which would otherwise shadow them. mypyc runs only when build_ext runs, not for
the metadata steps pip asks for first.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def _switched_on(variable: str) -> bool:
    return os.environ.get(variable, "").strip() not in ("", "0")


def pure_requested() -> bool:
    return _switched_on("STAMPERIA_PURE")


def compile_requested() -> bool:
    """Compiling is opt-in; STAMPERIA_PURE wins over both switches that ask for it."""
    wanted = _switched_on("STAMPERIA_COMPILE") or compiled_required()
    return wanted and not pure_requested()


def compiled_modules() -> list[str]:
    """The source files to compile, relative to this folder (pyproject.toml's list)."""
    with open(HERE / "pyproject.toml", "rb") as file:
        return [str(path) for path in tomllib.load(file)["tool"]["stamperia"]["compiled"]]


def compiled_required() -> bool:
    return _switched_on("STAMPERIA_REQUIRE_COMPILED")


def fall_back(reason: str) -> None:
    if compiled_required():
        raise SystemExit(f"stamperia: the engines did not compile ({reason}) and "
                         "STAMPERIA_REQUIRE_COMPILED is set")
    print(f"stamperia: installing the pure-Python engines ({reason})", file=sys.stderr)


def remove_inplace_builds() -> None:
    """Delete the extension modules an editable compiled install left beside the sources:
    they would shadow the .py files of a pure install."""
    from importlib.machinery import EXTENSION_SUFFIXES

    built = [HERE / "stamperia" / f"engines__mypyc{suffix}" for suffix in EXTENSION_SUFFIXES]
    for source in compiled_modules():
        built += [(HERE / source).with_name(Path(source).stem + suffix)
                  for suffix in EXTENSION_SUFFIXES]
    removed = [path for path in built if path.exists()]
    for path in removed:
        path.unlink()
    if removed:
        print(f"stamperia: removed {len(removed)} compiled module(s) of an earlier "
              "editable install", file=sys.stderr)


class CompiledDistribution(Distribution):
    """Has extensions when compiling is asked for, so those wheels get a platform tag and
    `build` runs build_ext (whose extensions are only made there)."""

    def has_ext_modules(self) -> bool:
        return compile_requested()


class BuildMypyc(build_ext):
    """build_ext that makes the mypyc extensions itself and falls back to pure Python."""

    def finalize_options(self) -> None:
        if compile_requested() and not self.distribution.ext_modules:
            try:
                from mypyc.build import mypycify

                # The build environment lacks the runtime dependencies (pip installs them
                # after building): their types are not needed to compile, and errors in
                # modules only imported are mypy's job in CI, not the build's.
                self.distribution.ext_modules = mypycify(
                    ["--ignore-missing-imports", "--follow-imports=silent",
                     *compiled_modules()],
                    opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                    group_name="stamperia.engines")
            except (Exception, SystemExit) as error:  # mypyc exits on type errors
                fall_back(f"mypyc could not translate them: {error or type(error).__name__}")
                self.distribution.ext_modules = []
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no headers, a compile or link error
            lines = str(error).strip().splitlines() or [type(error).__name__]
            fall_back(f"compiling failed: {lines[-1]}")
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            self.extensions = []
            self.distribution.ext_modules = []


if not compile_requested():
    remove_inplace_builds()
# mypy (which brings mypyc) is a build requirement only when compiling: setuptools' build
# backend answers pip's get_requires_for_build_wheel with these, so a pure install does
# not fetch and install it into the isolated build environment
setup(distclass=CompiledDistribution, cmdclass={"build_ext": BuildMypyc},
      setup_requires=["mypy>=1.10"] if compile_requested() else [])
