"""`stamperia studio`: serve one game on 127.0.0.1 as a live preview and a virtual table.

Starlette, uvicorn and watchfiles are the `studio` extra; they are imported only here.
"""

from __future__ import annotations

import webbrowser
from pathlib import Path

import click

from stamperia.content.extras import needs_extra
from stamperia.content.locate import UnknownGame, game_folder

MAX_PORT = 65535


def _folder(name: str | None) -> Path:
    """The game's folder: the one named, or the working folder when it holds a game.json."""
    if name is None:
        if Path("game.json").is_file():
            return Path.cwd()
        raise click.UsageError("name a game (an id of `stamperia list`, or the folder of a "
                               "game.json), or run the studio inside a game's folder")
    try:
        return game_folder(name).resolve()
    except UnknownGame as error:
        raise click.UsageError(str(error)) from None


@click.command(short_help="Preview a game live in the browser, with a virtual table.")
@click.argument("game", required=False)
@click.option("--port", type=click.IntRange(0, MAX_PORT), default=8039, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser; print the address.")
@click.option("--locale", default=None,
              help="The locale shown first (default: the game's source language).")
@click.option("--card-size", default=None,
              help="poker, trading, bridge, ... or WxH in mm (default: the game's own).")
@click.option("--reports", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder of simulate/sweep HTML reports: the lab tab shows the newest "
                   "about the game.")
def studio(game: str | None, port: int, no_browser: bool, locale: str | None,
           card_size: str | None, reports: Path | None) -> None:
    """Serve GAME (an id or a folder; default: the working folder) on 127.0.0.1: every
    card, token, piece and board drawn as the kit prints it, the check's findings pinned on
    them, live on every save, and a virtual table. Reads the game, writes nothing.
    Ctrl-C stops it.
    """
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import watchfiles  # noqa: F401
    except ImportError:
        raise click.UsageError(needs_extra("stamperia studio",
                                           "starlette, uvicorn and watchfiles", "studio")
                               ) from None
    from stamperia.commands.watch import game_roots
    from stamperia.generator.print.imposition import ImpositionError
    from stamperia.generator.print.sizes import SizeError
    from stamperia.studio.live import Settings, kit_options
    from stamperia.studio.run import PortInUse, bind, open_studio, serve

    folder = _folder(game)
    try:
        options = kit_options(card_size)
    except (SizeError, ImpositionError) as error:
        raise click.BadParameter(str(error), param_hint="--card-size") from None
    if reports is not None and not reports.is_dir():
        raise click.BadParameter(f"{reports}: no such folder", param_hint="--reports")
    settings = Settings(folder, options, locale, reports.resolve() if reports else None)
    opened = open_studio(settings)
    view = opened.view(None)
    if locale is not None and view is not None and locale not in view.locales:
        raise click.BadParameter(f"{view.game} has no locale {locale!r}: choose from "
                                 f"{', '.join(view.locales)}", param_hint="--locale")
    try:
        sock = bind(port)
    except PortInUse as error:
        raise click.BadParameter(str(error), param_hint="--port") from None
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    click.echo(f"studio: {view.game if view else folder} at {url} (Ctrl-C to stop)")
    if opened.broken:
        click.echo(f"studio: the game does not load yet: {len(opened.broken)} problem(s), "
                   "shown on the page")
    if not no_browser:
        webbrowser.open(url)
    try:
        serve(opened, sock, game_roots(str(folder)))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
