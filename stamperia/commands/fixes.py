"""`stamperia simulate --fix`: from a flag to a tested fix. The games are played as
`simulate` plays them (the same seed blocks, so the same report), keeping each game's
result; for each flagged card or faction the places that drive its wins, a proposed edit
(stamperia.rules.verdict.fix) and a paired sweep of it on the same seeds."""

from __future__ import annotations

import json
from dataclasses import replace

import click

from stamperia.clicommon import print_problems, usage_error
from stamperia.content.errors import ContentProblems
from stamperia.content.model import Game
from stamperia.rules.ruleset import ToolUsage
from stamperia.rules.simulation.compiled import engine_kind
from stamperia.rules.simulation.report import (
    SimulationReport,
    report_lines,
    tally_report,
    with_effect,
)
from stamperia.rules.simulation.result import GameResult, Simulator
from stamperia.rules.simulation.runner import (
    SimulationError,
    SimulationRequest,
    UnplayableContent,
    run,
)
from stamperia.rules.simulation.shares import WinShare
from stamperia.rules.simulation.tally import Tally
from stamperia.rules.sweep import Axis, SweepError, VariantProblems, run_sweep
from stamperia.rules.verdict.blocks import block_requests, with_blocks
from stamperia.rules.verdict.drivers import Driver, drivers
from stamperia.rules.verdict.fix import Proposal, propose
from stamperia.rules.verdict.page import humane, printed_names
from stamperia.rules.verdict.paired import PairedDifference

MOST_FIXES = 3
"""Flags followed to a fix, most certain first (each costs a paired sweep)."""


def _played(game: Game, simulator: Simulator, request: SimulationRequest, blocks: int
            ) -> tuple[SimulationReport, tuple[GameResult, ...]]:
    results: list[GameResult] = []
    tallies, seconds = [], 0.0
    for sub in block_requests(request, blocks):
        played = run(sub, game, simulator)
        results += played.results
        tallies.append(Tally.of(played.results))
        seconds += played.seconds
    whole = Tally()
    for tally in tallies:
        whole.merge(tally)
    from stamperia.commands.simulate import with_targets

    report = with_targets(tally_report(request, whole, seconds, simulator.capped_ends),
                          game, whole)
    return replace(report, engine=engine_kind(simulator), blocks=len(tallies),
                   shares=with_blocks(report.shares, tallies, request.players)), tuple(results)


def _proposal(game: Game, share: WinShare, found: list[Driver]
              ) -> tuple[Driver, Proposal] | None:
    """Among the drivers the content gives a value for on the card, the one whose lift
    times its value is largest: a place worth 2 moves a card's wins less than one
    worth 6."""
    scale = share.fair / share.rate if share.rate else 2.0
    chosen = [(driver, proposal) for driver in found
              if (proposal := propose(game, share.value, driver.place, scale)) is not None]
    return max(chosen, key=lambda c: (c[0].lift * c[1].current, c[0].place), default=None)


def lab_fix(game: Game, simulator: Simulator, request: SimulationRequest, blocks: int,
            as_json: bool, effect: float) -> None:
    try:
        report, results = _played(game, simulator, request, blocks)
        report = with_effect(report, effect)
    except UnplayableContent as error:
        print_problems(list(error.problems), request.game)
    except SimulationError as error:
        raise usage_error(ToolUsage(str(error))) from None
    names = printed_names(game)
    places = {label: name for (group, label), name in names.items()
              if group in ("territory", "zone")}
    flagged = sorted((s for s in report.flagged if s.group != "seat"),
                     key=lambda s: (s.adjusted or 0.0, s.group, s.value))[:MOST_FIXES]
    fixes: list[dict[str, object]] = []
    lines: list[str] = []
    for share in flagged:
        title = names.get((share.group, share.value), humane(share.value))
        found = drivers(results, share.group, share.value)
        lines.append(f"from flag to fix: {share.group} {title} "
                     f"({100 * share.effect:+.1f} points)")
        lines.append("  drivers (the win share of the seats with it, holding each place "
                     "at the end or not):")
        lines += ["    " + d.words(places) for d in found] or ["    none seen often enough"]
        chosen = _proposal(game, share, found)
        entry: dict[str, object] = {"group": share.group, "value": share.value,
                                    "name": title, "effect": round(share.effect, 4),
                                    "drivers": [d.as_json() for d in found]}
        if chosen is None:
            lines.append("  no edit to propose: the content gives no value for these "
                         "places on it")
            fixes.append(entry)
            continue
        driver, proposal = chosen
        place = places.get(driver.place, humane(driver.place))
        lines.append(f"  proposed edit: {proposal.target} {proposal.current} -> "
                     f"{proposal.proposed} ({place})")
        differences = _paired_sweep(request, proposal, share)
        lines.append(f"  paired sweep, the same {request.games} game seeds for both values:")
        lines += ["    " + d.words(report.names) for d in differences]
        lines.append("  again: " + proposal.command(
            request.game, request.players, request.games, ",".join(request.agents),
            request.seed))
        entry.update(proposal=proposal.as_json(),
                     paired=[d.as_json() for d in differences])
        fixes.append(entry)
    if as_json:
        click.echo(json.dumps({**report.as_json(), "fixes": fixes}, indent=2,
                              ensure_ascii=False))
        return
    for line in report_lines(report) + (lines or ["no card or faction flagged: nothing "
                                                  "to fix"]):
        click.echo(line)


def _paired_sweep(request: SimulationRequest, proposal: Proposal, share: WinShare
                  ) -> list[PairedDifference]:
    axis = Axis(proposal.file, proposal.pointer, (proposal.current, proposal.proposed))
    try:
        swept = run_sweep(replace(request, scheduler=request.scheduler), [axis])
    except VariantProblems as broken:
        print_problems(list(broken.problems), f"variant {broken.label}")
    except (SweepError, ContentProblems) as error:
        raise click.UsageError(str(error)) from None
    pairs = swept.paired()
    wanted = {("seat", s.value) for s in swept.variants[0].report.shares
              if s.group == "seat"} | {(share.group, share.value)}
    return [d for d in (pairs[0] if pairs else []) if d.key in wanted]
