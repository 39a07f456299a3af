"""Paired differences between variants on the same seeds: the game-by-game differences
give the interval, so shared luck cancels."""

from __future__ import annotations

import pytest

from stamperia.rules.simulation.result import GameResult, SeatResult
from stamperia.rules.verdict.paired import Outcomes, paired


def _games(winners: list[tuple[int, ...]], cards: tuple[str, str] = ("a", "b")
           ) -> Outcomes:
    seats = (SeatResult({"agent": "x", "objective": cards[0]}),
             SeatResult({"agent": "x", "objective": cards[1]}))
    return Outcomes.of(GameResult(seats, w, "points", 10, 100) for w in winners)


def test_a_change_in_few_games_is_measured_against_shared_luck() -> None:
    base = [(0,), (1,)] * 50  # seat 1 wins half
    other = [(0,), (0,)] * 10 + [(0,), (1,)] * 40  # 10 games turned to seat 1
    found = {d.key: d for d in paired(_games(base), _games(other),
                                      [("seat", "1"), ("seat", "2"), ("objective", "a")])}
    one = found["seat", "1"]
    assert (one.base, one.other, one.difference) == pytest.approx((0.5, 0.6, 0.1))
    # per-game differences: 10 ones and 90 zeros: sd 0.3015, error 0.03015
    assert (one.low, one.high) == pytest.approx((0.1 - 1.96 * 0.030151, 0.1 + 1.96 * 0.030151),
                                                abs=1e-5)
    assert found["seat", "2"].difference == pytest.approx(-0.1)
    assert found["objective", "a"].difference == pytest.approx(0.1)
    # three tests, Holm: the smallest p is tripled
    assert one.p is not None and one.adjusted == pytest.approx(min(1.0, 3 * one.p))


def test_a_shared_win_counts_half_and_no_change_has_no_p() -> None:
    games = [(0, 1), (0,)] * 10
    found = paired(_games(games), _games(games), [("seat", "1")])
    assert found[0].base == pytest.approx(0.75) and found[0].difference == 0.0
    assert found[0].p is None and found[0].adjusted is None


def test_agents_are_not_compared() -> None:
    outcomes = _games([(0,)] * 4)
    assert all(key[0] != "agent" for game in outcomes.games for key, _, _ in game)
