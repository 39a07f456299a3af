"""SPLUT! move-generation counts, whole games, replays, the check and the simulator."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from splutfixtures import geo, play_names, splut_game

from stamperia.rules.registry import check_game, simulators
from stamperia.rules.simulation.result import Table
from stamperia.rules.splut.perft import perft
from stamperia.rules.splut.play import ReplayError, play, replay
from stamperia.rules.splut.position import start_position

PERFT = json.loads((Path(__file__).parents[1] / "fixtures" / "splut" / "perft.json")
                   .read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", PERFT, ids=[c["name"] for c in PERFT])
def test_move_generation_counts(case: dict[str, object]) -> None:
    pos = start_position(geo(), case["players"])  # type: ignore[arg-type]
    play_names(pos, *case["steps"])  # type: ignore[misc]
    counts = case["counts"]
    assert [perft(pos, depth) for depth in range(1, len(counts) + 1)] == counts  # type: ignore[arg-type]


@pytest.mark.parametrize("agents", [("random", "random"), ("greedy", "random", "random"),
                                    ("greedy", "greedy", "random", "random")])
def test_replay_gives_the_same_result(agents: tuple[str, ...]) -> None:
    record: list[dict[str, object]] = []
    result = play(splut_game(), Table(agents), random.Random(42), record)
    lines = [json.loads(json.dumps(line)) for line in record]
    assert replay(splut_game(), lines) == result
    again = play(splut_game(), Table(agents), random.Random(42), None)
    assert again == result
    assert [s.labels["agent"] for s in result.seats] == list(agents)


def test_a_game_ends_with_the_last_sorcerer() -> None:
    result = play(splut_game(), Table(("random", "random")), random.Random(1), None)
    assert result.end == "last_sorcerer" and len(result.winners) == 1
    assert result.counters["kill.sorcerer"] == 1
    assert [s.labels["colour"] for s in result.seats] == ["yellow", "red"]


def test_the_move_cap_ends_a_game_as_a_draw() -> None:
    result = play(splut_game(), Table(("random",) * 4, turn_limit=5), random.Random(1), None)
    assert (result.end, result.winners, result.turns) == ("move_cap", (), 5)


def test_a_replay_with_an_illegal_step_names_the_line() -> None:
    record: list[dict[str, object]] = []
    play(splut_game(), Table(("random", "random")), random.Random(3), record)
    record[3] = {"seat": record[3]["seat"], "move": "TE5n*n"}
    with pytest.raises(ReplayError, match="line 4: TE5n\\*n is not legal here \\(legal: TD8s, "):
        replay(splut_game(), record)


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(10):
        result = play(splut_game(), Table(("greedy", "random")), random.Random(seed), None)
        wins += result.winners == (0,)
    assert wins >= 7


def test_the_simulator_is_registered() -> None:
    sim = simulators()["splut"]
    assert sim.agents == ("random", "greedy", "mcts", "heuristic")
    assert sim.engine_module == "stamperia.rules.splut.play"


def test_the_check_of_splut_is_clean() -> None:
    report = check_game(splut_game(), 0, balance=False)
    assert report.problems == ()
    assert report.notes[0] == "board: 41 squares, 4 tips, 4 rocks"
    assert [n.split(":")[0] for n in report.notes[1:]] == [
        "simulation 2 players", "simulation 3 players", "simulation 4 players"]
