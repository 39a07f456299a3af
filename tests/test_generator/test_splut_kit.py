"""The SPLUT! kit: board at 35 mm squares, tiles with marks, 16 standees, reference cards."""

from __future__ import annotations

import pytest
from splutfixtures import splut_game

from stamperia.content.rulesets.splut.board import SplutBoard
from stamperia.generator.draw.drawing import (
    Group,
    Image,
    Line,
    Rect,
    TextBox,
    iter_text_boxes,
    pt_to_mm,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitDocument, KitOptions
from stamperia.generator.kits.splut.kit import (
    board_page,
    reference_document,
    reference_faces,
    reference_pages,
)
from stamperia.generator.kits.splut.look import splut_look
from stamperia.generator.kits.splut.reference import estimate_lines, split_point
from stamperia.generator.kits.splut.standees import STANDEE_WIDTH, standee_components
from stamperia.generator.layout.context import Look
from stamperia.generator.layout.textfit import find_overflows, fit_text_box
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import CARD_SIZES, PAPER_SIZES, Size
from stamperia.generator.uitext import ui_text


def test_board_squares_are_35_mm_and_labelled() -> None:
    page = board_page(splut_game(), "en")
    squares = [i for i in page.items if isinstance(i, Rect) and i.width == 35.0]
    assert len(squares) == 41
    texts = {t.text for t in page.items if isinstance(t, TextBox)}
    assert {"A", "I", "1", "9", "E5", "Troll", "Dwarf", "Sorcerer"} <= texts
    icons = sorted(i.path.stem for i in page.items if isinstance(i, Image))
    assert icons == sorted(["troll", "dwarf", "sorcerer"] * 4 + ["rock"] * 4)


def test_kit_documents_in_both_languages() -> None:
    options = KitOptions(PAPER_SIZES["letter"], CARD_SIZES["poker"], Duplex.LONG)
    for locale in ("it", "en"):
        documents = {d.stem: d for d in build_kit(splut_game(), locale, options)}
        assert list(documents) == ["guide", "calibration", "board-large", "board-tiles", "standees",
                                   "reference"]
        large = documents["board-large"].pages[0]
        # an A2 trim with 3 mm bleed and a 10 mm slug all round
        assert (large.width_mm, large.height_mm) == (446.0, 620.0)
        assert (large.trim_box.width, large.trim_box.height) == (420.0, 594.0)
        assert len(documents["board-tiles"].pages) == 5  # assembly + 2x2 tiles
        standees = [r for p in documents["standees"].pages for r in p.items
                    if isinstance(r, Rect) and r.width == STANDEE_WIDTH and r.style.fill is None]
        assert len(standees) == 16
        reference = [t.text for page in documents["reference"].pages
                     for t in iter_text_boxes(page.items)]
        assert splut_game().text(locale, "glossary.toco.text") in reference


def _reference(card: str, duplex: Duplex) -> KitDocument:
    options = KitOptions(PAPER_SIZES["a4"], CARD_SIZES[card], duplex)
    game = splut_game()
    look = splut_look(game, "en", ui_text("en"), CARD_SIZES["tarot"])
    return reference_document(game, look, ui_text("en"), options)


def _look(locale: str, card: Size) -> Look:
    return splut_look(splut_game(), locale, ui_text(locale), card)


def test_reference_cards_are_cards_on_a_sheet_with_crop_marks() -> None:
    document = _reference("poker", Duplex.LONG)
    assert (document.component, document.duplex) == ("cards", "long")
    # at least tarot size, so its text prints at 6 pt or more (6.61 pt)
    assert document.card_size == CARD_SIZES["tarot"]
    front, back = document.pages  # 4 cards (one per player) fit on one A4 sheet
    assert (front.label, back.label) == ("reference sheet 1 front", "reference sheet 1 back")
    assert [len([i for i in p.items if isinstance(i, Group)]) for p in document.pages] == [4, 4]
    marks = [i for i in front.items if isinstance(i, Line)]
    assert len(marks) >= 8
    card = [i for i in front.items if isinstance(i, Group)][0]
    assert card.clip is not None and (card.clip.x, card.clip.y) == (-3.0, -3.0)  # bleed
    fold = _reference("poker", Duplex.FOLD)  # two tarot cards per folded A4 sheet
    assert len(fold.pages) == 2 and fold.duplex == "fold"


def test_reference_faces_hold_every_rule_and_glossary_entry_once() -> None:
    game = splut_game()
    board = game.part(SplutBoard)
    for locale in ("it", "en"):
        card = CARD_SIZES["poker"]
        front, back = reference_faces(_look(locale, card), card, 3.0)
        texts = [b.text for b in iter_text_boxes(front + back)]
        expected = [game.text(locale, "reference.title"), game.text(locale, "reference.turn")]
        expected += [game.text(locale, f"piece.{p.id}.{k}") for p in board.pieces
                     for k in ("name", "rule")]
        expected += [game.text(locale, f"glossary.{g}.{k}") for g in board.glossary
                     for k in ("term", "text")]
        for text in expected:
            assert texts.count(text) == 1 or text in ("Troll", "Nano", "Dwarf", "Masso",
                                                      "Rock", "Stregone", "Sorcerer"), text
        assert texts[0] == game.text(locale, "reference.title")
        assert game.text(locale, "glossary.toco.text") in [b.text for b in
                                                           iter_text_boxes(back)]


@pytest.mark.parametrize("card", ["poker", "bridge", "tarot"])
def test_reference_text_fits_at_one_size_on_each_face(card: str) -> None:
    """The estimate leaves room at the chosen size: textfit never has to shrink a box."""
    fonts = FontSet.default()
    for locale in ("it", "en"):
        pages = reference_pages(splut_game(), locale, _look(locale, CARD_SIZES[card]),
                                CARD_SIZES[card], 3.0)
        assert find_overflows(pages, fonts) == ()
        body = {b.size for p in pages for b in iter_text_boxes(p.items)
                if b.source is not None and b.source.key.startswith(("piece.", "glossary."))}
        assert len(body) == 1
        fitted = {fit_text_box(b, fonts).size_pt for p in pages
                  for b in iter_text_boxes(p.items)}
        assert body <= fitted and min(fitted) == min(body)


def test_reference_estimates() -> None:
    assert estimate_lines("aaaa bbbb cccc", 100.0, 10.0) == 1
    per_line = int(20.0 / (pt_to_mm(10.0) * 0.53))  # 10 characters at 10 pt in 20 mm
    assert per_line == 10
    assert estimate_lines("aaaa bbbb cccc", 20.0, 10.0) == 2  # "aaaa bbbb" / "cccc"
    assert estimate_lines("aaaa\nbbbb", 20.0, 10.0) == 2
    # 10 + 3 on the front, 3 + 6 + 6 on the back: 15 is less than 16 (10 + 3 + 3)
    assert split_point(10.0, [3.0, 3.0, 6.0, 6.0], 20.0, 20.0) == 1
    assert split_point(30.0, [3.0, 3.0], 20.0, 20.0) == 0


def test_standee_faces_show_their_pieces_icon_in_the_seats_colour() -> None:
    game = splut_game()
    look = splut_look(game, "en", ui_text("en"), CARD_SIZES["tarot"])
    faces = {(c.group, c.id): c for c in standee_components(game, look)}
    assert len(faces) == 13 and faces[("rock", "rock")].count == 4
    for (piece, seat), face in faces.items():
        icons = [i.path.name for i in face.face if isinstance(i, Image)]
        assert icons == [f"{piece}.svg"], (piece, seat)
        texts = [t.text for t in iter_text_boxes(face.face)]
        assert game.text("en", f"piece.{piece}.name") in texts
    background = faces[("troll", "red")].face[0]
    assert isinstance(background, Rect) and background.style.fill == faces[
        ("troll", "red")].colour
