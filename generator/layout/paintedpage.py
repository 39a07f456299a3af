"""What a page has painted under a point: the shapes in paint order, their transforms and
the colour they blend to.

The legibility check (generator.layout.legibility) asks it for the colour under each text;
the transparency flattening of PDF/X-1a (generator.layout.flatten) for the colour under
each translucent shape. A page of thousands of cells is bucketed by a square grid, so a
question looks only at the shapes whose bounds reach its point.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    Image,
    MultiPath,
    Point,
    Polygon,
    Rect,
)

PAPER = "#ffffff"

Affine = tuple[float, float, float, float, float, float]
"""x' = a x + c y + e, y' = b x + d y + f, as (a, b, c, d, e, f)."""
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

Shape = Rect | Circle | Polygon | MultiPath | Image


def compose(outer: Affine, inner: Affine) -> Affine:
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def invert(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m: Affine, point: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = point
    return (a * x + c * y + e, b * x + d * y + f)


def group_transform(group: Group) -> Affine:
    tx, ty = group.translate
    m: Affine = (1.0, 0.0, 0.0, 1.0, tx, ty)
    if group.rotation is not None:
        r = group.rotation
        cos, sin = math.cos(math.radians(r.degrees)), math.sin(math.radians(r.degrees))
        m = compose(m, (1.0, 0.0, 0.0, 1.0, r.cx, r.cy))
        m = compose(m, (cos, sin, -sin, cos, 0.0, 0.0))
        m = compose(m, (1.0, 0.0, 0.0, 1.0, -r.cx, -r.cy))
    return m


def inside_polygon(points: Sequence[Point], x: float, y: float) -> bool:
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def contains(shape: Shape, point: Point) -> bool:
    x, y = point
    if isinstance(shape, Rect | Image):
        return shape.x <= x <= shape.x + shape.width and shape.y <= y <= shape.y + shape.height
    if isinstance(shape, Circle):
        return math.hypot(x - shape.cx, y - shape.cy) <= shape.r
    if isinstance(shape, Polygon):
        return inside_polygon(shape.points, x, y)
    return shape.closed and any(inside_polygon(p, x, y) for p in shape.subpaths)


def blend(top: str, under: str, opacity: float) -> str:
    if opacity == 1.0:  # what the blend gives: the top colour, written in lower case
        return top.lower()
    channels = []
    for i in (1, 3, 5):
        t, u = int(top[i:i + 2], 16), int(under[i:i + 2], 16)
        channels.append(round(t * opacity + u * (1 - opacity)))
    return "#" + "".join(f"{c:02x}" for c in channels)


def local_box(shape: Shape) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) around a shape in its own coordinates; None if it paints no area."""
    if isinstance(shape, Rect | Image):
        return (shape.x, shape.y, shape.x + shape.width, shape.y + shape.height)
    if isinstance(shape, Circle):
        return (shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r)
    if isinstance(shape, Polygon):
        points = shape.points
    elif not shape.closed:
        return None
    elif len(shape.subpaths) == 1:  # one cell: no list of every corner
        points = shape.subpaths[0]
    else:
        points = tuple(p for path in shape.subpaths for p in path)
    if not points:
        return None
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


Span = tuple[int, int, int, int]
"""The grid squares a shape's page bounds reach: first and last column, first and last
row."""
Bounds = tuple[float, float, float, float]
"""A shape's box on the page: left, top, right, bottom."""
SpanCache = dict[tuple[int, Affine], tuple[object, Span | None, Bounds | None]]
"""Spans of drawn corner lists by their identity and transform, kept with the list (so
its id is not reused): a mini-map's cells are the same tuples of corners under the same
transform on every objective card of a check."""


class PaintedPage:
    """The shapes painted so far on a page, bucketed by a square grid of the page, so
    finding what lies under a point looks only at the shapes whose bounds reach it (a
    board of thousands of cells would otherwise cost a scan per text).

    The buckets are filled only when a text needs them: a text usually lies on what was
    painted just before it (a value on its disc, a label on its panel), so the newest
    RECENT shapes are looked at one by one first, and the shapes under them (the
    thousands of cells of a card's mini-map) are bucketed only if the search goes deeper.
    Either way a text sees the same shapes in the same order: those whose bounds reach
    its grid square, topmost first.
    """

    CELL_MM = 20.0
    RECENT = 32
    MARGIN_MM = 1e-6
    """A shape whose page box misses a point by more than this cannot hold it (far more
    than the rounding between page and shape coordinates): it is not even tested."""

    def __init__(self, shared: SpanCache | None = None) -> None:
        self.shared: SpanCache = {} if shared is None else shared
        self.shapes: list[tuple[Shape, Affine]] = []
        self.inverses: dict[int, Affine] = {}
        self.spans: dict[int, Span | None] = {}
        self.bounds: dict[int, Bounds | None] = {}
        self.buckets: dict[tuple[int, int], list[int]] = {}
        self.indexed = 0
        """The shapes before this number are in the buckets."""

    def add(self, shape: Shape, m: Affine) -> None:
        self.shapes.append((shape, m))

    def _span(self, number: int) -> Span | None:
        """The grid squares a shape's page bounds reach (first and last column, first and
        last row), or None when it paints no area; worked out once per shape."""
        if number in self.spans:
            return self.spans[number]
        shape, m = self.shapes[number]
        points = (shape.points if isinstance(shape, Polygon)
                  else shape.subpaths if isinstance(shape, MultiPath) else None)
        if points is not None:
            known = self.shared.get((id(points), m))
            if known is not None and known[0] is points:
                self.spans[number], self.bounds[number] = known[1], known[2]
                return known[1]
        box = local_box(shape)
        span = bounds = None
        if box is not None:
            x0, y0, x1, y1 = box
            a, b, c, d, e, f = m
            if b == 0.0 and c == 0.0 and a > 0.0 and d > 0.0:  # a shift and a scale: usual
                left, top, right, bottom = a * x0 + e, d * y0 + f, a * x1 + e, d * y1 + f
            else:  # turned (a mini-map on its side): the box's corners, as apply moves
                # them; rounding keeps order, so each extreme sums the extreme terms
                ax0, ax1, cy0, cy1 = a * x0, a * x1, c * y0, c * y1
                bx0, bx1, dy0, dy1 = b * x0, b * x1, d * y0, d * y1
                left = min(ax0, ax1) + min(cy0, cy1) + e
                right = max(ax0, ax1) + max(cy0, cy1) + e
                top = min(bx0, bx1) + min(dy0, dy1) + f
                bottom = max(bx0, bx1) + max(dy0, dy1) + f
            size = self.CELL_MM
            span = (math.floor(left / size), math.floor(right / size),
                    math.floor(top / size), math.floor(bottom / size))
            bounds = (left, top, right, bottom)
        self.spans[number], self.bounds[number] = span, bounds
        if points is not None:
            self.shared[(id(points), m)] = (points, span, bounds)
        return span

    def _reaches(self, number: int, point: Point) -> bool:
        """Whether the shape's page box holds the point (within MARGIN_MM)."""
        bounds = self.bounds[number]
        if bounds is None:
            return False
        left, top, right, bottom = bounds
        margin = self.MARGIN_MM
        return (left - margin <= point[0] <= right + margin
                and top - margin <= point[1] <= bottom + margin)

    def _index(self) -> None:
        """Bucket every shape painted so far."""
        buckets = self.buckets
        for number in range(self.indexed, len(self.shapes)):
            span = self._span(number)
            if span is None:
                continue
            first_column, last_column, first_row, last_row = span
            if first_column == last_column and first_row == last_row:  # the usual: one square
                found = buckets.get((first_column, first_row))
                if found is None:
                    buckets[(first_column, first_row)] = [number]
                else:
                    found.append(number)
                continue
            for bx in range(first_column, last_column + 1):
                for by in range(first_row, last_row + 1):
                    found = buckets.get((bx, by))
                    if found is None:
                        buckets[(bx, by)] = [number]
                    else:
                        found.append(number)
        self.indexed = len(self.shapes)

    def _with_inverse(self, number: int) -> tuple[Shape, Affine]:
        inverse = self.inverses.get(number)
        shape, m = self.shapes[number]
        if inverse is None:
            inverse = self.inverses[number] = invert(m)
        return shape, inverse

    def under(self, point: Point) -> Iterator[tuple[Shape, Affine]]:
        """The shapes that may contain `point`, topmost first, each with the inverse of
        its transform (worked out for the shapes a text lies on, not for every shape)."""
        bx, by = math.floor(point[0] / self.CELL_MM), math.floor(point[1] / self.CELL_MM)
        newest = max(self.indexed, len(self.shapes) - self.RECENT)
        for number in range(len(self.shapes) - 1, newest - 1, -1):
            span = self._span(number)
            if (span is not None and span[0] <= bx <= span[1] and span[2] <= by <= span[3]
                    and self._reaches(number, point)):
                yield self._with_inverse(number)
        if newest > self.indexed:
            self._index()
        for number in reversed(self.buckets.get((bx, by), [])):
            if number < newest and self._reaches(number, point):
                yield self._with_inverse(number)


def colour_under(painted: PaintedPage, point: Point) -> str | None:
    """The colour under a page point, or None when an image is under it (unknown)."""
    layers: list[tuple[str, float]] = []
    for shape, inverse in painted.under(point):
        if not contains(shape, apply(inverse, point)):
            continue
        if isinstance(shape, Image):
            return None
        fill, opacity = shape.style.fill, shape.style.opacity
        if fill is None:
            continue
        layers.append((fill, opacity))
        if opacity >= 1.0:
            break
    colour = PAPER
    for fill, opacity in reversed(layers):
        colour = blend(fill, colour, opacity)
    return colour


SHAPES = (Rect, Circle, Polygon, MultiPath, Image)
"""The drawing items that paint an area."""
