"""Outputs follow the umask as any tool's do (folders 0o777, files 0o666, less the umask),
not tempfile's private 0o700 / 0o600: a kit's tts/ folder must be servable as it is."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")

UMASK = 0o002
"""Neither the common 0o022 nor tempfile's private modes: only the umask gives these."""
FOLDER = 0o775
FILE = 0o664


@pytest.fixture(autouse=True)
def umask() -> Iterator[None]:
    previous = os.umask(UMASK)
    try:
        yield
    finally:
        os.umask(previous)


def _run(*arguments: str) -> str:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exit_code == 0, result.output
    return result.output


def _modes(root: Path) -> set[tuple[str, int]]:
    """Each kind of path under root (root included) with the modes found."""
    paths = [root, *root.rglob("*")]
    return {("folder" if p.is_dir() else "file", stat.S_IMODE(p.stat().st_mode))
            for p in paths}


def test_a_build_and_a_rebuild_make_folders_and_files_with_the_umask(tiny: Path) -> None:
    for _ in range(2):  # the second build replaces the kit
        _run("build", "tiny", "--format", "pdf,tts", "--dpi", "72", "--out", "kits/out")
        assert _modes(Path("kits")) == {("folder", FOLDER), ("file", FILE)}
    assert (Path("kits") / "out" / "tiny" / "it" / "tts").is_dir()


def test_l10n_export_writes_a_new_file_with_the_umask_and_import_keeps_a_files_mode(
        tiny: Path) -> None:
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")
    assert stat.S_IMODE(Path("en.po").stat().st_mode) == FILE
    strings = tiny / "strings" / "en.json"
    strings.chmod(0o640)
    _run("l10n", "import", "tiny", "en.po")
    assert stat.S_IMODE(strings.stat().st_mode) == 0o640
    _run("l10n", "export", "tiny", "--locale", "en", "--output", "en.po")  # replaced
    assert stat.S_IMODE(Path("en.po").stat().st_mode) == FILE


def test_simulate_record_and_html_and_sweep_html(tmp_path: Path) -> None:
    record, page, sweep = tmp_path / "games.jsonl", tmp_path / "report.html", tmp_path / "s.html"
    _run("simulate", "splut", "--players", "2", "--games", "2", "--record", str(record),
         "--html", str(page))
    _run("sweep", "splut", "--players", "2", "--games", "2", "--vary",
         "board.json#/move_cap_turns=5,400", "--html", str(sweep))
    assert {stat.S_IMODE(p.stat().st_mode) for p in (record, page, sweep)} == {FILE}


def test_new_writes_its_game_folder_with_the_umask(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _run("new", "demo")
    assert _modes(tmp_path / "demo") == {("folder", FOLDER), ("file", FILE)}
