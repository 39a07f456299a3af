"""The pre-commit hook: changed files map to the games above them, which are checked."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.precommit import READ_SUFFIXES, game_folders, main

ROOT = Path(__file__).parents[2]


def _hook() -> dict[str, str]:
    """The hook's `key: value` lines (the file is flat YAML; no YAML library needed)."""
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    return dict(re.findall(r"^\s*-?\s*(\w+): (.+)$", text, re.MULTILINE))


def test_the_hook_runs_the_installed_entry_point_on_json_and_csv() -> None:
    hook = _hook()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["scripts"]
    assert hook["id"] == "stamperia-check"
    assert scripts[hook["entry"]] == "stamperia.precommit:entry"
    assert hook["pass_filenames"] == "true"
    files = re.compile(hook["files"])
    assert [bool(files.search(p)) for p in ("a/board.json", "a/decks.csv", "README.md")] == [
        True, True, False]
    assert [s for s in READ_SUFFIXES if not files.search(f"game/file{s.upper()}")] == []
    assert [bool(files.search(f"game/x{s}")) for s in (".md", ".py", ".pdf")] == [
        False, False, False]


def test_every_file_a_game_reads_maps_to_it_and_its_editions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deck sheet, a picture, an icon, a font and its licence are content as the JSON
    is; a note beside them is not."""
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    for name in ("tiny/decks/actions.xlsx", "tiny/art/map.PNG", "tiny/icons/coin.svg",
                 "tiny/fonts/Lettera.otf", "tiny/fonts/OFL.txt", "tiny/art/photo.jpeg"):
        assert game_folders([name]) == ["tiny", "tiny_variant"], name
    assert game_folders(["tiny/README.md", "tiny/notes.pdf"]) == []


def test_changed_files_map_to_the_nearest_game_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert game_folders(["tiny_variant/strings/en.json", "tiny_variant/game.json",
                         "notes/todo.json", "README.md"]) == ["tiny_variant"]


def test_an_edition_extending_a_changed_game_is_checked_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """tiny_variant extends ../tiny: a change to tiny's board changes the variant too."""
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert game_folders(["tiny/board.json"]) == ["tiny", "tiny_variant"]


def test_the_entry_point_checks_the_changed_games(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "board.json", "op": "set",
                          "pointer": "/territories/1/zone", "value": "altto"}])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["--no-balance", "tiny/board.json", "tiny/game.json"])
    assert result.exit_code == 1
    problem = ("tiny/board.json:56: /territories/1/zone: unknown zone 'altto' "
               "(did you mean 'alto'?) [R001]")
    assert result.output.splitlines() == [
        problem, "tiny: 1 error(s), 0 warning(s)",
        problem, "tiny_variant: 1 error(s), 0 warning(s)",
        "checked 2 game(s): 2 error(s), 0 warning(s)"]


def test_files_outside_any_game_check_nothing(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["package.json"])
    assert result.exit_code == 0
    assert result.output == "no game folder holds the changed files: nothing to check\n"
