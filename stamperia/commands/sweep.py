"""`stamperia sweep`: the same simulation over what-if variants of a game's content."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from stamperia.clicommon import (
    games_named,
    load_game_or_exit,
    print_problems,
    refuse_content_file,
)

if TYPE_CHECKING:
    from stamperia.rules.simulation.runner import SimulationRequest
    from stamperia.rules.sweep import Axis

MAX_GAMES = 100_000
MAX_WORKERS = 64


@click.command(short_help="Simulate variants of a game's content and compare them.")
@click.argument("game")
@click.option("--vary", "--set", "axes", multiple=True, required=True,
              metavar="FILE#/POINTER=V1,V2",
              help="Values to try at a JSON pointer of a content file (repeatable: "
                   "every combination is a variant); FILE is game.json, a part kind or "
                   "its file name; LOW..HIGH stands for every whole number between.")
@click.option("--players", type=click.IntRange(1, 12), required=True, help="Players, 1..12.")
@click.option("--games", "count", type=click.IntRange(1, MAX_GAMES), default=100,
              show_default=True, help=f"Games per variant, 1..{MAX_GAMES:,}.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Master seed, the same for every variant.")
@click.option("--agents", default="random", show_default=True,
              help="One agent for every seat, or one per seat, comma-separated.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True,
              help="Processes; the report is the same for any number.")
@click.option("--cluster", "--scheduler", "scheduler", metavar="ADDRESS",
              help="Play on a Dask cluster (its scheduler's address, or 'local'); needs the "
                   "stamperia[cluster] extra.")
@click.option("--target", type=click.Choice(["balance"]),
              help="Instead of every variant, search for a fair one: one --vary is "
                   "bisected for a value where no seat is flagged (values in order from "
                   "the current one); several are raced by successive halving "
                   "(docs/metrics.md).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable report.")
@click.option("--html", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the sweep as a standalone HTML page.")
def sweep(game: str, axes: tuple[str, ...], players: int, count: int, seed: int,
          agents: str, workers: int, scheduler: str | None, target: str | None,
          as_json: bool, html: Path | None) -> None:
    """Simulate GAME once per variant of its content and compare the metrics.

    Exit 0 when every variant ran (or the search ended, found or not), 1 when a variant
    breaks the content (the problems name the variant), 2 on a usage error.
    """
    from stamperia.commands.simulate import write_text_whole
    from stamperia.content.editions.overrides import OverrideError
    from stamperia.rules.simulation.runner import SimulationRequest
    from stamperia.rules.sweep import SweepError, VariantProblems, parse_axis, run_sweep, variants
    from stamperia.rules.sweep_report import sweep_html, sweep_lines, target_lines
    from stamperia.rules.sweep_target import search_balance
    from stamperia.slownotice import both, game_engine, slow_run_watch, tell

    name = games_named((game,))[0]
    if html is not None and not html.parent.is_dir():
        raise click.BadParameter(f"{html}: no folder {html.parent} to write it in",
                                 param_hint="--html")
    if html is not None:
        refuse_content_file(load_game_or_exit(name), html, "--html")
    try:
        parsed = tuple(parse_axis(text) for text in axes)
        total = len(variants(parsed)) * count if target is None else 0
    except (OverrideError, SweepError) as error:
        raise click.BadParameter(str(error), param_hint="--vary") from None
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    request = SimulationRequest(name, players, count, seed, names, workers=workers,
                                scheduler=scheduler)
    if target is not None and len(parsed) > 1:
        _race(request, parsed, html, as_json)
        return
    if target is not None:
        if html is not None:
            raise click.UsageError("--target writes no HTML page: drop --html")
        try:
            search = search_balance(request, parsed[0])
        except VariantProblems as broken:
            click.echo(f"variant {broken.label}:")
            print_problems(list(broken.problems), name)
        except SweepError as error:
            raise click.UsageError(str(error)) from None
        if as_json:
            click.echo(json.dumps(search.as_json(), indent=2, ensure_ascii=False))
        else:
            for line in target_lines(search):
                click.echo(line)
        return
    engine = None if scheduler else game_engine(name)
    watch = None if engine is None else slow_run_watch(total, engine, tell)
    try:
        if sys.stderr.isatty() and not as_json:
            with click.progressbar(length=total, label="sweeping", file=sys.stderr) as bar:
                report = run_sweep(request, parsed, both(bar.update, watch))
        else:
            report = run_sweep(request, parsed, watch)
    except VariantProblems as broken:
        click.echo(f"variant {broken.label}:")
        print_problems(list(broken.problems), name)
    except SweepError as error:
        raise click.UsageError(str(error)) from None
    if html is not None:
        write_text_whole(html, sweep_html(report))
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        for line in sweep_lines(report):
            click.echo(line)


def _race(request: SimulationRequest, axes: tuple[Axis, ...], html: Path | None,
          as_json: bool) -> None:
    """`--target balance` over several parameters: successive halving (rules/sweep_race)."""
    from stamperia.rules.sweep import SweepError, VariantProblems
    from stamperia.rules.sweep_race import race

    if html is not None:
        raise click.UsageError("--target writes no HTML page: drop --html")
    try:
        found = race(request, axes)
    except VariantProblems as broken:
        click.echo(f"variant {broken.label}:")
        print_problems(list(broken.problems), request.game)
    except SweepError as error:
        raise click.UsageError(str(error)) from None
    if as_json:
        click.echo(json.dumps(found.as_json(), indent=2, ensure_ascii=False))
    else:
        for line in found.lines():
            click.echo(line)
