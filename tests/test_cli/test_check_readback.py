"""`check` reads the laid-out kit back per locale (generator.readback): what would print is
the content's text for that locale, with no raw key, placeholder or id."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import add_italian_strings, new_game

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.content.locate import shipped_games
from stamperia.generator.draw.drawing import iter_text_boxes
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.readback import readback_problems


def check_lines(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, ["check", "--no-balance", *args])
    return result.exit_code, result.output.splitlines()


@pytest.mark.parametrize("name", shipped_games())
def test_every_shipped_game_reads_back_clean_in_every_locale(name: str) -> None:
    game = load_game(name)
    assert len(game.locales) >= 2
    assert [p.format() for p in readback_problems(game)] == []


def test_a_new_english_game_reads_back_clean(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    assert readback_problems(load_game(str(folder))) == []


def test_an_id_printed_as_a_title_is_an_error_at_its_csv_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "market,3,Market,", "market,3,market_stall,"), encoding="utf-8")
    code, lines = check_lines("my_game")
    assert code == 1
    assert lines[0] == (
        "my_game/decks/actions.csv:2: column 'Title': market (cards-actions.pdf), en, box "
        "'title' prints 'market_stall': 'market_stall' is an id, not a printed name (give the "
        "box a string of the game, or fill the field it names) [K009]")


def test_an_unfilled_placeholder_is_an_error(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    strings = folder / "strings" / "en.json"
    strings.write_text(strings.read_text(encoding="utf-8").replace(
        '"title": "My Game"', '"title": "My Game {edition}"'), encoding="utf-8")
    code, lines = check_lines("my_game")
    assert code == 1
    assert lines[0] == (
        "my_game/strings/en.json:1: /: print guide (guide.pdf), en, box 'ui.guide.title' "
        "prints 'My Game {edition}: print-and-play kit': the placeholder {edition} is not "
        "filled (give the box a string of the game, or fill the field it names) [K009]")


def test_a_translation_says_which_card_texts_print_as_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add_italian_strings(new_game(tmp_path, monkeypatch))
    code, lines = check_lines("my_game")
    assert code == 0
    assert (
        "my_game/decks/actions.csv:2: column 'Title': warning: market (cards-actions.pdf), "
        "it, box 'title' prints 'Market': a content field, printed as written: "
        "strings/it.json has no 'card.actions.market.title' (translate it (`stamperia l10n "
        "export --locale it` lists it), or copy it there and list it in \"$same_as_source\" "
        "if it is a name) [K010]") in lines
    assert (
        "my_game/decks/actions.csv:3: column 'Text': warning: harbour (cards-actions.pdf), "
        "it, box 'text' prints 'Draw two cards, then keep one and pass the other left.': a "
        "content field, printed as written: strings/it.json has no "
        "'card.actions.harbour.text' (translate it (`stamperia l10n export --locale it` "
        "lists it), or copy it there and list it in \"$same_as_source\" if it is a name) "
        "[K010]") in lines


def test_tile_captions_print_the_boards_name_not_its_id() -> None:
    game = load_game("iwari")
    documents = {d.stem: d for d in build_kit(game, "en", fit_check_options())}
    texts = [b.text for p in documents["map-nuovi-orizzonti-tiles"].pages
             for b in iter_text_boxes(p.items)]
    assert texts[0] == "New Horizons: assembly"
    assert not [t for t in texts if "nuovi_orizzonti" in t or "Orizzonti" in t]


def test_the_italian_dwarf_standee_carries_the_initial_of_nano() -> None:
    game = load_game("splut")
    letters = {}
    for locale in ("it", "en"):
        standees = next(d for d in build_kit(game, locale, fit_check_options())
                        if d.stem == "standees")
        letters[locale] = sorted({b.text for p in standees.pages
                                  for b in iter_text_boxes(p.items)
                                  if b.source is not None and b.source.key == "letter"})
    assert letters == {"it": ["M", "N", "S", "T"], "en": ["D", "R", "S", "T"]}


def test_build_verify_stops_a_kit_that_would_print_a_placeholder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = new_game(tmp_path, monkeypatch)
    runner = CliRunner()
    clean = runner.invoke(cli, ["build", "my_game", "--verify", "--out", "out"])
    assert clean.exit_code == 0, clean.output
    strings = folder / "strings" / "en.json"
    strings.write_text(strings.read_text(encoding="utf-8").replace(
        '"title": "My Game"', '"title": "My Game {edition}"'), encoding="utf-8")
    result = runner.invoke(cli, ["build", "my_game", "--verify", "--out", "out2"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "my_game: not built: fix the content problems above (stamperia check my_game)")
    assert "the placeholder {edition} is not filled" in result.output
    assert not (tmp_path / "out2" / "my_game").exists()


def test_an_overflow_and_a_printed_id_come_in_the_same_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read-back does not wait for the fit check to pass: independent kit findings
    come together, so a first game does not take one run per stage."""
    folder = new_game(tmp_path, monkeypatch)
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "market,3,Market,", "market,3,market_stall,").replace(
        "Look at another player's hand.", " ".join(["Look at another player's hand."] * 30)),
        encoding="utf-8")
    code, lines = check_lines("my_game")
    assert code == 1
    assert [line.rsplit(" [", 1)[-1] for line in lines[:2]] == ["K009]", "K001]"]
    assert lines[-1] == "checked 1 game(s): 2 error(s), 0 warning(s)"


def test_build_verify_finds_art_the_pdf_prints_as_a_flat_fill(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern fill (which the PDF backend's SVG reader lacks) prints nothing: the art,
    two colours, would come out as one."""
    folder = new_game(tmp_path, monkeypatch)
    (folder / "art" / "woven.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" '
        'viewBox="0 0 120 80"><defs><pattern id="p" width="10" height="10" '
        'patternUnits="userSpaceOnUse"><rect width="5" height="10" fill="#c0392b"/>'
        '<rect x="5" width="5" height="10" fill="#2e86c1"/></pattern></defs>'
        '<rect width="120" height="80" fill="url(#p)"/></svg>', encoding="utf-8")
    deck = folder / "decks" / "actions.csv"
    rows = deck.read_text(encoding="utf-8").splitlines()
    rows[-1] = rows[-1].replace("art/landscape.png", "art/woven.svg")
    deck.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert check_lines("my_game")[0] == 0
    result = CliRunner().invoke(cli, ["build", "my_game", "--verify", "--out", "out"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "my_game/game.json:1: /: en: an image box prints 'art/woven.svg' as a flat fill, "
        "though the art is not flat: the PDF renderer cannot draw what it uses (export it "
        "again as plain paths and gradients (or as a PNG))")


def test_a_kit_that_loses_a_card_is_caught_by_the_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read-back counts the pieces a kit lists against the copies the content states
    and the cards its sheets place: a kit dropping a card (here made to) is an error."""
    from stamperia.generator.kits.cards import kit as cards_kit

    folder = new_game(tmp_path, monkeypatch)
    whole = cards_kit._deck_components
    monkeypatch.setattr(cards_kit, "_deck_components",
                        lambda *args: whole(*args)[:-1])
    found = [p.format() for p in readback_problems(load_game(str(folder)))]
    assert found == [
        "my_game/game.json:1: /: cards-actions.pdf, en: its sheets place 10 card(s), its "
        "pieces are 9 (report it: the kit lost or repeated a card)",
        "my_game/game.json:1: /: cards-events.pdf, en: its sheets place 3 card(s), its "
        "pieces are 2 (report it: the kit lost or repeated a card)",
        "my_game/decks/actions.csv:5: row 5: actions/scout, en: the content "
        "declares 4 copies, the kit prints 3 (report it: the kit lost or repeated a piece)",
        "my_game/cards.json:26: /decks/1/cards/1/copies: events/festival, en: the content "
        "declares 1 copy, the kit prints 0 (report it: the kit lost or repeated a piece)"]
