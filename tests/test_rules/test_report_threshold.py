"""The balance report flags a win share only when its Holm-corrected p-value is within the
familywise 1%, no sooner: with two seats tested, p must be at most 0.005 (|z| >= 2.807)."""

from __future__ import annotations

import math

import pytest

from stamperia.rules.simulation.result import GameResult, SeatResult
from stamperia.rules.simulation.shares import win_shares

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
        (64, 0, 36, False),  # 64 wins of 100: z = 2.80, p = 0.0051, Holm 0.0102
        (64, 1, 35, True),  # 64.5 wins of 100: z = 2.90, p = 0.0037, Holm 0.0075
    ],
)
def test_flag_threshold_boundary(first_wins: int, shared: int, second_wins: int,
                                 flagged: bool) -> None:
    results = _results(first_wins, shared, second_wins)
    games = len(results)
    z = _z(first_wins + shared / 2, games)
    assert 2.75 < z < 2.95 and (z > 2.807) == flagged  # the case sits near the boundary
    shares = {(s.group, s.value): s for s in win_shares(results, 2)}
    for key, sign in ((("seat", "1"), 1), (("seat", "2"), -1)):
        share = shares[key]
        assert share.z == pytest.approx(sign * z)
        assert share.p is not None and share.adjusted == pytest.approx(2 * share.p)
        assert share.tested == 2
        assert share.flagged is flagged, (key, share)
    for key in (("agent", "a"), ("agent", "b")):  # the players, not the content: never
        assert shares[key].flagged is False and shares[key].adjusted is None


def test_the_effect_carries_its_interval_and_the_games_it_would_need() -> None:
    share = next(s for s in win_shares(_results(64, 1, 35), 2) if s.value == "1")
    assert share.effect == pytest.approx(0.145)
    low, high = share.interval
    assert low == pytest.approx(0.5467 - 0.5, abs=1e-3)
    assert high == pytest.approx(0.7323 - 0.5, abs=1e-3)
    # 10 points at 50% with 80% power at the Holm first-step level 0.01 / 2: 330 games
    assert share.needed == 330
