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
    lead_change,
    lead_changes,
    leader,
    ludii_drama,
    ludii_stability,
    no_chance_from,
    outcome_uncertainty,
    seat_utilities,
    shares,
    stability,
    uncertainty,
)
from stamperia.rules.simulation.report import metric_lines
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
    # Ludii's Balance: results on (utility + 1) / 2, a draw, a cap without a winner and a
    # win shared by both seats 1/2 each: seat 0 has 1+1+0+.5+.5+.5 = 3.5 of 6, seat 1 2.5
    assert metrics["balance"].value == pytest.approx(1 - (3.5 / 6 - 2.5 / 6))
    assert metrics["win_rate_gap"].value == pytest.approx(2.5 / 6 - 1.5 / 6)
    assert metrics["sole_wins"].value == pytest.approx(3 / 6)
    assert metrics["first_player_advantage"].value == pytest.approx(2.5 / 6 - 0.5)
    assert metrics["timeouts"].value == pytest.approx(1 / 6)
    assert metrics["drawishness"].value == pytest.approx(1 / 6)
    assert metrics["completion"].value == pytest.approx(5 / 6)
    assert (metrics["completion"].low, metrics["completion"].high) == wilson(5, 6)
    assert metrics["lead_changes"].value is None


def test_decision_metrics() -> None:
    games = [_game((0,), trace=Trace(4, 3, 10)), _game((1,), trace=Trace(6, 3, 20))]
    metrics = {m.name: m.value for m in designer_metrics(games, 2, ())}
    assert metrics["decision_moves"] == (3 / 4 + 3 / 6) / 2  # Ludii: the mean of each game's
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


CHANCES = ((0.5, 0.5), (0.7, 0.3), (0.4, 0.6), (0.0, 1.0))
"""Win chances at four checkpoints of a two-seat game seat 1 wins: tied, seat 0 the
favourite, then seat 1 to the end."""


def test_ludii_lead_change_counts_changes_of_the_leading_set_over_checkpoints() -> None:
    # leading sets {0,1}, {0}, {1}, {1}; Ludii starts from the empty set: 3 changes of 4
    assert lead_change(CHANCES) == 3 / 4
    assert lead_change(((1.0, 0.0),) * 5) == 1 / 5
    assert lead_change(()) is None


def test_ludii_drama_is_the_winners_mean_distance_below_the_favourite() -> None:
    # seat 1: 0, 0.4, 0, 0 below the highest chance -> 0.4 / 4
    assert ludii_drama(CHANCES, (1,)) == pytest.approx(0.1)
    # two winners: each checkpoint averages their distances: (0+0)/2, (0+.4)/2, (.2+0)/2,
    # (1+0)/2
    assert ludii_drama(CHANCES, (0, 1)) == pytest.approx((0 + 0.2 + 0.1 + 0.5) / 4)
    # nobody won: every seat is highest ranked, as in Ludii's draw
    assert ludii_drama(CHANCES, ()) == ludii_drama(CHANCES, (0, 1))


def test_outcome_uncertainty_and_ludii_stability_by_hand() -> None:
    # 1 - gap of the two best: 1, 0.6, 0.8, 0
    assert outcome_uncertainty(CHANCES) == pytest.approx(2.4 / 4)
    assert outcome_uncertainty(((1.0,),)) is None
    # shares (1, 0) then (0, 1): each seat's variance 0.25, summed over seats (Ludii)
    assert ludii_stability(Trace(scores=((1, 0), (0, 1)))) == 0.5
    assert ludii_stability(Trace(scores=((1, 1), (2, 2)))) == 0.0


def test_seat_utilities_count_shared_wins_and_ties_as_such() -> None:
    # one winner of three: the others tie for ranks 2-3 (rank 2.5, utility -0.5)
    assert seat_utilities(3, (1,)) == [0.25, 1, 0.25]
    assert seat_utilities(2, (1,)) == [0, 1]
    # two of three share the first place: ranks 1.5 and 3 -> utilities 0.5 and -1
    assert seat_utilities(3, (0, 2)) == [0.75, 0, 0.75]
    assert seat_utilities(4, ()) == [0.5] * 4
    assert seat_utilities(4, (0, 1, 2, 3)) == [0.5] * 4


def test_an_all_tie_mirror_match_is_not_read_as_proof_of_balance() -> None:
    games = [_game((0, 1)) for _ in range(6)]
    metrics = designer_metrics(games, 2, ())
    by_name = {m.name: m for m in metrics}
    assert by_name["balance"].value == 1.0  # Ludii's formula: every result shared
    assert by_name["sole_wins"].value == 0.0
    assert ("  only 0% of games had a sole winner: the balance figure reads how results "
            "were shared, not who is stronger") in metric_lines(metrics)


def test_the_oracle_metrics_read_chances_not_scores() -> None:
    scored = _game((1,), trace=Trace(4, 3, 10, scores=((5, 0), (5, 1))))
    chanced = _game((1,), trace=Trace(4, 3, 10, scores=((5, 0), (5, 1)), chances=CHANCES))
    without = {m.name: m.value for m in designer_metrics([scored], 2, ())}
    assert without["lead_changes"] is None and without["drama"] is None
    assert without["outcome_uncertainty"] is None and without["stability"] is not None
    both = {m.name: m.value for m in designer_metrics([chanced], 2, ())}
    assert both["lead_changes"] == 3 / 4
    assert both["drama"] == pytest.approx(0.1)
    assert both["outcome_uncertainty"] == pytest.approx(0.6)
