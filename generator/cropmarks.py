"""Crop marks: short lines on the extension of trim edges, outside every bleed box.

Policy (all in mm): a mark starts OFFSET outside the grid's bleed area and runs
LENGTH towards the page edge. It ends inside the printable area when there is
room; otherwise it is shortened to end at the page margin if that still leaves
a useful mark; otherwise it runs into the unprintable band but always stops
EDGE_CLEARANCE short of the region edge. Marks shorter than MIN_LENGTH are
dropped. Because marks only live outside the bounding box of all bleed boxes,
they never cross a card (inner gutters are cut using the outer marks).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.geometry import Box, Segment

OFFSET = 1.0
LENGTH = 4.0
EDGE_CLEARANCE = 1.0
USEFUL_LENGTH = 2.0
MIN_LENGTH = 1.0
STROKE_WIDTH_MM = 0.2 * 25.4 / 72.0


def _span(start: float, margin: float) -> tuple[float, float] | None:
    """Distances from the region edge where a mark starts and ends, or None."""
    margin = max(margin, EDGE_CLEARANCE)
    if start - LENGTH >= margin:
        end = start - LENGTH
    elif start - margin >= USEFUL_LENGTH:
        end = margin
    else:
        end = max(EDGE_CLEARANCE, start - LENGTH)
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
    """Marks for a grid of cards laid out inside `region` (a page or half a page).

    `margin` is the printable-area inset of the region; marks prefer to end there.
    """
    if not trims:
        return ()
    grid = bounding_box(bleeds)
    inside_x = region.x + EDGE_CLEARANCE, region.right - EDGE_CLEARANCE
    inside_y = region.y + EDGE_CLEARANCE, region.bottom - EDGE_CLEARANCE
    # A trim edge (nearly) on the region edge gets no mark: it would run along the edge.
    xs = [x for x in _distinct([t.x for t in trims] + [t.right for t in trims])
          if inside_x[0] <= x <= inside_x[1]]
    ys = [y for y in _distinct([t.y for t in trims] + [t.bottom for t in trims])
          if inside_y[0] <= y <= inside_y[1]]
    marks: list[Segment] = []
    top = _span(grid.y - OFFSET - region.y, margin)
    bottom = _span(region.bottom - grid.bottom - OFFSET, margin)
    left = _span(grid.x - OFFSET - region.x, margin)
    right = _span(region.right - grid.right - OFFSET, margin)
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
