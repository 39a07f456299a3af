"""Turn an imposed layout and card drawings into printable sheet pages.

Card art is described with its origin at the card's trim top-left corner; the
bleed lies at negative coordinates and beyond the card size. Each card is
placed on its slot and clipped to the slot's bleed box, so art never spills
onto a neighbour even where cards share cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.cropmarks import STROKE_WIDTH_MM
from generator.drawing import ClipRect, Group, Item, Line, Page, Style
from generator.geometry import Segment
from generator.imposition import Duplex, Placement, Sheet, SheetLayout, Slot

CROP_MARK_STYLE = Style(stroke="#000000", stroke_width=STROKE_WIDTH_MM)
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


def sheet_pages(
    layout: SheetLayout,
    sheets: Sequence[Sheet],
    fronts: Sequence[CardArt],
    backs: Sequence[CardArt],
    label: str,
) -> tuple[Page, ...]:
    """Pages to print: front then back page per sheet, or one page per sheet for a fold.

    `fronts[i]` and `backs[i]` are the drawings of card i; `backs` is ignored
    when the layout has no duplex.
    """
    width, height = layout.paper.width, layout.paper.height
    marks = _lines(layout.crop_marks, CROP_MARK_STYLE)
    pages: list[Page] = []
    for sheet in sheets:
        name = f"{label} sheet {sheet.number + 1}"
        front_items = _placed(sheet.fronts, fronts) + marks
        if layout.duplex is Duplex.FOLD:
            fold = _lines([layout.fold_line], FOLD_LINE_STYLE) if layout.fold_line else ()
            items = front_items + _placed(sheet.backs, backs) + fold
            pages.append(Page(width, height, items, name))
        elif layout.duplex is Duplex.NONE:
            pages.append(Page(width, height, front_items, name))
        else:
            pages.append(Page(width, height, front_items, f"{name} front"))
            pages.append(Page(width, height, _placed(sheet.backs, backs), f"{name} back"))
    return tuple(pages)
