"""A named pipe where a file is expected: reading one would block `check` (or any command)
forever, so every reader refuses it as it refuses a folder, at the place that names it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import CARDS_TEMPLATE, make_game

from stamperia.cli import cli


def _check(game: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, ["check", game, "--no-balance"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, [line for line in result.output.splitlines() if ": /" in line]


def _pipe(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def test_a_part_file_that_is_a_pipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _pipe(make_game(tmp_path) / "objectives.json")
    monkeypatch.chdir(tmp_path)
    assert _check("tiny") == (1, [
        "tiny/objectives.json:1: /: cannot read the file: not a regular file (a pipe or a "
        "device) (check that it is a file you may read) [F002]"])


def test_a_deck_sheet_and_an_image_that_are_pipes(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, [{"file": "cards.json", "op": "set", "value": "pipe.png",
                                   "pointer": "/decks/1/cards/0/fields/art"}], CARDS_TEMPLATE)
    _pipe(folder / "decks" / "actions.csv")
    os.mkfifo(folder / "pipe.png")
    monkeypatch.chdir(tmp_path)
    assert _check(CARDS_TEMPLATE) == (1, [
        "cards_template/cards.json:10: /decks/0/source/file: decks/actions.csv is not a file "
        "(a folder, a pipe or a device) (name the CSV or XLSX file of the deck) [R016]",
        "cards_template/cards.json:40: /decks/1/cards/0/fields/art: the image path 'pipe.png' "
        "is not a file (a folder, a pipe or a device) (name the image file itself) [R013]"])


def test_records_and_positions_that_are_pipes(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo.json")
    runner = CliRunner()
    replayed = runner.invoke(cli, ["replay", "splut", "fifo.json"])
    assert (replayed.exit_code, replayed.output) == (
        1, "Error: cannot read fifo.json: Not a regular file (a pipe or a device)\n")
    for command in ("moves", "score"):
        result = runner.invoke(cli, [command, "iwari", "fifo.json"])
        assert (result.exit_code, result.output) == (1, (
            "fifo.json:1: /: cannot read the file: not a regular file (a pipe or a device) "
            "(check that it is a file you may read)\n"
            "fifo.json: fix the problems above\n"))


def test_reports_with_columns_do_not_read_a_reported_pipe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """GitHub annotations and SARIF read each reported file for the column."""
    _pipe(make_game(tmp_path) / "objectives.json")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance", "--format", "github"])
    assert (result.exit_code, result.output) == (1, (
        "::error file=tiny/objectives.json,line=1,col=1,title=F002 unreadable-file::/: cannot "
        "read the file: not a regular file (a pipe or a device) (check that it is a file you "
        "may read)\n"
        "checked 1 game(s): 1 error(s), 0 warning(s)\n"))
    sarif = CliRunner().invoke(cli, ["check", "tiny", "--no-balance", "--format", "sarif"])
    assert sarif.exit_code == 1 and '"startColumn": 1' in sarif.output
