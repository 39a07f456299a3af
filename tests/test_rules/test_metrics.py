"""Designer metrics on hand-made games whose right answers are known."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stamperia.rules.simulation.metrics import (
    Checkpoints,
    decisiveness,
    designer_metrics,
    drama,
    exact_pvariance,
    kingmade,
    lead_changes,
    leader,
    no_chance_from,
    shares,
    stability,
    uncertainty,
)
from stamperia.rules.simulation.result import NO_TRACE, GameResult, SeatResult, Trace
from stamperia.rules.simulation.wilson import wilson

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


KINGMADE = ((10, 8, 2), (10, 9, 3), (6, 9, 3), (7, 11, 3))
"""Seat 2 is out of the race from the start (at most half the leader's points, to the
end) but holds points; seat 0 leads until it loses 4 points and seat 1 leads for good."""


def _with(scores: tuple[tuple[float, ...], ...], index: int, row: tuple[float, ...]
          ) -> Trace:
    changed = list(scores)
    changed[index] = row
    return Trace(scores=tuple(changed))


def test_no_chance_is_at_most_half_the_leader_to_the_end() -> None:
    assert no_chance_from(Trace(scores=KINGMADE)) == [4, 4, 0]
    # Seat 2 climbs past half of the leader's 11 at the last checkpoint: never out.
    assert no_chance_from(_with(KINGMADE, 3, (7, 11, 6))) == [4, 4, 4]
    # Exactly half counts as out; nobody with points yet, nobody is out.
    assert no_chance_from(Trace(scores=((0, 0, 0), (4, 2, 1)))) == [2, 1, 1]


def test_kingmaking_needs_a_fallen_leader_and_a_seat_out_of_the_race() -> None:
    assert kingmade(Trace(scores=KINGMADE), 1) is True
    # The third seat comes back into the race: it had a chance.
    assert kingmade(_with(KINGMADE, 3, (7, 11, 6)), 1) is False
    # The winner overtook by its own points; the leader lost nothing.
    assert kingmade(_with(KINGMADE, 2, (10, 12, 3)), 1) is False
    # The third seat holds nothing: out of the game, not a kingmaker.
    assert kingmade(Trace(scores=((10, 8, 0), (10, 9, 0), (6, 9, 0), (7, 11, 0))), 1) is False
    # The winner led from the first checkpoint: nothing to decide.
    assert kingmade(Trace(scores=((9, 10, 3), (6, 11, 3))), 1) is False
    # Two seats: no king to make.
    assert kingmade(Trace(scores=((10, 8), (6, 9))), 1) is None


def test_kingmaking_is_a_share_of_the_games_with_one_winner() -> None:
    fallen = Trace(scores=KINGMADE)
    level = Trace(scores=((1, 1, 1), (1, 2, 1)))
    games = [_game((1,), trace=fallen), _game((1,), trace=level), _game((1,), trace=level),
             _game((0, 1), trace=fallen)]
    metrics = {m.name: m for m in designer_metrics(games, 3, ())}
    assert metrics["kingmaking"].value == pytest.approx(1 / 3)
    assert (metrics["kingmaking"].low, metrics["kingmaking"].high) == wilson(1, 3)
    two = [_game((1,), trace=TWO_CHANGES)]
    assert {m.name: m for m in designer_metrics(two, 2, ())}["kingmaking"].value is None


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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(min_value=-1e100, max_value=1e100), min_size=1, max_size=40))
def test_exact_pvariance_is_the_library_variance_to_the_bit(values: list[float]) -> None:
    assert exact_pvariance(values) == statistics.pvariance(values)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 40).map(float) | st.floats(0, 1e3), min_size=3,
                         max_size=3).map(tuple), min_size=1, max_size=30),
       st.integers(0, 2))
def test_checkpoints_read_once_give_the_per_metric_values(
        scores: list[tuple[float, ...]], winner: int) -> None:
    """What the tally reads through Checkpoints (shares and leaders worked out once, reused
    where scores repeat) is what each metric gives from the trace."""
    trace = Trace(scores=tuple(scores + scores[-1:]))
    points = Checkpoints.of(trace)
    assert points.shares == tuple(shares(s) for s in trace.scores)
    assert points.leaders == tuple(leader(s) for s in trace.scores)
    for metric in (lead_changes, stability, uncertainty):
        assert metric(points) == metric(trace)
    for by_winner in (drama, decisiveness, kingmade):
        assert by_winner(points, winner) == by_winner(trace, winner)


def test_exact_pvariance_falls_back_on_what_is_not_a_number() -> None:
    assert math.isnan(exact_pvariance([1.0, math.nan]))
    with pytest.raises(statistics.StatisticsError):
        exact_pvariance([])
