"""Designer metrics over simulated games (docs/metrics.md gives every formula).

After Ludii's evaluation metrics (Browne; Stephenson et al.; the Java sources under
Ludii's Evaluation/src/metrics): a metric that bears a Ludii name follows Ludii's formula
(balance, completion, drawishness, timeouts, decision_moves, lead_changes, stability,
drama); the others have names of their own (win_rate_gap, lead_for_good,
outcome_uncertainty, kingmaking...). Lead changes, drama and outcome uncertainty read a
seeded win-probability estimate per checkpoint (Trace.chances, from rollouts of the
position, rules/play/oracle.py), never score shares; stability reads the score estimate,
as Ludii's reads its state evaluation. Built only from GameResult records, so it is the
same for any number of workers.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from stamperia.rules.simulation.result import GameResult, Trace
from stamperia.rules.simulation.wilson import wilson

if TYPE_CHECKING:
    from stamperia.rules.simulation.tally import Tally


@dataclass(frozen=True)
class Metric:
    """One metric: its value (None when the games say nothing about it, e.g. no scores),
    and for a proportion of games its 95% Wilson interval."""

    name: str
    value: float | None
    low: float | None = None
    high: float | None = None

    def as_json(self) -> dict[str, object]:
        payload: dict[str, object] = {
            "value": None if self.value is None else round(self.value, 4)}
        if self.low is not None and self.high is not None:
            payload["interval"] = [round(self.low, 4), round(self.high, 4)]
        return payload


def _share(name: str, hits: float, games: int) -> Metric:
    low, high = wilson(hits, games)
    return Metric(name, hits / games if games else None, low, high)


def shares(scores: tuple[float, ...]) -> tuple[float, ...]:
    """Scores made comparable across games: each seat's share of the (non-negative) points;
    equal shares while nobody has any."""
    # `s if s > 0.0 else 0.0` is max(0.0, s) (the same value, NaN and -0.0 included)
    # without a call per seat: the tally reads every checkpoint of every game
    clipped = [s if s > 0.0 else 0.0 for s in scores]
    total = sum(clipped)
    if total <= 0:
        return tuple([1 / len(scores)] * len(scores))
    return tuple([s / total for s in clipped])


def leader(scores: tuple[float, ...]) -> int:
    """The seat strictly ahead, or -1 on a tie for the lead."""
    best = max(scores)
    found = -1
    for seat, s in enumerate(scores):
        if s == best:
            if found >= 0:
                return -1
            found = seat
    return found


@dataclass(frozen=True)
class Checkpoints:
    """A trace's per-checkpoint readings that several metrics share, each worked out once
    per game (the tally reads every game's trace; the metrics below would otherwise
    recompute the shares three times and the leaders up to three times)."""

    scores: tuple[tuple[float, ...], ...]
    shares: tuple[tuple[float, ...], ...]
    leaders: tuple[int, ...]

    @staticmethod
    def of(trace: Trace) -> Checkpoints:
        """A checkpoint whose scores repeat the previous one's (most do, in games scored
        by material) reuses its readings instead of working them out again."""
        all_shares: list[tuple[float, ...]] = []
        leaders: list[int] = []
        last: tuple[float, ...] | None = None
        for scores in trace.scores:
            if scores != last:
                last = scores
                now_shares = shares(scores)
                now_leader = leader(scores)
            all_shares.append(now_shares)
            leaders.append(now_leader)
        return Checkpoints(trace.scores, tuple(all_shares), tuple(leaders))


def lead_changes(trace: Trace | Checkpoints) -> int:
    """How often the strict leader changes from one checkpoint to the next (ties for the
    lead are skipped: a lead passing through a tie to another seat counts once)."""
    leaders = _checkpoints(trace).leaders
    changes = 0
    last = -1
    for now in leaders:
        if now < 0:
            continue
        if last >= 0 and now != last:
            changes += 1
        last = now
    return changes


def stability(trace: Trace | Checkpoints) -> float | None:
    """Mean over seats of the variance of the seat's share from checkpoint to checkpoint
    (0: nothing ever moves)."""
    points = _checkpoints(trace)
    if len(points.scores) < 2:
        return None
    series = list(zip(*points.shares, strict=True))
    return statistics.fmean([exact_pvariance(seat) for seat in series])


def exact_pvariance(values: Sequence[float]) -> float:
    """statistics.pvariance of floats, to the bit, several times faster: both take the
    exact variance and round it once. A float is n / 2**k, so over the largest denominator
    D every value is a whole m, and the variance is (N * sum(m * m) - sum(m) ** 2) / (N * N
    * D * D), whose int / int division Python rounds correctly (as float(Fraction) does)."""
    try:
        ratios = [value.as_integer_ratio() for value in values]
    except (OverflowError, ValueError):  # an infinity or NaN: the library's answer
        return statistics.pvariance(values)
    if not ratios:
        return statistics.pvariance(values)  # its error for no data
    scale = max([d for _, d in ratios])
    wholes = [n * (scale // d) for n, d in ratios]
    count = len(wholes)
    total = sum(wholes)
    squares = sum([m * m for m in wholes])
    return (count * squares - total * total) / (count * count * scale * scale)


def drama(trace: Trace | Checkpoints, winner: int) -> float | None:
    """Mean, over the checkpoints where the eventual winner was not ahead, of how far
    behind the leader it was (in shares); 0 when it never trailed."""
    points = _checkpoints(trace)
    if not points.scores:
        return None
    gaps = []
    for s in points.shares:
        top = max(s)
        if top > s[winner]:
            gaps.append(top - s[winner])
    return statistics.fmean(gaps) if gaps else 0.0


def decisiveness(trace: Trace | Checkpoints, winner: int) -> float | None:
    """The share of the game played before the eventual winner took the lead for good:
    (checkpoints before that point) / checkpoints; 0 if it led from the first."""
    points = _checkpoints(trace)
    if not points.scores:
        return None
    return _led_since(points, winner) / len(points.scores)


def _led_since(points: Checkpoints, winner: int) -> int:
    """The first checkpoint from which `winner` leads to the end (len(scores) if it does
    not lead at the last)."""
    leaders = points.leaders
    since = len(leaders)
    for index in range(len(leaders) - 1, -1, -1):
        if leaders[index] != winner:
            break
        since = index
    return since


def _checkpoints(trace: Trace | Checkpoints) -> Checkpoints:
    return trace if isinstance(trace, Checkpoints) else Checkpoints.of(trace)


def leader_set(values: Sequence[float]) -> frozenset[int]:
    """The seats holding the highest value (several on a tie)."""
    best = max(values)
    return frozenset(seat for seat, value in enumerate(values) if value == best)


def lead_change(series: Sequence[Sequence[float]]) -> float | None:
    """Ludii's LeadChange for one game: the checkpoints at which the set of seats with the
    highest value differs from the set at the previous checkpoint, over the checkpoints.
    As in Ludii, the set before the first checkpoint is empty, so the first counts."""
    if not series:
        return None
    changes = 0
    past: frozenset[int] = frozenset()
    for values in series:
        now = leader_set(values)
        if now != past:
            changes += 1
        past = now
    return changes / len(series)


def ludii_drama(series: Sequence[Sequence[float]], winners: Sequence[int]
                ) -> float | None:
    """Ludii's Drama for one game: the mean over checkpoints of how far the eventual
    winners' value lies below the highest value, averaged over the winners (every seat
    when nobody won: Ludii's highest-ranked players of a draw)."""
    if not series:
        return None
    ranked = list(winners) or list(range(len(series[0])))
    total = 0.0
    for values in series:
        top = max(values)
        total += sum((top - values[w]) / len(ranked) for w in ranked)
    return total / len(series)


def outcome_uncertainty(series: Sequence[Sequence[float]]) -> float | None:
    """Mean over checkpoints of 1 minus the gap between the two highest win chances (1:
    two seats equally likely to win, 0: one seat is sure to). Not a Ludii metric."""
    if not series or len(series[0]) < 2:
        return None
    total = 0.0
    for values in series:
        top = sorted(values, reverse=True)
        total += 1 - (top[0] - top[1])
    return total / len(series)


def ludii_stability(trace: Trace | Checkpoints) -> float | None:
    """Ludii's Stability for one game: the sum over seats of the population variance of
    the seat's evaluation across checkpoints (here its share of the score estimate)."""
    points = _checkpoints(trace)
    if not points.scores:
        return None
    return math.fsum(exact_pvariance(seat) for seat in zip(*points.shares, strict=True))


def seat_utilities(players: int, winners: Sequence[int]) -> list[Fraction]:
    """Each seat's result on Ludii's scale (RankUtils.agentUtilities + 1) / 2: tied
    seats share the mean of their ranks' utilities, 1 for the first rank down to 0 for
    the last, the seats that did not win tied behind the winners. k winners of n seats:
    1 - (k-1)/(2(n-1)) each, the others (n-1-k)/(2(n-1)) (two seats: 1 and 0); nobody
    (a draw, or a cap without a winner) or everybody: 1/2 each. One seat: 1/2."""
    n, k = players, len(winners)
    if n < 2 or k in (0, n):
        return [Fraction(1, 2)] * n
    won = 1 - Fraction(k - 1, 2 * (n - 1))
    lost = Fraction(n - 1 - k, 2 * (n - 1))
    return [won if seat in winners else lost for seat in range(n)]


NO_CHANCE = 0.5
"""A seat has no chance to win from a checkpoint on when, there and at every later
checkpoint, its score estimate is at most this fraction of the leading estimate."""


def no_chance_from(trace: Trace | Checkpoints) -> list[int]:
    """Per seat, the first checkpoint from which it has no chance (len(scores): never)."""
    scores_at = trace.scores
    count = len(scores_at)
    start = [count] * (len(scores_at[0]) if scores_at else 0)
    for seat in range(len(start)):
        for index in range(count - 1, -1, -1):
            scores = scores_at[index]
            top = max(scores)
            if top <= 0 or max(0.0, scores[seat]) > NO_CHANCE * top:
                break
            start[seat] = index
    return start


def kingmade(trace: Trace | Checkpoints, winner: int) -> bool | None:
    """Whether the winner took the lead for good at a checkpoint k >= 1 where a seat that
    led at k-1 lost points, while a third seat with no chance still held some points at
    k-1 (out of the race, not out of the game). None under three seats: nobody to make a
    king. The trace does not say who took the points: this marks the games a seat with no
    chance could have decided."""
    points = _checkpoints(trace)
    if not points.scores or len(points.scores[0]) < 3:
        return None
    k = _led_since(points, winner)
    if not 1 <= k < len(points.scores):
        return False
    before, after = points.scores[k - 1], points.scores[k]
    leaders = [s for s, x in enumerate(before) if x == max(before) and s != winner]
    if not any(after[s] < before[s] for s in leaders):
        return False
    hopeless = no_chance_from(points)
    return any(hopeless[s] <= k - 1 and before[s] > 0 for s in range(len(before))
               if s != winner and s not in leaders)


def uncertainty(trace: Trace | Checkpoints) -> float | None:
    """Mean over checkpoints of 1 minus the gap between the two best shares (1: level
    race, 0: one seat holds every point)."""
    points = _checkpoints(trace)
    if not points.scores or len(points.scores[0]) < 2:
        return None
    values = []
    for s in points.shares:
        top = sorted(s, reverse=True)
        values.append(1 - (top[0] - top[1]))
    return statistics.fmean(values)


def _spread(name: str, counts: Counter[int]) -> list[Metric]:
    if not counts:
        return [Metric(f"{name}_{k}", None) for k in ("mean", "median", "stdev")]
    from stamperia.rules.simulation.tally import spread

    average, middle, deviation = spread(counts)
    return [Metric(f"{name}_mean", average), Metric(f"{name}_median", middle),
            Metric(f"{name}_stdev", deviation)]


def _kingmaking(judged: tuple[int, int]) -> Metric:
    """(single-winner games of three or more seats, those kingmade) as a share."""
    games, kingmade_games = judged
    if not games:
        return Metric("kingmaking", None)
    return _share("kingmaking", kingmade_games, games)


def designer_metrics(results: Sequence[GameResult], players: int,
                     capped_ends: Sequence[str]) -> tuple[Metric, ...]:
    """Every metric of docs/metrics.md, in its order."""
    from stamperia.rules.simulation.tally import Tally

    return tally_metrics(Tally.of(results), players, capped_ends)


def tally_metrics(tally: Tally, players: int, capped_ends: Sequence[str]
                  ) -> tuple[Metric, ...]:
    """Every metric of docs/metrics.md, in its order, from the games' exact totals."""
    games = tally.games
    seats = max(players, tally.most_seats)
    rates = [float(tally.seat_wins.get(seat, 0) / games) if games else 0.0
             for seat in range(seats)][:players]
    utilities = [tally.utility.get(seat, Fraction(0)) / games if games else Fraction(0)
                 for seat in range(seats)][:players]
    first_wins = tally.first_wins
    capped = sum(count for end, count in tally.ends.items() if end in capped_ends)
    draws = sum(count for end, count in tally.undecided_ends.items()
                if end not in capped_ends)
    decisions = sum(value * count for value, count in tally.decisions.items())
    metrics = [
        Metric("balance", float(1 - (max(utilities) - min(utilities)))
               if games and players > 1 else None),
        Metric("win_rate_gap", max(rates) - min(rates) if games else None),
        _share("sole_wins", tally.sole_wins, games),
        Metric("first_player_advantage",
               float(first_wins / games) - tally.players_fair(seats) if games else None),
        _share("completion", games - capped, games),
        _share("drawishness", draws, games),
        _share("timeouts", capped, games),
        *_spread("duration_turns", tally.turns),
        *_spread("duration_decisions", tally.decisions),
        Metric("decision_moves", _mean_of(tally.decision_share)),
        Metric("branching_factor", tally.legal / decisions if decisions else None),
        *(Metric(name, _mean_of(pair))
          for name, pair in (("lead_changes", tally.lead_change),
                             ("stability", tally.stability),
                             ("drama", tally.drama),
                             ("lead_for_good", tally.decisiveness),
                             ("outcome_uncertainty", tally.uncertainty))),
        _kingmaking(tally.kingmaking),
    ]
    return tuple(metrics)


def _mean_of(pair: tuple[int, Fraction]) -> float | None:
    """The mean of a per-game metric from (games with a value, exact sum)."""
    count, total = pair
    return float(total / count) if count else None
