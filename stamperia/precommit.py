"""`stamperia-check-changed FILE...`: the pre-commit hook's entry point.

pre-commit passes the changed files; each file of a kind a game reads (its JSON, deck
sheets, art and icons, fonts and their licences: READ_SUFFIXES) belongs to the game whose
folder holds a game.json nearest above it. Those games, and the editions beside them that
extend them (they inherit the change), are checked once each, with the options of
`stamperia check`; other files, and files outside any game, are ignored.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import click

from stamperia.clicommon import run_guarded
from stamperia.commands.check import (
    LEAVE_AT_ONCE,
    ShapedUsageCommand,
    check_options,
    chosen_format,
    run_check,
)
from stamperia.content.editions.resolve import parent_folder
from stamperia.content.look.artwork import SUFFIXES as ART_SUFFIXES
from stamperia.content.look.theme import FONT_SUFFIXES

READ_SUFFIXES = (".json", ".csv", ".xlsx", *ART_SUFFIXES, *FONT_SUFFIXES, ".txt")
"""What a game reads: manifests, parts, strings and layouts; deck sheets; art and icons;
fonts and the licence files the theme names. The hook's `files` pattern is the same list
(.pre-commit-hooks.yaml; a test keeps them equal)."""


def game_folders(paths: Iterable[str]) -> list[str]:
    """The game folders (holding game.json) nearest above each path, and the sibling
    editions extending them (directly or through another), each once, sorted."""
    found: set[Path] = set()
    for name in paths:
        path = Path(name)
        if path.suffix.lower() not in READ_SUFFIXES:
            continue
        for folder in (path.parent, *path.parent.parents):
            if (folder / "game.json").is_file():
                found.add(folder)
                break
    grown = True
    while grown:
        extending = {edition for folder in found for edition in _siblings(folder)
                     if _extends(edition) in {f.resolve() for f in found}}
        grown = not extending <= found
        found |= extending
    return sorted(str(folder) for folder in found)


def _siblings(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.parent.iterdir()) if (p / "game.json").is_file()]


def _extends(folder: Path) -> Path | None:
    """The folder of the edition `folder` extends; None when none or unreadable (the check
    of that edition, if it changed, says why)."""
    try:
        manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = manifest.get("extends") if isinstance(manifest, dict) else None
    parent = parent_folder(folder, name) if isinstance(name, str) else None
    return None if parent is None else parent.resolve()


@click.command(cls=ShapedUsageCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1)
@check_options
def main(files: tuple[str, ...], seed: int, fmt: str | None, as_json: bool, pseudo: bool,
         strict: bool, balance: bool, balance_games: int | None) -> None:
    """Check the games that FILES (changed content files) belong to."""
    folders = game_folders(files)
    if not folders:
        click.echo("no game folder holds the changed files: nothing to check")
        return
    run_check(tuple(folders), seed, chosen_format(fmt, as_json), pseudo, strict, balance,
              balance_games)


def entry() -> None:
    """Console entry point of `stamperia-check-changed`: guarded as `stamperia` is (a broken
    plug-in installation or the machine's refusal in words, never a traceback)."""
    run_guarded(main, LEAVE_AT_ONCE)
