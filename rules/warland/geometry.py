"""Plane geometry for the table: points in millimetres, convex borders, clearances."""

from __future__ import annotations

import math

Point = tuple[float, float]
_EPSILON = 1e-9


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _edges(polygon: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Proper or touching intersection of segments ab and cd."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > _EPSILON and d2 < -_EPSILON) or (d1 < -_EPSILON and d2 > _EPSILON)) and \
       ((d3 > _EPSILON and d4 < -_EPSILON) or (d3 < -_EPSILON and d4 > _EPSILON)):
        return True
    return any(point_segment_distance(p, s, e) < _EPSILON
               for p, s, e in ((a, c, d), (b, c, d), (c, a, b), (d, a, b)))


def inside_convex(p: Point, polygon: tuple[Point, ...]) -> bool:
    signs = [_cross(a, b, p) for a, b in _edges(polygon)]
    return all(s >= -_EPSILON for s in signs) or all(s <= _EPSILON for s in signs)


def overlap(first: tuple[Point, ...], second: tuple[Point, ...]) -> bool:
    """Whether two convex polygons share any point."""
    if any(segments_cross(a, b, c, d) for a, b in _edges(first) for c, d in _edges(second)):
        return True
    return inside_convex(first[0], second) or inside_convex(second[0], first)


def clearance(first: tuple[Point, ...], second: tuple[Point, ...]) -> float:
    """Shortest distance between two convex polygons; 0 when they overlap."""
    if overlap(first, second):
        return 0.0
    return min(min(point_segment_distance(p, a, b) for p in first for a, b in _edges(second)),
               min(point_segment_distance(p, a, b) for p in second for a, b in _edges(first)))
