"""`sweep --target balance`: search one parameter for a value that makes the seats fair.

The watched rows are the seat win rates (those the `balance` metric compares). A value
*balances* the game when no seat's rate is flagged (the report's Holm-corrected test at
a familywise 1%, for the games played).
The search assumes the most flagged seat's rate moves one way as the value moves along
the list (the designer lists values from the current one outward, or gives LOW..HIGH):
it plays the first and last values, then bisects for the first value, in list order,
where that seat is no longer too strong (or too weak). Each value plays the same game
seeds, so differences come from the content. Where the assumption fails, or the step
between two values jumps past the fair band, the report says so instead of guessing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from stamperia.content.editions.overrides import Override
from stamperia.rules.simulation.runner import SimulationRequest
from stamperia.rules.simulation.shares import WinShare
from stamperia.rules.sweep import Axis, SweepError, Variant, VariantReport, simulate_variant

TARGETS = ("balance",)


@dataclass(frozen=True)
class Try:
    """One value played: its report, and the watched (seat) rows."""

    value: object
    report: VariantReport

    @property
    def seats(self) -> tuple[WinShare, ...]:
        return tuple(s for s in self.report.report.shares if s.group == "seat")

    @property
    def balanced(self) -> bool:
        return not any(s.flagged for s in self.seats)


@dataclass(frozen=True)
class TargetSearch:
    """The search as it went: values in the order tried, the value found (if any), why."""

    request: SimulationRequest
    axis: Axis
    tracked: str
    """The seat followed: the one furthest from its fair share at the first value."""
    tries: tuple[Try, ...]
    found: Try | None
    outcome: str
    seconds: float

    @property
    def games_played(self) -> int:
        return self.request.games * len(self.tries)

    def as_json(self) -> dict[str, object]:
        """No timing: the same seed gives the same bytes."""
        return {
            "game": self.request.game, "players": self.request.players,
            "games_per_value": self.request.games, "seed": self.request.seed,
            "agents": list(self.request.agents), "target": "balance",
            "axis": {"target": self.axis.target, "values": len(self.axis.values)},
            "tracked_seat": self.tracked,
            "tried": [{"value": t.value, "balanced": t.balanced,
                       "win_rates": [s.as_json() for s in t.seats],
                       "flagged": [s.as_json() for s in t.report.report.flagged]}
                      for t in self.tries],
            "found": None if self.found is None else self.found.value,
            "outcome": self.outcome, "games_played": self.games_played,
        }


def _z(attempt: Try, seat: str) -> float:
    return _seat(attempt, seat).z or 0.0


def _seat(attempt: Try, seat: str) -> WinShare:
    return next(s for s in attempt.seats if s.value == seat)


def _flagged_side(attempt: Try, seat: str, sign: float) -> bool:
    """The seat is flagged (Holm-corrected) on the side `sign` of its fair share."""
    share = _seat(attempt, seat)
    return share.flagged and sign * (share.rate - share.fair) > 0


def search_balance(request: SimulationRequest, axis: Axis,
                   progress: Callable[[int], None] | None = None) -> TargetSearch:
    """The search; VariantProblems for a value that breaks the content, SweepError when
    the games cannot judge a rate."""
    started = time.perf_counter()
    values = axis.values
    tried: dict[int, Try] = {}

    def play(index: int) -> Try:
        if index not in tried:
            variant = Variant((Override(axis.file, axis.pointer, values[index]),))
            tried[index] = Try(values[index], simulate_variant(request, variant, progress))
        return tried[index]

    def finish(tracked: str, found: Try | None, outcome: str) -> TargetSearch:
        return TargetSearch(request, axis, tracked, tuple(tried.values()), found, outcome,
                            time.perf_counter() - started)

    first = play(0)
    if all(s.z is None for s in first.seats):
        raise SweepError(f"{request.games} game(s) per value are too few to judge a win "
                         "rate: raise --games")
    worst = max(first.seats, key=lambda s: abs(s.z or 0.0))
    tracked = worst.value
    if first.balanced:
        return finish(tracked, first, "already balanced at the first value")
    sign = 1.0 if _z(first, tracked) > 0 else -1.0

    def past(index: int) -> bool:
        """The tracked seat is no longer flagged on its first side."""
        return not _flagged_side(play(index), tracked, sign)

    last = len(values) - 1
    if last == 0 or not past(last):
        return finish(tracked, None, f"seat {tracked} stays "
                      f"{'above' if sign > 0 else 'below'} its fair share at both ends of "
                      "the range: widen it")
    low, high = 0, last
    while high - low > 1:
        middle = (low + high) // 2
        if past(middle):
            high = middle
        else:
            low = middle
    found = play(high)
    if found.balanced:
        return finish(tracked, found, "the first value, in list order, where no seat is "
                      "flagged")
    jumped = _flagged_side(found, tracked, -sign)
    reason = (f"seat {tracked} jumps past its fair share between {json.dumps(values[low])} "
              f"and {json.dumps(values[high])}: try values between them" if jumped else
              f"seat {tracked} is fair at {json.dumps(values[high])} but another seat is not")
    return finish(tracked, None, reason)
