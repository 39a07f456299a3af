"""A deck workbook is bounded by what it unpacks to, not only by its size on disk: a
300 KB XLSX can hold a 300 MB shared string, which openpyxl reads whole."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import CARDS_TEMPLATE, make_game, workbook_deck

from stamperia.cli import cli


def test_a_workbook_that_unpacks_too_large_is_refused_at_its_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    workbook = workbook_deck(folder, [])
    with zipfile.ZipFile(workbook, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/sharedStrings2.xml", "A" * (41 * 2**20))
    assert workbook.stat().st_size < 2**20
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "cards_template/cards.json:10: /decks/0/source/file: actions.xlsx unpacks to 41 MB; "
        "a deck workbook may unpack to at most 40 MB (save it again from your spreadsheet "
        "program (CSV as UTF-8)) [R016]")
