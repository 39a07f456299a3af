"""`stamperia build` ends with what to open first: the print guide of the first locale
built, one line per game, as a path the user can paste."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli


def _tail(*arguments: str) -> list[str]:
    """The lines after the last game's summary line."""
    result = CliRunner().invoke(cli, ["build", *arguments])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    last = max(i for i, line in enumerate(lines) if " file(s), " in line)
    return lines[last + 1:]


def test_one_game_names_the_guide_of_the_first_locale(tiny: Path) -> None:
    assert _tail("tiny", "--locale", "all") == ["open first: output/tiny/it/guide.pdf"]


def test_several_games_get_one_line_each(tiny: Path) -> None:
    assert _tail("tiny", "tiny_variant", "--locale", "en") == [
        "open first:", "  output/tiny/en/guide.pdf", "  output/tiny_variant/en/guide.pdf"]


def test_without_pdf_the_guide_is_its_svg_page(tiny: Path) -> None:
    assert _tail("tiny", "--format", "svg") == ["open first: output/tiny/it/svg/guide-01.svg"]


def test_when_no_format_draws_the_guide_the_locale_folder_is_named(tiny: Path) -> None:
    folder = Path("output") / "tiny" / "it"
    assert _tail("tiny", "--format", "tts", "--dpi", "72") == [f"open first: {folder}{os.sep}"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell quoting")
def test_an_absolute_out_inside_the_working_folder_is_shown_relative_and_quoted(
        tiny: Path) -> None:
    out = tiny.parent / "my kits"
    assert _tail("tiny", "--out", str(out)) == ["open first: 'my kits/tiny/it/guide.pdf'"]


def test_an_out_outside_the_working_folder_is_shown_absolute(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    expected = Path.cwd().parent / "kits" / "tiny" / "it" / "guide.pdf"
    assert _tail("../tiny", "--out", "../kits") == [f"open first: {expected}"]
