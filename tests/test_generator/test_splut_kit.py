"""The SPLUT! kit: board at 35 mm squares, tiles with marks, 16 standees, reference card."""

from __future__ import annotations

from splutfixtures import splut_game

from generator.drawing import Rect, TextBox, iter_text_boxes
from generator.imposition import Duplex
from generator.kit import build_kit
from generator.kitdocument import KitOptions
from generator.sizes import CARD_SIZES, PAPER_SIZES
from generator.splut_kit import STANDEE_WIDTH, board_page


def test_board_squares_are_35_mm_and_labelled() -> None:
    page = board_page(splut_game(), "en")
    squares = [i for i in page.items if isinstance(i, Rect) and i.width == 35.0]
    assert len(squares) == 41
    texts = {t.text for t in page.items if isinstance(t, TextBox)}
    assert {"A", "I", "1", "9", "E5", "Troll", "Dwarf", "Sorcerer"} <= texts


def test_kit_documents_in_both_languages() -> None:
    options = KitOptions(PAPER_SIZES["letter"], CARD_SIZES["poker"], Duplex.LONG)
    for locale in ("it", "en"):
        documents = {d.stem: d for d in build_kit(splut_game(), locale, options)}
        assert list(documents) == ["guide", "board-large", "board-tiles", "standees",
                                   "reference"]
        large = documents["board-large"].pages[0]
        assert (large.width_mm, large.height_mm) == (420.0, 594.0)
        assert len(documents["board-tiles"].pages) == 5  # assembly + 2x2 tiles
        standees = [r for p in documents["standees"].pages for r in p.items
                    if isinstance(r, Rect) and r.width == STANDEE_WIDTH and r.style.fill is None]
        assert len(standees) == 16
        reference = [t.text for t in iter_text_boxes(documents["reference"].pages[0].items)]
        assert splut_game().text(locale, "glossary.toco.text") in reference
