"""A long simulation on the pure-Python engines says once, on stderr, how to get the
compiled ones; the report is the same with or without the notice, and compiled engines
are never told. Nothing is timed: the clock and the threshold are given."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import stamperia.rules.simulation.compiled as compiled
from stamperia import slownotice
from stamperia.cli import cli
from stamperia.slownotice import SlowRunWatch, notice, slow_run_watch

TIMING = ("seconds", "games_per_second", "steps_per_second")
NOTICE = re.compile(
    r"stamperia: this simulation runs on the pure-Python engines and will take about \d+ s; "
    r"compiled engines are 2-9x faster: install stamperia from a wheel \(pip install "
    r"stamperia\), or in a source checkout compile them with STAMPERIA_COMPILE=1 pip "
    r"install \.\n")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_estimate_scales_the_first_games_and_the_notice_is_said_once() -> None:
    clock, said = Clock(), []
    watch = SlowRunWatch(100, said.append, threshold=60, clock=clock)
    clock.now += 5
    watch(10)  # 10 games in 5 s: 50 s for 100
    assert said == []
    clock.now += 8
    watch(10)  # 20 games in 13 s: 65 s
    assert said == [notice(65)]
    clock.now += 100
    watch(10)
    assert said == [notice(65)]


def test_the_last_report_tells_nothing() -> None:
    clock, said = Clock(), []
    watch = SlowRunWatch(10, said.append, threshold=60, clock=clock)
    clock.now += 600
    watch(10)
    assert said == []


def test_only_the_pure_engines_are_watched() -> None:
    assert slow_run_watch(100, compiled.COMPILED, print, threshold=0) is None
    assert slow_run_watch(100, compiled.PYTHON, print, threshold=0) is not None


def test_the_notice_words_the_duration() -> None:
    assert notice(65).startswith("stamperia: this simulation runs on the pure-Python engines "
                                 "and will take about 65 s; compiled engines are 2-9x faster:")
    assert "about 10 min;" in notice(600) and "about 2.5 h;" in notice(9000)
    assert notice(65).endswith("STAMPERIA_COMPILE=1 pip install .")


SIMULATE = ["simulate", "splut", "--players", "2", "--games", "8", "--seed", "3"]


def _run(*arguments: str) -> Result:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exit_code == 0, result.output
    return result


def _without_timing(stdout: str) -> dict[str, object]:
    report: dict[str, object] = json.loads(stdout)
    return {key: value for key, value in report.items() if key not in TIMING}


def test_simulate_tells_on_stderr_and_the_report_is_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    quiet = _run(*SIMULATE, "--json")
    quiet_text = _run(*SIMULATE)
    assert quiet.stderr == quiet_text.stderr == ""
    monkeypatch.setattr(slownotice, "NOTICE_SECONDS", 0.0)
    told = _run(*SIMULATE, "--json")
    assert NOTICE.fullmatch(told.stderr)
    assert _without_timing(told.stdout) == _without_timing(quiet.stdout)
    told_text = _run(*SIMULATE)
    assert NOTICE.fullmatch(told_text.stderr)
    assert ([line for line in told_text.stdout.splitlines() if not line.startswith("speed:")]
            == [line for line in quiet_text.stdout.splitlines()
                if not line.startswith("speed:")])
    recorded = _run(*SIMULATE, "--record", str(tmp_path / "games.jsonl"), "--json")
    assert NOTICE.fullmatch(recorded.stderr)


def test_compiled_engines_are_never_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slownotice, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(compiled, "engine_kind", lambda _simulator: compiled.COMPILED)
    assert _run(*SIMULATE, "--json").stderr == ""
    assert _run("sweep", "splut", "--players", "2", "--games", "4", "--vary",
                "board.json#/move_cap_turns=5,400", "--json").stderr == ""


def test_sweep_tells_on_stderr_and_its_json_is_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    arguments = ["sweep", "splut", "--players", "2", "--games", "4", "--vary",
                 "board.json#/move_cap_turns=5,400", "--json"]
    quiet = _run(*arguments)
    assert quiet.stderr == ""
    monkeypatch.setattr(slownotice, "NOTICE_SECONDS", 0.0)
    told = _run(*arguments)
    assert NOTICE.fullmatch(told.stderr)
    assert told.stdout == quiet.stdout
