"""`stamperia moves` and `stamperia apply` on every ruleset with public positions."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.rules.positions import PositionSource

RUNNER = CliRunner()


@pytest.mark.parametrize(("game", "players"), [("sgrunt", 3), ("mugrugni", 4), ("splut", 2),
                                               ("iwari", 3), ("warland", 3)])
def test_moves_then_apply_then_moves_again(game: str, players: int, tmp_path: Path) -> None:
    """The opening's first legal move applied gives a position the next call reads back."""
    listed = RUNNER.invoke(cli, ["moves", game, "--players", str(players), "--seed", "3",
                                 "--json"])
    assert listed.exit_code == 0, listed.output
    opening = json.loads(listed.output)
    assert opening["to_move"] and opening["moves"]
    played = RUNNER.invoke(cli, ["apply", game, opening["moves"][0], "--players",
                                 str(players), "--seed", "3"])
    assert played.exit_code == 0, played.output
    position = tmp_path / "position.json"
    position.write_text(played.output)
    again = RUNNER.invoke(cli, ["moves", game, str(position), "--json"])
    assert again.exit_code == 0, again.output
    assert set(json.loads(again.output)) >= {"to_move", "moves"}
    same = RUNNER.invoke(cli, ["apply", game, opening["moves"][0], "--players", str(players),
                               "--seed", "3"])
    assert same.output == played.output


def test_text_output_names_the_seat_then_one_move_a_line() -> None:
    result = RUNNER.invoke(cli, ["moves", "splut", "--players", "2"])
    assert result.exit_code == 0
    assert result.output.splitlines()[:4] == ["to move: yellow", "TF2n", "DE2n", "SD2n"]


def test_an_illegal_move_exits_1_naming_it_and_the_legal_ones() -> None:
    result = RUNNER.invoke(cli, ["apply", "splut", "--players", "2", "TF2n", "pass"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "illegal move 'pass': a pass is legal only when no step is (R6)",
        "legal moves: TD8s, DE8s, SF8s"]


def test_a_position_that_contradicts_the_content_names_file_line_and_pointer(
        tmp_path: Path) -> None:
    played = RUNNER.invoke(cli, ["apply", "splut", "--players", "2", "TF2n"])
    data = json.loads(played.output)
    data["pieces"]["Z9"] = data["pieces"].pop("F3")
    position = tmp_path / "bad.json"
    position.write_text(json.dumps(data, indent=2))
    result = RUNNER.invoke(cli, ["moves", "splut", str(position)])
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{position}:") and ": /pieces/Z9: Z9 is not a square" in first


def test_a_position_that_breaks_the_schema_is_refused(tmp_path: Path) -> None:
    position = tmp_path / "bad.json"
    position.write_text('{"territories": {"nurra": {"owner": "koiles", "pieces": -1}},'
                        ' "players": []}')
    result = RUNNER.invoke(cli, ["moves", "sgrunt", str(position)])
    assert result.exit_code == 1
    assert f"{position}:1: /territories/nurra/pieces:" in result.output


def test_a_player_count_the_game_does_not_allow_is_a_usage_error() -> None:
    result = RUNNER.invoke(cli, ["moves", "sgrunt", "--players", "2"])
    assert result.exit_code == 2
    assert "sgrunt is played by 3 to 5 players" in result.output


@pytest.mark.parametrize("game", ["sgrunt", "warland"])
def test_chance_outcomes_carry_exact_probabilities(game: str, tmp_path: Path) -> None:
    """Seeded random play reaches a roll; `moves` lists its outcomes, which sum to 1, and
    `apply ... draw` plays one of them."""
    import random

    from stamperia.content.loader import load_game
    from stamperia.rules.positions import CHANCE
    from stamperia.rules.registry import ruleset_for

    loaded = load_game(game)
    positions = ruleset_for(loaded.ruleset).positions
    assert positions is not None
    fmt = positions()
    rng = random.Random(5)
    state = fmt.read(loaded, fmt.opening(loaded, 3, 5), _source(fmt.opening(loaded, 3, 5)))
    for _ in range(5000):
        legal = fmt.legal(loaded, state)
        if legal.to_move == CHANCE:
            break
        assert legal.moves
        attacks = [m for m in legal.moves if m.split()[0] in ("attack", "demolish", "roll")]
        # WARLAND's meal: `feed`, so the table lives to fight (not starving on purpose)
        fed = [m for m in legal.moves if m == "feed"]
        state = fmt.apply(loaded, state, rng.choice(attacks or fed or list(legal.moves)), rng)
    position = tmp_path / "roll.json"
    position.write_text(json.dumps(fmt.write(loaded, state)))
    result = RUNNER.invoke(cli, ["moves", game, str(position), "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert listed["to_move"] == "chance"
    assert sum(Fraction(o["probability"]) for o in listed["chance"]) == 1
    assert [o["move"] for o in listed["chance"]] == listed["moves"]
    drawn = RUNNER.invoke(cli, ["apply", game, str(position), "draw", "--seed", "2"])
    assert drawn.exit_code == 0, drawn.output
    assert json.loads(drawn.output) != json.loads(position.read_text())


def _source(data: object) -> PositionSource:
    return PositionSource("<opening>", json.dumps(data))
