"""`stamperia build --out`: the folder a build replaces whole (OUT/<game>) must never be the
game's own folder, or the swap deletes the content it was built from."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli


def test_out_whose_kit_folder_is_the_game_folder_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--out", "."])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for --out: the kit of tiny would replace tiny, which holds the "
        "game's own tiny/game.json: choose an output folder outside the game's folders")
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
    assert not (tmp_path / ".stamperia.lock").exists()


def test_out_above_a_folder_holding_the_game_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nested = tmp_path / "tiny" / "editions"
    make_game(nested)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny/editions/tiny", "--out", "."])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for --out: the kit of tiny would replace tiny, which holds the "
        "game's own tiny/editions/tiny/game.json: choose an output folder outside the game's "
        "folders")
    assert (nested / "tiny" / "game.json").is_file()


@pytest.mark.parametrize(("arguments", "option", "named"), [
    (("l10n", "export", "tiny", "--locale", "en", "--output", "tiny/game.json"), "--output",
     "tiny/game.json"),
    (("simulate", "tiny", "--players", "3", "--games", "1", "--record", "tiny/board.json"),
     "--record", "tiny/board.json"),
    (("simulate", "tiny", "--players", "3", "--games", "1", "--html",
      "tiny/strings/../decks.json"), "--html", "tiny/strings/../decks.json"),
    (("sweep", "tiny", "--players", "3", "--games", "1", "--vary",
      "game.json#/players/max=4,5", "--html", "tiny/strings/it.json"), "--html",
     "tiny/strings/it.json"),
])
def test_an_output_file_that_is_a_content_file_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: tuple[str, ...],
        option: str, named: str) -> None:
    folder = make_game(tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*.json")}
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exit_code == 2, result.output
    assert result.output.splitlines()[-1] == (
        f"Error: Invalid value for {option}: {named} is one of tiny's content files: write "
        "the output to another file")
    assert {p: p.read_bytes() for p in folder.rglob("*.json")} == before
