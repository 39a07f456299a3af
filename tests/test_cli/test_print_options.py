"""`stamperia build --gap/--back-offset/--color`: bounds are usage errors (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game
from pypdf import PdfReader

from stamperia.cli import cli


@pytest.fixture(autouse=True)
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--gap", "-1", "Error: Invalid value for --gap: gap -1 mm is outside 0..20 mm\n"),
    ("--gap", "25", "Error: Invalid value for --gap: gap 25 mm is outside 0..20 mm\n"),
    ("--back-offset", "1;2", "Error: Invalid value for --back-offset: '1;2' is not an "
     "offset; write it as X,Y in mm, e.g. 0.5,-1 (read it from the calibration sheet)\n"),
    ("--back-offset", "0,12", "Error: Invalid value for --back-offset: back offset 0,12 is "
     "beyond ±10 mm; reprint the calibration sheet and check the printer's paper guides\n"),
])
def test_out_of_bounds_print_options_are_usage_errors(tmp_path: Path, option: str, value: str,
                                                     message: str) -> None:
    result = CliRunner().invoke(cli, ["build", "tiny", option, value, "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output.endswith(message), result.output
    assert not (tmp_path / "out").exists()


def test_gap_offset_and_cmyk_reach_the_pdf(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "tiny", "--gap", "3", "--back-offset", "1,-0.5",
                                      "--color", "cmyk", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    kit = tmp_path / "out" / "tiny"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["gap_mm"], manifest["back_offset_mm"], manifest["colour"]) == (
        3.0, [1.0, -0.5], "cmyk")
    reader = PdfReader(kit / "it" / "cards.pdf")
    content = reader.pages[0].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    assert " k\n" in content or " k " in content  # CMYK fill operator
    assert " rg\n" not in content and " rg " not in content
