"""The balance report: built only from GameResult records, the same shape for every game.

Win rates are compared with the fair share 1/seats by a two-sided binomial z-test; a
group is flagged when |z| exceeds the threshold (99% two-sided) and it has been seen often
enough for the normal approximation (expected wins and losses both at least 5). A shared
win counts 1/k for each of its k winners; draws (no winner) count for nobody.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.simulation.result import GameResult
from rules.simulation.runner import SimulationRun

Z_THRESHOLD = 2.576
"""99% two-sided."""


@dataclass(frozen=True)
class WinShare:
    group: str
    value: str
    seen: int
    wins: float
    rate: float
    fair: float
    z: float | None
    flagged: bool

    def as_json(self) -> dict[str, object]:
        return {"group": self.group, "value": self.value, "seen": self.seen,
                "wins": round(self.wins, 4), "rate": round(self.rate, 4),
                "fair": round(self.fair, 4),
                "z": None if self.z is None else round(self.z, 2), "flagged": self.flagged}


def _share(group: str, value: str, seen: int, wins: float, players: int) -> WinShare:
    fair = 1 / players
    rate = wins / seen if seen else 0.0
    z: float | None = None
    if seen * fair >= 5 and seen * (1 - fair) >= 5:
        z = (wins - seen * fair) / math.sqrt(seen * fair * (1 - fair))
    return WinShare(group, value, seen, wins, rate, fair, z,
                    z is not None and abs(z) > Z_THRESHOLD)


def _win_credit(result: GameResult) -> dict[int, float]:
    if not result.winners:
        return {}
    return {seat: 1 / len(result.winners) for seat in result.winners}


def win_shares(results: tuple[GameResult, ...], players: int) -> list[WinShare]:
    """Win rate by seat, then by every label group (agent, faction, objective...).

    The fair share is one over the seats that can win: the players, plus any seat a game
    adds (a simulated opponent that can win)."""
    shares: list[WinShare] = []
    players = max([players, *(len(r.seats) for r in results)])
    seat_wins = [0.0] * players
    seen: dict[tuple[str, str], int] = Counter()
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for result in results:
        credit = _win_credit(result)
        for seat, value in credit.items():
            seat_wins[seat] += value
        for seat, seat_result in enumerate(result.seats):
            for group, label in seat_result.labels.items():
                seen[group, label] += 1
                wins[group, label] += credit.get(seat, 0.0)
    games = len(results)
    shares += [_share("seat", str(seat + 1), games, seat_wins[seat], players)
               for seat in range(players)]
    shares += [_share(group, label, seen[group, label], wins[group, label], players)
               for group, label in sorted(seen)]
    return shares


@dataclass(frozen=True)
class Length:
    mean: float
    median: float
    low: int
    high: int

    def as_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 2), "median": self.median, "min": self.low,
                "max": self.high}


@dataclass(frozen=True)
class SimulationReport:
    game: str
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    variants: tuple[str, ...]
    workers: int
    seconds: float
    steps: int
    ends: Mapping[str, int]
    length: Length
    shares: tuple[WinShare, ...]
    mean_score_parts: Mapping[str, float]
    counters: Mapping[str, int]
    engine: str = "python"
    """How the engine ran ("compiled" or "python"): explains the speed, never the results."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def flagged(self) -> tuple[WinShare, ...]:
        return tuple(s for s in self.shares if s.flagged)

    def as_json(self) -> dict[str, object]:
        """Everything but `engine`, `seconds`, `games_per_second` and `steps_per_second`
        is the same for a seed whatever the number of workers or the engine's build."""
        return {
            "game": self.game, "players": self.players, "games": self.games,
            "seed": self.seed, "agents": list(self.agents), "variants": list(self.variants),
            "workers": self.workers, "engine": self.engine, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "steps_per_second": round(self.steps / self.seconds, 1) if self.seconds else 0.0,
            "ends": dict(self.ends),
            "end_shares": {k: round(v / self.games, 4) for k, v in self.ends.items()},
            "length_turns": self.length.as_json(),
            "win_rates": [s.as_json() for s in self.shares],
            "flagged": [s.as_json() for s in self.flagged],
            "mean_score_parts": {k: round(v, 3) for k, v in self.mean_score_parts.items()},
            "counters": dict(self.counters),
            "counters_per_game": {k: round(v / self.games, 4)
                                  for k, v in self.counters.items()},
        }


def build_report(run: SimulationRun) -> SimulationReport:
    results = run.results
    request = run.request
    ends = Counter(r.end for r in results)
    turns = [r.turns for r in results]
    counters: Counter[str] = Counter()
    parts: dict[str, Fraction] = defaultdict(Fraction)
    seats = 0
    for result in results:
        counters.update(result.counters)
        for seat in result.seats:
            seats += 1
            for name, points in seat.score_parts.items():
                parts[name] += points
    return SimulationReport(
        game=request.game, players=request.players, games=len(results), seed=request.seed,
        agents=request.agents, variants=request.variants, workers=request.workers,
        seconds=run.seconds, steps=sum(r.steps for r in results),
        ends=dict(sorted(ends.items())),
        length=Length(statistics.fmean(turns), statistics.median(turns), min(turns),
                      max(turns)),
        shares=tuple(win_shares(results, request.players)),
        mean_score_parts={k: float(v / seats) for k, v in sorted(parts.items())},
        counters=dict(sorted(counters.items())))


def report_lines(report: SimulationReport) -> list[str]:
    """The report for a terminal: what a designer reads first comes first."""
    agents = ",".join(report.agents)
    lines = [f"{report.game}: {report.games} game(s), {report.players} players, "
             f"agents {agents}, seed {report.seed}"
             + (f", variants {','.join(report.variants)}" if report.variants else ""),
             f"speed: {report.games_per_second:.1f} games/s with {report.workers} "
             f"worker(s) ({report.seconds:.2f} s, {report.engine} engine)",
             "ends: " + ", ".join(f"{k} {v} ({v / report.games:.1%})"
                                  for k, v in report.ends.items()),
             f"length in turns: mean {report.length.mean:.1f}, median "
             f"{report.length.median:g}, min {report.length.low}, max {report.length.high}"]
    group = ""
    for share in report.shares:
        if share.group != group:
            group = share.group
            lines.append(f"win rate by {group} (fair share {share.fair:.1%}):")
        mark = "  << differs from fair share" if share.flagged else ""
        z = "" if share.z is None else f", z {share.z:+.2f}"
        lines.append(f"  {share.value}: {share.rate:.1%} of {share.seen}{z}{mark}")
    if report.mean_score_parts:
        lines.append("mean points per seat: " + ", ".join(
            f"{k} {v:.2f}" for k, v in report.mean_score_parts.items()))
    if report.counters:
        lines.append("per game:")
        lines += [f"  {k}: {v / report.games:.3f}" for k, v in report.counters.items()]
    flagged = report.flagged
    lines.append(f"flagged: {len(flagged)} group(s) beyond |z| > {Z_THRESHOLD}"
                 + ("" if not flagged else ": " + ", ".join(
                     f"{s.group} {s.value}" for s in flagged)))
    return lines
