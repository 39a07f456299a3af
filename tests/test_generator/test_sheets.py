"""Sheet pages: cards placed on slots, clipped to bleed; marks on fronts only."""

from __future__ import annotations

import pytest

from stamperia.generator.draw.drawing import (
    DrawingError,
    Group,
    Line,
    MultiPath,
    Rect,
    Style,
    TextBox,
    iter_text_boxes,
)
from stamperia.generator.print.imposition import Duplex, impose, paginate
from stamperia.generator.print.sheets import place_card, sheet_pages
from stamperia.generator.print.sizes import card_size, paper_size

A4 = paper_size("A4")


def _art(n: int) -> tuple[tuple[Rect | TextBox, ...], ...]:
    return tuple(
        (Rect(-3, -3, 69.5, 94.9, Style(fill="#aa0000", stroke=None)),
         TextBox(3, 3, 57.5, 10, f"carta {i}"))
        for i in range(n)
    )


def test_place_card_translates_to_trim_and_clips_to_bleed() -> None:
    layout = impose(A4, card_size("poker"))
    slot = layout.fronts[0]
    group = place_card((), slot)
    assert group.translate == (slot.trim.x, slot.trim.y)
    assert group.clip is not None
    assert (group.clip.x, group.clip.y) == pytest.approx((-3.0, -3.0))
    assert (group.clip.width, group.clip.height) == (slot.bleed.width, slot.bleed.height)


def test_long_duplex_gives_front_and_back_pages() -> None:
    layout = impose(A4, card_size("poker"), duplex=Duplex.LONG)
    pages = sheet_pages(layout, paginate(layout, 11), _art(11), _art(11), "mazzo")
    assert [p.label for p in pages] == ["mazzo sheet 1 front", "mazzo sheet 1 back",
                                        "mazzo sheet 2 front", "mazzo sheet 2 back"]
    front, back = pages[0], pages[1]
    # each mark is a white halo under a black line
    assert sum(isinstance(i, Line) for i in front.items) == 2 * len(layout.crop_marks)
    assert not any(isinstance(i, Line) for i in back.items)
    back_groups = [i for i in back.items if isinstance(i, Group)]
    assert back_groups[0].translate == (layout.backs[0].trim.x, layout.backs[0].trim.y)
    assert [t.text for t in iter_text_boxes(pages[2].items)] == ["carta 9", "carta 10"]


def test_fold_gives_one_page_per_sheet_with_fold_line() -> None:
    layout = impose(A4, card_size("poker"), duplex=Duplex.FOLD)
    pages = sheet_pages(layout, paginate(layout, layout.per_sheet), _art(9), _art(9), "m")
    assert len(pages) == 1
    groups = [i for i in pages[0].items if isinstance(i, Group)]
    assert len(groups) == 2 * layout.per_sheet
    dashed = [i for i in pages[0].items if isinstance(i, Line) and i.style.dash]
    assert len(dashed) == 1


def test_no_duplex_ignores_backs() -> None:
    layout = impose(A4, card_size("poker"), duplex=Duplex.NONE)
    pages = sheet_pages(layout, paginate(layout, 3), _art(3), (), "m")
    assert len(pages) == 1


def test_drawing_rejects_impossible_values() -> None:
    with pytest.raises(DrawingError):
        Style(fill="red")
    with pytest.raises(DrawingError):
        TextBox(0, 0, 10, 10, "x", size=6, min_size=8)
    with pytest.raises(DrawingError):
        Rect(0, 0, -1, 5)
    for subpaths in ((((0.0, 0.0),),), (((0.0, 0.0), (1.0, 1.0)), ())):
        with pytest.raises(DrawingError, match="at least 2 points"):
            MultiPath(subpaths, closed=True)
    assert MultiPath((), closed=True).subpaths == ()
