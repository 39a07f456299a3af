"""`stamperia build`: the print-and-play kit of each game, written whole into OUT.

reportlab and the exporters are imported inside the command, so other commands start fast.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import click
from click.core import ParameterSource

from stamperia.building import exports as exporting
from stamperia.clicommon import games_named, machine_error, usage_error
from stamperia.content.errors import ContentProblems
from stamperia.content.locate import display_path
from stamperia.machine import MachineError


def _formats(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    return exporting.parse_formats(value)


@click.command(short_help="Build the print-and-play kits of games (PDF, SVG, PNG, TTS).")
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size of the PDFs.")
@click.option("--format", "formats", default="pdf", show_default=True, callback=_formats,
              help="Comma-separated: pdf, svg, png, tts, showcase, tabletopia.")
@click.option("--duplex", type=click.Choice(["long", "short", "fold"]), default="long",
              show_default=True, help="How card backs are printed.")
@click.option("--card-size", default="poker", show_default=True,
              help="poker, trading, bridge, mini, mini_euro, skat, tarot, square, business, "
                   "or WxH in mm (a game that states its card size prints that unless "
                   "given).")
@click.option("--locale", default="source", show_default=True,
              help="A locale code, 'all', or 'source' (the game's source language).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write the kits into, one subfolder per game.")
@click.option("--gap", type=float, default=None,
              help="mm between cards (0 to 20; default 0, or the --preset's gap); with a gap "
                   "each card has its own bleed.")
@click.option("--back-offset", default="0,0", show_default=True,
              help="X,Y mm to shift duplex backs, read from the calibration sheet (±10).")
@click.option("--color", "colour", type=click.Choice(["rgb", "cmyk"]), default="rgb",
              show_default=True, help="Colour space of the PDFs.")
@exporting.export_options
@click.option("--watch", is_flag=True, help="Rebuild a game when its files change and print "
              "its check's findings each time (needs the stamperia[watch] extra).")
def build(games: tuple[str, ...], paper: str, formats: tuple[str, ...], duplex: str,
          card_size: str, locale: str, out: Path, gap: float | None, back_offset: str,
          colour: str, dpi: int, png_trim: bool, tts_base_url: str | None,
          preset: str | None, svg_fonts: str, watch: bool) -> None:
    """Build the print-and-play kit of GAMES (all shipped games when none) into OUT."""
    if watch:
        from stamperia.commands.watch import watch_builds

        return watch_builds(click.get_current_context(), games_named(games))
    from stamperia.building import kit as building
    from stamperia.building.outputfolder import OutputFolder, locked
    from stamperia.building.printoptions import print_options
    from stamperia.content.loader import load_game
    from stamperia.rules.ruleset import ToolUsage

    try:
        options = building.parse_options(paper, card_size, duplex)
    except ToolUsage as error:
        raise usage_error(error) from None
    options = replace(options, card_asked=_given(click.get_current_context(), "card_size")
                      or preset is not None)
    options, exports = exporting.parse_exports(options, card_size, dpi, png_trim, tts_base_url,
                                               preset, svg_fonts)
    try:
        options = print_options(options, gap, back_offset, colour)
    except ToolUsage as error:
        raise usage_error(error) from None
    progress = _progress_printer()
    failed = False
    built: list[building.BuildResult] = []
    with ExitStack() as held:
        output: OutputFolder | None = None
        for name in games_named(games):
            try:
                loaded = load_game(name)
            except ContentProblems as problems:
                _not_built(name, problems)
                failed = True
                continue
            try:
                locales = building.choose_locales(loaded, locale)
                building.refuse_overlap(loaded, out)
                if output is None:  # held to the end: two builds never mix their games
                    output = held.enter_context(locked(out, _tell))
                result = building.build(loaded, locales, options, formats, output, progress,
                                        exports, exporting.page_ticker())
            except ContentProblems as problems:
                _not_built(name, problems)
                failed = True
                continue
            except ToolUsage as error:
                raise usage_error(error) from None
            except building.BuildFailed as error:
                raise click.ClickException(str(error)) from None
            except MachineError as error:
                raise machine_error(error) from None
            for warning in result.warnings:
                click.echo(f"{result.game}: warning: {warning}")
            pages = sum(f.pages for f in result.files if f.path.endswith(".pdf"))
            click.echo(f"{result.game}: {len(result.files)} file(s), {pages} PDF page(s) "
                       f"in {result.folder}")
            built.append(result)
    for line in open_first_lines([result.open_first() for result in built]):
        click.echo(line)
    if failed:
        sys.exit(1)


def open_first_lines(paths: list[Path]) -> list[str]:
    """Where to start reading the kits built: one path a user can paste, or one per game."""
    shown = [pasteable(path) for path in paths]
    if len(shown) == 1:
        return [f"open first: {shown[0]}"]
    return ["open first:", *(f"  {path}" for path in shown)] if shown else []


def pasteable(path: Path) -> str:
    """The path relative to the working folder where inside it (a folder ends with a
    separator), quoted only when a shell would split it (a folder name with a space)."""
    shown = display_path(Path(os.path.abspath(path))) + (os.sep if path.is_dir() else "")
    if sys.platform == "win32":
        return subprocess.list2cmdline([shown])
    return shlex.quote(shown)


def _given(context: click.Context | None, name: str) -> bool:
    """Whether the option was given rather than defaulted; a rebuild (--watch) invokes
    the command again, so the answer is the first context's that knows."""
    while context is not None:
        source = context.get_parameter_source(name)
        if source is not None:
            return source not in (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
        context = context.parent
    return False


def _not_built(name: str, problems: ContentProblems) -> None:
    for problem in problems.problems:
        click.echo(problem.format())
    click.echo(f"{name}: not built: fix the content problems above (stamperia check {name})")


def _tell(line: str) -> None:
    """Notices about the output folder (waiting for its lock, a recovered kit): on stderr,
    terminal or not, since a wait with no word looks like a hang."""
    click.echo(line, err=True)


def _progress_printer() -> Callable[[str], None]:
    """A one-line progress display on a terminal; silent when output is not a TTY."""
    if not sys.stderr.isatty():
        return lambda _label: None

    def show(label: str) -> None:
        click.echo(f"\r\x1b[Kbuilding {label}", nl=False, err=True)

    return show
