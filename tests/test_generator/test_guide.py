"""The print guide: counts with correct plurals, every section, calibration when duplex."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Page, iter_text_boxes
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.print.stamp import kit_stamp
from stamperia.generator.uitext import ui_text


def _texts(page: Page) -> list[str]:
    return [box.text for box in iter_text_boxes(page.items)]


def _guide(name: str, locale: str, duplex: Duplex) -> Page:
    options = KitOptions(paper_size("a4"), card_size("poker"), duplex)
    documents = build_kit(load_game(name), locale, options)
    assert documents[0].stem == "guide"
    return documents[0].pages[0]


def test_files_are_listed_with_counts_in_the_right_number() -> None:
    texts = _texts(_guide("iwari", "it", Duplex.LONG))
    board = ui_text("it")("kit.board_large")
    assert f"map-nuovi-orizzonti-large.pdf — {board} — 1 pagina — solo fronte" in texts
    cards = next(t for t in texts if t.startswith("cards.pdf"))
    assert "14 pagine — 62 carte, poker (63.5×88.9 mm) — fronte-retro" in cards
    english = _texts(_guide("iwari", "en", Duplex.LONG))
    assert any(t.startswith("score-board.pdf") and "— 1 page —" in t for t in english)


def test_every_section_and_the_stamp_are_on_the_page() -> None:
    ui = ui_text("en")
    texts = _texts(_guide("sgrunt", "en", Duplex.LONG))
    for key in ("guide.files", "guide.buy", "guide.need.tools", "guide.settings",
                "guide.cutting", "guide.calibration"):
        assert ui(key) in texts, key
    assert kit_stamp(load_game("sgrunt"), "en").text in texts


def test_a_fold_kit_has_no_calibration_section() -> None:
    texts = _texts(_guide("sgrunt", "en", Duplex.FOLD))
    assert ui_text("en")("guide.calibration") not in texts
    assert not any(t.startswith("calibration.pdf") for t in texts)
