"""A seat the game adds (IWARI's simulated tribe at two players) is shown, never judged,
and the players' fair share is what it leaves them (issue 36: a flag must be a real
imbalance; against a fair third the two players of a fair game were both flagged)."""

from __future__ import annotations

import pytest

from stamperia.rules.simulation.metrics import tally_metrics
from stamperia.rules.simulation.report import findings_lines, share_line
from stamperia.rules.simulation.result import GAME_SEAT, GameResult, SeatResult
from stamperia.rules.simulation.shares import win_shares
from stamperia.rules.simulation.tally import Tally


def _game(winner: int, first_tribe: str) -> GameResult:
    other = "blue" if first_tribe == "red" else "red"
    seats = (SeatResult({"agent": "greedy", "tribe": first_tribe}),
             SeatResult({"agent": "greedy", "tribe": other}),
             SeatResult({"agent": GAME_SEAT, "tribe": "green"}))
    return GameResult(seats, (winner,), "deck", 26, 120)


def _games(first: int, second: int, game_seat: int) -> tuple[GameResult, ...]:
    """Tribes alternate between the two players' seats; the game's seat is always green."""
    winners = [0] * first + [1] * second + [2] * game_seat
    return tuple(_game(w, "red" if i % 2 else "blue") for i, w in enumerate(winners))


def test_two_equal_players_and_a_rarely_winning_game_seat_are_not_flagged() -> None:
    shares = {(s.group, s.value): s for s in win_shares(_games(285, 285, 30), 2)}
    assert shares["seat", "1"].fair == pytest.approx(0.475)  # (1 - 30/600) / 2
    assert not any(s.flagged for s in shares.values())
    game_seat = shares["seat", "3"]
    assert game_seat.shown_only and game_seat.p is None and game_seat.tested == 4
    assert share_line(game_seat) == "3: 5.0% (4%-7%) of 600: the game's own seat, not judged"
    assert shares["tribe", "green"].shown_only
    assert shares["tribe", "red"].seen == 600 and not shares["tribe", "red"].shown_only
    assert findings_lines(tuple(shares.values()), ("greedy",))[0] == (
        "flagged: 0 of 4 group(s) tested (Holm-corrected, familywise error 1%)")


def test_a_player_seat_above_its_share_is_still_flagged() -> None:
    shares = {(s.group, s.value): s for s in win_shares(_games(345, 225, 30), 2)}
    assert shares["seat", "1"].flagged and shares["seat", "2"].flagged
    assert not shares["seat", "3"].flagged


def test_the_first_movers_advantage_is_against_the_players_share() -> None:
    metrics = {m.name: m.value for m in tally_metrics(Tally.of(_games(300, 270, 30)), 2, ())}
    assert metrics["first_player_advantage"] == pytest.approx(0.5 - 0.475)
