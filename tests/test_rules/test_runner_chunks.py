"""The runner's chunks: every game once, in order, shrinking so the workers finish close
together; and the same results however many workers play them."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.runner import CHUNK_MOST, SimulationRequest, chunk_plan, run


@pytest.mark.parametrize("games", [1, 2, 7, 64, 400, 1000, 12_345])
@pytest.mark.parametrize("workers", [1, 2, 3, 8])
def test_chunks_hold_every_game_once_in_order(games: int, workers: int) -> None:
    plan = chunk_plan(games, workers)
    assert [i for chunk in plan for i in chunk] == list(range(games))
    assert all(1 <= len(chunk) <= CHUNK_MOST for chunk in plan)


def test_chunks_shrink_towards_the_end_for_several_workers() -> None:
    sizes = [len(chunk) for chunk in chunk_plan(1000, 2)]
    assert sizes[0] == 200 and sizes[1] == 200 and sizes[2] == 150
    assert sizes == sorted(sizes, reverse=True)
    # the last chunks are a 32nd of a worker's share: the other worker waits that long
    assert max(sizes[-3:]) <= 1000 // 2 // 32
    # one worker: equal eighths, for the progress bar
    assert [len(chunk) for chunk in chunk_plan(400, 1)] == [50] * 8


def test_two_workers_play_the_same_games_over_many_chunks() -> None:
    game = load_game("splut")
    simulator = simulators()["splut"]
    requests = [SimulationRequest("splut", 2, 40, 3, ("random",), turn_limit=12,
                                  workers=workers) for workers in (1, 2)]
    assert len(chunk_plan(40, 2)) > 8  # more chunks than the runner keeps in flight
    one, two = (run(request, game, simulator).results for request in requests)
    assert one == two
    assert [r.trace for r in one] == [r.trace for r in two]
