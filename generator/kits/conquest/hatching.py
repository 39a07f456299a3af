"""Hatching: parallel lines over a zone, so zones read apart without colour.

The lines of one direction form one family across the whole map (line k lies at k times
the spacing along the direction's normal), so they run on unbroken from cell to cell;
each is clipped to each convex hexagon (or swatch) it crosses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from stamperia.generator.draw.drawing import Item, MultiPath, Point, Style

ANGLES: dict[str, tuple[float, ...]] = {
    "none": (), "diagonal": (45.0,), "back_diagonal": (135.0,), "cross": (45.0, 135.0),
    "horizontal": (0.0,), "vertical": (90.0,)}
"""Line directions in degrees (clockwise from the x axis, y down) of each hatch."""


def clip_to_convex(polygon: Sequence[Point], angle: float, spacing: float
                   ) -> list[tuple[Point, Point]]:
    """The family's lines inside a convex polygon, as segments."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = -dy, dx
    offsets = [x * nx + y * ny for x, y in polygon]
    first, last = math.ceil(min(offsets) / spacing), math.floor(max(offsets) / spacing)
    segments: list[tuple[Point, Point]] = []
    for k in range(first, last + 1):
        level = k * spacing
        hits: list[Point] = []
        for (x1, y1), (x2, y2), o1, o2 in zip(polygon, (*polygon[1:], polygon[0]), offsets,
                                              (*offsets[1:], offsets[0]), strict=True):
            if (o1 - level) * (o2 - level) < 0 or (o1 == level and o2 != level):
                t = (level - o1) / (o2 - o1)
                hits.append((x1 + t * (x2 - x1), y1 + t * (y2 - y1)))
        if len(hits) >= 2:
            along = sorted(hits, key=lambda p: p[0] * dx + p[1] * dy)
            if math.dist(along[0], along[-1]) > 1e-6:
                segments.append((along[0], along[-1]))
    return segments


def hatch(polygons: Sequence[Sequence[Point]], pattern: str, spacing: float, width: float,
          colour: str) -> list[Item]:
    """One path of the pattern's lines over the polygons; nothing for "none"."""
    segments = [segment for angle in ANGLES[pattern] for polygon in polygons
                for segment in clip_to_convex(polygon, angle, spacing)]
    if not segments:
        return []
    return [MultiPath(tuple(segments), closed=False,
                      style=Style(stroke=colour, stroke_width=width, opacity=0.45))]
