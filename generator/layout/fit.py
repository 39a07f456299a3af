"""A layout drawn for one size, fitted to the component actually printed.

A layout states the size it was drawn for (`width`, `height`); a card printed at another
size (`--card-size`), a token of another diameter or a sheet on other paper gets the same
layout scaled to it. Places and lengths are relative: each axis stretches by its own
factor, so a design fills a card of a slightly other shape; type, padding, corners and
what would distort (icons, widgets, discs) take one factor, the largest at which the
drawn size still fits, as generator.layout.cardscale does for every card, and keep the
middle of their stretched box. A layout with variants (portrait, landscape, square) is
first swapped for the one of the component's shape (generator.layout.context).

Two print-shop rules hold after scaling: a box drawn across a trim edge reaches the bleed
of the build on that side (so backgrounds and art bleed however much bleed is asked
for), and an unfilled frame keeps at least BACK_FRAME_MIN_MM from the trim, where a
duplex drift would show.
"""

from __future__ import annotations

from dataclasses import replace

from stamperia.content.look.layouts import Box, Layout
from stamperia.generator.layout.cardscale import BACK_FRAME_MIN_MM, MIN_TEXT_PT
from stamperia.generator.print.sizes import Size

EPS = 1e-6


def fit_layout(layout: Layout, size: Size, bleed: float) -> Layout:
    """`layout` on a component of `size` printed with `bleed` mm beyond its trim."""
    drawn = layout.size or (size.width, size.height)
    factor = min(size.width / drawn[0], size.height / drawn[1])
    boxes = tuple(_fit(box, factor, drawn, size, bleed) for box in layout.boxes)
    return replace(layout, boxes=boxes, size=(size.width, size.height))


def _points(size: float, factor: float) -> float:
    return size if factor == 1.0 else round(size * factor, 2)


def _fit(box: Box, factor: float, drawn: tuple[float, float], size: Size, bleed: float
         ) -> Box:
    # places and lengths are relative to the card: each axis stretches by its own factor
    sx, sy = size.width / drawn[0], size.height / drawn[1]
    x, y = box.x * sx, box.y * sy
    right, bottom = (box.x + box.width) * sx, (box.y + box.height) * sy
    if _keeps_shape(box) and sx != sy:  # a disc, icon or drawing: by the one factor
        half_w, half_h = box.width * factor / 2, box.height * factor / 2
        cx, cy = (x + right) / 2, (y + bottom) / 2
        x, y, right, bottom = cx - half_w, cy - half_h, cx + half_w, cy + half_h
    if box.kind == "shape" and box.fill is None and box.stroke is not None:
        x, y = _inset(box.x, factor), _inset(box.y, factor)
        right = size.width - _inset(drawn[0] - box.x - box.width, factor)
        bottom = size.height - _inset(drawn[1] - box.y - box.height, factor)
    if box.x < -EPS:
        x = -bleed
    if box.y < -EPS:
        y = -bleed
    if box.x + box.width > drawn[0] + EPS:
        right = size.width + bleed
    if box.y + box.height > drawn[1] + EPS:
        bottom = size.height + bleed
    min_size = box.min_size
    text_size = _points(box.size, factor)
    if factor != 1.0:  # scaled down, text stops at MIN_TEXT_PT (unless drawn smaller)
        floor = min(box.size, MIN_TEXT_PT)
        text_size = max(text_size, floor)
        if min_size is not None:
            min_size = max(round(min_size * factor, 2), floor)
            text_size = max(text_size, min_size)
    return replace(box, x=x, y=y, width=max(right - x, 0.0), height=max(bottom - y, 0.0),
                   size=text_size, min_size=min_size, padding=box.padding * factor,
                   radius=box.radius * factor if box.radius is not None else None)


def _keeps_shape(box: Box) -> bool:
    """Boxes that would distort if stretched: icons, widgets, round and pointed shapes."""
    return box.kind in ("icon", "widget") or (box.kind == "shape" and box.shape != "rect")


def _inset(length: float, factor: float) -> float:
    """A frame's distance from the trim, scaled, never nearer than BACK_FRAME_MIN_MM unless
    it was drawn nearer."""
    return max(length * factor, min(length, BACK_FRAME_MIN_MM))


def stretch_layout(layout: Layout, size: Size) -> Layout:
    """A page layout on a page of `size`: boxes keep their share of the page's width and
    height (A4 to Letter, or a page sized by its content), and text keeps its size."""
    drawn = layout.size or (size.width, size.height)
    sx, sy = size.width / drawn[0], size.height / drawn[1]
    boxes = tuple(replace(box, x=box.x * sx, y=box.y * sy, width=box.width * sx,
                          height=box.height * sy) for box in layout.boxes)
    return replace(layout, boxes=boxes, size=(size.width, size.height))


def grow_layout(layout: Layout, anchor: Box, width: float, height: float) -> Layout:
    """`layout` grown so that its box `anchor` is `width` x `height` mm (a map at true
    scale): what lies before the anchor's edges stays, what lies after moves with them,
    and what spans them stretches, so the margins around the anchor keep their size."""
    drawn = layout.size or (anchor.x + anchor.width, anchor.y + anchor.height)

    def along(value: float, start: float, length: float, grown: float) -> float:
        if value <= start + EPS:
            return value
        if value >= start + length - EPS:
            return value + grown - length
        return start + (value - start) * grown / length

    def grown(box: Box) -> Box:
        x = along(box.x, anchor.x, anchor.width, width)
        y = along(box.y, anchor.y, anchor.height, height)
        right = along(box.x + box.width, anchor.x, anchor.width, width)
        bottom = along(box.y + box.height, anchor.y, anchor.height, height)
        return replace(box, x=x, y=y, width=right - x, height=bottom - y)

    return replace(layout, boxes=tuple(grown(box) for box in layout.boxes),
                   size=(drawn[0] + width - anchor.width, drawn[1] + height - anchor.height))
