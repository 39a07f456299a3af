"""A check measures text with the light font reader: it never imports the PDF library
(nor the imaging library that comes with it), which a build still uses to draw."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from stamperia.cli import cli  # not main: it would end the process at once
ARGUMENTS = ["check", "--no-balance", "splut"]
try:
    cli.main(ARGUMENTS, standalone_mode=True)
except SystemExit as end:
    print("exit", end.code)
print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL', 'svgwrite'}))
"""


def test_check_with_text_fit_imports_no_drawing_library() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         check=True)
    lines = out.stdout.strip().splitlines()
    assert lines[-2:] == ["exit 0", "[]"]
    assert "splut" in out.stdout  # the check ran and reported the game
