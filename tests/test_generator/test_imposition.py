"""Imposition: card grid, bleed, backs and crop marks as numbers."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from stamperia.generator.draw.geometry import Box, Segment
from stamperia.generator.print.imposition import (
    Duplex,
    ImpositionError,
    SheetLayout,
    impose,
    paginate,
)
from stamperia.generator.print.sizes import CARD_SIZES, PAPER_SIZES, Size, card_size, paper_size

A4 = paper_size("A4")
POKER = card_size("poker")


def _count(available: float, card: float, bleed: float, gap: float) -> int:
    return math.floor((available - 2 * bleed + gap) / (card + gap) + 1e-9)


def _printable(layout: SheetLayout) -> Box:
    m = layout.margin
    return Box(m, m, layout.paper.width - 2 * m, layout.paper.height - 2 * m)


def _assert_marks_clear(layout: SheetLayout) -> None:
    """Marks print (at least 5 mm inside the page or half page) and never reach a trim."""
    region, m = layout.mark_region, max(layout.margin, 5.0)
    trims = [Box(s.trim.x - 0.5 + 1e-6, s.trim.y - 0.5 + 1e-6, s.trim.width + 1 - 2e-6,
                 s.trim.height + 1 - 2e-6) for s in layout.fronts + layout.backs]
    for mark in layout.crop_marks:
        assert not any(mark.touches(b) for b in trims), mark
        assert min(mark.x1, mark.x2) >= region.x + m - 1e-9, mark
        assert max(mark.x1, mark.x2) <= region.right - m + 1e-9, mark
        assert min(mark.y1, mark.y2) >= region.y + m - 1e-9, mark
        assert max(mark.y1, mark.y2) <= region.bottom - m + 1e-9, mark


def test_a4_poker_is_three_by_three_portrait_with_computed_positions() -> None:
    layout = impose(A4, POKER, bleed=3.0, margin=5.0)
    # Full-bleed gutters (6 mm) would cost a column: 3*63.5 + 2*6 + 2*3 > 200.
    assert _count(200.0, 63.5, 3.0, 6.0) == 2
    assert (layout.columns, layout.rows, layout.landscape, layout.gap) == (3, 3, False, 0.0)
    x0 = 5.0 + (200.0 - 3 * 63.5) / 2  # 9.75: grid centred in the printable width
    y0 = 5.0 + (287.0 - 3 * 88.9) / 2  # 15.15
    for slot in layout.fronts:
        assert slot.trim.x == pytest.approx(x0 + slot.column * 63.5)
        assert slot.trim.y == pytest.approx(y0 + slot.row * 88.9)
        assert (slot.trim.width, slot.trim.height) == (63.5, 88.9)
    first = layout.fronts[0].bleed
    assert (first.x, first.y) == pytest.approx((x0 - 3.0, y0 - 3.0))
    # Shared cut lines: the centre card has no room for bleed, its bleed is its trim.
    assert layout.fronts[4].bleed == layout.fronts[4].trim
    assert _printable(layout).contains(first)


def test_full_bleed_gutter_is_kept_when_it_costs_no_cards() -> None:
    layout = impose(A4, card_size("tarot"))
    assert layout.gap == 6.0
    assert (layout.columns, layout.rows) == (2, 2)
    a, b = layout.fronts[0], layout.fronts[1]
    assert b.trim.x - a.trim.right == pytest.approx(6.0)
    assert a.bleed.right == pytest.approx(b.bleed.x)  # bleeds touch, never overlap


def test_explicit_small_gap_shrinks_inner_bleed() -> None:
    layout = impose(A4, POKER, gap=2.0)
    a, b = layout.fronts[0], layout.fronts[1]
    assert a.bleed.right - a.trim.right == pytest.approx(1.0)
    assert a.trim.x - a.bleed.x == pytest.approx(3.0)
    assert not a.bleed.overlaps(b.bleed)


def test_landscape_is_chosen_when_it_holds_more_cards() -> None:
    mini = card_size("mini")
    portrait = _count(200.0, 44.5, 3.0, 0.0) * _count(287.0, 63.5, 3.0, 0.0)
    landscape = _count(287.0, 44.5, 3.0, 0.0) * _count(200.0, 63.5, 3.0, 0.0)
    assert (portrait, landscape) == (16, 18)
    layout = impose(A4, mini)
    assert layout.landscape
    assert (layout.paper.width, layout.paper.height) == (297.0, 210.0)
    assert layout.per_sheet == 18


def test_ties_prefer_portrait() -> None:
    layout = impose(A4, card_size("square"))
    assert not layout.landscape
    assert (layout.paper.width, layout.paper.height) == (210.0, 297.0)


def test_long_edge_backs_mirror_columns_on_portrait_sheets() -> None:
    layout = impose(A4, POKER, duplex=Duplex.LONG)
    for front, back in zip(layout.fronts, layout.backs, strict=True):
        assert back.trim.x == pytest.approx(210.0 - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)
        assert back.column == layout.columns - 1 - front.column
        assert back.bleed.x == pytest.approx(210.0 - front.bleed.right)


def test_short_edge_backs_mirror_rows_on_portrait_sheets() -> None:
    layout = impose(A4, POKER, duplex=Duplex.SHORT)
    for front, back in zip(layout.fronts, layout.backs, strict=True):
        assert back.trim.y == pytest.approx(297.0 - front.trim.bottom)
        assert back.trim.x == pytest.approx(front.trim.x)
        assert back.row == layout.rows - 1 - front.row


def test_long_edge_on_a_landscape_sheet_mirrors_rows() -> None:
    layout = impose(A4, card_size("mini"), duplex=Duplex.LONG)
    assert layout.landscape
    for front, back in zip(layout.fronts, layout.backs, strict=True):
        assert back.trim.y == pytest.approx(210.0 - front.trim.bottom)
        assert back.trim.x == pytest.approx(front.trim.x)


def test_no_duplex_has_no_backs() -> None:
    assert impose(A4, POKER, duplex=Duplex.NONE).backs == ()


def test_fold_puts_backs_mirrored_across_the_fold_line() -> None:
    layout = impose(A4, POKER, duplex=Duplex.FOLD)
    fold = layout.fold_line
    assert fold is not None
    w, h = layout.paper.width, layout.paper.height
    vertical = fold.x1 == fold.x2
    assert (fold.x1 == w / 2) if vertical else (fold.y1 == h / 2)
    assert layout.per_sheet < impose(A4, POKER).per_sheet
    for front, back in zip(layout.fronts, layout.backs, strict=True):
        if vertical:
            assert front.bleed.right <= w / 2 - layout.margin + 1e-9
            assert back.trim.x == pytest.approx(w - front.trim.right)
        else:
            assert front.bleed.bottom <= h / 2 - layout.margin + 1e-9
            assert back.trim.y == pytest.approx(h - front.trim.bottom)
    for mark in layout.crop_marks:
        if vertical:
            assert max(mark.x1, mark.x2) <= w / 2 - 5.0 + 1e-9
        else:
            assert max(mark.y1, mark.y2) <= h / 2 - 5.0 + 1e-9
    _assert_marks_clear(layout)
    # Every cut line of the fronts is marked at both ends, inside the printable band.
    xs = {round(x, 6) for s in layout.fronts for x in (s.trim.x, s.trim.right)}
    ys = {round(y, 6) for s in layout.fronts for y in (s.trim.y, s.trim.bottom)}
    assert {round(mk.x1, 6) for mk in layout.crop_marks if mk.x1 == mk.x2} == xs
    assert {round(mk.y1, 6) for mk in layout.crop_marks if mk.y1 == mk.y2} == ys


def test_crop_marks_extend_every_trim_edge_outside_the_bleed() -> None:
    layout = impose(A4, POKER)
    _assert_marks_clear(layout)
    vertical = [m for m in layout.crop_marks if m.x1 == m.x2]
    horizontal = [m for m in layout.crop_marks if m.y1 == m.y2]
    # 4 distinct x edges (shared cut lines) x top and bottom; same for y edges.
    assert len(vertical) == 8 and len(horizontal) == 8
    xs = sorted({round(m.x1, 6) for m in vertical})
    assert xs == pytest.approx([9.75, 73.25, 136.75, 200.25])
    top = [m for m in vertical if m.y1 < 100]
    grid_top = layout.fronts[0].bleed.y
    for mark in top:
        assert max(mark.y1, mark.y2) == pytest.approx(grid_top - 1.0)
        assert mark.length == pytest.approx(4.0)
    assert all(m.length <= 4.0 + 1e-9 for m in layout.crop_marks)
    # The cross cuts: cards fill the width, so their marks are short ticks from the
    # printable margin (5 mm) to 0.5 mm short of the outer bleed at 6.75 mm; they
    # reached over the bleed to 0.5 mm short of the trim at 9.75 mm.
    left = sorted((min(m.x1, m.x2), max(m.x1, m.x2)) for m in horizontal if m.x1 < 100)
    assert left == [pytest.approx((5.0, 6.25))] * 4
    right = sorted((min(m.x1, m.x2), max(m.x1, m.x2)) for m in horizontal if m.x1 > 100)
    assert right == [pytest.approx((203.75, 205.0))] * 4
    bleed = (layout.fronts[0].bleed.x, layout.fronts[-1].bleed.right)
    assert all(max(m.x1, m.x2) <= bleed[0] or min(m.x1, m.x2) >= bleed[1] for m in horizontal)


def test_partial_sheet_marks_only_its_cards() -> None:
    layout = impose(A4, POKER)
    marks = layout.marks_for(layout.fronts[:2])
    xs = sorted({round(m.x1, 6) for m in marks if m.x1 == m.x2})
    ys = sorted({round(m.y1, 6) for m in marks if m.y1 == m.y2})
    assert xs == pytest.approx([9.75, 73.25, 136.75])
    assert ys == pytest.approx([layout.fronts[0].trim.y, layout.fronts[0].trim.bottom])
    assert layout.marks_for(()) == ()


def test_a_gap_gives_every_card_its_own_bleed_and_cut_lines() -> None:
    layout = impose(A4, card_size("mini"), gap=6.0)
    assert layout.gap == 6.0
    for slot in layout.fronts:
        assert slot.trim.x - slot.bleed.x == pytest.approx(3.0)
        assert slot.bleed.right - slot.trim.right == pytest.approx(3.0)
    xs = {round(m.x1, 6) for m in layout.crop_marks if m.x1 == m.x2}
    assert len(xs) == 2 * layout.columns
    _assert_marks_clear(layout)


def test_gap_out_of_bounds_is_refused() -> None:
    with pytest.raises(ImpositionError):
        impose(A4, POKER, gap=25.0)


def test_card_too_large_raises_a_clear_error() -> None:
    with pytest.raises(ImpositionError) as error:
        impose(A4, card_size("300x400"))
    assert "300x400" in str(error.value) and "A4" in str(error.value)


def test_negative_bleed_is_rejected() -> None:
    with pytest.raises(ImpositionError):
        impose(A4, POKER, bleed=-1.0)


def test_paginate_fills_sheets_row_by_row() -> None:
    layout = impose(A4, POKER, duplex=Duplex.LONG)
    sheets = paginate(layout, 20)
    assert [len(s.fronts) for s in sheets] == [9, 9, 2]
    assert [p.card for p in sheets[1].fronts] == list(range(9, 18))
    last = sheets[2]
    assert [p.slot for p in last.fronts] == list(layout.fronts[:2])
    assert [p.slot for p in last.backs] == list(layout.backs[:2])
    assert paginate(layout, 0) == ()


def test_paginate_without_duplex_has_no_backs() -> None:
    layout = impose(A4, POKER, duplex=Duplex.NONE)
    assert all(sheet.backs == () for sheet in paginate(layout, 10))


def _all_disjoint(boxes: list[Box]) -> bool:
    return not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


@settings(max_examples=150, deadline=None)
@given(
    width=st.floats(min_value=25.0, max_value=200.0),
    height=st.floats(min_value=25.0, max_value=280.0),
    bleed=st.sampled_from([0.0, 1.0, 3.0, 3.175, 5.0]),
    margin=st.sampled_from([0.0, 5.0, 6.35, 10.0]),
    gap=st.one_of(st.none(), st.floats(min_value=0.0, max_value=12.0)),
    paper=st.sampled_from(["a4", "letter", "a3"]),
    duplex=st.sampled_from(list(Duplex)),
)
def test_imposition_property(
    width: float, height: float, bleed: float, margin: float, gap: float | None,
    paper: str, duplex: Duplex,
) -> None:
    try:
        layout = impose(PAPER_SIZES[paper], Size("custom", width, height), bleed, margin, gap,
                        duplex)
    except ImpositionError:
        assume(False)
        return
    printable = _printable(layout)
    for slot in layout.fronts + layout.backs:
        assert printable.contains(slot.trim)
        assert printable.contains(slot.bleed)
        assert slot.bleed.contains(slot.trim)
    assert _all_disjoint([s.bleed for s in layout.fronts])
    if duplex is Duplex.FOLD:
        assert _all_disjoint([s.bleed for s in layout.fronts + layout.backs])
    _assert_marks_clear(layout)


def test_every_preset_fits_on_a4() -> None:
    for name in CARD_SIZES:
        assert impose(A4, CARD_SIZES[name]).per_sheet >= 1, name


def test_segment_touches_detects_contact() -> None:
    box = Box(0, 0, 10, 10)
    assert Segment(10, 5, 12, 5).touches(box)
    assert not Segment(11, 5, 12, 5).touches(box)
