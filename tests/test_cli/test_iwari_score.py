"""`stamperia score iwari`: the rulebook's worked examples, exactly, and impossible states."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

FIXTURES = Path(__file__).parents[1] / "fixtures" / "iwari"


@pytest.mark.parametrize("name", ["desert_majority", "connection_7", "unione"])
def test_worked_examples_print_the_expected_breakdown(name: str) -> None:
    result = CliRunner().invoke(cli, ["score", "iwari", str(FIXTURES / f"{name}.json")])
    assert result.exit_code == 0, result.output
    assert result.output == (FIXTURES / f"{name}.expected.txt").read_text()


def _json(name: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["score", "iwari", str(FIXTURES / f"{name}.json"),
                                      "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_desert_majority_seven_three_two_two() -> None:
    territory = _json("desert_majority")["territories"][0]  # type: ignore[index]
    assert territory["points"] == {"red": 7, "blue": 3, "green": 2, "yellow": 2}


def test_connection_seven_yellow_five_blue_none() -> None:
    data = _json("connection_7")
    scored = [c for c in data["connections"] if any(c["points"].values())]  # type: ignore[attr-defined]
    assert [(c["number"], c["majority"], c["points"]) for c in scored] == [
        (7, ["yellow"], {"red": 0, "blue": 0, "yellow": 5})]


def test_two_unione_feats_fifteen_and_nine() -> None:
    players = {p["tribe"]: p for p in _json("unione")["players"]}  # type: ignore[attr-defined]
    assert (players["red"]["total"], players["yellow"]["total"]) == (15, 9)
    assert (players["red"]["feats"], players["yellow"]["feats"]) == (10, 6)


def test_impossible_state_is_a_clear_error() -> None:
    path = FIXTURES / "impossible_totems.json"
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any("/territories/desert_1/tents/12: desert_1 has 10 tent spaces, not 12" in line
               for line in lines), result.output
    assert lines[-1].endswith("impossible_totems.json: fix the problems above")


def test_too_many_totems_and_a_misplaced_feat(tmp_path: Path) -> None:
    data = json.loads((FIXTURES / "impossible_totems.json").read_text())
    data["territories"]["desert_1"]["tents"] = {"1": "red", "2": "blue"}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data, indent=1))
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    assert "desert_1 holds 2 totems but the majority holder has 1 tents there" in result.output
    assert "onore lies on a connection of this side" in result.output


def test_unknown_side_names_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"$schema": "x/iwari_state.schema.json", "side": "vaste",
                                "tribes": ["red"], "territories": {}}))
    result = CliRunner().invoke(cli, ["score", "iwari", str(path)])
    assert result.exit_code == 1
    assert "unknown map side 'vaste'" in result.output


def test_schema_kind_is_printable() -> None:
    result = CliRunner().invoke(cli, ["schema", "iwari_state"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"].startswith("A position of an IWARI game")
