"""The kit's own words: plural forms by CLDR, the game's strings over the package's, the
keys each kit declares, and the room of each printed box."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from gamefixtures import FIXTURES, make_game

from stamperia.content.l10n.model import source_hash
from stamperia.content.loader import load_game
from stamperia.content.locate import shipped_games
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.registry import kit_for
from stamperia.generator.kitwords import (
    kit_word_keys,
    kit_wording,
    kit_wording_problems,
    missing_kit_words,
)
from stamperia.generator.layout.textroom import text_rooms
from stamperia.generator.print.calibration import calibration_pages
from stamperia.generator.print.guide import GuideEntry, guide_page
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.uitext import UiText, ui_text


@pytest.mark.parametrize(("locale", "one", "two"), [
    ("it", "1 pagina", "2 pagine"), ("en", "1 page", "2 pages")])
def test_counted_words_follow_cldr_plural_rules(locale: str, one: str, two: str) -> None:
    ui = ui_text(locale)
    assert (ui.count("guide.pages", 1), ui.count("guide.pages", 2)) == (one, two)


def test_french_zero_is_singular_and_a_missing_category_falls_back_to_other() -> None:
    ui = UiText("fr", {"n.one": "{count} page", "n.other": "{count} pages"})
    assert [ui.count("n", n) for n in (0, 1, 2)] == ["0 page", "1 page", "2 pages"]
    assert UiText("pl", {"n.one": "{count} strona", "n.other": "{count} stron"}).count(
        "n", 3) == "3 stron"


def test_the_guide_says_1_page_not_1_pages(tmp_path: Path) -> None:
    game = load_game(str(make_game(tmp_path)))
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    guide = build_kit(game, "it", options)[0].pages[0]
    lines = [item.text for item in guide.items if hasattr(item, "text") and ".pdf" in item.text]
    assert any(" — 1 pagina — " in line for line in lines), lines
    assert not any("1 pagine" in line for line in lines)


def test_a_games_own_words_win_over_the_packages(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [
        {"file": "strings/it.json", "op": "set", "pointer": "/ui",
         "value": {"kit": {"cards": "Carte da gioco"}}},
        {"file": "strings/en.json", "op": "set", "pointer": "/ui",
         "value": {"kit": {"tokens": "Counters"}}}])
    game = load_game(str(folder))
    assert kit_wording(game, "it")("kit.cards") == "Carte da gioco"
    english = kit_wording(game, "en")
    assert (english("kit.tokens"), english("kit.cards")) == ("Counters", "Cards")


def test_a_locale_without_the_kits_words_names_the_missing_keys(tmp_path: Path) -> None:
    english = (FIXTURES / "tiny" / "strings" / "en.json").read_text(encoding="utf-8")
    folder = make_game(tmp_path, [
        {"file": "game.json", "op": "append", "pointer": "/locales/translations",
         "value": "de"},
        {"file": "strings/de.json", "op": "write", "text": english}])
    game = load_game(str(folder))
    missing = missing_kit_words(game, "de")
    assert missing == tuple("ui." + k for k in kit_word_keys(game))
    assert "ui.card.timing.turn" in missing and "ui.guide.pages.one" in missing
    assert missing_kit_words(game, "en") == ()


class _Recorder(Mapping[str, str]):
    """The package's words, remembering every key a kit looks up."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        self.seen: set[str] = set()

    def __getitem__(self, key: str) -> str:
        self.seen.add(key)
        return self.texts[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen.add(key)
        return key in self.texts

    def get(self, key: str, default: object = None) -> object:  # type: ignore[override]
        self.seen.add(key)
        return self.texts.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __len__(self) -> int:
        return len(self.texts)


@pytest.mark.parametrize("name", shipped_games())
def test_each_kit_declares_every_word_it_prints(name: str) -> None:
    """A word a kit prints but does not declare would be missing from the game's catalogue
    and from the checks: build the kit with a recording catalogue and compare."""
    game = load_game(name)
    kit = kit_for(game.ruleset)
    recorder = _Recorder(ui_text("it", kit.word_packages()).texts)
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    kit.documents(game, "it", UiText("it", recorder), options)
    declared = set(kit_word_keys(game))
    printed = {k for k in recorder.seen if k in recorder.texts}
    assert printed, "the kit printed none of the package words"
    assert printed - declared == set()


@pytest.mark.parametrize("duplex", list(Duplex))
def test_the_guide_and_the_calibration_sheet_print_only_words_every_kit_declares(
        duplex: Duplex) -> None:
    """stamperia.generator.kit adds the guide and, for a double-sided kit, the calibration sheet to
    every kit: their words are declared for every game."""
    game = load_game("splut")
    recorder = _Recorder(ui_text("it").texts)
    ui = UiText("it", recorder)
    paper = paper_size("a4")
    calibration_pages(paper, duplex, ui, (0.0, 0.0))
    entries = (GuideEntry("calibration.pdf", ui("kit.calibration"), 2, "long"),
               GuideEntry("cards.pdf", "", 2, duplex.value, 9, "poker"))
    guide_page(game, "it", ui, paper, entries, "stamp")
    printed = {k for k in recorder.seen if k in recorder.texts}
    assert {"guide.cards.other", "guide.calibration_steps"} <= printed
    assert ("calibration.steps" in printed) == (duplex in (Duplex.LONG, Duplex.SHORT))
    assert printed - set(kit_word_keys(game)) == set()


def test_rooms_name_the_card_and_count_characters_at_the_minimum_size() -> None:
    rooms = text_rooms(load_game("sgrunt"), FontSet.default())
    text = rooms["card.events.popolamento.text"]
    assert text.where.startswith("events/popolamento, a box of ")
    assert text.room is not None and 300 < text.room < 2000
    name = rooms["card.events.popolamento.name"]
    assert name.room is not None and name.room < text.room
    assert rooms["ui.card.timing.event_reveal"].where.startswith("events/")


def test_check_warns_about_unknown_and_stale_kit_words(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [
        {"file": "strings/en.json", "op": "set", "pointer": "/ui",
         "value": {"kit": {"cards": "Playing cards", "cardz": "Cards"}}},
        {"file": "strings/en.json", "op": "set", "pointer": "/$source_hashes",
         "value": {"ui.kit.cards": "000000000000"}}])
    game = load_game(str(folder))
    assert [p.format().split(": warning: ", 1)[1] for p in kit_wording_problems(game)] == [
        "en text 'ui.kit.cards' is stale: the kit's source word changed since it was "
        "translated (review it, then import it again)",
        "text 'ui.kit.cardz' is no word of this game's kit (did you mean 'ui.kit.cards'?)"]
    english = folder / "strings" / "en.json"
    text = english.read_text(encoding="utf-8").replace("000000000000", source_hash("Carte"))
    english.write_text(text, encoding="utf-8")
    assert len(kit_wording_problems(load_game(str(folder)))) == 1
