"""The body of `stamperia check`: choose the report format, run the checks, exit 0/1/2.

Usage errors are shaped like the report asked for (`--json`, `--format sarif|junit|...`), so
a CI step that parses the report gets a valid document naming the error, with exit 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import NoReturn, TypeVar

import click

from stamperia.clicommon import games_named

FORMATS = ("text", "json", "sarif", "github", "junit")
"""The report formats of `check`; stamperia.checks.report renders each (imported only when a
check runs, so the CLI starts fast)."""

F = TypeVar("F", bound=Callable[..., None])

SHOWN_BALANCE_GAMES = 24
"""stamperia.rules.balance.BALANCE_GAMES, as --help shows it (that module is imported only when a
check runs; a test keeps the two equal)."""
MAX_BALANCE_GAMES = 10_000
LEAVE_AT_ONCE = "leave at once"
"""The context object of the console entry point (stamperia.cli.main): a check run from it
ends its process as soon as the report is out (leave_at_once); a check run in-process
(a test's CliRunner) returns or raises SystemExit as usual."""


def check_options(command: F) -> F:
    """The options `stamperia check` and the pre-commit entry point share."""
    options = (
        click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0,
                     show_default=True, help="Seed of the simulated setup."),
        click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
                     help="Report format (default text); `stamperia explain CODE` tells "
                     "what a code means."),
        click.option("--json", "as_json", is_flag=True, help="Same as --format json."),
        click.option("--pseudo", is_flag=True,
                     help="Also fit and glyph-check a pseudo-locale (accented, 40% longer, "
                     "letters beyond Latin-1) to find overflow early."),
        click.option("--strict", is_flag=True,
                     help="Warnings (balance, text fit, prototype hints) fail the check too."),
        click.option("--balance/--no-balance", default=True, show_default=True,
                     help="Run the balance stage (a short seeded simulation per player "
                     "count)."),
        click.option("--balance-games", type=click.IntRange(1, MAX_BALANCE_GAMES),
                     default=None, metavar="N",
                     help=f"Games the balance stage plays per player count and line-up "
                     f"[default: {SHOWN_BALANCE_GAMES}, enough for its win-rate test at "
                     "four players; fewer is faster and says less]."),
    )
    for option in reversed(options):
        command = option(command)
    return command


def chosen_format(fmt: str | None, as_json: bool) -> str:
    """`--json` is `--format json`; naming two different formats is a usage error."""
    if as_json and fmt not in (None, "json"):
        raise click.BadParameter(f"--json asks for json, --format for {fmt}: give one",
                                 param_hint="--format")
    return "json" if as_json else fmt or "text"


def format_in_args(args: Sequence[str]) -> str:
    """The report format the raw arguments ask for (text when none or not a known one):
    what a usage error found while parsing them should be shaped as."""
    fmt = "text"
    for i, arg in enumerate(args):
        if arg == "--json":
            fmt = "json"
        elif arg == "--format" and i + 1 < len(args):
            fmt = args[i + 1]
        elif arg.startswith("--format="):
            fmt = arg.split("=", 1)[1]
    return fmt if fmt in FORMATS else "text"


def exit_with_usage_error(message: str, fmt: str) -> NoReturn:
    """The error as a document on stdout for machine formats, in words on stderr; exit 2."""
    if fmt != "text":
        from stamperia.checks.report import render_usage_error

        click.echo(render_usage_error(message, fmt))
    click.echo(f"Error: {message}", err=True)
    sys.exit(2)


class ShapedUsageCommand(click.Command):
    """A command whose option and argument errors follow --json/--format (exit 2)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        fmt = format_in_args(args)
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            if fmt == "text":
                raise
            exit_with_usage_error(error.format_message(), fmt)


def run_check(names: tuple[str, ...], seed: int, fmt: str, pseudo: bool, strict: bool,
              balance: bool, balance_games: int | None = None) -> None:
    """Check the games and print the report; exit 1 on problems (or, strict, warnings)."""
    from stamperia.checks import run as checking
    from stamperia.checks.report import ReportOptions, failed, render

    try:
        games = games_named(names)
    except click.UsageError as error:
        if fmt == "text":
            raise
        exit_with_usage_error(error.format_message(), fmt)
    checked = checking.check_games(games, seed, pseudo, balance, balance_games)
    options = ReportOptions(strict, balance)
    click.echo(render(checked, fmt, options))
    code = 1 if failed(checked, options) else 0
    context = click.get_current_context(silent=True)
    if context is not None and context.obj == LEAVE_AT_ONCE:
        leave_at_once(code)
    if code:
        sys.exit(code)


def leave_at_once(code: int) -> NoReturn:
    """End the process with `code`, its output flushed, skipping the interpreter's
    teardown: a check has waited for its children and closed its files, and the teardown
    (collecting and freeing every object of the loaded game, drawings and tables) took
    ~3% of a check of a 3,000-territory map (callgrind), all of it for memory the
    system takes back anyway."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # closed, or a reader gone: nothing more to say
            stream.flush()
    os._exit(code)
