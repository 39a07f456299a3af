"""The territory map drawn from hex cells: shared by the board and the objective mini-maps."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from content.colourscience import readable_on
from content.hexgrid import Cell, bounds, centre, components, corners, edges, neighbours
from content.rulesets.conquest.model import Board, Territory
from generator.drawing import (
    Align,
    Circle,
    Item,
    Line,
    MultiPath,
    Point,
    Polyline,
    Style,
    TextBox,
    VAlign,
)

SEA = "#cfe3ef"
LAND = "#ece5d3"
INK = "#1d1d1b"
PAPER = "#ffffff"
ZONE_BORDER_FACTOR = 2.2
"""Zone borders are this much heavier than territory borders."""


@dataclass(frozen=True)
class MapStyle:
    """How strongly a map is drawn: the board uses the full style, mini-maps a lighter one."""

    cell_size: float
    border_width: float
    inner_width: float
    coast_width: float
    label_size: float


def map_bounds(board: Board, cell_size: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of everything the map draws, in mm."""
    cells = [c for t in board.territories for c in t.cells]
    if board.event_deck_cell is not None:
        cells.append(board.event_deck_cell)
    return bounds(cells, cell_size)


def map_size(board: Board, cell_size: float) -> tuple[float, float]:
    left, top, right, bottom = map_bounds(board, cell_size)
    return right - left, bottom - top


def label_cell(territory: Territory) -> Cell:
    """The cell of the largest part nearest that part's centre: where the name goes."""
    part = components(territory.cells)[0]
    cx = sum(centre(c, 1)[0] for c in part) / len(part)
    cy = sum(centre(c, 1)[1] for c in part) / len(part)
    return min(sorted(part, key=lambda c: (c[1], c[0])),
               key=lambda c: math.dist(centre(c, 1), (cx, cy)))


def cell_owner(board: Board) -> dict[Cell, Territory]:
    return {cell: t for t in board.territories for cell in t.cells}


def cell_polygons(board: Board, style: MapStyle, fills: Mapping[str, str]) -> list[Item]:
    """One path per territory of filled hexagons, stroked in its own fill to hide seams."""
    items: list[Item] = []
    for territory in board.territories:
        fill = fills[territory.id]
        paint = Style(fill=fill, stroke=fill, stroke_width=0.15)
        cells = tuple(corners(cell, style.cell_size) for cell in territory.cells)
        items.append(MultiPath(cells, closed=True, style=paint))
    return items


def sea_cells(board: Board) -> frozenset[Cell]:
    """Cells that are sea: every cell around the map when it lies in the sea, else the
    board's declared sea cells."""
    if board.outside == "sea":
        owner = cell_owner(board)
        return frozenset(n for c in owner for n in neighbours(c) if n not in owner)
    return board.sea_cells


def sea_polygons(board: Board, style: MapStyle) -> list[Item]:
    """The declared sea of a map that lies in land (the page itself is sea otherwise)."""
    if board.outside == "sea" or not board.sea_cells:
        return []
    cells = tuple(corners(c, style.cell_size) for c in sorted(board.sea_cells))
    return [MultiPath(cells, closed=True, style=Style(fill=SEA, stroke=SEA, stroke_width=0.15))]


def cell_edges(board: Board, style: MapStyle) -> list[Item]:
    """Thin lines inside a territory, thick ones between territories and at the map's land
    edge, heavier ones between zones (so zones read without their colours), coast lines
    at sea."""
    sea = sea_cells(board)
    owner = cell_owner(board)
    thin = Style(stroke="#6f6f6f", stroke_width=style.inner_width, opacity=0.6)
    thick = Style(stroke=INK, stroke_width=style.border_width)
    heavy = Style(stroke=INK, stroke_width=style.border_width * ZONE_BORDER_FACTOR)
    coast = Style(stroke=INK, stroke_width=style.coast_width)
    inner: list[tuple[Point, Point]] = []
    borders: list[tuple[Point, Point]] = []
    zone_borders: list[tuple[Point, Point]] = []
    coasts: list[tuple[Point, Point]] = []
    for cell in sorted(owner):
        mine = owner[cell]
        for other, start, end in edges(cell, style.cell_size):
            neighbour = owner.get(other)
            if neighbour is None:
                (coasts if other in sea else borders).append((start, end))
            elif other > cell:
                if neighbour.id == mine.id:
                    inner.append((start, end))
                else:
                    (borders if neighbour.zone == mine.zone else zone_borders).append(
                        (start, end))
    return [MultiPath(tuple(segments), closed=False, style=paint)
            for segments, paint in ((inner, thin), (borders, thick), (zone_borders, heavy),
                                    (coasts, coast))
            if segments]


def sea_path(board: Board, start: str, end: str, size: float) -> tuple[tuple[float, float], ...]:
    """A route through sea cells from one territory's coast to another's, as points."""
    owner = cell_owner(board)
    columns = [c for c, _ in owner]
    rows = [r for _, r in owner]
    bounds = (min(columns) - 2, max(columns) + 2, min(rows) - 2, max(rows) + 2)

    def sea(cell: Cell) -> bool:
        return (cell not in owner and bounds[0] <= cell[0] <= bounds[1]
                and bounds[2] <= cell[1] <= bounds[3])

    def shore(territory_id: str) -> list[Cell]:
        cells = board.territory(territory_id).cells
        return sorted({n for c in cells for n in neighbours(c) if sea(n)})

    targets = set(shore(end))
    frontier = deque(shore(start))
    came_from: dict[Cell, Cell | None] = {c: None for c in frontier}
    while frontier:
        cell = frontier.popleft()
        if cell in targets:
            path = [cell]
            while (previous := came_from[path[-1]]) is not None:
                path.append(previous)
            route = [centre(c, size) for c in reversed(path)]
            first = _nearest_centre(board.territory(start), route[0], size)
            last = _nearest_centre(board.territory(end), route[-1], size)
            return (first, *route, last)
        for other in neighbours(cell):
            if sea(other) and other not in came_from:
                came_from[other] = cell
                frontier.append(other)
    first = centre(label_cell(board.territory(start)), size)
    return (first, centre(label_cell(board.territory(end)), size))


def _nearest_centre(territory: Territory, point: tuple[float, float], size: float
                    ) -> tuple[float, float]:
    return min((centre(c, size) for c in territory.cells), key=lambda p: math.dist(p, point))


def link_lines(board: Board, style: MapStyle, colour: str) -> list[Item]:
    kinds = {k.id: k for k in board.link_kinds}
    items: list[Item] = []
    for link in board.links:
        kind = kinds[link.kind]
        dash = {"dashed": (2.0, 1.5), "dotted": (0.5, 1.0), "solid": None}[kind.style]
        points = sea_path(board, link.between[0], link.between[1], style.cell_size)
        items.append(Polyline(points, Style(stroke=colour, stroke_width=style.border_width,
                                            dash=dash)))
    return items


def exception_marks(board: Board, style: MapStyle) -> list[Item]:
    """Stone markers where cells touch but territories are not adjacent; a bridge line
    where territories are adjacent without touching."""
    items: list[Item] = []
    owner = cell_owner(board)
    stone = Style(fill="#8c8c8c", stroke=INK, stroke_width=0.3)
    for exception in board.exceptions:
        a, b = exception.between
        if not exception.adjacent:
            for cell in board.territory(a).cells:
                for other, start, end in edges(cell, style.cell_size):
                    if other in owner and owner[other].id == b:
                        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
                        items.append(Circle(*mid, style.cell_size * 0.18, stone))
        else:
            here = centre(label_cell(board.territory(a)), style.cell_size)
            there = centre(label_cell(board.territory(b)), style.cell_size)
            items.append(Line(*here, *there, Style(stroke=INK, stroke_width=style.border_width,
                                                   dash=(0.6, 0.9))))
    return items


def port_marks(board: Board, style: MapStyle) -> list[Item]:
    owner = cell_owner(board)
    items: list[Item] = []
    radius = style.cell_size * 0.28
    for territory in board.territories:
        if not territory.port:
            continue
        label = centre(label_cell(territory), style.cell_size)
        coastal = [c for c in territory.cells if any(n not in owner for n in neighbours(c))]
        cell = min(coastal or list(territory.cells),
                   key=lambda c: (c == label_cell(territory), math.dist(centre(c, 1), label)))
        x, y = centre(cell, style.cell_size)
        items.append(Circle(x, y, radius, Style(fill="#ffffff", stroke=INK, stroke_width=0.3)))
        items.append(TextBox(x - radius, y - radius, 2 * radius, 2 * radius, "⚓",
                             size=style.label_size, min_size=3, align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=INK))
    return items


def _label_box(board: Board, territory: Territory, style: MapStyle
               ) -> tuple[float, float, float, float]:
    width = math.sqrt(3) * style.cell_size * 2.1
    height = style.cell_size * 1.3
    x, y = centre(label_cell(territory), style.cell_size)
    return x - width / 2, y - height / 2, width, height


def labels(board: Board, style: MapStyle, texts: Mapping[str, str],
           fills: Mapping[str, str] | None = None) -> list[Item]:
    """A text centred on each territory's label cell, two cells wide; in ink or white,
    whichever reads better on the territory's fill."""
    items: list[Item] = []
    for territory in board.territories:
        text = texts.get(territory.id)
        if not text:
            continue
        x, y, width, height = _label_box(board, territory, style)
        fill = (fills or {}).get(territory.id)
        colour = INK if fill is None else readable_on(fill, INK, PAPER)
        items.append(TextBox(x, y, width, height, text,
                             size=style.label_size, min_size=min(5.0, style.label_size),
                             align=Align.CENTER, valign=VAlign.MIDDLE, colour=colour, bold=True))
    return items


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
              ) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


class _Taken:
    """Label boxes already placed, bucketed by a grid as wide as a zone label, so testing a
    new box looks at its neighbourhood, not at every territory's label."""

    def __init__(self, cell_mm: float) -> None:
        self.cell_mm = cell_mm
        self.buckets: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        x, y, width, height = box
        size = self.cell_mm
        return [(bx, by) for bx in range(math.floor(x / size), math.floor((x + width) / size) + 1)
                for by in range(math.floor(y / size), math.floor((y + height) / size) + 1)]

    def add(self, box: tuple[float, float, float, float]) -> None:
        for key in self._keys(box):
            self.buckets.setdefault(key, []).append(box)

    def clear_of(self, box: tuple[float, float, float, float]) -> bool:
        return not any(_overlaps(box, other) for key in self._keys(box)
                       for other in self.buckets.get(key, ()))


def zone_labels(board: Board, style: MapStyle, names: Mapping[str, str],
                fills: Mapping[str, str]) -> list[Item]:
    """Each zone's name in capitals on one of its cells near its middle, clear of the
    territory names; a zone with no free cell goes unnamed on the map (the legend has it)."""
    width = math.sqrt(3) * style.cell_size * 2.4
    height = style.cell_size * 0.9
    taken = _Taken(width)
    for territory in board.territories:
        taken.add(_label_box(board, territory, style))
    items: list[Item] = []
    for zone in board.zones:
        cells = [c for t in board.territories if t.zone == zone.id for c in t.cells]
        if not cells or not names.get(zone.id):
            continue
        points = [centre(c, style.cell_size) for c in cells]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        for x, y in sorted(points, key=lambda p: (math.dist(p, (cx, cy)), p)):
            box = (x - width / 2, y - height / 2, width, height)
            if taken.clear_of(box):
                taken.add(box)
                items.append(TextBox(*box, names[zone.id].upper(),
                                     size=max(6.0, style.label_size * 0.8),
                                     min_size=min(6.0, style.label_size * 0.8),
                                     align=Align.CENTER, valign=VAlign.MIDDLE,
                                     colour=readable_on(fills[zone.id], INK, PAPER)))
                break
    return items
