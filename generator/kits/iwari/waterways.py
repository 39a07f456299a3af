"""Where an IWARI water connection is drawn: across water cells only.

The rulebook tells a water connection by its dashed line (iwari.txt 296). A line from
totem to totem ran over land, spaces and names; here the line starts on the first
territory's shore (the middle of a cell edge between it and the water), runs through
water cells and ends on the second's shore, its number on the middle water cell. When
the two territories share no water, no line can stay on water: each gets a short dashed
stub from its shore into its water, both ending in the same number (the legend says so).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from stamperia.content.look.hexgrid import Cell, centre, edges, neighbours
from stamperia.content.rulesets.iwari.model import MapSide, MapTerritory
from stamperia.generator.draw.drawing import Point


@dataclass(frozen=True)
class Waterway:
    """A water connection as drawn: its lines (one through a shared water, or one stub
    per territory) and where its number sits on each (one or two places)."""

    number: int
    lines: tuple[tuple[Point, ...], ...]
    numbers: tuple[Point, ...]


def _shore(territory: MapTerritory, water: frozenset[Cell], size: float
           ) -> dict[Cell, Point]:
    """Each water cell next to the territory, with the middle of their shared edge."""
    found: dict[Cell, Point] = {}
    for cell in sorted(territory.cells):
        for other, a, b in edges(cell, size):
            if other in water and other not in found:
                found[other] = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return found


def _path(starts: Iterable[Cell], goals: set[Cell], water: frozenset[Cell]) -> list[Cell] | None:
    """The shortest chain of water cells from a start to a goal (ties: smallest cells)."""
    came: dict[Cell, Cell | None] = {c: None for c in sorted(starts)}
    frontier = deque(came)
    while frontier:
        cell = frontier.popleft()
        if cell in goals:
            chain = [cell]
            while (previous := came[chain[-1]]) is not None:
                chain.append(previous)
            return chain[::-1]
        for other in sorted(neighbours(cell)):
            if other in water and other not in came:
                came[other] = cell
                frontier.append(other)
    return None


def _middle(points: tuple[Point, ...]) -> Point:
    return points[len(points) // 2]


def waterway(side: MapSide, between: tuple[str, str], number: int, size: float) -> Waterway:
    """The water connection `number` between two territories of `side`, at `size` mm per
    cell, from the side's top-left cell centre as `centre` gives it."""
    first, second = (side.territory(t) for t in between)
    water = frozenset(side.water)
    here, there = _shore(first, water, size), _shore(second, water, size)
    chain = _path(here, set(there), water)
    if chain is not None:
        cells = tuple(centre(c, size) for c in chain)
        line = (here[chain[0]], *cells, there[chain[-1]])
        return Waterway(number, (line,), (_middle(cells),))
    stubs: list[tuple[Point, ...]] = []
    for shore, other in ((here, second), (there, first)):
        if not shore:
            continue
        target = centre(other.totem, size)
        cell = min(shore, key=lambda c: (math.dist(centre(c, size), target), c))
        stubs.append((shore[cell], centre(cell, size)))
    return Waterway(number, tuple(stubs), tuple(stub[-1] for stub in stubs))
