"""The balance report: built only from GameResult records, the same shape for every game.

The win shares and their verdicts come from stamperia.rules.simulation.shares; this module
gathers them with the lengths, ends, metrics and targets of a run, and says them in words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from stamperia.rules.simulation.agentcheck import AgentCheck
from stamperia.rules.simulation.metrics import Metric, tally_metrics
from stamperia.rules.simulation.runner import SimulationRequest, SimulationRun
from stamperia.rules.simulation.shares import (
    NOT_TESTED,
    WinShare,
    needed_games,
    tally_shares,
)
from stamperia.rules.simulation.tally import Tally, mean, median
from stamperia.rules.simulation.wilson import wilson
from stamperia.rules.verdict.stats import ALPHA, EFFECT
from stamperia.rules.verdict.targets import BandCheck


def with_effect(report: SimulationReport, effect: float) -> SimulationReport:
    """The report with every share's games needed for `effect` instead of EFFECT."""
    tested = max((s.tested for s in report.shares), default=0)
    return replace(report, effect=effect, shares=tuple(
        replace(s, needed=needed_games(s, report.games, tested, effect))
        for s in report.shares))


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
    metrics: tuple[Metric, ...] = ()
    length_bins: tuple[tuple[int, int, int], ...] = ()
    """Game lengths in turns as (from, to, games) bins, for the HTML histogram."""
    score_curve: tuple[tuple[float, ...], ...] = ()
    """Mean score estimate per seat at each checkpoint, over the games still going."""
    engine: str = "python"
    """How the engine ran ("compiled" or "python"): explains the speed, never the results."""
    blocks: int = 1
    """Seed blocks the games were played in (stamperia.rules.verdict.blocks)."""
    targets: tuple[BandCheck, ...] = ()
    """The content's targets beside the figures measured (stamperia.rules.verdict.targets)."""
    examples: tuple[tuple[str, str, int, int], ...] = ()
    """(group, value, game number, line) of a recorded game that shows each flag: one the
    group won for a flag above its fair share, one it lost for a flag below."""
    record: str = ""
    """The record file the examples are in (`simulate --record`)."""
    effect: float = EFFECT
    """The effect the games-needed estimates are for."""
    names: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(group, label) -> the name the game prints (stamperia.rules.verdict.page): what
    the text and the page show instead of ids."""
    agent_check: AgentCheck | None = None
    """Whether the agents may be believed (rules/simulation/agentcheck.py); None: not run."""

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
            "seed": self.seed, "blocks": self.blocks, "agents": list(self.agents),
            "variants": list(self.variants),
            "workers": self.workers, "engine": self.engine, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "steps_per_second": round(self.steps / self.seconds, 1) if self.seconds else 0.0,
            "ends": dict(self.ends),
            "end_shares": {k: round(v / self.games, 4) for k, v in self.ends.items()},
            "length_turns": self.length.as_json(),
            "win_rates": [s.as_json() for s in self.shares],
            "flagged": [s.as_json() for s in self.flagged],
            "findings": {"familywise_error": ALPHA, "correction": "holm",
                         "tested": max((s.tested for s in self.shares), default=0),
                         "effect_for_games_needed": self.effect},
            "mean_score_parts": {k: round(v, 3) for k, v in self.mean_score_parts.items()},
            "counters": dict(self.counters),
            "counters_per_game": {k: round(v / self.games, 4)
                                  for k, v in self.counters.items()},
            "metrics": {m.name: m.as_json() for m in self.metrics},
            "targets": [t.as_json() for t in self.targets],
            "names": {f"{group} {label}": name for (group, label), name in self.names.items()},
            "examples": [{"group": g, "value": v, "game": n, "line": line, "record": self.record}
                         for g, v, n, line in self.examples],
            "charts": {"length_bins": [list(b) for b in self.length_bins],
                       "score_curve": [[round(v, 3) for v in point]
                                       for point in self.score_curve]},
            "agent_check": None if self.agent_check is None else self.agent_check.as_json(),
        }


def build_report(run: SimulationRun) -> SimulationReport:
    return tally_report(run.request, Tally.of(run.results), run.seconds, run.capped_ends)


def tally_report(request: SimulationRequest, tally: Tally, seconds: float,
                 capped_ends: tuple[str, ...]) -> SimulationReport:
    """The report of the games tallied: the same for any split of the games into tallies."""
    turns = tally.turns
    return SimulationReport(
        game=request.game, players=request.players, games=tally.games, seed=request.seed,
        agents=request.agents, variants=request.variants, workers=request.workers,
        seconds=seconds, steps=tally.steps,
        ends=dict(sorted(tally.ends.items())),
        length=Length(mean(sum(t * n for t, n in turns.items()), tally.games),
                      median(turns), min(turns), max(turns)),
        shares=tuple(tally_shares(tally, request.players)),
        mean_score_parts={k: float(v / tally.seats)
                          for k, v in sorted(tally.score_parts.items())},
        counters=dict(sorted(tally.counters.items())),
        metrics=tally_metrics(tally, request.players, capped_ends),
        length_bins=length_bins(turns), score_curve=score_curve(tally))


BINS = 12
"""Bars of the game-length histogram (fewer when the lengths span fewer turns)."""


def length_bins(turns: Counter[int]) -> tuple[tuple[int, int, int], ...]:
    """Equal-width bins of whole turns from the shortest game to the longest."""
    low, high = min(turns), max(turns)
    width = max(1, -(-(high - low + 1) // BINS))
    counts: Counter[int] = Counter()
    for length, games in turns.items():
        counts[(length - low) // width] += games
    return tuple((low + i * width, low + (i + 1) * width - 1, counts[i])
                 for i in range((high - low) // width + 1))


def score_curve(tally: Tally) -> tuple[tuple[float, ...], ...]:
    """At each checkpoint, each seat's mean score estimate over the games that reached it
    (stopping where fewer than a tenth of the games, or 2, are still going)."""
    if not tally.scored:
        return ()
    floor = max(2, tally.scored // 10)
    curve = []
    for index in range(len(tally.curve)):
        going, sums = tally.curve[index]
        if going < floor:
            break
        curve.append(tuple(float(total / going) for total in sums))
    return tuple(curve)


def report_lines(report: SimulationReport) -> list[str]:
    """The report for a terminal: what a designer reads first comes first."""
    agents = ",".join(report.agents)
    lines = [f"{report.game}: {report.games} game(s), {report.players} players, "
             f"agents {agents}, seed {report.seed}"
             + (f" in {report.blocks} seed blocks" if report.blocks > 1 else "")
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
        lines.append("  " + share_line(share, report.names))
    if report.mean_score_parts:
        lines.append("mean points per seat: " + ", ".join(
            f"{k} {v:.2f}" for k, v in report.mean_score_parts.items()))
    if report.counters:
        lines.append("per game:")
        lines += [f"  {k}: {v / report.games:.3f}" for k, v in report.counters.items()]
    lines += metric_lines(report.metrics)
    if report.targets:
        lines.append("the rulebook's targets (game.json#/targets):")
        lines += [f"  {check.words()}" for check in report.targets]
    lines += findings_lines(report.shares, report.agents, report.names)
    lines += needed_lines(report)
    if report.agent_check is not None:
        lines += report.agent_check.lines()
    return lines


def needed_lines(report: SimulationReport) -> list[str]:
    """Games needed to detect the report's effect, per group (its least seen value)."""
    most: dict[str, int] = {}
    for share in report.shares:
        if share.needed is not None and share.group not in NOT_TESTED:
            most[share.group] = max(most.get(share.group, 0), share.needed)
    if not most:
        return []
    return [f"games needed to detect +-{100 * report.effect:g} points with 80% power: "
            + ", ".join(f"{group} {games:,}" for group, games in most.items())]


def findings_lines(shares: tuple[WinShare, ...], agents: tuple[str, ...],
                   names: Mapping[tuple[str, str], str] | None = None) -> list[str]:
    """The flags ranked by how sure they are (corrected p), each with how much, how sure,
    in how many seed blocks and with which agents; then what the games could not judge."""
    flagged = sorted((s for s in shares if s.flagged),
                     key=lambda s: (s.adjusted or 0.0, -abs(s.effect), s.group, s.value))
    tested = max((s.tested for s in shares), default=0)
    lines = [f"flagged: {len(flagged)} of {tested} group(s) tested (Holm-corrected, "
             f"familywise error {ALPHA:.0%})"]
    for rank, share in enumerate(flagged, 1):
        lines.append(f"  {rank}. {finding_words(share, names)}; agents {','.join(agents)}")
    untested = sorted({s.group for s in shares
                       if s.p is None and s.group not in NOT_TESTED and not s.shown_only})
    if untested:
        lines.append("too few games to judge some of: " + ", ".join(untested))
    return lines


def finding_words(share: WinShare,
                  names: Mapping[tuple[str, str], str] | None = None) -> str:
    """What, how much, how sure, how stable: one flag in words (the group's printed name
    where `names` has it)."""
    low, high = share.interval
    blocks = f", holds in {share.held} of {share.blocks} seed blocks" if share.blocks else ""
    name = (names or {}).get((share.group, share.value), share.value)
    return (f"{share.group} {name}: wins {share.rate:.1%} against a fair "
            f"{share.fair:.1%}, {100 * share.effect:+.1f} points (95% {100 * low:+.0f} to "
            f"{100 * high:+.0f}), p {_p(share.adjusted)} after Holm over {share.tested}"
            f"{blocks}")


def _p(value: float | None) -> str:
    if value is None:
        return "= -"
    return f"= {value:.2g}" if value >= 0.001 else "< 0.001"


def share_line(share: WinShare, names: Mapping[tuple[str, str], str] | None = None) -> str:
    """A win rate in plain words: "1: 39.0% (36-42%) of 400: more than the fair share"
    (the value's printed name where `names` has it)."""
    low, high = wilson(share.wins, share.seen)
    if share.flagged:
        verdict = ": more than the fair share" if share.rate > share.fair else \
            ": less than the fair share"
    elif share.shown_only:
        verdict = ": the game's own seat, not judged"
    elif share.z is None:
        verdict = ": too few games to judge"
    else:
        verdict = ""
    name = (names or {}).get((share.group, share.value), share.value)
    return (f"{name}: {share.rate:.1%} ({low:.0%}-{high:.0%}) of {share.seen}"
            f"{verdict}")


METRIC_WORDS = {
    "balance": "balance (Ludii: 1 - largest gap between seat results, ties as part wins)",
    "win_rate_gap": "largest gap between seat win rates",
    "sole_wins": "games won by one seat alone",
    "first_player_advantage": "first-player advantage (the first mover above its fair share)",
    "completion": "games finished by the rules",
    "drawishness": "games drawn",
    "timeouts": "games stopped by a cap",
    "duration_turns_mean": "turns per game",
    "duration_decisions_mean": "decisions per game",
    "decision_moves": "decisions with a real choice",
    "branching_factor": "legal moves per decision",
    "lead_changes": "lead changes (Ludii: share of checkpoints where the favourite changes)",
    "stability": "stability (Ludii: summed variance of each seat's share; 0 nothing moves)",
    "drama": "drama (Ludii: how far the winner's chance lay below the favourite's)",
    "lead_for_good": "lead for good (share of the game before the winner led to the end)",
    "outcome_uncertainty": "outcome uncertainty (1 two seats equally likely, 0 decided)",
    "kingmaking": "kingmaking (games decided while a seat with no chance could act)",
}
"""The metrics the text report shows, in words; --json and docs/metrics.md have all."""


def metric_lines(metrics: tuple[Metric, ...]) -> list[str]:
    by_name = {m.name: m for m in metrics}
    lines = ["designer metrics (docs/metrics.md):"] if metrics else []
    for name, words in METRIC_WORDS.items():
        metric = by_name.get(name)
        if metric is None or metric.value is None:
            continue
        if metric.low is not None and metric.high is not None:
            value = f"{metric.value:.1%} ({metric.low:.0%}-{metric.high:.0%})"
        elif name.startswith("duration"):
            base = name.rsplit("_", 1)[0]
            median = by_name[f"{base}_median"].value
            stdev = by_name[f"{base}_stdev"].value
            value = f"mean {metric.value:.1f}, median {median:g}, spread (sd) {stdev:.1f}"
        elif name in ("balance", "win_rate_gap", "first_player_advantage",
                      "decision_moves"):
            value = f"{metric.value:+.1%}" if name == "first_player_advantage" \
                else f"{metric.value:.1%}"
        else:
            value = f"{metric.value:.3g}"
        lines.append(f"  {words}: {value}")
    sole = by_name.get("sole_wins")
    if sole is not None and sole.value is not None and sole.value < 0.5:
        lines.append(f"  only {sole.value:.0%} of games had a sole winner: the balance "
                     "figure reads how results were shared, not who is stronger")
    if metrics and by_name.get("lead_changes", Metric("", None)).value is None:
        lines.append("  lead changes, drama, outcome uncertainty: not measured (they read "
                     "a win-probability oracle: --oracle N)")
    return lines
