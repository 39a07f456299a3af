"""What the simulation report needs from many games, gathered game by game in bounded memory.

Why: keeping every GameResult (about 4 KB with its trace) made a million-game run take
gigabytes in the parent. Each worker tallies its own games and sends the tally; the parent
merges tallies. Every sum is exact (integers and fractions, never a running float), so a
merge gives the same tally, and the report the same bytes, whatever the chunking, the
number of workers and the order the tallies arrive in. Medians and spreads need the whole
distribution of game lengths, which is kept as a count per length (bounded by the caps).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from stamperia.rules.simulation.metrics import (
    Checkpoints,
    decisiveness,
    kingmade,
    lead_change,
    ludii_drama,
    ludii_stability,
    outcome_uncertainty,
    seat_utilities,
)
from stamperia.rules.simulation.result import GAME_SEAT, GameResult

K = TypeVar("K")


@dataclass
class Tally:
    """Exact totals over games. Mutable: `add` one game, `merge` another tally."""

    games: int = 0
    steps: int = 0
    seats: int = 0
    """Seats seen, summed over games (the divisor of the mean score parts)."""
    most_seats: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    undecided_ends: Counter[str] = field(default_factory=Counter)
    """Ends of the games nobody won (draws, unless the end is a cap)."""
    turns: Counter[int] = field(default_factory=Counter)
    """Games by length in turns."""
    counters: Counter[str] = field(default_factory=Counter)
    score_parts: dict[str, Fraction] = field(default_factory=dict)
    seat_wins: dict[int, Fraction] = field(default_factory=dict)
    """A shared win counts 1/k for each of its k winners."""
    first_wins: Fraction = Fraction(0)
    """Wins of the seat that moved first (GameResult.first), shared wins as above."""
    seen: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(label group, label) -> seats that carried it."""
    label_wins: dict[tuple[str, str], Fraction] = field(default_factory=dict)
    added_seats: Counter[int] = field(default_factory=Counter)
    """Seat index -> games in which a seat the game adds (result.GAME_SEAT) sat there."""
    added_wins: Fraction = Fraction(0)
    """Wins of the seats the game adds, shared wins as above."""
    added_seen: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(label group, label) -> seats the game added that carried it."""
    added_label_wins: dict[tuple[str, str], Fraction] = field(default_factory=dict)
    traced: int = 0
    """Games with a trace of decisions (a replayed game has none)."""
    decisions: Counter[int] = field(default_factory=Counter)
    """Traced games by decisions taken."""
    choices: int = 0
    legal: int = 0
    scored: int = 0
    """Games with per-checkpoint score estimates."""
    utility: dict[int, Fraction] = field(default_factory=dict)
    """Per seat, its results on Ludii's scale (metrics.seat_utilities), summed."""
    sole_wins: int = 0
    """Games won by one seat alone (not shared, not drawn, not capped without a winner)."""
    decision_share: tuple[int, Fraction] = (0, Fraction(0))
    lead_change: tuple[int, Fraction] = (0, Fraction(0))
    stability: tuple[int, Fraction] = (0, Fraction(0))
    uncertainty: tuple[int, Fraction] = (0, Fraction(0))
    drama: tuple[int, Fraction] = (0, Fraction(0))
    decisiveness: tuple[int, Fraction] = (0, Fraction(0))
    """(games with a value, exact sum of the values) of each per-game metric."""
    kingmaking: tuple[int, int] = (0, 0)
    """(single-winner games the kingmaking test applies to, those it marks)."""
    curve: dict[int, tuple[int, tuple[Fraction | int, ...]]] = field(default_factory=dict)
    """Checkpoint index -> (games that reached it, exact sum of each seat's score there)."""

    @staticmethod
    def of(results: Iterable[GameResult]) -> Tally:
        tally = Tally()
        for result in results:
            tally.add(result)
        return tally

    def players_fair(self, seats: int) -> float:
        """A player's fair share of the wins: one over the seats, or, where the game adds
        seats of its own (result.GAME_SEAT), the share they leave over the players' seats."""
        if not self.added_seats or not self.games:
            return 1 / seats
        left = 1 - self.added_wins / self.games
        return float(left) / max(1, seats - len(self.added_seats))

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.steps += result.steps
        self.seats += len(result.seats)
        self.most_seats = max(self.most_seats, len(result.seats))
        self.ends[result.end] += 1
        if not result.winners:
            self.undecided_ends[result.end] += 1
        self.turns[result.turns] += 1
        self.counters.update(result.counters)
        credit = {seat: Fraction(1, len(result.winners)) for seat in result.winners}
        self.sole_wins += len(result.winners) == 1
        for seat, value in enumerate(seat_utilities(len(result.seats), result.winners)):
            self.utility[seat] = self.utility.get(seat, Fraction(0)) + value
        for seat, share in credit.items():
            self.seat_wins[seat] = self.seat_wins.get(seat, Fraction(0)) + share
        self.first_wins += credit.get(result.first, Fraction(0))
        for seat, seat_result in enumerate(result.seats):
            for name, points in seat_result.score_parts.items():
                self.score_parts[name] = self.score_parts.get(name, Fraction(0)) + points
            added = seat_result.labels.get("agent") == GAME_SEAT
            if added:
                self.added_seats[seat] += 1
                self.added_wins += credit.get(seat, Fraction(0))
            for group, label in seat_result.labels.items():
                self.seen[group, label] += 1
                if added:
                    self.added_seen[group, label] += 1
                if seat in credit:
                    self.label_wins[group, label] = (self.label_wins.get(
                        (group, label), Fraction(0)) + credit[seat])
                    if added:
                        self.added_label_wins[group, label] = (self.added_label_wins.get(
                            (group, label), Fraction(0)) + credit[seat])
        self._add_trace(result)

    def _add_trace(self, result: GameResult) -> None:
        trace = result.trace
        if trace.decisions:
            self.traced += 1
            self.decisions[trace.decisions] += 1
            self.choices += trace.choices
            self.legal += trace.legal
            self.decision_share = _plus_exact(self.decision_share,
                                              Fraction(trace.choices, trace.decisions))
        if trace.chances:
            self.lead_change = _plus(self.lead_change, lead_change(trace.chances))
            self.drama = _plus(self.drama, ludii_drama(trace.chances, result.winners))
            self.uncertainty = _plus(self.uncertainty, outcome_uncertainty(trace.chances))
        if not trace.scores:
            return
        self.scored += 1
        points = Checkpoints.of(trace)
        self.stability = _plus(self.stability, ludii_stability(points))
        if len(result.winners) == 1:
            self.decisiveness = _plus(self.decisiveness,
                                      decisiveness(points, result.winners[0]))
            verdict = kingmade(points, result.winners[0])
            if verdict is not None:
                self.kingmaking = (self.kingmaking[0] + 1, self.kingmaking[1] + verdict)
        curve = self.curve
        last: tuple[float, ...] | None = None
        whole: list[int] | None = None
        for index, scores in enumerate(trace.scores):
            if scores != last:  # repeated scores (most, by material) are whole or not alike
                last = scores
                whole = _whole(scores)
            reached, sums = curve.get(index, (0, ()))
            curve[index] = (reached + 1, _plus_scores(sums, scores, whole))

    def merge(self, other: Tally) -> None:
        """Add another tally's games to this one (the same as adding them one by one)."""
        self.games += other.games
        self.steps += other.steps
        self.seats += other.seats
        self.most_seats = max(self.most_seats, other.most_seats)
        self.ends.update(other.ends)
        self.undecided_ends.update(other.undecided_ends)
        self.turns.update(other.turns)
        self.counters.update(other.counters)
        _merge_sums(self.score_parts, other.score_parts)
        _merge_sums(self.seat_wins, other.seat_wins)
        self.first_wins += other.first_wins
        self.seen.update(other.seen)
        _merge_sums(self.label_wins, other.label_wins)
        self.added_seats.update(other.added_seats)
        self.added_wins += other.added_wins
        self.added_seen.update(other.added_seen)
        _merge_sums(self.added_label_wins, other.added_label_wins)
        self.traced += other.traced
        self.decisions.update(other.decisions)
        self.choices += other.choices
        self.legal += other.legal
        self.scored += other.scored
        _merge_sums(self.utility, other.utility)
        self.sole_wins += other.sole_wins
        self.decision_share = _sum(self.decision_share, other.decision_share)
        self.lead_change = _sum(self.lead_change, other.lead_change)
        self.stability = _sum(self.stability, other.stability)
        self.uncertainty = _sum(self.uncertainty, other.uncertainty)
        self.drama = _sum(self.drama, other.drama)
        self.decisiveness = _sum(self.decisiveness, other.decisiveness)
        self.kingmaking = (self.kingmaking[0] + other.kingmaking[0],
                           self.kingmaking[1] + other.kingmaking[1])
        for index, (reached, sums) in other.curve.items():
            mine = self.curve.get(index)
            self.curve[index] = (reached, sums) if mine is None else (
                mine[0] + reached, tuple(a + b for a, b in zip(mine[1], sums, strict=True)))


def _plus(total: tuple[int, Fraction], value: float | None) -> tuple[int, Fraction]:
    return total if value is None else (total[0] + 1, total[1] + Fraction(value))


def _plus_exact(total: tuple[int, Fraction], value: Fraction) -> tuple[int, Fraction]:
    return (total[0] + 1, total[1] + value)


def _sum(a: tuple[int, Fraction], b: tuple[int, Fraction]) -> tuple[int, Fraction]:
    return (a[0] + b[0], a[1] + b[1])


def _exact_sum(total: Fraction | int, value: float) -> Fraction | int:
    """`total + value` exactly; whole scores (the usual case) stay ints, which add many
    times faster than fractions and divide to the same nearest float."""
    if isinstance(total, int):
        if isinstance(value, int):
            return total + value
        if value.is_integer():
            return total + int(value)
    return total + Fraction(value)


def _whole(scores: tuple[float, ...]) -> list[int] | None:
    """The scores as ints when every one is a whole number (the usual case), else None."""
    try:
        whole = [int(score) for score in scores]
    except (OverflowError, ValueError):  # an infinity or NaN
        return None
    return whole if whole == list(scores) else None


def _plus_scores(sums: tuple[Fraction | int, ...], scores: tuple[float, ...],
                 whole: list[int] | None) -> tuple[Fraction | int, ...]:
    """Each seat's running sum plus its score, exactly, as _exact_sum adds them (no sums
    yet: the scores alone). It runs for every checkpoint of every game, so whole scores
    (`whole`, from _whole) take one pass of int additions, which give the same values and
    types (int + int, Fraction + int) as _exact_sum."""
    if not sums:
        sums = (0,) * len(scores)
    if whole is not None:
        return tuple([total + w for total, w in zip(sums, whole, strict=True)])
    return tuple([_exact_sum(total, score)
                  for total, score in zip(sums, scores, strict=True)])


def _merge_sums(into: dict[K, Fraction], other: dict[K, Fraction]) -> None:
    for key, value in other.items():
        into[key] = into.get(key, Fraction(0)) + value


def mean(total: Fraction | int, count: int) -> float:
    """The mean as the float nearest the exact value (what statistics.fmean gives)."""
    return float(Fraction(total) / count)


def median(counts: Counter[int]) -> float | int:
    """statistics.median of the values counted: the middle one, or the mean of the two."""
    size = sum(counts.values())
    middle: list[int] = []
    seen = 0
    for value in sorted(counts):
        before = seen
        seen += counts[value]
        for position in ((size - 1) // 2, size // 2):
            if before <= position < seen:
                middle.append(value)
    if size % 2:
        return middle[0]
    low, high = (middle[0], middle[-1])
    return (low + high) / 2


def spread(counts: Counter[int]) -> tuple[float, float, float]:
    """(mean, median, population standard deviation) of the values counted."""
    size = sum(counts.values())
    total = sum(value * count for value, count in counts.items())
    exact_mean = Fraction(total, size)
    variance = Fraction(sum(count * (value - exact_mean) * (value - exact_mean)
                            for value, count in counts.items()), size)
    return (float(exact_mean), float(median(counts)),
            (variance.numerator / variance.denominator) ** 0.5)
