"""A compiled (mypyc) engine plays exactly as its pure-Python source does.

The install's engines may be compiled; the pure run uses a copy of the same stamperia
sources without extension modules, in a child interpreter, so both builds play the same
seeded games whatever was installed (as tests/test_rules/test_compiled.py does for the
shipped games).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from stamperia.conformance.failure import fail
from stamperia.conformance.processes import child_environment, run_stamperia
from stamperia.content.locate import game_folder
from stamperia.rules.simulation.compiled import PYTHON

HOW_RUN = ("seconds", "games_per_second", "steps_per_second", "engine")
"""Report fields that tell how a run went, not what the games gave."""


def pure_copy(into: Path) -> Path:
    """The imported stamperia package's sources copied into `into` (links followed),
    extension modules left out, so Python imports the .py files; returns `into`."""
    package = Path(sys.modules["stamperia"].__file__ or "").parent
    shutil.copytree(package, into / "stamperia",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def _simulate(arguments: list[str], record: Path, first: list[Path], work: Path
              ) -> dict[str, object]:
    output = run_stamperia([*arguments, "--record", str(record)], child_environment(first),
                           work)
    report = json.loads(output)
    if not isinstance(report, dict):
        fail(f"stamperia {' '.join(arguments)} printed no report: {output}")
    return report


def check_compiled_as_pure(game: str, players: int, seed: int, agents: str, games: int,
                           work: Path) -> str:
    """`stamperia simulate GAME --json --record` with the installed engines and with their
    pure sources: the same report (but for timings and the engine named) and the same
    record, byte for byte. Returns how the installed engine ran."""
    folder = str(game_folder(game).resolve())
    arguments = ["simulate", folder, "--players", str(players), "--games", str(games),
                 "--seed", str(seed), "--agents", agents, "--json"]
    installed = _simulate(arguments, work / "installed.jsonl", [], work)
    pure = _simulate(arguments, work / "pure.jsonl", [pure_copy(work / "pure")], work)
    if pure.get("engine") != PYTHON:
        fail(f"the pure copy of stamperia still ran a {pure.get('engine')} engine: an "
             "extension module was imported from elsewhere")
    how = {k: v for k, v in installed.items() if k not in HOW_RUN}
    if how != {k: v for k, v in pure.items() if k not in HOW_RUN}:
        fail(f"{game}: seed {seed} gave another report with the {installed.get('engine')} "
             "engine than with its pure-Python source")
    if (work / "installed.jsonl").read_bytes() != (work / "pure.jsonl").read_bytes():
        fail(f"{game}: seed {seed} recorded other games with the {installed.get('engine')} "
             "engine than with its pure-Python source")
    return str(installed.get("engine"))
