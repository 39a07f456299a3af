"""Tiling a big page over small sheets: coverage, overlap, labels, marks."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stamperia.generator.draw.drawing import Group, Page, Rect, Style
from stamperia.generator.print.sizes import paper_size
from stamperia.generator.print.tiling import TilingError, plan_tiles, row_letters, tile_pages

A4 = paper_size("A4")


def _starts(values: list[float]) -> list[float]:
    return sorted(set(values))


def test_board_on_a4_uses_the_orientation_needing_fewer_sheets() -> None:
    layout = plan_tiles(594.0, 420.0, A4, margin=10.0, overlap=10.0)
    portrait = math.ceil((594 - 10) / (190 - 10)) * math.ceil((420 - 10) / (277 - 10))
    landscape = math.ceil((594 - 10) / (277 - 10)) * math.ceil((420 - 10) / (190 - 10))
    assert (portrait, landscape) == (8, 9)
    assert not layout.landscape
    assert (layout.columns, layout.rows) == (4, 2)
    assert [t.label for t in layout.tiles] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


@pytest.mark.parametrize(
    ("width", "height", "overlap"),
    [(594.0, 420.0, 10.0), (841.0, 594.0, 15.0), (300.0, 200.0, 5.0), (500.0, 500.0, 0.0)],
)
def test_tiles_cover_the_page_with_exact_overlap(width: float, height: float,
                                                 overlap: float) -> None:
    layout = plan_tiles(width, height, paper_size("letter"), margin=8.0, overlap=overlap)
    printable_w = layout.paper.width - 16.0
    printable_h = layout.paper.height - 16.0
    for tile in layout.tiles:
        assert tile.source.width <= printable_w + 1e-9
        assert tile.source.height <= printable_h + 1e-9
        assert tile.origin == (8.0, 8.0)
    first_row = [t for t in layout.tiles if t.row == 0]
    first_col = [t for t in layout.tiles if t.column == 0]
    assert first_row[0].source.x == 0.0
    assert first_row[-1].source.right == pytest.approx(width)
    assert first_col[0].source.y == 0.0
    assert first_col[-1].source.bottom == pytest.approx(height)
    for a, b in zip(first_row, first_row[1:], strict=False):
        assert a.source.right - b.source.x == pytest.approx(overlap)
    for a, b in zip(first_col, first_col[1:], strict=False):
        assert a.source.bottom - b.source.y == pytest.approx(overlap)
    # Every tile of a column shares the column's x range (a true grid).
    for tile in layout.tiles:
        assert tile.source.x == first_row[tile.column].source.x
        assert tile.source.y == first_col[tile.row].source.y


def test_page_that_fits_is_a_single_tile() -> None:
    layout = plan_tiles(150.0, 100.0, A4)
    assert len(layout.tiles) == 1
    source = layout.tiles[0].source
    assert (source.x, source.y, source.width, source.height) == (0.0, 0.0, 150.0, 100.0)
    assert layout.registration == ()


def test_registration_marks_lie_in_overlap_bands_shared_by_two_tiles() -> None:
    layout = plan_tiles(594.0, 420.0, A4)
    assert layout.registration
    for x, y in layout.registration:
        holders = [t for t in layout.tiles
                   if t.source.x <= x <= t.source.right and t.source.y <= y <= t.source.bottom]
        assert len(holders) >= 2


@pytest.mark.parametrize(("row", "letters"), [(0, "A"), (25, "Z"), (26, "AA"), (27, "AB"),
                                              (701, "ZZ"), (702, "AAA")])
def test_row_letters(row: int, letters: str) -> None:
    assert row_letters(row) == letters


def test_tile_pages_show_clipped_windows_and_an_assembly_page() -> None:
    board = Page(594.0, 420.0, (Rect(0, 0, 594, 420, Style(fill="#88aa55")),), "board")
    pages = tile_pages(board, A4)
    layout = plan_tiles(594.0, 420.0, A4)
    assert len(pages) == 1 + len(layout.tiles)
    assert pages[0].label == "board assembly"
    for page, tile in zip(pages[1:], layout.tiles, strict=True):
        assert (page.width_mm, page.height_mm) == (layout.paper.width, layout.paper.height)
        assert page.label == f"board {tile.label}"
        content = page.items[0]
        assert isinstance(content, Group) and content.clip is not None
        s = tile.source
        assert (content.clip.x, content.clip.y, content.clip.width, content.clip.height) == (
            s.x, s.y, s.width, s.height)
        assert content.translate == pytest.approx((10.0 - s.x, 10.0 - s.y))


def test_overlap_larger_than_printable_area_is_an_error() -> None:
    with pytest.raises(TilingError):
        plan_tiles(594.0, 420.0, A4, margin=10.0, overlap=200.0)


@settings(max_examples=100, deadline=None)
@given(
    width=st.floats(min_value=10.0, max_value=1200.0),
    height=st.floats(min_value=10.0, max_value=1200.0),
    overlap=st.sampled_from([0.0, 5.0, 10.0, 20.0]),
    paper=st.sampled_from(["a4", "letter"]),
)
def test_tiling_property(width: float, height: float, overlap: float, paper: str) -> None:
    layout = plan_tiles(width, height, paper_size(paper), margin=10.0, overlap=overlap)
    printable = (layout.paper.width - 20.0, layout.paper.height - 20.0)
    xs = sorted({(t.source.x, t.source.right) for t in layout.tiles})
    ys = sorted({(t.source.y, t.source.bottom) for t in layout.tiles})
    assert len(layout.tiles) == len(xs) * len(ys)
    assert xs[0][0] == 0.0 and xs[-1][1] == pytest.approx(width)
    assert ys[0][0] == 0.0 and ys[-1][1] == pytest.approx(height)
    for spans in (xs, ys):
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert end - start == pytest.approx(overlap)
    for tile in layout.tiles:
        assert tile.source.width <= printable[0] + 1e-9
        assert tile.source.height <= printable[1] + 1e-9
