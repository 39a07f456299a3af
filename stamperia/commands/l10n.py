"""`stamperia l10n`: exchange a game's printed strings with translators (PO, XLIFF, CSV).

Thin commands over stamperia.content.l10n; the generator supplies the kit's words and the room of
each box, so it is imported inside the commands that need it.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from stamperia.clicommon import (
    games_named,
    load_game_or_exit,
    print_problems,
    refuse_content_file,
)
from stamperia.content.errors import ContentProblems
from stamperia.content.l10n.locales import locale_problem
from stamperia.content.model import Game

FORMATS = ("po", "xliff", "csv")


@click.group("l10n")
def l10n() -> None:
    """Translation catalogues: export, import, status."""


@l10n.command("export")
@click.argument("game")
@click.option("--locale", "locale", required=True, help="Target locale (BCP 47: fr, pt-BR).")
@click.option("--format", "kind", type=click.Choice(FORMATS), default="po", show_default=True)
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write here (atomically) instead of to standard output.")
def export_command(game: str, locale: str, kind: str, output: Path | None) -> None:
    """Write GAME's catalogue for LOCALE: every printed string with its source text, where
    it prints and its room, comments, the translation so far and a fuzzy flag."""
    from stamperia.content.l10n.csvfile import write_csv
    from stamperia.content.l10n.export import build_catalogue
    from stamperia.content.l10n.po import write_po
    from stamperia.content.l10n.stringsfile import replace_files
    from stamperia.content.l10n.xliff import write_xliff
    from stamperia.generator.draw.fonts import FontError, FontSet
    from stamperia.generator.kitwords import kit_words
    from stamperia.generator.layout.textroom import text_rooms

    loaded = load_game_or_exit(game)
    _check_target(loaded, locale)
    refuse_content_file(loaded, output, "--output")
    if output is not None and not output.parent.is_dir():
        raise click.BadParameter(f"the folder {str(output.parent)!r} does not exist",
                                 param_hint="--output")
    try:
        rooms = text_rooms(loaded, FontSet.default())
    except FontError as error:
        raise click.ClickException(f"cannot measure the text boxes: {error}") from None
    catalogue = build_catalogue(loaded, locale, kit_words(loaded), rooms)
    writer = {"po": write_po, "xliff": write_xliff, "csv": write_csv}[kind]
    text = writer(catalogue)
    if output is None:
        click.echo(text, nl=False)
        return
    replace_files({output: text})
    click.echo(f"{loaded.id}: {len(catalogue.entries)} string(s) for {locale} in {output}",
               err=True)


@l10n.command("import")
@click.argument("game")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "kind", type=click.Choice(FORMATS), default=None,
              help="The file's format; by default from its extension (.po, .xlf, .xliff, .csv).")
def import_command(game: str, file: Path, kind: str | None) -> None:
    """Import a translated catalogue FILE into GAME's strings/LL.json (and its locale into
    game.json); nothing is written when any entry is wrong."""
    from stamperia.content.l10n.importing import EXTENSIONS, import_catalogue, read_catalogue
    from stamperia.content.locate import display_path, game_folder
    from stamperia.generator.kitwords import kit_words

    chosen = kind or EXTENSIONS.get(file.suffix.lower())
    if chosen is None:
        raise click.BadParameter(f"cannot tell the format of {file.name!r} from its "
                                 f"extension: give --format ({', '.join(FORMATS)})",
                                 param_hint="--format")
    loaded = load_game_or_exit(game)
    folder = game_folder(games_named((game,))[0])
    try:
        catalogue = read_catalogue(file, display_path(file), chosen)
        result = import_catalogue(loaded, folder, catalogue, kit_words(loaded))
    except ContentProblems as problems:
        print_problems(problems.problems, f"{file}: not imported")
    for warning in result.stale:
        click.echo(warning.format())
    added = " (locale added to game.json)" if len(result.written) > 1 else ""
    stale = f", {len(result.stale)} stale" if result.stale else ""
    click.echo(f"{loaded.id}: imported {result.translated} {result.locale} text(s), "
               f"{result.fuzzy} fuzzy{stale}, into {display_path(result.written[0])}{added}")


@l10n.command("status")
@click.argument("games", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def status_command(games: tuple[str, ...], as_json: bool) -> None:
    """Per game and locale: texts translated, fuzzy (to review) and missing."""
    from stamperia.content.l10n.status import LocaleStatus, game_status, status_table
    from stamperia.generator.kitwords import kit_words

    rows: list[LocaleStatus] = []
    for name in games_named(games):
        loaded = load_game_or_exit(name)
        rows.extend(game_status(loaded, kit_words(loaded)))
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in rows], indent=2, ensure_ascii=False))
        return
    for line in status_table(tuple(rows)):
        click.echo(line)


def _check_target(game: Game, locale: str) -> None:
    problem = locale_problem(locale)
    if problem is None and locale == game.source_locale:
        problem = f"{locale!r} is the source locale of {game.id}: choose a translation"
    if problem is not None:
        raise click.BadParameter(problem, param_hint="--locale")

