"""`sweep --target balance` over several parameters: successive halving on the grid, the
same game seeds for every variant, the same bytes for any number of workers."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli

RACE = ["sweep", "tiny", "--players", "2", "--games", "10", "--seed", "1", "--agents",
        "greedy", "--target", "balance", "--vary", "game.json#/setup/starting_hand=1..3",
        "--vary", "game.json#/turns/base=3,4"]


def _race(*extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*RACE, *extra])
    return result.exit_code, result.output


def test_the_better_half_plays_twice_the_games_until_one_is_left(tiny: Path) -> None:
    code, text = _race("--json")
    assert code == 0, text
    race = json.loads(text)
    assert race["method"] == "successive halving"
    rounds = race["rounds"]
    assert [len(r["tried"]) for r in rounds] == [6, 3, 1]
    assert [r["games"] for r in rounds] == [10, 20, 40]
    assert race["games_played"] == 6 * 10 + 3 * 20 + 40
    for before, after in zip(rounds, rounds[1:], strict=False):
        losses = [(t["largest_seat_gap"], t["flags"]) for t in before["tried"]]
        assert losses == sorted(losses)  # ranked, best first
        kept = [t["set"] for t in before["tried"][:len(after["tried"])]]
        assert sorted(map(json.dumps, kept)) == sorted(json.dumps(t["set"])
                                                       for t in after["tried"])
    assert race["best"] == rounds[-1]["tried"][0]["set"]


def test_the_race_is_the_same_for_any_number_of_workers(tiny: Path) -> None:
    one = _race("--json")
    assert one == _race("--json", "--workers", "2")


def test_the_text_shows_each_round_and_the_cost(tiny: Path) -> None:
    code, text = _race()
    lines = text.splitlines()
    assert code == 0
    assert lines[0] == ("tiny: balance search over 2 parameters (6 variants) by successive "
                        "halving, 2 players, agents greedy, seed 1 (the same game seeds for "
                        "every variant)")
    assert [line for line in lines if line.startswith("round ")] == [
        "round 1: 6 variant(s), 10 games each", "round 2: 3 variant(s), 20 games each",
        "round 3: 1 variant(s), 40 games each"]
    assert lines[-2].startswith("best: game.json#/setup/starting_hand=") or \
        lines[-3].startswith("best: ")
    assert lines[-1].startswith("cost: 160 games, ")
