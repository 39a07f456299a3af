"""Deck sheets from collaborators: an id that would become a path, numbers that are not
ASCII digits, two columns of one name, an unclosed quote and a formula with no saved value
are each an error at their cell, never an internal error or a silently wrong deck."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import CARDS_TEMPLATE, make_game, workbook_deck

from stamperia.cli import cli

HEADER = "id,copies,Title,Cost,Suit,Text,Flavour,Art\n"
GOOD = "market,3,Market,2,plain,Gain.,,\n"


def _check_with_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[str]:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    (folder / "decks" / "actions.csv").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1, result.output
    return result.output.splitlines()


@pytest.mark.parametrize(("row", "shown"), [
    ("../../../../outside/pwn", "'../../../../outside/pwn'"),
    ("sub/card", "'sub/card'"),
    ("Old Harbour", "'Old Harbour'"),
    ("caffè", "'caffè'"),
    ("a" * 65, repr("a" * 40)),
])
def test_a_card_id_that_is_no_id_is_an_error_at_its_cell(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, row: str, shown: str) -> None:
    lines = _check_with_sheet(tmp_path, monkeypatch, HEADER + GOOD + f"{row},1,X,1,plain,,,\n")
    assert lines[0] == (
        f"cards_template/decks/actions.csv:3: column 'id': {shown} is not a card id: ids are "
        "lowercase letters, digits and _, starting with a letter, at most 64 (use a name "
        "column for the title) [R016]")


@pytest.mark.parametrize(("copies", "shown"), [("²", "'²'"), ("٣", "'٣'"),
                                               ("9" * 5000, repr("9" * 20)), ("0201", "'0201'")])
def test_copies_that_are_not_ascii_digits_within_bounds_are_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, copies: str, shown: str) -> None:
    lines = _check_with_sheet(tmp_path, monkeypatch,
                              HEADER + GOOD + f"scout,{copies},X,1,plain,,,\n")
    assert lines[0] == (
        f"cards_template/decks/actions.csv:3: column 'copies': copies must be a whole number "
        f"from 0 to 200, not {shown} (write the number of copies of this card) [R016]")


def test_two_columns_of_one_name_are_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _check_with_sheet(tmp_path, monkeypatch,
                              HEADER.replace("Flavour", "Title") + GOOD)
    assert lines[0] == (
        "cards_template/decks/actions.csv:1: column 'Title': two columns are named 'Title' "
        "(the first is column C; rename or delete one) [R016]")


def test_an_unclosed_quote_is_an_error_not_a_swallowed_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _check_with_sheet(tmp_path, monkeypatch,
                              HEADER + 'market,3,"Market,2,plain,,,\nscout,1,Scout,1,plain,,,\n')
    assert lines[0] == (
        "cards_template/cards.json:10: /decks/0/source/file: actions.csv: line 3: unexpected "
        "end of data (a quote opened and never closed?) (save it again from your spreadsheet "
        "program (CSV as UTF-8)) [R016]")


def test_a_copies_formula_without_a_saved_value_is_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    workbook_deck(folder, [["market", "=1+2", "Market", 2, "Gain.", "plain", None, None]])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "cards_template/cards.json:10: /decks/0/source/file: actions.xlsx: Sheet!B2 holds a "
        "formula without a saved value (written by a program that does not compute formulas) "
        "(save it again from your spreadsheet program (CSV as UTF-8)) [R016]")


def test_a_clean_sheet_still_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 0, result.output
    assert folder.is_dir()


def test_a_manifest_linked_from_outside_the_folder_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """game.json is guarded like every part and strings file: a link out is not read."""
    folder = make_game(tmp_path, game=CARDS_TEMPLATE)
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes((folder / "game.json").read_bytes())
    (folder / "game.json").unlink()
    (folder / "game.json").symlink_to(outside)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", CARDS_TEMPLATE, "--no-balance"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "cards_template/game.json:1: /: game.json is a link to a file outside the game folder "
        "(keep every file of a game inside its folder (no symlink out)) [F006]")
