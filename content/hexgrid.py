"""Hex-cell geometry in the odd-r offset layout (pointy-top, odd rows shifted right).

Shared by the checks (adjacency derived from cells) and the generator (drawing cells),
so both read the same geometry the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]

_EVEN_ROW = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ODD_ROW = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells sharing an edge with `cell` (some may be off the map)."""
    column, row = cell
    offsets = _ODD_ROW if row % 2 else _EVEN_ROW
    return tuple((column + dc, row + dr) for dc, dr in offsets)


def components(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Connected groups of cells (edge-sharing), largest first, then by first cell."""
    remaining = set(cells)
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


def centre(cell: Cell, size: float) -> tuple[float, float]:
    """Centre of a cell in mm (y down), for hexagons of circumradius `size`."""
    column, row = cell
    width = math.sqrt(3) * size
    return (width * (column + 0.5 * (row % 2)) + width / 2, 1.5 * size * row + size)


_UNIT_CORNERS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                      for a in (-90, -30, 30, 90, 150, 210))


def corners(cell: Cell, size: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top cell, clockwise from the top."""
    cx, cy = centre(cell, size)
    return tuple((cx + size * dx, cy + size * dy) for dx, dy in _UNIT_CORNERS)


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


# Corner pairs of the edge towards each neighbour, in the order `neighbours` returns them:
# west, east, north-west, north-east, south-west, south-east.
_EDGE_CORNERS = ((4, 5), (1, 2), (5, 0), (0, 1), (3, 4), (2, 3))


def edges(cell: Cell, size: float
          ) -> tuple[tuple[Cell, tuple[float, float], tuple[float, float]], ...]:
    """For each of the six neighbours: the neighbour and the two ends of the shared edge."""
    points = corners(cell, size)
    return tuple((other, points[a], points[b])
                 for other, (a, b) in zip(neighbours(cell), _EDGE_CORNERS, strict=True))
