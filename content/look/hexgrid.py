"""Hex-cell geometry in the odd-r offset layout (pointy-top, odd rows shifted right).

Shared by the checks (adjacency derived from cells) and the generator (drawing cells),
so both read the same geometry the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]



def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells sharing an edge with `cell` (some may be off the map)."""
    column, row = cell
    if row % 2:
        return ((column - 1, row), (column + 1, row), (column, row - 1),
                (column + 1, row - 1), (column, row + 1), (column + 1, row + 1))
    return ((column - 1, row), (column + 1, row), (column - 1, row - 1),
            (column, row - 1), (column - 1, row + 1), (column, row + 1))


def components(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Connected groups of cells (edge-sharing), largest first, then by first cell (one
    cell is its own group: the territories of a generated map of thousands are)."""
    remaining = set(cells)
    if len(remaining) == 1:
        return [frozenset(remaining)]
    groups: list[frozenset[Cell]] = []
    while remaining:
        start = min(remaining, key=lambda c: (c[1], c[0]))
        group = {start}
        frontier = [start]
        remaining.discard(start)
        while frontier:
            for other in neighbours(frontier.pop()):
                if other in remaining:
                    remaining.discard(other)
                    group.add(other)
                    frontier.append(other)
        groups.append(frozenset(group))
    return sorted(groups, key=lambda g: (-len(g), min((c[1], c[0]) for c in g)))


_SQRT3 = math.sqrt(3)


def centre(cell: Cell, size: float) -> tuple[float, float]:
    """Centre of a cell in mm (y down), for hexagons of circumradius `size`."""
    column, row = cell
    width = _SQRT3 * size
    return (width * (column + 0.5 * (row % 2)) + width / 2, 1.5 * size * row + size)


_UNIT_CORNERS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                      for a in (-90, -30, 30, 90, 150, 210))


def corners(cell: Cell, size: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top cell, clockwise from the top."""
    cx, cy = centre(cell, size)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3), (x4, y4), (x5, y5) = _UNIT_CORNERS
    return ((cx + size * x0, cy + size * y0), (cx + size * x1, cy + size * y1),
            (cx + size * x2, cy + size * y2), (cx + size * x3, cy + size * y3),
            (cx + size * x4, cy + size * y4), (cx + size * x5, cy + size * y5))


def shared_edge(cell: Cell, other: Cell, size: float) -> tuple[tuple[float, float], ...]:
    """The two corners two neighbouring cells share (empty when they are not neighbours)."""
    mine = corners(cell, size)
    theirs = corners(other, size)
    return tuple(p for p in mine
                 if any(math.isclose(p[0], q[0]) and math.isclose(p[1], q[1]) for q in theirs))


def bounds(cells: Iterable[Cell], size: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom in mm of the box holding every cell."""
    cells = list(cells)
    width = math.sqrt(3) * size
    lefts = [width * (c + 0.5 * (r % 2)) for c, r in cells]
    tops = [1.5 * size * r for _, r in cells]
    return min(lefts), min(tops), max(lefts) + width, max(tops) + 2 * size


EDGE_CORNERS = ((4, 5), (1, 2), (5, 0), (0, 1), (3, 4), (2, 3))
"""Indices in `corners` of the two ends of the edge towards each neighbour, in the order
`neighbours` returns them: west, east, north-west, north-east, south-west, south-east."""


def edges(cell: Cell, size: float
          ) -> tuple[tuple[Cell, tuple[float, float], tuple[float, float]], ...]:
    """For each of the six neighbours: the neighbour and the two ends of the shared edge."""
    points = corners(cell, size)
    return tuple((other, points[a], points[b])
                 for other, (a, b) in zip(neighbours(cell), EDGE_CORNERS, strict=True))
