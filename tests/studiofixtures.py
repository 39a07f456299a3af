"""Helpers of the studio's tests: a game made by `stamperia new` in a temporary folder, and
the settings a studio is opened with."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.studio.live import Settings, kit_options


def new_game(parent: Path, name: str = "mygame") -> Path:
    """A fresh `stamperia new` game (a cards game whose actions deck is a CSV)."""
    result = CliRunner().invoke(cli, ["new", str(parent / name)])
    assert result.exit_code == 0, result.output
    return parent / name


def settings(folder: Path, reports: Path | None = None) -> Settings:
    return Settings(folder.resolve(), kit_options(None), None, reports)
