"""The CLI through click's runner: exact output, exit codes, no traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES, make_game

from stamperia.cli import LAZY_COMMANDS, cli
from stamperia.content.validation.schemas import schema_kinds


def test_check_clean_game_prints_summary_and_exits_0(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert result.exit_code == 0
    assert result.output == (
        "tiny: objectives: 3 cards, totals 6..8, spread 2 (limit 2)\n"
        "tiny: setup 2 players: territories 3/3, reserve rossi 3, blu 3\n"
        "tiny: setup 3 players: territories 2/2/2, reserve rossi 7, blu 7, verdi 7\n"
        "tiny: simulation smoke: 4 random games, 2-3 players, mean 3.0 rounds; "
        "ends: objective 2, points 2\n"
        "tiny: prototype data: 73% (territories 6/6, zones 2/2, cards 0/4, objectives 3/3)\n"
        "tiny: ok\n"
        "checked 1 game(s): 0 error(s), 0 warning(s)\n"
    )


def test_check_json_report(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "tiny", "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["errors"] == 0
    assert report["games"][0]["game"] == "tiny"
    assert report["games"][0]["prototype"]["percent"] == 73


def test_check_json_lists_problems_and_exits_1(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "board.json", "op": "set",
                          "pointer": "/territories/1/zone", "value": "altto"}])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "tiny", "--json"])
    assert result.exit_code == 1
    problem = json.loads(result.output)["games"][0]["problems"][0]
    assert problem == {"file": "tiny/board.json", "line": 56, "pointer": "/territories/1/zone",
                       "message": "unknown zone 'altto'", "hint": "did you mean 'alto'?",
                       "severity": "error", "code": "R001", "column": 7}


def test_same_seed_same_report(tiny: Path) -> None:
    first = CliRunner().invoke(cli, ["check", "tiny", "--seed", "7"]).output
    again = CliRunner().invoke(cli, ["check", "tiny", "--seed", "7"]).output
    assert first == again


def test_unknown_game_is_a_usage_error(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "nope"])
    assert result.exit_code == 2
    assert "unknown game 'nope': choose one of" in result.output
    assert "Traceback" not in result.output


def test_schema_lists_kinds_and_prints_one() -> None:
    listed = CliRunner().invoke(cli, ["schema"])
    assert listed.output.split() == list(schema_kinds())
    board = CliRunner().invoke(cli, ["schema", "board"])
    assert json.loads(board.output)["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    wrong = CliRunner().invoke(cli, ["schema", "boards"])
    assert wrong.exit_code == 2


def test_check_never_writes_a_file(tiny: Path) -> None:
    before = sorted(p for p in tiny.parent.rglob("*"))
    CliRunner().invoke(cli, ["check", "tiny"])
    assert sorted(p for p in tiny.parent.rglob("*")) == before


def test_cli_start_does_not_import_drawing_libraries() -> None:
    code = ("import sys; from stamperia.cli import cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'svgwrite')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_start_imports_only_the_commands_it_runs() -> None:
    """build, new, l10n, sweep, moves and apply are imported when named, so a check does
    not pay for them; each is still there, under its own name."""
    code = ("import sys; from stamperia.cli import LAZY_COMMANDS; "
            "print(sorted(m for m in {v.split(':')[0] for v in LAZY_COMMANDS.values()} "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    context = click.Context(cli)
    assert {"build", "new", "l10n", "sweep", "moves", "apply"} <= set(
        cli.list_commands(context))
    for name in LAZY_COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None and command.name == name
    assert cli.get_command(context, "nosuch") is None


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run([sys.executable, "-m", "stamperia", "schema"], capture_output=True,
                         text=True, check=True)
    assert out.stdout.split() == list(schema_kinds())


def test_check_balance_stage_warns_with_the_numbers(tiny: Path) -> None:
    """The tiny game is degenerate on purpose (three territories a seat, objectives of two):
    the balance stage says so with the numbers; --strict makes it fail."""
    result = CliRunner().invoke(cli, ["check", "tiny"])
    assert result.exit_code == 0
    assert result.output == (FIXTURES / "check_tiny_balance.txt").read_text(encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", "tiny", "--strict"]).exit_code == 1


def test_balance_games_sets_the_games_of_each_line_up(tiny: Path) -> None:
    """--balance-games N plays N games per player count and line-up, said in the notes;
    the default is the stage's own count, shown by --help."""
    from stamperia.commands.check import SHOWN_BALANCE_GAMES
    from stamperia.rules.balance import BALANCE_GAMES

    result = CliRunner().invoke(cli, ["check", "tiny", "--balance-games", "6"])
    assert result.exit_code == 0
    notes = [line for line in result.output.splitlines() if line.startswith("tiny: balance ")]
    assert len(notes) == 6  # a note per line-up, then the agent check's per player count
    assert all(": 6 games, " in line for line in notes[:4]), notes
    assert all(" of 3 games against random seats" in line for line in notes[4:]), notes
    assert SHOWN_BALANCE_GAMES == BALANCE_GAMES
    shown = CliRunner().invoke(cli, ["check", "--help"]).output
    assert f"[default: {BALANCE_GAMES}," in " ".join(shown.split())
    refused = CliRunner().invoke(cli, ["check", "tiny", "--balance-games", "0"])
    assert refused.exit_code == 2


def test_sgrunt_first_prototype_objectives_trip_the_balance_stage(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SGRUNT's first prototype objective cards (kept as a fixture) let greedy seats win in
    the first round; check must warn about it, with the numbers."""
    folder = make_game(tmp_path, [], "sgrunt")
    shutil.copy(FIXTURES / "sgrunt_objectives_prototype_1.json", folder / "objectives.json")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "sgrunt", "--strict"])
    assert result.exit_code == 1
    first_round = [line for line in result.output.splitlines()
                   if "ended in the first round" in line and "greedy" in line]
    assert first_round, result.output
    assert all(line.startswith("sgrunt/game.json:1: /: warning: balance: ")
               for line in first_round)
