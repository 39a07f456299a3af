"""`stamperia-check-changed FILE...`: the pre-commit hook's entry point.

pre-commit passes the changed files; each belongs to the game whose folder holds a
game.json nearest above it. Those games are checked once each, with the options of
`stamperia check`; files outside any game are ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import click

from stamperia.checkcommand import ShapedUsageCommand, check_options, chosen_format, run_check


def game_folders(paths: Iterable[str]) -> list[str]:
    """The game folders (holding game.json) nearest above each path, each once, sorted."""
    found: set[str] = set()
    for name in paths:
        path = Path(name)
        for folder in (path.parent, *path.parent.parents):
            if (folder / "game.json").is_file():
                found.add(str(folder))
                break
    return sorted(found)


@click.command(cls=ShapedUsageCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1)
@check_options
def main(files: tuple[str, ...], seed: int, fmt: str | None, as_json: bool, pseudo: bool,
         strict: bool, balance: bool) -> None:
    """Check the games that FILES (changed content files) belong to."""
    folders = game_folders(files)
    if not folders:
        click.echo("no game folder holds the changed files: nothing to check")
        return
    run_check(tuple(folders), seed, chosen_format(fmt, as_json), pseudo, strict, balance)
