"""The duplex calibration sheet and the back offset, as numbers of the drawing."""

from __future__ import annotations

import pytest

from stamperia.generator.draw.drawing import Group, Line, Page
from stamperia.generator.print.calibration import behind, calibration_pages, targets
from stamperia.generator.print.imposition import Duplex, impose, paginate
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.uitext import ui_text

A4 = paper_size("A4")


def _lines(page: Page) -> list[Line]:
    found: list[Line] = []
    for item in page.items:
        if isinstance(item, Line):
            found.append(item)
        elif isinstance(item, Group):
            dx, dy = item.translate
            found += [Line(i.x1 + dx, i.y1 + dy, i.x2 + dx, i.y2 + dy) for i in item.items
                      if isinstance(i, Line)]
    return found


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_back_scales_are_centred_behind_the_front_crosses(duplex: Duplex) -> None:
    front, back = calibration_pages(A4, duplex, ui_text("en"), (0.0, 0.0))
    centre = targets(A4)[0]
    assert (centre.x, centre.y) == (105.0, 148.5)
    # The centre cross of the front: a vertical and a horizontal line through (105, 148.5).
    assert any(ln.x1 == ln.x2 == 105.0 and ln.y1 < 148.5 < ln.y2 for ln in _lines(front))
    # Behind it, 13 mm above and left (where the front's 19 mm arms cross them), the zero
    # ticks (3 mm long) of the back's two scales.
    spot = behind(centre, A4, duplex)
    zero_x = [ln for ln in _lines(back) if ln.x1 == ln.x2 == spot.x and ln.y1 == spot.y - 13.0]
    zero_y = [ln for ln in _lines(back) if ln.y1 == ln.y2 == spot.y and ln.x1 == spot.x - 13.0]
    assert len(zero_x) == 1 and len(zero_y) == 1
    # 21 ticks per scale (-10..+10 mm), two scales, five targets.
    ticks = [ln for ln in _lines(back)
             if round(abs(ln.x2 - ln.x1) + abs(ln.y2 - ln.y1), 6) in (3.0, 1.6)]
    assert len(ticks) == 21 * 2 * 5


def test_corner_targets_land_on_each_other_when_the_sheet_turns() -> None:
    points = {(t.x, t.y) for t in targets(A4)}
    for duplex in (Duplex.LONG, Duplex.SHORT):
        assert {(behind(t, A4, duplex).x, behind(t, A4, duplex).y)
                for t in targets(A4)} == points


def test_long_edge_turns_a_portrait_sheet_left_to_right() -> None:
    spot = behind(targets(A4)[1], A4, Duplex.LONG)
    assert (spot.x, spot.y) == (210.0 - 45.0, 45.0)
    spot = behind(targets(A4)[1], A4, Duplex.SHORT)
    assert (spot.x, spot.y) == (45.0, 297.0 - 45.0)


def test_calibration_back_carries_the_offset_and_single_sided_kits_have_none() -> None:
    _, back = calibration_pages(A4, Duplex.LONG, ui_text("it"), (1.5, -0.5))
    assert len(back.items) == 1 and isinstance(back.items[0], Group)
    assert back.items[0].translate == (1.5, -0.5)
    assert calibration_pages(A4, Duplex.FOLD, ui_text("it"), (0.0, 0.0)) == ()
    assert calibration_pages(A4, Duplex.NONE, ui_text("it"), (0.0, 0.0)) == ()


def test_back_offset_shifts_every_back_and_its_boxes() -> None:
    layout = impose(A4, card_size("poker"), duplex=Duplex.LONG)
    art = [()] * 9
    plain = sheet_pages(layout, paginate(layout, 9), art, art, "c")
    shifted = sheet_pages(layout, paginate(layout, 9), art, art, "c", (2.0, -1.0))
    assert plain[0] == shifted[0]  # fronts untouched
    group = shifted[1].items[0]
    assert isinstance(group, Group) and group.translate == (2.0, -1.0)
    before, after = plain[1].trim_box, shifted[1].trim_box
    assert (after.x - before.x, after.y - before.y) == pytest.approx((2.0, -1.0))
