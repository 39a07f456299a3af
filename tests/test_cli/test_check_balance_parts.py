"""The balance stage played in parts (stamperia.balancing, rules.balance.play_part) gives
the report one process gives: the same findings, and the failure the whole stage meets
first."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamefixtures import make_game

import rules.balance
from content.loader import load_game
from content.model import Game
from rules.balance import balance_stage
from rules.registry import check_rules
from rules.simulation.result import BoundPlay, GameResult, Simulator
from rules.simulation.runner import SimulationRequest
from stamperia.balancing import play_balance


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, Simulator]:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    game = load_game("tiny")
    _, simulator = check_rules(game, 0)
    assert simulator is not None
    return game, simulator


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_parts_give_the_stage_of_one_process(tiny: tuple[Game, Simulator], parts: int) -> None:
    game, simulator = tiny
    whole = balance_stage(game, simulator, 5, 6)
    assert play_balance(game, simulator, 5, 6, parts) == whole
    assert whole[0] and len(whole[1]) >= 2  # warnings and one note per line-up


def _failing_at(requests: tuple[SimulationRequest, ...], numbers: dict[int, str],
               play_one_of: object) -> object:
    """play_one that raises at the stage's game `number` (its games counted in order)."""

    def play_one(play: BoundPlay, request: SimulationRequest, index: int) -> GameResult:
        number = requests.index(request) * request.games + index
        if number in numbers:
            raise ValueError(numbers[number])
        assert callable(play_one_of)
        result: GameResult = play_one_of(play, request, index)
        return result
    return play_one


@pytest.mark.parametrize("failing", [{3: "third", 4: "fourth"}, {4: "fourth", 9: "ninth"},
                                     {7: "seventh"}])
@pytest.mark.parametrize("parts", [2, 3])
def test_the_earliest_failure_is_reported(tiny: tuple[Game, Simulator], parts: int,
                                          failing: dict[int, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game, simulator = tiny
    requests = rules.balance.balance_requests(game, simulator, 0, 4)
    monkeypatch.setattr(rules.balance, "play_one",
                        _failing_at(requests, failing, rules.balance.play_one))
    alone = play_balance(game, simulator, 0, 4, 1)
    parted = play_balance(game, simulator, 0, 4, parts)
    assert parted == alone
    assert not isinstance(parted, tuple)
    assert "ValueError in test_check_balance_parts.py" in parted.message
    assert failing[min(failing)] in parted.message


def test_a_part_is_every_parts_th_game(tiny: tuple[Game, Simulator]) -> None:
    game, simulator = tiny
    requests = rules.balance.balance_requests(game, simulator, 0, 3)
    whole = rules.balance.play_part(game, simulator, requests)
    halves = [rules.balance.play_part(game, simulator, requests, part, 2) for part in (0, 1)]
    assert halves[0] == whole[0::2] and halves[1] == whole[1::2]
