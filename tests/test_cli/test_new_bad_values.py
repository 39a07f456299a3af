"""`stamperia new` refuses option values that would write a game failing its own check."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli


def test_a_publisher_with_a_control_character_is_a_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "demo", "--publisher", "Rossi\x07 & figli"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for --publisher: the text holds a control character, U+0007, "
        "at position 6: only newline and tab may appear in a text")
    assert not (tmp_path / "demo").exists()
