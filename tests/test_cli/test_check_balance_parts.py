"""The balance stage shared between the check's process and its forked child
(stamperia.checks.balance, stamperia.rules.balance.play_claimed) gives the report one process gives:
the same findings, and the failure the whole stage meets first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gamefixtures import make_game

import stamperia.rules.balance
from stamperia.checks import overlap
from stamperia.checks.balance import Balancing, play_balance
from stamperia.content.errors import ContentError
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.balance import (
    balance_requests,
    balance_stage,
    first_numbers,
    in_order,
    play_claimed,
)
from stamperia.rules.registry import check_rules
from stamperia.rules.simulation.result import BoundPlay, GameResult, Simulator
from stamperia.rules.simulation.runner import SimulationRequest

forks = pytest.mark.skipif(not overlap.can_fork(), reason="no fork or a single core here")


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, Simulator]:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    game = load_game("tiny")
    _, simulator = check_rules(game, 0)
    assert simulator is not None
    return game, simulator


@pytest.mark.parametrize("fork", [True, False])
def test_shared_play_gives_the_stage_of_one_process(tiny: tuple[Game, Simulator],
                                                    fork: bool) -> None:
    game, simulator = tiny
    whole = balance_stage(game, simulator, 5, 6)
    assert Balancing(game, simulator, 5, 6, fork).result() == whole
    assert play_balance(game, simulator, 5, 6) == whole
    assert whole[0] and len(whole[1]) >= 2  # warnings and one note per line-up


def test_games_claimed_in_any_split_are_the_stage_games(tiny: tuple[Game, Simulator]) -> None:
    game, simulator = tiny
    requests = balance_requests(game, simulator, 0, 3)
    total = sum(request.games for request in requests)
    # per player count: random (3 games), greedy (3), the agent check's line-up (1)
    assert first_numbers(requests) == (0, 3, 6, 7, 10, 13)
    whole = play_claimed(game, simulator, requests, in_order(total))
    odd = iter(range(1, total, 2))
    even = iter(range(0, total, 2))
    halves = {**play_claimed(game, simulator, requests, lambda: next(odd, None)),
              **play_claimed(game, simulator, requests, lambda: next(even, None))}
    assert sorted(whole) == list(range(total))
    assert halves == whole


def _failing_at(requests: tuple[SimulationRequest, ...], numbers: dict[int, str],
                play_one_of: Callable[[BoundPlay, SimulationRequest, int], GameResult]
                ) -> Callable[[BoundPlay, SimulationRequest, int], GameResult]:
    """play_one that raises at the stage's game `number` (its games counted in order)."""
    firsts = first_numbers(requests)

    def play_one(play: BoundPlay, request: SimulationRequest, index: int) -> GameResult:
        number = firsts[requests.index(request)] + index
        if number in numbers:
            raise ValueError(numbers[number])
        return play_one_of(play, request, index)
    return play_one


@forks
@pytest.mark.parametrize("failing", [{3: "third", 4: "fourth"}, {4: "fourth", 9: "ninth"},
                                     {7: "seventh"}, {0: "first"}])
def test_the_earliest_failure_is_reported(tiny: tuple[Game, Simulator],
                                          failing: dict[int, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game, simulator = tiny
    requests = balance_requests(game, simulator, 0, 4)
    monkeypatch.setattr(stamperia.rules.balance, "play_one",
                        _failing_at(requests, failing, stamperia.rules.balance.play_one))
    alone = play_balance(game, simulator, 0, 4)
    shared = Balancing(game, simulator, 0, 4).result()
    assert shared == alone
    assert isinstance(shared, ContentError)
    assert "ValueError in test_check_balance_parts.py" in shared.message
    assert failing[min(failing)] in shared.message
