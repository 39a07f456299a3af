"""A catalogue's references name files the same wherever the game or stamperia lie."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli

SHIPPED = Path(__file__).parents[2] / "content" / "games"


def _references(game: str) -> list[str]:
    result = CliRunner().invoke(cli, ["l10n", "export", game, "--locale", "fr"])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.startswith("#: ")]


def test_a_copied_game_exports_the_references_of_the_shipped_one(tmp_path: Path) -> None:
    """The ruleset's own layouts file lies outside the game's folder: it is named from
    stamperia's package root, not by a path climbing out of wherever the copy is."""
    copy = tmp_path / "deep" / "er" / "sgrunt"
    shutil.copytree(SHIPPED / "sgrunt", copy)
    shipped = _references("sgrunt")
    assert "#: content/rulesets/conquest/look/layouts.json:198" in shipped
    assert _references(str(copy)) == shipped
    assert not any(".." in line for line in shipped)
