"""`sweep --target balance` over several parameters at once: successive halving on the
grid of their values, every variant on the same game seeds.

Why successive halving and not NTBEA: a sweep has at most 64 variants (MAX_VARIANTS), so
the whole grid stays in view and no model of the parameters' effects is needed. Every
variant plays the first round's games; the better half (by the balance loss below)
plays twice as many in the next round, and so on until one is left. Games go to the
promising variants, the comparisons are paired (game i of every variant starts from the
same seed, so the luck is shared), and there is no exploration constant to tune. NTBEA
(as TAG uses it) suits spaces too large to enumerate, where one noisy game per
evaluation and an additive model of the parameters pay off; a 64-variant grid is not
one.

The loss of a variant is the largest distance of a seat's win share from its fair share
(the `balance` the single-parameter search watches), then the number of flags.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from stamperia.rules.simulation.runner import SimulationRequest
from stamperia.rules.sweep import Axis, Variant, VariantReport, simulate_variant, variants


def loss(report: VariantReport) -> tuple[float, int]:
    seats = [s for s in report.report.shares if s.group == "seat"]
    return (max((abs(s.effect) for s in seats), default=0.0), len(report.report.flagged))


@dataclass(frozen=True)
class Round:
    games: int
    tried: tuple[VariantReport, ...]
    """In order of loss, best first."""


@dataclass(frozen=True)
class Race:
    request: SimulationRequest
    axes: tuple[Axis, ...]
    rounds: tuple[Round, ...]
    seconds: float

    @property
    def best(self) -> VariantReport:
        return self.rounds[-1].tried[0]

    @property
    def games_played(self) -> int:
        return sum(r.games * len(r.tried) for r in self.rounds)

    @property
    def balanced(self) -> bool:
        return not any(s.group == "seat" for s in self.best.report.flagged)

    def lines(self) -> list[str]:
        request = self.request
        lines = [f"{request.game}: balance search over {len(self.axes)} parameters "
                 f"({len(self.rounds[0].tried)} variants) by successive halving, "
                 f"{request.players} players, agents {','.join(request.agents)}, seed "
                 f"{request.seed} (the same game seeds for every variant)"]
        for number, race_round in enumerate(self.rounds, 1):
            lines.append(f"round {number}: {len(race_round.tried)} variant(s), "
                         f"{race_round.games} games each")
            for tried in race_round.tried:
                worst, flags = loss(tried)
                lines.append(f"  {tried.variant.label}: largest seat gap "
                             f"{100 * worst:.1f} points, {flags} flag(s)")
        best = self.best
        verdict = "no seat flagged" if self.balanced else "a seat is still flagged"
        lines.append(f"best: {best.variant.label} ({verdict} at "
                     f"{self.rounds[-1].games} games)")
        flagged = [f"{s.group} {s.value}" for s in best.report.flagged]
        if flagged:
            lines.append("  flagged there: " + ", ".join(flagged))
        lines.append(f"cost: {self.games_played:,} games, {self.seconds:.1f} s")
        return lines

    def as_json(self) -> dict[str, object]:
        """No timing: the same seed gives the same bytes."""
        return {
            "game": self.request.game, "players": self.request.players,
            "seed": self.request.seed, "agents": list(self.request.agents),
            "target": "balance", "method": "successive halving",
            "axes": [{"target": a.target, "values": list(a.values)} for a in self.axes],
            "rounds": [{"games": r.games, "tried": [
                {"set": {o.target: o.value for o in t.variant.overrides},
                 "largest_seat_gap": round(loss(t)[0], 4), "flags": loss(t)[1]}
                for t in r.tried]} for r in self.rounds],
            "best": {o.target: o.value for o in self.best.variant.overrides},
            "balanced": self.balanced, "games_played": self.games_played,
        }


def race(request: SimulationRequest, axes: Sequence[Axis],
         progress: Callable[[int], None] | None = None) -> Race:
    """Successive halving from `request.games` games per variant; VariantProblems for a
    variant that breaks the content."""
    started = time.perf_counter()
    alive: list[Variant] = list(variants(axes))
    games = request.games
    rounds = []
    while True:
        played = [simulate_variant(replace(request, games=games), v, progress)
                  for v in alive]
        ranked = sorted(played, key=lambda r: (loss(r), r.variant.label))
        rounds.append(Round(games, tuple(ranked)))
        if len(ranked) == 1:
            break
        alive = [r.variant for r in ranked[:max(1, len(ranked) // 2)]]
        games *= 2
    return Race(request, tuple(axes), tuple(rounds), time.perf_counter() - started)
