"""The SPLUT! board part: it loads, and broken copies fail with exact problem lines."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.content.rulesets.splut.board import SplutBoard

GAME = Path(__file__).parents[2] / "content" / "games" / "splut"


def test_the_diamond_has_41_squares_and_its_labels() -> None:
    board = load_game("splut").part(SplutBoard)
    squares = board.squares()
    assert len(squares) == 41 and squares[0] == "E1" and squares[-1] == "E9"
    assert all(abs(ord(s[0]) - ord("E")) + abs(int(s[1:]) - 5) <= 4 for s in squares)
    assert board.seating[4][0] == "blue"


CASES = [
    (["seats", 0, "troll"], "A1",
     "mysplut/board.json:37: /seats/0/troll: A1 is not a square of the board (name a square "
     "marked '#' in rows (file letter, rank from 1 at the bottom row)) [R001]"),
    (["seating", "3", 1], "gren",
     "mysplut/board.json:73: /seating/3/1: unknown seat 'gren' (did you mean 'green'?) [R001]"),
    (["rocks", 0], "D3",
     "mysplut/board.json:27: /rocks/0: rock square D3 has 4 neighbours; rocks start on the "
     "tips (squares with one neighbour) (tips: E1, A5, I5, E9) [G002]"),
    (["seating", "2", 1], "green",
     "mysplut/board.json:67: /seating/2: two players sit opposite each other (seats "
     "clockwise: yellow, green, red, blue) [G003]"),
    (["seats", 1, "dwarf"], "B4",
     "mysplut/board.json:46: /seats/1/dwarf: with 3 players the dwarf starts on B4, taken by "
     "the green troll (give every start square its own square) [G003]"),
]


@pytest.mark.parametrize(("path", "value", "expected"), CASES, ids=[c[2][19:40] for c in CASES])
def test_broken_board_fails_with_the_expected_problem(
        path: list[str | int], value: str, expected: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "mysplut"
    shutil.copytree(GAME, folder)
    board = folder / "board.json"
    data = json.loads(board.read_text(encoding="utf-8"))
    data["$schema"] = str(GAME.parents[1] / "schemas" / "splut_board.schema.json")
    node = data
    for token in path[:-1]:
        node = node[token]
    node[path[-1]] = value
    text = json.dumps(data, indent=1)
    board.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "mysplut"])
    assert result.exit_code == 1, result.output
    assert expected in result.output.splitlines(), result.output
