"""stamperia sweep: variants of the content, the same seeds, content errors named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

SPLUT = ["sweep", "splut", "--players", "2", "--games", "6", "--seed", "5"]


def _sweep(*extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*SPLUT, *extra])
    return result.exit_code, result.output


def test_sweep_json_is_the_same_bytes_for_a_seed_and_any_workers() -> None:
    args = ("--set", "board.json#/move_cap_turns=5,400", "--json")
    code, first = _sweep(*args)
    assert code == 0, first
    assert _sweep(*args) == (0, first)
    assert _sweep(*args, "--workers", "2") == (0, first)
    data = json.loads(first)
    assert [v["set"] for v in data["variants"]] == [
        {"board.json#/move_cap_turns": 5}, {"board.json#/move_cap_turns": 400}]
    capped, full = (v["metrics"]["timeouts"]["value"] for v in data["variants"])
    assert capped > full == 0.0


def test_a_variant_with_the_same_values_gives_the_same_games() -> None:
    """Common random numbers: the seeds do not depend on the variant."""
    code, output = _sweep("--set", "splut_board#/move_cap_turns=400,400", "--json")
    first, second = json.loads(output)["variants"]
    assert code == 0
    assert first["metrics"] == second["metrics"]


@pytest.mark.parametrize(("target", "message"), [
    ("board.json#/move_cap_turns=\"x\",5",
     'variant board.json#/move_cap_turns="x":\n'
     "content/games/splut/board.json:33: /move_cap_turns: 'x' is not of type 'integer'\n"),
    ("board.json#/no_such/0=1",
     "variant board.json#/no_such/0=1:\n"
     "content/games/splut/board.json:1: /: board.json#/no_such/0: the pointer does not "
     "resolve (nothing at 'no_such' here) (a sweep changes values that exist)\n"),
])
def test_a_broken_variant_is_a_content_error_naming_it(target: str, message: str) -> None:
    code, output = _sweep("--set", target)
    assert code == 1
    assert output == message + "splut: fix the problems above\n"


@pytest.mark.parametrize(("target", "message"), [
    ("move_cap_turns=5", "Error: Invalid value for --set: 'move_cap_turns': a target is "
                         "FILE#/json/pointer, e.g. objectives.json#/cards/0/entries/0/value "
                         "or game.json#/setup/starting_hand\n"),
    ("board.json#/move_cap_turns", "Error: Invalid value for --set: "
                                   "'board.json#/move_cap_turns': give values, as "
                                   "FILE#/pointer=V1,V2,...\n"),
])
def test_bad_targets_are_usage_errors(target: str, message: str) -> None:
    code, output = _sweep("--set", target)
    assert code == 2
    assert output.endswith(message)


def test_sweep_html(tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    code, output = _sweep("--set", "board.json#/move_cap_turns=5,400", "--html", str(page))
    assert code == 0, output
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg ") == 2 and "<script" not in text
    assert "<code>board.json#/move_cap_turns=5</code>" in text
