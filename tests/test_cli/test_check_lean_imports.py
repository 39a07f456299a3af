"""A check without the balance stage imports neither what a build alone needs (the kit's
stamp and its hashing, the calibration pages) nor what only the forked balance stage
needs (pickle): start-up is part of every check's time."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from stamperia.cli import cli  # not main: it would end the process at once
ARGUMENTS = ["check", "--no-balance", "sgrunt"]
try:
    cli.main(ARGUMENTS, standalone_mode=True)
except SystemExit as end:
    print("exit", end.code)
print(sorted(set(sys.modules) & {'pickle', 'generator.stamp', 'content.fingerprint',
                                 'generator.calibration'}))
"""


def test_check_without_balance_imports_neither_stamp_nor_pickle() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         check=True)
    lines = out.stdout.strip().splitlines()
    assert lines[-2:] == ["exit 0", "[]"]
    assert "sgrunt" in out.stdout  # the check ran and reported the game
