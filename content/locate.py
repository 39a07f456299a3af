"""Finding a game: a shipped game by id, or any folder holding a game.json."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path


class UnknownGame(LookupError):
    """A name that is neither a shipped game id nor a folder with a game.json."""

    def __init__(self, name: str, choices: tuple[str, ...]) -> None:
        super().__init__(name)
        self.name = name
        self.choices = choices

    def __str__(self) -> str:
        return (f"unknown game {self.name!r}: choose one of {', '.join(self.choices)}, "
                "or give the path of a folder that holds a game.json")


def games_root() -> Path:
    """The shipped games' folder, by its real path: a checkout reaches stamperia.content
    through a symbolic link, and files are named alike however they were reached."""
    return Path(str(files("stamperia.content") / "games")).resolve()


def shipped_games() -> tuple[str, ...]:
    """Ids of the games that ship with stamperia, sorted."""
    root = games_root()
    if not root.is_dir():
        return ()
    return tuple(sorted(p.name for p in root.iterdir() if (p / "game.json").is_file()))


def game_folder(name: str) -> Path:
    """The folder of a game given by id or by path."""
    path = Path(name)
    if (path / "game.json").is_file():
        return path
    if path.name == "game.json" and path.is_file():
        return path.parent
    if name in shipped_games():
        return games_root() / name
    raise UnknownGame(name, shipped_games())


def display_path(path: Path) -> str:
    """A path as users should read it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative
