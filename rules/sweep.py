"""What-if sweeps: the same simulation over variants of a game's content.

Each `--vary FILE#/pointer=V1,V2,...` is an axis; the variants are every combination of
the axes' values. Each variant is the content loaded again with its values set in memory
(content.editions.overrides), validated by the schemas and checks again, then simulated with the
same request and seed, so every variant plays the same game seeds (common random numbers)
and differences come from the content, not from luck.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from stamperia.content.editions.overrides import Override, parse_target
from stamperia.content.errors import ContentError, ContentProblems
from stamperia.content.loader import load_game
from stamperia.rules.registry import NoRuleset, ruleset_for
from stamperia.rules.simulation.report import SimulationReport, build_report
from stamperia.rules.simulation.runner import (
    SimulationError,
    SimulationRequest,
    UnplayableContent,
    run,
)
from stamperia.rules.verdict.blocks import split_blocks, with_blocks
from stamperia.rules.verdict.paired import Outcomes, PairedDifference, paired

SWEEP_BLOCKS = 5
"""Blocks of consecutive games each flag is judged in (stamperia.rules.verdict.blocks)."""
MAX_VARIANTS = 64
"""Most variants one sweep runs (the product of the axes' value counts)."""
MAX_RANGE = 10_000
"""Most values a `LOW..HIGH` range stands for (a targeted search tries few of them)."""
_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")


class SweepError(ValueError):
    """A sweep that cannot run as asked: a bad --vary, too many variants, no simulator."""


class VariantProblems(Exception):
    """A variant whose content is broken: its label and the content problems."""

    def __init__(self, label: str, problems: Sequence[ContentError]) -> None:
        super().__init__(f"variant {label}: {len(problems)} content problem(s)")
        self.label = label
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Axis:
    file: str
    pointer: str
    values: tuple[object, ...]

    @property
    def target(self) -> str:
        return f"{self.file}#{self.pointer}"


def parse_axis(text: str) -> Axis:
    """`FILE#/pointer=V1,V2,...`; each value is read as JSON (3, 0.5, true, "x"), else
    taken as a string; `FILE#/pointer=LOW..HIGH` is every whole number from LOW to HIGH,
    in that order."""
    target, equals, values = text.partition("=")
    if not equals or not values:
        raise SweepError(f"{text!r}: give values, as FILE#/pointer=V1,V2,...")
    file, pointer = parse_target(target)
    bounds = _RANGE.match(values)
    if bounds is not None:
        low, high = int(bounds[1]), int(bounds[2])
        if abs(high - low) >= MAX_RANGE:
            raise SweepError(f"{text!r}: at most {MAX_RANGE:,} values in a range")
        step = 1 if high >= low else -1
        return Axis(file, pointer, tuple(range(low, high + step, step)))
    parsed: list[object] = []
    for value in values.split(","):
        try:
            parsed.append(json.loads(value))
        except ValueError:
            parsed.append(value)
    return Axis(file, pointer, tuple(parsed))


@dataclass(frozen=True)
class Variant:
    overrides: tuple[Override, ...]

    @property
    def label(self) -> str:
        return ", ".join(f"{o.target}={json.dumps(o.value)}" for o in self.overrides)


def variants(axes: Sequence[Axis]) -> tuple[Variant, ...]:
    combos = itertools.product(*([Override(a.file, a.pointer, v) for v in a.values]
                                 for a in axes))
    found = tuple(Variant(tuple(c)) for c in combos)
    if len(found) > MAX_VARIANTS:
        raise SweepError(f"{len(found)} variants: at most {MAX_VARIANTS} in one sweep")
    return found


@dataclass(frozen=True)
class VariantReport:
    variant: Variant
    report: SimulationReport
    outcomes: Outcomes | None = None
    """Game by game, what each seat and label won: for paired differences."""


@dataclass(frozen=True)
class SweepReport:
    request: SimulationRequest
    axes: tuple[Axis, ...]
    variants: tuple[VariantReport, ...]

    def paired(self) -> list[list[PairedDifference]]:
        """For each variant after the first, its paired differences from the first (the
        seats, and every group flagged in either)."""
        base = self.variants[0] if self.variants else None
        if base is None or base.outcomes is None or len(self.variants) < 2:
            return []
        found: list[list[PairedDifference]] = []
        for variant in self.variants[1:]:
            if variant.outcomes is None:
                found.append([])
                continue
            keys = [(s.group, s.value) for s in base.report.shares if s.group == "seat"]
            keys += sorted({(s.group, s.value) for v in (base, variant)
                            for s in v.report.flagged if s.group != "seat"})
            found.append(paired(base.outcomes, variant.outcomes, keys))
        return found

    def as_json(self) -> dict[str, object]:
        """No timings: the same seed gives the same bytes."""
        request = self.request
        return {
            "game": request.game, "players": request.players, "games": request.games,
            "seed": request.seed, "agents": list(request.agents),
            "axes": [{"target": a.target, "values": list(a.values)} for a in self.axes],
            "variants": [{
                "set": {o.target: o.value for o in v.variant.overrides},
                "metrics": {m.name: m.as_json() for m in v.report.metrics},
                "win_rates": [s.as_json() for s in v.report.shares if s.group == "seat"],
                "flagged": [s.as_json() for s in v.report.flagged],
                "paired_with_first": [d.as_json() for d in differences],
            } for v, differences in zip(self.variants, [[], *self.paired()], strict=False)],
        }


def run_sweep(request: SimulationRequest, axes: Sequence[Axis],
              progress: Callable[[int], None] | None = None) -> SweepReport:
    """Every variant's report; VariantProblems for broken content, SweepError otherwise."""
    reports = [simulate_variant(request, variant, progress) for variant in variants(axes)]
    return SweepReport(request, tuple(axes), tuple(reports))


def simulate_variant(request: SimulationRequest, variant: Variant,
                     progress: Callable[[int], None] | None = None) -> VariantReport:
    """One variant loaded, checked and simulated; VariantProblems for broken content."""
    try:
        game = load_game(request.game, variant.overrides)
    except ContentProblems as problems:
        raise VariantProblems(variant.label, problems.problems) from None
    try:
        make = ruleset_for(game.ruleset).simulator
    except NoRuleset as error:
        raise SweepError(str(error)) from None
    if make is None:
        raise SweepError(f"{game.id}: the {game.ruleset!r} ruleset has no simulator")
    try:
        simulated = run(replace(request), game, make(), progress)
    except UnplayableContent as error:
        raise VariantProblems(variant.label, error.problems) from None
    except SimulationError as error:
        raise SweepError(str(error)) from None
    report = build_report(simulated)
    tallies = split_blocks(simulated.results, SWEEP_BLOCKS)
    report = replace(report, blocks=len(tallies), shares=with_blocks(
        report.shares, tallies, request.players))
    return VariantReport(variant, report, Outcomes.of(simulated.results))
