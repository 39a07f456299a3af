"""`stamperia simulate --styles ... / --until-sure BUDGET`: balance verdicts across
playing styles and sequential runs (stamperia.rules.verdict), printed as text or JSON and
written as a decisions page."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click

from stamperia.clicommon import machine_error, print_problems, usage_error
from stamperia.content.errors import ContentProblems
from stamperia.content.model import Game
from stamperia.machine import MachineError
from stamperia.rules.ruleset import ToolUsage
from stamperia.rules.simulation.report import (
    SimulationReport,
    findings_lines,
    needed_lines,
    with_effect,
)
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest
from stamperia.rules.verdict.sequential import SureRun, until_sure
from stamperia.rules.verdict.styles import parse_styles, verdict


def lab_verdict(game: Game, simulator: Simulator, request: SimulationRequest, blocks: int,
                budget: int | None, styles: str | None, record: Path | None,
                html: Path | None, as_json: bool, effect: float) -> None:
    """Each style's report (sequential with a budget), then the flags all styles share."""
    from stamperia.commands import simulate as simulating

    if record is not None:
        raise click.UsageError("--record writes one line-up's games: drop --styles and "
                               "--until-sure to record them")
    try:
        names = parse_styles(styles) if styles is not None else request.agents[:1]
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--styles") from None
    if styles is not None and len(request.agents) > 1:
        raise click.UsageError("--styles puts each style in every seat: drop --agents")
    runs: list[tuple[str, SimulationReport, SureRun | None]] = []
    try:
        for name in names:
            styled = replace(request, agents=(name,)) if styles is not None else request
            if budget is not None:
                sure = until_sure(game, simulator, styled, budget, effect=effect)
                runs.append((name, with_effect(simulating.with_targets(
                    sure.report, game, sure.tally), effect), sure))
            else:
                runs.append((name, with_effect(simulating.simulate(
                    game, simulator, styled, None, blocks), effect), None))
        across = verdict([(name, report) for name, report, _ in runs]) if styles else None
        if html is not None:
            from stamperia.rules.verdict.page import verdict_page

            simulating.write_text_whole(html, verdict_page(
                game, [(name, report) for name, report, _ in runs], across))
    except ContentProblems as problems:
        print_problems(list(problems.problems), request.game)
    except ToolUsage as error:
        raise usage_error(error) from None
    except MachineError as error:
        raise machine_error(error) from None
    if as_json:
        data: dict[str, object] = {}
        for name, report, seq in runs:
            data[name] = {**report.as_json(),
                          **({"until_sure": seq.as_json()} if seq is not None else {})}
        out = {"styles": data} if across is None else {**across.as_json(), "reports": data}
        click.echo(json.dumps(out if styles else data[names[0]], indent=2,
                              ensure_ascii=False))
        return
    for name, report, seq in runs:
        click.echo(f"{report.game}: {report.games} game(s), {report.players} players, "
                   f"agents {name}, seed {report.seed}, {report.blocks} seed block(s)")
        if seq is not None:
            for line in seq.lines():
                click.echo(line)
        for line in findings_lines(report.shares, (name,), report.names) + needed_lines(report):
            click.echo(line)
        for check in report.targets:
            click.echo(f"target: {check.words()}")
    if across is not None:
        for line in across.lines():
            click.echo(line)
