"""The balance report flags a win share only when |z| > 2.576 (99% two-sided), no sooner."""

from __future__ import annotations

import math

import pytest

from stamperia.rules.simulation.report import win_shares
from stamperia.rules.simulation.result import GameResult, SeatResult

SEATS = (SeatResult({"agent": "a"}), SeatResult({"agent": "b"}))


def _results(first_wins: int, shared: int, second_wins: int) -> tuple[GameResult, ...]:
    """Two-seat games: the first seat wins `first_wins`, both share `shared`, ..."""
    winners = [(0,)] * first_wins + [(0, 1)] * shared + [(1,)] * second_wins
    return tuple(GameResult(SEATS, w, "objective", 10, 100) for w in winners)


def _z(wins: float, games: int) -> float:
    """The z of a two-seat win share, as the report defines it (fair share 1/2)."""
    return (wins - games / 2) / math.sqrt(games / 4)


@pytest.mark.parametrize(
    ("first_wins", "shared", "second_wins", "flagged"),
    [
        (24, 1, 9, False),  # 24.5 wins of 34: z = 2.5725, just below 2.576
        (40, 0, 20, True),  # 40 wins of 60: z = 2.5820, just above 2.576
    ],
)
def test_flag_threshold_boundary(first_wins: int, shared: int, second_wins: int,
                                 flagged: bool) -> None:
    results = _results(first_wins, shared, second_wins)
    games = len(results)
    z = _z(first_wins + shared / 2, games)
    assert 2.5 < z < 2.6 and (z > 2.576) == flagged  # the case sits between 2.5 and 2.6
    shares = {(s.group, s.value): s for s in win_shares(results, 2)}
    for key, sign in ((("seat", "1"), 1), (("agent", "a"), 1), (("seat", "2"), -1),
                      (("agent", "b"), -1)):
        share = shares[key]
        assert share.z == pytest.approx(sign * z)
        assert share.flagged is flagged, (key, share)
