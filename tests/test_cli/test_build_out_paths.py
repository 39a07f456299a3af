"""Every file of a kit is written through one join that keeps it inside the kit: a name
that would leave it (here an export named `../../evil.png`, as a name made from content
that slipped past validation would be) fails the build and writes nothing anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli
from stamperia.generator.export.files import ExportedFile


def test_an_export_named_out_of_the_kit_fails_the_build_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)

    def hostile_exports(*_arguments: object) -> Iterator[ExportedFile]:
        yield ExportedFile("../../evil.png", "card", "actions", None, None, None, None, b"x")

    monkeypatch.setattr("stamperia.building.kit.export_files", hostile_exports)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "png", "--out", "kit"])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == (
        "Error: refused to write '../../evil.png': a file of the kit is not a plain name "
        "inside the kit; check the ids in the content (lowercase letters, digits and _)")
    assert not list(tmp_path.rglob("evil.png"))
    assert [p.name for p in (tmp_path / "kit").iterdir()] == []
