"""`stamperia build --watch`: rebuild a game whenever one of its files changes.

The build itself is the `build` command run again with the same options on the games
whose folders changed; after each build the game's check findings (errors and warnings,
without the seconds-long balance stage) are printed, so a designer sees at once what an
edit broke. watchfiles is an optional dependency (the `watch` extra).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path

import click

from stamperia.content.extras import needs_extra
from stamperia.content.locate import game_folder


def _roots(games: Iterable[str]) -> dict[str, tuple[Path, ...]]:
    """Each game's folder and the folders of the editions it extends: what it is built from."""
    found = {}
    for name in games:
        folder = game_folder(name).resolve()
        found[name] = (folder, *_parents_of(folder))
    return found


def game_roots(name: str) -> tuple[Path, ...]:
    """A game's folder and the folders of the editions it extends: what a watch watches."""
    return _roots((name,))[name]


def changed_games(roots: dict[str, tuple[Path, ...]], changes: Iterable[tuple[object, str]]
                  ) -> list[str]:
    """The games (in the order named) built from a changed path: an edition extending a
    changed game is rebuilt too, since its documents include the parent's files."""
    paths = [Path(path).resolve() for _, path in changes]
    return [name for name, folders in roots.items()
            if any(folder == p or folder in p.parents for folder in folders for p in paths)]


def _parents_of(folder: Path) -> list[Path]:
    """The folders of the editions this one extends (read from its manifest, best effort)."""
    found: list[Path] = []
    current = folder
    for _ in range(8):
        try:
            extends = json.loads((current / "game.json").read_text(encoding="utf-8")).get(
                "extends")
        except (OSError, ValueError, AttributeError):
            break
        if not isinstance(extends, str):
            break
        try:
            current = game_folder(str(current / extends)).resolve()
        except Exception:  # noqa: BLE001 - an unknown parent: the check will say so
            break
        found.append(current)
    return found


def _findings(name: str) -> None:
    from stamperia.checks.run import check_one

    report = check_one(name, 0, balance=False).report
    for problem in report.problems:
        click.echo(problem.format())
    click.echo(f"{name}: check: {report.errors} error(s), {report.warnings} warning(s)")


def watch_builds(context: click.Context, games: list[str]) -> None:
    """Build, then rebuild what changes until interrupted (Ctrl-C ends it, exit 0)."""
    try:
        from watchfiles import watch
    except ImportError:
        raise click.UsageError(needs_extra("--watch", "the watchfiles package", "watch")
                               ) from None
    roots = _roots(games)
    watched = sorted({str(folder) for folders in roots.values() for folder in folders})

    def once(names: list[str]) -> None:
        with suppress(SystemExit):  # content problems: printed, and the watch goes on
            context.invoke(context.command, **{**context.params, "games": tuple(names),
                                               "watch": False})
        for name in names:
            _findings(name)
        click.echo(f"watching {', '.join(games)} (Ctrl-C to stop)")

    once(games)
    try:
        for changes in watch(*watched):
            names = changed_games(roots, changes)
            if names:
                once(names)
    except KeyboardInterrupt:
        pass
