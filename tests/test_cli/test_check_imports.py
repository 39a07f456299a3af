"""What a check must not import: start-up is part of every check's time.

A check measures text with the light font reader, so it never imports the PDF library (nor
the imaging library that comes with it), which a build still uses to draw; without the
balance stage it imports neither what a build alone needs (the kit's stamp and its
hashing) nor what only the forked balance stage needs (pickle). (The calibration pages
are read back by check, as every page of the kit.)
Each check runs in a fresh interpreter, where nothing was imported before it."""

from __future__ import annotations

import subprocess
import sys

import pytest

CODE = """
import sys
from stamperia.cli import cli  # not main: it would end the process at once
try:
    cli.main(["check", "--no-balance", sys.argv[1]], standalone_mode=True)
except SystemExit as end:
    print("exit", end.code)
print(sorted(set(sys.modules) & set(sys.argv[2].split(","))))
"""

DRAWING = "reportlab,PIL,svgwrite"
BUILD_ONLY = "pickle,stamperia.generator.print.stamp,stamperia.content.fingerprint"


@pytest.mark.parametrize(("game", "forbidden"), [
    ("splut", DRAWING),
    ("sgrunt", DRAWING),
    ("sgrunt", BUILD_ONLY),
])
def test_check_imports_none_of(game: str, forbidden: str) -> None:
    out = subprocess.run([sys.executable, "-c", CODE, game, forbidden],
                         capture_output=True, text=True, check=True)
    lines = out.stdout.strip().splitlines()
    assert lines[-2:] == ["exit 0", "[]"]
    assert game in out.stdout  # the check ran and reported the game
