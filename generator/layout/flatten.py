"""Transparency flattened for PDF/X-1a, which forbids it: each translucent shape is drawn
opaque in the colour it shows.

What lies under a shape is found as the legibility check finds what lies under a text
(generator.layout.legibility): walking the page in paint order, the topmost filled shape
under the middle of the translucent one, blended through any translucent ones above it
(white paper when nothing is). The shape's fill and stroke become their blend with that
colour at the shape's opacity. Exact where the shape lies on one colour (a hatch inside a
territory, a cell edge, a tile's overlap band); a shape spanning several colours takes
the one under its middle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    Item,
    Line,
    MultiPath,
    Page,
    Point,
    Polygon,
    Polyline,
    Rect,
    Style,
)
from stamperia.generator.layout.paintedpage import (
    IDENTITY,
    PAPER,
    SHAPES,
    Affine,
    PaintedPage,
    apply,
    blend,
    colour_under,
    compose,
    group_transform,
)


def flattened(page: Page) -> Page:
    """The page with every translucent shape opaque in the colour it shows; a page with
    none is returned as it is."""
    if not _has_translucent(page.items):
        return page
    painted = PaintedPage()
    return replace(page, items=_visit(page.items, IDENTITY, painted))


def _has_translucent(items: Sequence[Item]) -> bool:
    for item in items:
        if isinstance(item, Group):
            if _has_translucent(item.items):
                return True
        elif getattr(getattr(item, "style", None), "opacity", 1.0) < 1.0:
            return True
    return False


def _visit(items: Sequence[Item], m: Affine, painted: PaintedPage) -> tuple[Item, ...]:
    result: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            inner = _visit(item.items, compose(m, group_transform(item)), painted)
            result.append(replace(item, items=inner))
            continue
        style = getattr(item, "style", None)
        if isinstance(style, Style) and style.opacity < 1.0:
            item = _opaque(item, style, apply(m, _middle(item)), painted)
        if isinstance(item, SHAPES):
            painted.add(item, m)
        result.append(item)
    return tuple(result)


def _opaque(item: Item, style: Style, point: Point, painted: PaintedPage) -> Item:
    under = colour_under(painted, point) or PAPER
    opacity = style.opacity
    fill = None if style.fill is None else blend(style.fill, under, opacity)
    stroke = None if style.stroke is None else blend(style.stroke, under, opacity)
    opaque = replace(style, fill=fill, stroke=stroke, opacity=1.0)
    return replace(item, style=opaque)  # type: ignore[arg-type]


def _middle(item: Item) -> Point:
    """The point whose background a translucent shape is blended with, in its own
    coordinates: the middle of its box, or of a line."""
    if isinstance(item, Rect):
        return (item.x + item.width / 2, item.y + item.height / 2)
    if isinstance(item, Circle):
        return (item.cx, item.cy)
    if isinstance(item, Line):
        return ((item.x1 + item.x2) / 2, (item.y1 + item.y2) / 2)
    if isinstance(item, Polygon | Polyline):
        points = item.points
    elif isinstance(item, MultiPath):
        points = tuple(p for path in item.subpaths for p in path)
    else:
        return (0.0, 0.0)
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
