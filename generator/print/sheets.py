"""Turn an imposed layout and card drawings into printable sheet pages.

Card art is described with its origin at the card's trim top-left corner; the
bleed lies at negative coordinates and beyond the card size. Each card is
placed on its slot and clipped to the slot's bleed box, so art never spills
onto a neighbour even where cards share cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from stamperia.generator.draw.drawing import ClipRect, Group, Item, Line, Page, PageBox, Style
from stamperia.generator.draw.geometry import Box, Segment
from stamperia.generator.print.cropmarks import STROKE_WIDTH_MM, bounding_box
from stamperia.generator.print.imposition import Duplex, Placement, Sheet, SheetLayout, Slot

CROP_MARK_STYLE = Style(stroke="#000000", stroke_width=STROKE_WIDTH_MM)
MARK_HALO_STYLE = Style(stroke="#ffffff", stroke_width=0.6)
"""Under each mark: a tick drawn over a dark bleed still shows."""
FOLD_LINE_STYLE = Style(stroke="#808080", stroke_width=0.2, dash=(3.0, 2.0))

CardArt = tuple[Item, ...]


def place_card(art: CardArt, slot: Slot) -> Group:
    """Card art moved onto its slot and clipped to the slot's bleed box."""
    bleed, trim = slot.bleed, slot.trim
    return Group(
        items=art,
        translate=(trim.x, trim.y),
        clip=ClipRect(bleed.x - trim.x, bleed.y - trim.y, bleed.width, bleed.height),
    )


def _lines(segments: Sequence[Segment], style: Style) -> tuple[Line, ...]:
    return tuple(Line(s.x1, s.y1, s.x2, s.y2, style) for s in segments)


def _placed(placements: Sequence[Placement], art: Sequence[CardArt]) -> tuple[Item, ...]:
    return tuple(place_card(art[p.card], p.slot) for p in placements)


def _page_box(box: Box, shift: tuple[float, float], paper: Box) -> PageBox:
    """A box moved by `shift` and kept on the paper (a back offset may push it off)."""
    left, top = max(box.x + shift[0], paper.x), max(box.y + shift[1], paper.y)
    right = min(box.right + shift[0], paper.right)
    bottom = min(box.bottom + shift[1], paper.bottom)
    return PageBox(left, top, right - left, bottom - top)


def _boxes(placements: Sequence[Placement], paper: Box,
           shift: tuple[float, float] = (0.0, 0.0)
           ) -> tuple[PageBox | None, PageBox | None]:
    """The page's TrimBox and BleedBox: the extent of its cards' trims and bleeds."""
    if not placements:
        return None, None
    trim = bounding_box([p.slot.trim for p in placements])
    bleed = bounding_box([p.slot.bleed for p in placements])
    return _page_box(trim, shift, paper), _page_box(bleed, shift, paper)


def sheet_pages(
    layout: SheetLayout,
    sheets: Sequence[Sheet],
    fronts: Sequence[CardArt],
    backs: Sequence[CardArt],
    label: str,
    back_offset: tuple[float, float] = (0.0, 0.0),
    stamp: Sequence[Item] = (),
) -> tuple[Page, ...]:
    """Pages to print: front then back page per sheet, or one page per sheet for a fold.

    `fronts[i]` and `backs[i]` are the drawings of card i; `backs` is ignored
    when the layout has no duplex. Crop marks mark only the cards placed. Duplex
    backs are shifted by `back_offset` (mm, x right, y down, as read from the
    calibration sheet) to cancel the printer's own offset between the two sides.
    `stamp` (the version stamp) is drawn on every front.
    """
    width, height = layout.paper.width, layout.paper.height
    paper = Box(0.0, 0.0, width, height)
    pages: list[Page] = []
    for sheet in sheets:
        name = f"{label} sheet {sheet.number + 1}"
        segments = layout.marks_for(tuple(p.slot for p in sheet.fronts))
        marks = _lines(segments, MARK_HALO_STYLE) + _lines(segments, CROP_MARK_STYLE)
        front_items = _placed(sheet.fronts, fronts) + marks + tuple(stamp)
        trim, bleed = _boxes(sheet.fronts, paper)
        if layout.duplex is Duplex.FOLD:
            fold = _lines([layout.fold_line], FOLD_LINE_STYLE) if layout.fold_line else ()
            items = front_items + _placed(sheet.backs, backs) + fold
            trim, bleed = _boxes(sheet.fronts + sheet.backs, paper)
            pages.append(Page(width, height, items, name, trim, bleed))
        elif layout.duplex is Duplex.NONE:
            pages.append(Page(width, height, front_items, name, trim, bleed))
        else:
            pages.append(Page(width, height, front_items, f"{name} front", trim, bleed))
            back_items: tuple[Item, ...] = _placed(sheet.backs, backs)
            if back_offset != (0.0, 0.0):
                back_items = (Group(back_items, translate=back_offset),)
            back_trim, back_bleed = _boxes(sheet.backs, paper, back_offset)
            pages.append(Page(width, height, back_items, f"{name} back", back_trim,
                              back_bleed))
    return tuple(pages)
