"""Compiled (mypyc) and pure-Python engines: the same results, and no stale builds.

The installed engines may be compiled (setup.py, pyproject's [tool.stamperia] compiled);
the pure run uses a copy of the same sources without their extension modules, in a
subprocess, so both builds play the same seeded games here whatever was installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.rules.conquest.simulate import SIMULATOR
from stamperia.rules.simulation.compiled import COMPILED, PYTHON, engine_kind

ROOT = Path(__file__).resolve().parents[2]
HOW_RUN = ("seconds", "games_per_second", "steps_per_second", "engine")
"""Report fields that tell how a run went, not what the games gave."""
SIMULATIONS = {
    "iwari": ["simulate", "iwari", "--players", "2", "--games", "4", "--seed", "3",
              "--agents", "greedy,random", "--json"],
    "sgrunt": ["simulate", "sgrunt", "--players", "4", "--games", "4", "--seed", "3", "--json"],
    "warland": ["simulate", "warland", "--players", "3", "--games", "4", "--seed", "3",
                "--agents", "builder,raider,random", "--json"],
}


def _pure_copy(into: Path) -> Path:
    """The imported packages' sources (checkout or site-packages), extension modules left
    out, so Python imports the .py files."""
    stamperia_folder = Path(sys.modules["stamperia"].__file__ or "").parent
    shutil.copytree(stamperia_folder, into / "stamperia",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def _without_how_run(report: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in report.items() if k not in HOW_RUN}


@pytest.mark.parametrize("game", sorted(SIMULATIONS))
def test_installed_and_pure_engines_give_the_same_reports_and_records(
        tmp_path: Path, game: str) -> None:
    simulate = SIMULATIONS[game]
    installed_record = tmp_path / "installed.jsonl"
    result = CliRunner().invoke(cli, [*simulate, "--record", str(installed_record)])
    assert result.exit_code == 0, result.output
    installed = json.loads(result.output)

    pure_record = tmp_path / "pure.jsonl"
    environment = {**os.environ, "PYTHONPATH": str(_pure_copy(tmp_path / "pure"))}
    done = subprocess.run([sys.executable, "-m", "stamperia", *simulate, "--record",
                           str(pure_record)], capture_output=True, text=True,
                          env=environment, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)

    assert pure["engine"] == PYTHON
    assert installed["engine"] in (COMPILED, PYTHON)
    assert _without_how_run(installed) == _without_how_run(pure)
    assert installed_record.read_bytes() == pure_record.read_bytes()


def test_engine_kind_reads_the_module_of_the_engine() -> None:
    """The shared loop plays every ruleset: the engine's module tells the build."""
    assert SIMULATOR.engine_module == "stamperia.rules.conquest.simulate"
    module = sys.modules[SIMULATOR.engine_module]
    expected = COMPILED if str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES)) else PYTHON
    assert engine_kind(SIMULATOR) == expected


def test_version_names_each_engine_build() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("stamperia, version ")
    assert f"conquest {engine_kind(SIMULATOR)}" in result.output


def _compiled_sources() -> list[Path]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return [ROOT / path for path in tomllib.load(file)["tool"]["stamperia"]["compiled"]]


def test_compiled_list_names_existing_modules() -> None:
    assert all(path.is_file() and path.suffix == ".py" for path in _compiled_sources())


def test_no_extension_module_in_the_checkout_is_older_than_its_source() -> None:
    """An editable install with STAMPERIA_COMPILE=1 compiles in place, and the extension
    module then shadows the .py: after editing one, rebuild or tests run the old code."""
    stale = []
    for source in _compiled_sources():
        for suffix in EXTENSION_SUFFIXES:
            built = source.with_suffix("").with_name(source.stem + suffix)
            if built.exists() and built.stat().st_mtime < source.stat().st_mtime:
                stale.append(f"{built.name} is older than {source.name}")
    if stale:
        pytest.fail("; ".join(stale) + ": rebuild with `STAMPERIA_COMPILE=1 pip install -e .` "
                    "(or `pip install -e .`, which goes back to pure Python)")
