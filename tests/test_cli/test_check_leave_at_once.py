"""A check run from the console entry point ends its process once the report is out,
without the interpreter's teardown, and with the exit code and the whole report as usual;
a check run in-process (CliRunner, as every other test) returns instead."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import atexit, sys
atexit.register(lambda: print("teardown ran"))
from stamperia.cli import main
sys.argv = ["stamperia", "check", "--no-balance", "--json", *sys.argv[1:]]
main()
"""


def _check(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CODE, *arguments], capture_output=True,
                          text=True, check=False)


def test_a_clean_check_leaves_with_0_and_its_whole_report_without_teardown() -> None:
    done = _check("sgrunt")
    assert done.returncode == 0
    assert "teardown ran" not in done.stdout
    report = json.loads(done.stdout)
    assert (report["errors"], report["failed"]) == (0, False)


def test_a_failed_check_leaves_with_1_and_its_whole_report() -> None:
    done = _check("--strict", "sgrunt")  # its warnings fail a strict check
    assert done.returncode == 1
    assert "teardown ran" not in done.stdout
    assert json.loads(done.stdout)["failed"] is True


def test_a_usage_error_still_exits_2_the_usual_way() -> None:
    done = _check("no_such_game_here")
    assert done.returncode == 2
    assert "teardown ran" in done.stdout  # no report was made: nothing to hurry
