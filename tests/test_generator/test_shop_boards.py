"""Every board a print shop gets (`*-large.pdf`): a standard paper's trim, 3 mm bleed, a
10 mm slug holding crop marks on white halos and the version stamp, and the board
filling its page."""

from __future__ import annotations

from functools import cache

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.splut.board import SplutBoard
from stamperia.generator.draw.drawing import (
    Group,
    Item,
    Line,
    Page,
    PageBox,
    Rect,
    TextBox,
    iter_text_boxes,
)
from stamperia.generator.kit import KitDocument, build_kit, fit_check_options
from stamperia.generator.print.printshop import (
    BLEED,
    SLUG,
    PaperTooSmall,
    crop_marks,
    shop_paper,
)
from stamperia.generator.print.sizes import PAPER_SIZES
from stamperia.generator.print.stamp import kit_stamp

GAMES = ("sgrunt", "mugrugni", "splut", "iwari")
STANDARD = {(p.width, p.height) for name in ("a3", "a2", "a1")
            for p in (PAPER_SIZES[name].portrait(), PAPER_SIZES[name].landscape())}


@cache
def shop_boards(game: str) -> tuple[KitDocument, ...]:
    documents = build_kit(load_game(game), "en", fit_check_options())
    return tuple(d for d in documents if d.stem.endswith("-large"))


def test_each_game_with_a_board_has_its_print_shop_boards() -> None:
    stems = {game: [d.stem for d in shop_boards(game)] for game in GAMES}
    assert stems == {"sgrunt": ["board-large"], "mugrugni": ["board-large"],
                     "splut": ["board-large"],
                     "iwari": ["map-nuovi-orizzonti-large", "map-vaste-terre-large"]}


def _pages() -> list[tuple[str, Page]]:
    return [(f"{game}/{d.stem}", d.pages[0]) for game in GAMES for d in shop_boards(game)]


@pytest.mark.parametrize("name", [n for n, _ in _pages()])
def test_a_shop_board_is_a_standard_trim_with_bleed_and_slug(name: str) -> None:
    page = dict(_pages())[name]
    trim, bleed = page.trim_box, page.bleed_box
    assert (trim.width, trim.height) in STANDARD
    assert (trim.x, trim.y) == (SLUG + BLEED, SLUG + BLEED)
    assert (bleed.x, bleed.y, bleed.width, bleed.height) == (
        SLUG, SLUG, trim.width + 2 * BLEED, trim.height + 2 * BLEED)
    assert (page.width_mm, page.height_mm) == (trim.width + 2 * (SLUG + BLEED),
                                               trim.height + 2 * (SLUG + BLEED))
    # the art runs into the bleed: the first thing painted covers it whole
    first = page.items[0]
    assert isinstance(first, Rect) and first.style.fill is not None
    assert (first.x, first.y, first.width, first.height) == (
        bleed.x, bleed.y, bleed.width, bleed.height)


@pytest.mark.parametrize("name", [n for n, _ in _pages()])
def test_crop_marks_lie_in_the_slug_each_on_a_white_halo(name: str) -> None:
    page = dict(_pages())[name]
    bleed = page.bleed_box
    marks = [i for i in page.items if isinstance(i, Line) and i.style.stroke == "#000000"]
    halos = [i for i in page.items if isinstance(i, Line) and i.style.stroke == "#ffffff"]
    assert len(marks) == 8
    for mark in marks:
        # wholly outside the bleed box, at least 1 mm from it, and inside the paper
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            outside = max(bleed.x - x, x - (bleed.x + bleed.width),
                          bleed.y - y, y - (bleed.y + bleed.height))
            assert outside >= 1.0 - 1e-9
            assert 0 < x < page.width_mm and 0 < y < page.height_mm
        halo = [h for h in halos if (h.x1, h.y1, h.x2, h.y2) == (mark.x1, mark.y1, mark.x2,
                                                                 mark.y2)]
        assert halo and halo[0].style.stroke_width >= 4 * mark.style.stroke_width
        assert page.items.index(halo[0]) < page.items.index(mark)


@pytest.mark.parametrize("game", GAMES)
def test_the_version_stamp_is_in_the_slug(game: str) -> None:
    text = kit_stamp(load_game(game), "en").text
    for document in shop_boards(game):
        page = document.pages[0]
        stamps = [i for i in page.items if isinstance(i, TextBox) and i.text == text]
        assert len(stamps) == 1
        assert stamps[0].y >= page.bleed_box.y + page.bleed_box.height


def test_the_splut_board_fills_its_page_above_its_legend() -> None:
    """Was 339 mm of an A2's 420 mm (46 % of the page): now the squares grow, in half
    millimetres, until the board and its legend fill the trim."""
    page = shop_boards("splut")[0].pages[0]
    squares = [r for g in page.items for r in _rects(g) if r.width == r.height and r.width > 30]
    side = squares[0].width
    board = load_game("splut").part(SplutBoard)
    assert len(squares) == 41 and side == 41.5 > board.square_mm
    assert (9 * side + 24) / page.trim_box.width > 0.9
    texts = [t.text for t in iter_text_boxes(page.items)]
    assert "Yellow — start squares: Troll F2 · Dwarf E2 · Sorcerer D2" in texts
    assert any(t.startswith("Rock: starts on E1, A5, E9, I5") for t in texts)


def _rects(item: Item) -> list[Rect]:
    if isinstance(item, Rect):
        return [item]
    if isinstance(item, Group):
        return [r for i in item.items for r in _rects(i)]
    return []


def test_shop_paper_is_the_smallest_standard_paper_with_margins() -> None:
    assert shop_paper(350.5, 239.5).name == "A3" and shop_paper(350.5, 239.5).width == 420
    assert (shop_paper(287, 410).width, shop_paper(287, 410).height) == (297, 420)
    assert shop_paper(288, 410).name == "A2"
    with pytest.raises(PaperTooSmall, match="does not fit on A1"):
        shop_paper(600, 900)


def test_crop_marks_start_one_mm_past_the_bleed() -> None:
    marks = crop_marks(PageBox(13, 13, 100, 50))
    black = [m for m in marks if isinstance(m, Line) and m.style.stroke == "#000000"]
    top_left = [m for m in black if m.x1 == 13 and m.y1 < 13]
    assert [(m.y1, m.y2) for m in top_left] == [(9.0, 1.0)]


def test_a_splut_board_too_large_for_a1_is_a_content_error_at_its_square_size() -> None:
    from dataclasses import replace

    from stamperia.generator.kitdocument import KitError
    from stamperia.generator.kits.splut.kit import LABEL_BAND
    from stamperia.generator.kits.splut.shopboard import shop_layout

    board = load_game("splut").part(SplutBoard)
    assert shop_layout(board, LABEL_BAND)[0].name == "A2"
    with pytest.raises(KitError) as error:
        shop_layout(replace(board, square_mm=80.0), LABEL_BAND)
    problem = error.value.problem
    assert problem is not None and problem.pointer == "/square_mm"
    assert "more than A1" in problem.message
