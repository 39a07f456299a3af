"""Crop marks: short lines on the extension of trim edges, inside the printable band.

Policy (all in mm): every cut line gets a mark at each end of the grid. A mark lies
wholly inside the printable area (the region minus `margin`, at least PRINTABLE_MARGIN:
a home printer prints nothing nearer the paper's edge). It starts OFFSET outside the
grid's bleed and runs up to LENGTH towards the edge, stopping at the printable margin.
Where that leaves less than USEFUL_LENGTH (cards butted close to the margin), the mark
is a short one from the printable margin to TICK_CLEARANCE short of the outer bleed, so
it stays out of the bleed (it used to run over the bleed to 0.5 mm from the trim). Only
where not even MIN_LENGTH fits there (a fold layout's cards reach the margin) does the
mark become a tick over the outer bleed, stopping TICK_CLEARANCE short of the trim: cut
away with the bleed, it still guides the cut. Marks shorter than MIN_LENGTH are
dropped. Marks never cross a card's trim.
"""

from __future__ import annotations

from collections.abc import Sequence

from stamperia.generator.draw.geometry import Box, Segment

OFFSET = 1.0
LENGTH = 4.0
USEFUL_LENGTH = 2.0
MIN_LENGTH = 1.0
TICK_CLEARANCE = 0.5
PRINTABLE_MARGIN = 5.0
STROKE_WIDTH_MM = 0.2 * 25.4 / 72.0


def _span(bleed_gap: float, trim_gap: float, margin: float) -> tuple[float, float] | None:
    """Distances from the region edge where a mark starts (nearer the card) and ends.

    `bleed_gap` and `trim_gap` are the distances from the region edge to the grid's
    outer bleed and trim on that side.
    """
    start = bleed_gap - OFFSET
    end = max(margin, start - LENGTH)
    if start - end >= USEFUL_LENGTH:
        return start, end
    start = bleed_gap - TICK_CLEARANCE
    end = max(margin, start - LENGTH)
    if start - end >= MIN_LENGTH - 1e-9:
        return start, end
    start = trim_gap - TICK_CLEARANCE
    end = max(margin, start - LENGTH)
    return (start, end) if start - end >= MIN_LENGTH else None


def _distinct(values: Sequence[float]) -> list[float]:
    return sorted({round(v, 6) for v in values})


def bounding_box(boxes: Sequence[Box]) -> Box:
    left = min(b.x for b in boxes)
    top = min(b.y for b in boxes)
    return Box(left, top, max(b.right for b in boxes) - left, max(b.bottom for b in boxes) - top)


def crop_marks(
    trims: Sequence[Box], bleeds: Sequence[Box], region: Box, margin: float
) -> tuple[Segment, ...]:
    """Marks for the cards laid out inside `region` (a page or half a page); no cards,
    no marks. `margin` is the printable-area inset of the region."""
    if not trims:
        return ()
    margin = max(margin, PRINTABLE_MARGIN)
    grid, cut = bounding_box(bleeds), bounding_box(trims)
    xs = [x for x in _distinct([t.x for t in trims] + [t.right for t in trims])
          if region.x + margin < x < region.right - margin]
    ys = [y for y in _distinct([t.y for t in trims] + [t.bottom for t in trims])
          if region.y + margin < y < region.bottom - margin]
    marks: list[Segment] = []
    top = _span(grid.y - region.y, cut.y - region.y, margin)
    bottom = _span(region.bottom - grid.bottom, region.bottom - cut.bottom, margin)
    left = _span(grid.x - region.x, cut.x - region.x, margin)
    right = _span(region.right - grid.right, region.right - cut.right, margin)
    for x in xs:
        if top is not None:
            marks.append(Segment(x, region.y + top[0], x, region.y + top[1]))
        if bottom is not None:
            marks.append(Segment(x, region.bottom - bottom[0], x, region.bottom - bottom[1]))
    for y in ys:
        if left is not None:
            marks.append(Segment(region.x + left[0], y, region.x + left[1], y))
        if right is not None:
            marks.append(Segment(region.right - right[0], y, region.right - right[1], y))
    return tuple(marks)
