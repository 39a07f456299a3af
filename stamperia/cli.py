"""The click CLI: thin commands that call one library function each and map errors to exits.

Heavy libraries (reportlab, svgwrite) are imported inside the commands that draw, so
`stamperia check` starts fast.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from stamperia.clicommon import (
    echo_output,
    games_named,
    load_game_or_exit,
    machine_error,
    print_problems,
    refuse_content_file,
    rules_of,
    run_guarded,
    usage_error,
)
from stamperia.commands.check import (
    LEAVE_AT_ONCE,
    ShapedUsageCommand,
    check_options,
    chosen_format,
    run_check,
)
from stamperia.content.errors import ContentError
from stamperia.content.guards import read_text
from stamperia.content.model import Game
from stamperia.content.validation.schemas import schema_kinds, schema_text
from stamperia.machine import MachineError
from stamperia.oddscommand import OddsCommand, odds_query

if TYPE_CHECKING:
    from stamperia.rules.ruleset import Ruleset
    from stamperia.rules.simulation.result import Simulator

MAX_PLAYERS = 12
MAX_GAMES = 1_000_000
MAX_TURNS = 10_000
MAX_WORKERS = 64
SEED = click.IntRange(0, 2**63 - 1)
"""Bounds of the numeric options: far beyond any real use, short of unbounded time or memory."""


def _print_version(context: click.Context, _option: click.Parameter, value: bool) -> None:
    """The version and how each ruleset's engine runs (compiled or python): the engines
    are imported only when asked, so other commands start as fast as before."""
    if not value or context.resilient_parsing:
        return
    from importlib.metadata import version

    from stamperia.rules.registry import simulators
    from stamperia.rules.simulation.compiled import engine_kind

    click.echo(f"stamperia, version {version('stamperia')}")
    click.echo("engines: " + ", ".join(f"{ruleset} {engine_kind(simulator)}"
                                       for ruleset, simulator in simulators().items()))
    context.exit()


LAZY_COMMANDS = {
    "build": "stamperia.commands.build:build",
    "moves": "stamperia.commands.positions:moves",
    "apply": "stamperia.commands.positions:apply_command",
    "l10n": "stamperia.commands.l10n:l10n",
    "sweep": "stamperia.commands.sweep:sweep",
    "new": "stamperia.commands.new:new",
    "studio": "stamperia.commands.studio:studio",
}
"""Commands kept in their own modules, imported only when named (or listed by --help):
`stamperia check` does not pay for the modules of build, new or l10n."""


class LazyGroup(click.Group):
    """A group whose commands in LAZY_COMMANDS are imported when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            module, attribute = LAZY_COMMANDS[cmd_name].split(":")
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command) and command.name == cmd_name
            self.add_command(command)
        return self.commands.get(cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and the engines' build.")
def cli() -> None:
    """Print-and-play kits and rule checks for board games kept as JSON content."""


@cli.command("list", short_help="List the shipped games and how much of each is prototype.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def list_games(as_json: bool) -> None:
    """List the shipped games with title, players and how much is still prototype."""
    from stamperia.commands.list import list_rows

    rows = list_rows()
    if as_json:
        click.echo(json.dumps([row.as_dict() for row in rows], indent=2, ensure_ascii=False))
        return
    for row in rows:
        click.echo(row.format())


@cli.command(cls=ShapedUsageCommand,
             short_help="Check games against their rules and report the problems.")
@click.argument("games", nargs=-1)
@check_options
def check(games: tuple[str, ...], seed: int, fmt: str | None, as_json: bool, pseudo: bool,
          strict: bool, balance: bool, balance_games: int | None) -> None:
    """Check GAMES (ids or folders; all shipped games when none) against their rules.

    Stages: well-formed, schema, references, rules, a short seeded balance simulation,
    kit. Exit 0 when clean, 1 when content problems are found (or, with --strict, any
    warning), 2 on a usage error.
    """
    run_check(games, seed, chosen_format(fmt, as_json), pseudo, strict, balance,
              balance_games)


@cli.command(short_help="Explain a finding code of `stamperia check`.")
@click.argument("code")
def explain(code: str) -> None:
    """Explain a finding CODE of `stamperia check` (e.g. R001 or unknown-reference)."""
    from stamperia.commands.explain import explain_code

    click.echo(explain_code(code))


def _score_kind(rules: Ruleset, state: Path) -> str:
    """The kind a score file is read as: the ruleset's end-position kind, or its position
    kind when the file names that schema (what `stamperia apply` writes)."""
    assert rules.score_kind is not None
    if rules.positions is None:
        return rules.score_kind
    position_kind = rules.positions().schema_kind
    try:
        named = json.loads(read_text(state)).get("$schema", "")
    except (OSError, ValueError, AttributeError):
        return rules.score_kind
    if isinstance(named, str) and named.endswith(f"{position_kind}.schema.json"):
        return position_kind
    return rules.score_kind


@cli.command(cls=OddsCommand,
             short_help="Compute the exact odds of a battle, with percentages.")
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def odds(ctx: click.Context, game: str, as_json: bool) -> None:
    """Exact odds of a battle in GAME, as fractions with their percentages.

    Its other options are those of GAME's ruleset: `stamperia odds GAME --help` lists them.
    """
    from stamperia.rules.ruleset import ToolUsage

    loaded = load_game_or_exit(game)
    rules = rules_of(loaded)
    if rules.odds is None:
        raise click.UsageError(f"{loaded.id}: the {loaded.ruleset!r} ruleset has no odds")
    try:
        output = rules.odds.answer(loaded, odds_query(ctx))
    except ToolUsage as error:
        raise usage_error(error) from None
    echo_output(output, as_json)


@cli.command(short_help="Score a position, with the breakdown per player.")
@click.argument("game")
@click.argument("state", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def score(game: str, state: Path, as_json: bool) -> None:
    """Scores of the position in STATE (JSON; see `stamperia schema` for its kind), with
    the breakdown per player."""
    from stamperia.content.validation.document import read_document
    from stamperia.content.validation.schemas import SchemaSet
    from stamperia.rules.ruleset import ToolUsage

    loaded = load_game_or_exit(game)
    rules = rules_of(loaded)
    if rules.score is None or rules.score_kind is None:
        raise click.UsageError(f"{loaded.id}: the {loaded.ruleset!r} ruleset has no score")
    problems: list[ContentError] = []
    document = read_document(state, _score_kind(rules, state), SchemaSet(), problems)
    if document is None:
        print_problems(problems, str(state))
        return
    try:
        scored = rules.score(loaded, document.data, document.origin())
    except ToolUsage as error:
        raise usage_error(error) from None
    if isinstance(scored, list):
        print_problems(scored, str(state))
        return
    echo_output(scored, as_json)


def _simulated(name: str) -> tuple[Game, Simulator]:
    """The game and its simulator; content problems exit 1, no simulator exits 2."""
    from stamperia.commands import simulate as simulating
    from stamperia.content.errors import ContentProblems
    from stamperia.rules.ruleset import ToolUsage

    try:
        return simulating.simulated_game(games_named((name,))[0])
    except ContentProblems as problems:
        print_problems(problems.problems, name)
    except ToolUsage as error:
        raise usage_error(error) from None


def _names(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


@cli.command(short_help="Play whole games with seeded agents and report the balance.")
@click.argument("game")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), required=True,
              help=f"Players at the table, 1..{MAX_PLAYERS}.")
@click.option("--games", "count", type=click.IntRange(1, MAX_GAMES), default=100,
              show_default=True, help=f"Games to play, 1..{MAX_GAMES:,}.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed.")
@click.option("--agents", default="random", show_default=True,
              help="One agent for every seat, or one per seat, comma-separated.")
@click.option("--variant", "variants", multiple=True, help="A rules variant (repeatable).")
@click.option("--turns", "turn_limit", type=click.IntRange(1, MAX_TURNS),
              help=f"Stop each game after this many turns, 1..{MAX_TURNS:,}.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True,
              help=f"Processes, 1..{MAX_WORKERS}; the report is the same for any number.")
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every game's record as JSON lines (played in this process).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable report.")
@click.option("--html", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the report as a standalone HTML page with charts.")
@click.option("--cluster", "--scheduler", "scheduler", metavar="ADDRESS",
              help="Play on a Dask cluster (its scheduler's address, or 'local'); needs the "
                   "stamperia[cluster] extra. The report is the same as on one process.")
@click.option("--blocks", type=click.IntRange(1, 50), default=5, show_default=True,
              help="Seed blocks, each from its own seed derived from --seed: each flag says "
                   "in how many it holds (1: the games of --seed alone).")
@click.option("--until-sure", "budget", type=click.IntRange(1, MAX_GAMES), metavar="BUDGET",
              help="Play blocks of --games games until every verdict is settled or BUDGET "
                   "games are played (alpha spending keeps the error rate; docs/lab.md).")
@click.option("--effect", type=click.IntRange(1, 50), default=10, show_default=True,
              help="Points of win share the games-needed estimates (and --until-sure's "
                   "'fair enough') are for.")
@click.option("--fix", "fixing", is_flag=True,
              help="For each flagged card or faction: the places that drive its wins, a "
                   "proposed edit, and a paired sweep of it on the same seeds.")
@click.option("--styles", metavar="A,B",
              help="A verdict for each playing style (an agent in every seat, same seeds) and "
                   "the flags that hold for all, e.g. greedy,heuristic:aggressive.")
@click.option("--oracle", type=click.IntRange(0, 64), default=0, show_default=True,
              help="Random rollouts per checkpoint estimating each seat's chance to win, "
                   "0..64: lead changes, drama and outcome uncertainty read it (slow).")
@click.option("--estimate", "estimate_only", is_flag=True,
              help="Only say what the run would cost in CPU time (from a few calibration "
                   "games) and stop; without --json, runs of 500 games or more, with a "
                   "search agent or on a cluster say it on stderr before they start.")
@click.option("--agent-check/--no-agent-check", default=True, show_default=True,
              help="Before the balance verdict, play each agent against random seats (and "
                   "a search agent at twice its budget): the verdict is withheld for agents "
                   "that do not beat random or end games by the rules.")
def simulate(game: str, players: int, count: int, seed: int, agents: str,
             variants: tuple[str, ...], turn_limit: int | None, workers: int,
             record: Path | None, as_json: bool, html: Path | None,
             scheduler: str | None, blocks: int, budget: int | None,
             styles: str | None, effect: int, fixing: bool, oracle: int,
             estimate_only: bool, agent_check: bool) -> None:
    """Play GAMES whole games of GAME with seeded agents and report the balance."""
    from stamperia.commands import simulate as simulating
    from stamperia.content.errors import ContentProblems
    from stamperia.rules.ruleset import ToolUsage
    from stamperia.rules.simulation.compiled import engine_kind
    from stamperia.rules.simulation.report import report_lines, with_effect
    from stamperia.rules.simulation.runner import SimulationRequest
    from stamperia.slownotice import both, slow_run_watch, tell

    for path, option in ((record, "--record"), (html, "--html")):
        if path is not None and not path.parent.is_dir():
            raise click.BadParameter(f"{path}: no folder {path.parent} to write it in",
                                     param_hint=option)
    model, simulator = _simulated(game)
    refuse_content_file(model, record, "--record")
    refuse_content_file(model, html, "--html")
    request = SimulationRequest(game, players, count, seed, _names(agents), variants,
                                turn_limit, workers, scheduler, oracle)
    if fixing:
        if styles is not None or budget is not None or record is not None or html:
            raise click.UsageError("--fix follows the flags of one line-up: drop --styles, "
                                   "--until-sure, --record and --html")
        from stamperia.commands.fixes import lab_fix

        lab_fix(model, simulator, request, blocks, as_json, effect / 100)
        return
    if styles is not None or budget is not None:
        from stamperia.commands.verdicts import lab_verdict

        lab_verdict(model, simulator, request, blocks, budget, styles, record, html, as_json,
                    effect / 100)
        return
    # a cluster's workers run their own installation's engines: nothing to tell from here
    watch = None if scheduler else slow_run_watch(count, engine_kind(simulator), tell)
    try:
        if estimate_only or (not as_json and simulating.worth_estimating(request, simulator)):
            cost = simulating.estimate(model, simulator, request)
            if estimate_only:
                click.echo(json.dumps({"estimate": cost.as_json()}, indent=2)
                           if as_json else cost.line())
                return
            tell(cost.line())
        if record is not None:
            report = simulating.record_games(model, simulator, request, record, watch, blocks)
            if agent_check:
                report = simulating.with_agent_check(model, simulator, request, report)
        elif sys.stderr.isatty() and not as_json:
            with click.progressbar(length=count, label="simulating", file=sys.stderr) as bar:
                report = simulating.simulate(model, simulator, request,
                                             both(bar.update, watch), blocks, agent_check,
                                             tell)
        else:
            report = simulating.simulate(model, simulator, request, watch, blocks,
                                         agent_check, tell)
        report = with_effect(report, effect / 100)
        if html is not None:
            simulating.write_html(report, html, model)
    except ContentProblems as problems:
        print_problems(list(problems.problems), game)
    except ToolUsage as error:
        raise usage_error(error) from None
    except MachineError as error:
        raise machine_error(error) from None
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        for line in report_lines(report):
            click.echo(line)


@cli.command(short_help="Replay recorded games and compare their results.")
@click.argument("game")
@click.argument("records", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def replay(game: str, records: Path) -> None:
    """Replay the game records in RECORDS (from simulate --record) and compare results."""
    from stamperia.commands import simulate as simulating
    from stamperia.rules.ruleset import ToolUsage

    model, simulator = _simulated(game)
    different = False
    replayed = 0
    try:
        for index, same, summary in simulating.replay_games(model, simulator, records):
            click.echo(f"game {index}: {'same' if same else 'DIFFERENT'}: {summary}")
            different = different or not same
            replayed += 1
        if not replayed:  # an empty file replays nothing: never a silent pass
            raise ToolUsage(f"{records}: no game record in the file (write one with "
                            "stamperia simulate --record)")
    except ToolUsage as error:
        raise usage_error(error) from None
    except MachineError as error:
        raise machine_error(error) from None
    if different:
        sys.exit(1)


@cli.command(short_help="Show what differs between two editions of a game.")
@click.argument("before")
@click.argument("after")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def diff(before: str, after: str, as_json: bool) -> None:
    """What differs from edition BEFORE to edition AFTER (ids or folders), inheritance resolved.

    Exit 0 whatever the differences, 1 when either edition has content problems, 2 on a
    usage error.
    """
    from stamperia.content.editions.diff import diff_editions
    from stamperia.content.errors import ContentProblems
    from stamperia.content.loader import load_game

    games = []
    for name in games_named((before, after)):
        try:
            games.append(load_game(name))
        except ContentProblems as error:
            print_problems(error.problems, name)
    result = diff_editions(games[0], games[1])
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        for line in result.lines():
            click.echo(line)


@cli.command(short_help="Print the JSON Schema of a kind of content file.")
@click.argument("kind", required=False)
def schema(kind: str | None) -> None:
    """Print the JSON Schema of a KIND of content file (the kinds when none is given)."""
    kinds = schema_kinds()
    if kind is None:
        for name in kinds:
            click.echo(name)
        return
    if kind not in kinds:
        raise click.BadParameter(f"{kind!r}: choose from {', '.join(kinds)}",
                                 param_hint="KIND")
    click.echo(schema_text(kind), nl=False)



def main() -> None:
    """Console entry point: never a traceback for a user, whatever went wrong."""
    run_guarded(cli, LEAVE_AT_ONCE)  # see checkcommand.leave_at_once
