"""`simulate --until-sure`: play seed blocks until every group's verdict is settled or a
budget of games is spent, with an error rate that holds however early it stops.

Why alpha spending: looking at the flags after every block and stopping when they look
settled would, with a fixed-sample test, flag a fair game far more often than alpha. The
run plans at most `budget / block` looks and spends the familywise ALPHA over them with
the Lan–DeMets O'Brien–Fleming spending function (stamperia.rules.verdict.stats.spent):
almost nothing at the first looks, so an early flag needs a very strong effect, and most
of alpha at the last. Each look tests the groups with Holm at the alpha spent at that
look; by the union bound over looks, the chance that a fair game gets any flag in the
whole run stays within ALPHA. A group is *settled* when it is flagged (flags are kept),
or when its 95% interval of the effect lies within ±EFFECT (fair enough to call fair).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from stamperia.content.model import Game
from stamperia.rules.simulation.report import SimulationReport, tally_report
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest, tally_games
from stamperia.rules.simulation.shares import NOT_TESTED, WinShare
from stamperia.rules.simulation.tally import Tally
from stamperia.rules.verdict.blocks import block_seed, with_blocks
from stamperia.rules.verdict.stats import ALPHA, EFFECT, holm, look_levels

MAX_LOOKS = 50
"""Most blocks one sequential run plans (the budget over the block size)."""


@dataclass(frozen=True)
class Look:
    """What one look saw: games so far, the level it tested at, flags and open groups."""

    games: int
    level: float
    flagged: tuple[str, ...]
    open: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {"games": self.games, "level": float(f"{self.level:.4g}"),
                "flagged": list(self.flagged), "open": list(self.open)}


@dataclass(frozen=True)
class SureRun:
    report: SimulationReport
    looks: tuple[Look, ...]
    budget: int
    tally: Tally
    """Every game played, tallied."""

    @property
    def settled(self) -> bool:
        return bool(self.looks) and not self.looks[-1].open

    def lines(self) -> list[str]:
        last = self.looks[-1]
        head = (f"until sure: settled after {last.games} of a budget of {self.budget} games "
                f"({len(self.looks)} look(s))" if self.settled else
                f"until sure: budget of {self.budget} games spent, {len(last.open)} group(s) "
                f"still open: {', '.join(last.open)}")
        return [head, "  (alpha spent over the looks, O'Brien-Fleming; docs/lab.md)"] + [
            f"  look {i}: {look.games} games, level {look.level:.2g}, flagged "
            f"{len(look.flagged)}, open {len(look.open)}"
            for i, look in enumerate(self.looks, 1)]

    def as_json(self) -> dict[str, object]:
        return {"budget": self.budget, "settled": self.settled,
                "spending": "lan-demets-obrien-fleming",
                "looks": [look.as_json() for look in self.looks]}


def _name(share: WinShare) -> str:
    return f"{share.group} {share.value}"


def _settled(share: WinShare, flagged: bool, effect: float) -> bool:
    low, high = share.interval
    return flagged or (share.p is not None and -effect < low and high < effect)


def until_sure(game: Game, simulator: Simulator, request: SimulationRequest, budget: int,
               progress: Callable[[int], None] | None = None,
               effect: float = EFFECT) -> SureRun:
    """Blocks of `request.games` games, each from its own seed, until settled or `budget`
    games are played; the report's flags are the sequential ones."""
    looks_planned = max(1, min(MAX_LOOKS, math.ceil(budget / request.games)))
    levels = look_levels(ALPHA, looks_planned)
    total, tallies, looks = Tally(), [], []
    seconds = 0.0
    best: dict[tuple[str, str], float] = {}
    """Each group's smallest sequential p-value: Holm's at a look, scaled to ALPHA."""
    played = 0
    report: SimulationReport | None = None
    for block, level in enumerate(levels):
        size = min(request.games, budget - played)
        if size <= 0:
            break
        run = tally_games(replace(request, games=size, seed=block_seed(request.seed, block)),
                          game, simulator, progress)
        played += size
        seconds += run.seconds
        tallies.append(run.tally)
        total.merge(run.tally)
        report = tally_report(replace(request, games=played), total, seconds, run.capped_ends)
        family = [s for s in report.shares if s.p is not None and s.group not in NOT_TESTED]
        for share, adjusted in zip(family, holm([s.p or 0.0 for s in family]), strict=True):
            scaled = min(1.0, adjusted * ALPHA / level)
            key = (share.group, share.value)
            best[key] = min(best.get(key, 1.0), scaled)
        shares = tuple(_sequential(s, best) for s in report.shares)
        tested = [s for s in shares if s.group not in NOT_TESTED]
        looks.append(Look(played, level, tuple(_name(s) for s in tested if s.flagged),
                          tuple(_name(s) for s in tested
                                if not _settled(s, s.flagged, effect))))
        report = replace(report, shares=shares)
        if not looks[-1].open:
            break
    assert report is not None
    report = replace(report, blocks=len(tallies),
                     shares=with_blocks(report.shares, tallies, request.players))
    return SureRun(report, tuple(looks), budget, total)


def _sequential(share: WinShare, best: dict[tuple[str, str], float]) -> WinShare:
    """The share flagged by the sequential test: its best scaled p within ALPHA."""
    if share.group in NOT_TESTED or share.p is None:
        return replace(share, flagged=False)
    adjusted = best.get((share.group, share.value), 1.0)
    return replace(share, adjusted=adjusted, flagged=adjusted <= ALPHA)
