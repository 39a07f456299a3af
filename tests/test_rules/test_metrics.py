"""Designer metrics on hand-made games whose right answers are known."""

from __future__ import annotations

import pytest

from rules.simulation.metrics import (
    decisiveness,
    designer_metrics,
    drama,
    lead_changes,
    stability,
    uncertainty,
)
from rules.simulation.result import NO_TRACE, GameResult, SeatResult, Trace
from rules.simulation.wilson import wilson

TWO_CHANGES = Trace(scores=((1, 0), (2, 3), (2, 3), (5, 3)))
"""Seat 0 leads, seat 1 takes over, seat 0 comes back: two lead changes."""


def _game(winners: tuple[int, ...], end: str = "win", turns: int = 10,
          trace: Trace = NO_TRACE) -> GameResult:
    seats = (SeatResult({"agent": "a"}), SeatResult({"agent": "b"}))
    return GameResult(seats, winners, end, turns, turns, {}, trace)


def test_lead_changes_through_ties_count_once() -> None:
    assert lead_changes(TWO_CHANGES) == 2
    assert lead_changes(Trace(scores=((1, 0), (1, 1), (1, 2)))) == 1
    assert lead_changes(Trace(scores=((1, 0), (1, 1), (2, 1)))) == 0


def test_drama_is_how_far_behind_the_winner_was() -> None:
    # shares: (1, 0), (0.4, 0.6) twice, (0.625, 0.375); seat 0 trails by 0.2 twice
    assert drama(TWO_CHANGES, 0) == pytest.approx(0.2)
    assert drama(Trace(scores=((3, 1), (4, 1))), 0) == 0.0


def test_decisiveness_is_where_the_winner_led_for_good() -> None:
    assert decisiveness(TWO_CHANGES, 0) == 3 / 4
    assert decisiveness(Trace(scores=((3, 1), (4, 1))), 0) == 0.0
    assert decisiveness(TWO_CHANGES, 1) == 1.0


def test_stability_and_uncertainty() -> None:
    assert stability(Trace(scores=((1, 1), (2, 2)))) == 0.0
    assert stability(Trace(scores=((1, 0), (0, 1)))) == 0.25
    assert uncertainty(Trace(scores=((1, 1),))) == 1.0
    assert uncertainty(Trace(scores=((1, 0), (1, 1)))) == 0.5
    assert uncertainty(Trace()) is None


def test_outcome_metrics() -> None:
    games = [_game((0,)), _game((0,)), _game((1,)), _game((), "cap"), _game((), "draw"),
             _game((0, 1))]
    metrics = {m.name: m for m in designer_metrics(games, 2, ("cap",))}
    assert metrics["balance"].value == pytest.approx(2.5 / 6 - 1.5 / 6)
    assert metrics["first_player_advantage"].value == pytest.approx(2.5 / 6 - 0.5)
    assert metrics["timeouts"].value == pytest.approx(1 / 6)
    assert metrics["drawishness"].value == pytest.approx(1 / 6)
    assert metrics["completion"].value == pytest.approx(5 / 6)
    assert (metrics["completion"].low, metrics["completion"].high) == wilson(5, 6)
    assert metrics["lead_changes"].value is None


def test_decision_metrics() -> None:
    games = [_game((0,), trace=Trace(4, 3, 10)), _game((1,), trace=Trace(6, 3, 20))]
    metrics = {m.name: m.value for m in designer_metrics(games, 2, ())}
    assert metrics["decision_moves"] == 0.6
    assert metrics["branching_factor"] == 3.0
    assert metrics["duration_decisions_mean"] == 5.0
    assert metrics["duration_decisions_stdev"] == 1.0


def test_wilson() -> None:
    low, high = wilson(39, 100)
    assert (round(low, 3), round(high, 3)) == (0.300, 0.488)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0
