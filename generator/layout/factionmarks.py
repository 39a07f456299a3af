"""Faction symbols: a shape per faction, so pieces are told apart without their colour.

Colour alone fails in greyscale and for colour-blind players; each faction (by its
position in the content) also gets one of these shapes, printed on its pieces and in the
sheet's legend.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from stamperia.content.look.layouts import Box, Scalar
from stamperia.generator.draw.drawing import Circle, Item, Polygon, Rect, Style

SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring")


def symbol_name(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def _regular(cx: float, cy: float, r: float, sides: int, turn: float
             ) -> tuple[tuple[float, float], ...]:
    return tuple((cx + r * math.cos(math.radians(turn + 360 * i / sides)),
                  cy + r * math.sin(math.radians(turn + 360 * i / sides)))
                 for i in range(sides))


def faction_symbol(index: int, cx: float, cy: float, size: float, colour: str
                   ) -> tuple[Item, ...]:
    """The symbol of faction number `index`, `size` mm across, centred on (cx, cy)."""
    r = size / 2
    paint = Style(fill=colour, stroke=None)
    shape = symbol_name(index)
    if shape == "circle":
        return (Circle(cx, cy, r, paint),)
    if shape == "square":
        return (Rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, paint),)
    if shape == "triangle":
        return (Polygon(_regular(cx, cy + r * 0.15, r * 1.1, 3, -90), paint),)
    if shape == "diamond":
        return (Polygon(_regular(cx, cy, r, 4, -90), paint),)
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.radians(-90 + 36 * i)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return (Polygon(tuple(points), paint),)
    if shape == "hexagon":
        return (Polygon(_regular(cx, cy, r, 6, 0), paint),)
    if shape == "cross":
        arm = r * 0.35
        return (Rect(cx - r, cy - arm, 2 * r, 2 * arm, paint),
                Rect(cx - arm, cy - r, 2 * arm, 2 * r, paint))
    return (Circle(cx, cy, r * 0.8, Style(fill=None, stroke=colour, stroke_width=r * 0.35)),)


def symbol_widget(marks: Mapping[str, tuple[int, str]], field: str
                  ) -> Callable[[Box, Mapping[str, Scalar]], tuple[Item, ...]]:
    """A layout widget drawing the symbol of the record's `field` (a faction or tribe id,
    mapped to its number and text colour), filling the box's width; nothing for an id
    `marks` lacks."""

    def draw(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        found = marks.get(str(fields.get(field, "")))
        if found is None:
            return ()
        return faction_symbol(found[0], box.x + box.width / 2, box.y + box.height / 2,
                              box.width, found[1])

    return draw
