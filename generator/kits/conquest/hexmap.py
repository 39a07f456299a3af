"""The territory map drawn from hex cells: shared by the board and the objective mini-maps."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from stamperia.content.look.colourscience import readable_on
from stamperia.content.look.hexgrid import Cell, bounds, centre, corners, neighbours
from stamperia.content.rulesets.conquest.model import Board, Territory
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Item,
    MultiPath,
    Point,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.draw.memo import per_object
from stamperia.generator.kits.conquest.hatching import hatch
from stamperia.generator.kits.conquest.links import (
    label_cell,
    line_hits_box,
    port_cell,
)
from stamperia.generator.layout import hexboard
from stamperia.generator.layout.hexboard import (
    MapStyle as MapStyle,  # the board's and mini-maps' style
)

SEA = "#cfe3ef"
LAND = "#ece5d3"
INK = "#1d1d1b"
PAPER = "#ffffff"
DRAWN_MAPS = 8
"""Maps whose derived geometry (edges, cell corners, name places) is kept (generator.draw.memo:
the board by identity, the style by value): a check draws the same board for every
locale and again for the kit, and the objective cards draw it once per card."""
HATCH_SPACING = 0.45
"""Hatch lines this many cell sizes apart."""


def map_bounds(board: Board, cell_size: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of everything the map draws, in mm."""
    cells = [c for t in board.territories for c in t.cells]
    if board.event_deck_cell is not None:
        cells.append(board.event_deck_cell)
    return bounds(cells, cell_size)


def map_size(board: Board, cell_size: float) -> tuple[float, float]:
    left, top, right, bottom = map_bounds(board, cell_size)
    return right - left, bottom - top


def cell_owner(board: Board) -> dict[Cell, Territory]:
    return {cell: t for t in board.territories for cell in t.cells}


def regions(board: Board, fills: Mapping[str, str]) -> list[hexboard.Region]:
    """The territories as the shared hex map's regions, grouped by zone."""
    return [hexboard.Region(t.id, t.cells, fills[t.id], group=t.zone)
            for t in board.territories]


def cell_polygons(board: Board, style: MapStyle, fills: Mapping[str, str]) -> list[Item]:
    """One path per territory of filled hexagons, stroked in its own fill to hide seams
    (generator.layout.hexboard.fills, with each territory's hexagons computed once per size)."""
    styles: dict[str, Style] = {}
    return [hexboard.filled(hexagons, fills[territory.id], styles) for territory, hexagons
            in zip(board.territories, territory_hexagons(board, style.cell_size), strict=True)]


@per_object(DRAWN_MAPS)
def territory_hexagons(board: Board, size: float) -> tuple[tuple[tuple[Point, ...], ...], ...]:
    """Each territory's cells as hexagon corners, in board order: the board of each locale
    and every objective card's mini-map draw the same cells in other fills."""
    return tuple(tuple(corners(c, size) for c in t.cells) for t in board.territories)


@per_object(DRAWN_MAPS)
def zone_hatches(board: Board, style: MapStyle) -> tuple[Item, ...]:
    """Each hatched zone's lines over its territories' cells (the same in every locale)."""
    items: list[Item] = []
    hexagons = territory_hexagons(board, style.cell_size)  # the fills' own corners
    for zone in board.zones:
        cells = [cell for t, cells in zip(board.territories, hexagons, strict=True)
                 if t.zone == zone.id for cell in cells]
        items += hatch(cells, zone.hatch, style.cell_size * HATCH_SPACING,
                       style.inner_width * 1.5, INK)
    return tuple(items)


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


@per_object(DRAWN_MAPS)
def cell_edges(board: Board, style: MapStyle) -> tuple[Item, ...]:
    """Thin lines inside a territory, thick ones between territories and at the map's land
    edge, heavier ones between zones (so zones read without their colours), coast lines
    at sea."""
    painted = regions(board, {t.id: "" for t in board.territories})
    known = {cell: points for territory, hexagons in
             zip(board.territories, territory_hexagons(board, style.cell_size), strict=True)
             for cell, points in zip(territory.cells, hexagons, strict=True)}
    return tuple(hexboard.edge_lines(painted, style, sea_cells(board), INK, known))


def port_marks(board: Board, style: MapStyle) -> list[Item]:
    """An anchor on each port's coastal cell: where its sea routes start."""
    items: list[Item] = []
    radius = style.cell_size * 0.28
    for territory in board.territories:
        if not territory.port:
            continue
        x, y = centre(port_cell(board, territory), style.cell_size)
        items.append(Circle(x, y, radius, Style(fill="#ffffff", stroke=INK, stroke_width=0.3)))
        items.append(TextBox(x - radius, y - radius, 2 * radius, 2 * radius, "⚓",
                             size=style.label_size, min_size=3, align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=INK))
    return items


def _box_at(at: Point, style: MapStyle) -> tuple[float, float, float, float]:
    width = math.sqrt(3) * style.cell_size * 2.1
    height = style.cell_size * 1.3
    x, y = at
    return x - width / 2, y - height / 2, width, height


def label_boxes(board: Board, style: MapStyle, lines: Sequence[tuple[Point, ...]] = ()
                ) -> dict[str, tuple[float, float, float, float]]:
    """Each territory's name box: on its label cell, or, when a line of `lines` (the
    links) crosses it there, at the nearest place clear of them: on a cell or half a
    cell off one, preferring places where the whole name lies on the territory."""
    return dict(_label_boxes(board, style, tuple(lines)))


@per_object(DRAWN_MAPS)
def _label_boxes(board: Board, style: MapStyle, lines: tuple[tuple[Point, ...], ...]
                 ) -> dict[str, tuple[float, float, float, float]]:
    size = style.cell_size
    owner = _Owners(cell_owner(board), size)
    homes = {t.id: _box_at(centre(label_cell(t), size), style) for t in board.territories}
    found = {name: box for name, box in homes.items()
             if not any(line_hits_box(line, box) for line in lines)}
    for territory in board.territories:
        if territory.id in found:
            continue
        anchor = centre(label_cell(territory), size)
        spots = sorted({(round(x + dx, 6), round(y + dy, 6))
                        for x, y in (centre(c, size) for c in territory.cells)
                        for dx, dy in ((0, 0), (0, -0.75 * size), (0, 0.75 * size),
                                       (-0.866 * size, 0), (0.866 * size, 0))},
                       key=lambda p: (math.dist(p, anchor), p))
        ranked = sorted(spots, key=lambda p: 0 if _name_inside(owner, territory, p,
                                                               style) else 1)
        boxes = (_box_at(p, style) for p in ranked if owner.at(p) == territory.id)
        found[territory.id] = next(
            (box for box in boxes
             if not any(line_hits_box(line, box) for line in lines)
             and not any(_overlaps(_narrow(box), _narrow(other)) for other in found.values())),
            homes[territory.id])
    return {t.id: found[t.id] for t in board.territories}


def _narrow(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The part of a name box a name of average length covers: its middle 70%."""
    x, y, width, height = box
    return x + width * 0.15, y, width * 0.7, height


class _Owners:
    """The territory under a point: its nearest cell's (hex cells are the Voronoi cells of
    their centres), none farther than a cell size. Cell centres are bucketed by squares of
    one cell size, so a point looks at the nine squares around it, not at every cell: any
    centre within a cell size lies there, and the nearest of those (ties to the smaller
    cell) is the nearest of all."""

    def __init__(self, owner: Mapping[Cell, Territory], size: float) -> None:
        self.owner = owner
        self.size = size
        self.buckets: dict[tuple[int, int], list[tuple[Point, Cell]]] = {}
        for cell in owner:
            at = centre(cell, size)
            key = (math.floor(at[0] / size), math.floor(at[1] / size))
            self.buckets.setdefault(key, []).append((at, cell))

    def at(self, point: Point) -> str | None:
        bx, by = math.floor(point[0] / self.size), math.floor(point[1] / self.size)
        near = [(math.dist(at, point), cell) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for at, cell in self.buckets.get((bx + dx, by + dy), ())]
        within = [found for found in near if found[0] <= self.size]
        return self.owner[min(within)[1]].id if within else None


def _name_inside(owner: _Owners, territory: Territory, point: Point, style: MapStyle) -> bool:
    """Whether a name centred on `point` lies on its territory from end to end."""
    reach = math.sqrt(3) * style.cell_size * 0.75
    return all(owner.at((point[0] + dx, point[1])) == territory.id
               for dx in (-reach, 0.0, reach))


def labels(board: Board, style: MapStyle, texts: Mapping[str, str],
           fills: Mapping[str, str] | None = None,
           lines: Sequence[tuple[Point, ...]] = ()) -> list[Item]:
    """A text centred on each territory's label cell (or a cell clear of `lines`), two
    cells wide; in ink or white, whichever reads better on the territory's fill."""
    items: list[Item] = []
    boxes = label_boxes(board, style, lines)
    for territory in board.territories:
        text = texts.get(territory.id)
        if not text:
            continue
        x, y, width, height = boxes[territory.id]
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
                fills: Mapping[str, str], lines: Sequence[tuple[Point, ...]] = (),
                avoid: Sequence[tuple[float, float, float, float]] = ()) -> list[Item]:
    """Each zone's name in capitals on one of its cells near its middle, clear of the
    territory names, the links and the boxes of `avoid` (the links' icons); a zone with no
    free cell goes unnamed on the map (the legend has it)."""
    width = math.sqrt(3) * style.cell_size * 2.4
    height = style.cell_size * 0.9
    taken = _Taken(width)
    for box in (*label_boxes(board, style, lines).values(), *avoid):
        taken.add(box)
    items: list[Item] = []
    owner = _Owners(cell_owner(board), style.cell_size)
    zone_of = {t.id: t.zone for t in board.territories}
    for zone in board.zones:
        cells = [c for t in board.territories if t.zone == zone.id for c in t.cells]
        if not cells or not names.get(zone.id):
            continue
        points = [centre(c, style.cell_size) for c in cells]
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        half = style.cell_size / 2  # then half a cell up or down, still over the zone
        shifted = [(x, y + dy) for x, y in points for dy in (-half, half)
                   if zone_of.get(owner.at((x, y + dy)) or "") == zone.id]
        for x, y in (*sorted(points, key=lambda p: (math.dist(p, (cx, cy)), p)),
                     *sorted(shifted, key=lambda p: (math.dist(p, (cx, cy)), p))):
            box = (x - width / 2, y - height / 2, width, height)
            if taken.clear_of(box) and not any(line_hits_box(line, _narrow(box)) for line in lines):
                taken.add(box)
                items.append(TextBox(*box, names[zone.id].upper(),
                                     size=max(6.0, style.label_size * 0.8),
                                     min_size=min(6.0, style.label_size * 0.8),
                                     align=Align.CENTER, valign=VAlign.MIDDLE,
                                     colour=readable_on(fills[zone.id], INK, PAPER)))
                break
    return items
