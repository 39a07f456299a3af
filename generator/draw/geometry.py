"""Rectangles and segments in millimetres (y down) for layout computations."""

from __future__ import annotations

import math
from dataclasses import dataclass

_EPSILON = 1e-9


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: top-left corner and size."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlaps(self, other: Box) -> bool:
        """True when the interiors intersect (touching edges do not count)."""
        return (
            self.x < other.right - _EPSILON
            and other.x < self.right - _EPSILON
            and self.y < other.bottom - _EPSILON
            and other.y < self.bottom - _EPSILON
        )

    def contains(self, other: Box) -> bool:
        return (
            other.x >= self.x - _EPSILON
            and other.y >= self.y - _EPSILON
            and other.right <= self.right + _EPSILON
            and other.bottom <= self.bottom + _EPSILON
        )

    def mirrored_x(self, page_width: float) -> Box:
        """This box reflected across the vertical centre line of a page."""
        return Box(page_width - self.right, self.y, self.width, self.height)

    def mirrored_y(self, page_height: float) -> Box:
        """This box reflected across the horizontal centre line of a page."""
        return Box(self.x, page_height - self.bottom, self.width, self.height)


@dataclass(frozen=True)
class Segment:
    """A straight line segment (crop marks, fold lines, registration marks)."""

    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)

    def bounds(self) -> Box:
        x, y = min(self.x1, self.x2), min(self.y1, self.y2)
        return Box(x, y, abs(self.x2 - self.x1), abs(self.y2 - self.y1))

    def touches(self, box: Box) -> bool:
        """True when an axis-aligned segment meets the box, edges included."""
        b = self.bounds()
        return (
            b.x <= box.right + _EPSILON
            and box.x <= b.right + _EPSILON
            and b.y <= box.bottom + _EPSILON
            and box.y <= b.bottom + _EPSILON
        )
