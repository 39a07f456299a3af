"""Anchors on the map and where the board's links run: each territory's name cell and
port anchor; sea routes from port anchor to port anchor through sea
cells inside the map's area (never under the score track nor into the bleed), other links
across the gap between the two territories' nearest cells; and the geometry labels use
to keep clear of them."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from stamperia.content.look.hexgrid import Cell, centre, neighbours
from stamperia.content.rulesets.conquest.model import Board, Link, LinkKind, Territory
from stamperia.generator.draw.drawing import Item, Point, Polygon, Polyline, Style
from stamperia.generator.draw.memo import per_object
from stamperia.generator.layout import hexboard

Area = tuple[float, float, float, float]
"""left, top, right, bottom, in map coordinates (mm)."""
Box = tuple[float, float, float, float]
"""x, y, width, height (mm)."""

DASHES: dict[str, tuple[float, ...] | None] = {
    "dashed": (2.0, 1.5), "dotted": (0.5, 1.0), "solid": None}


@dataclass(frozen=True)
class Route:
    """One link as drawn: its kind, the pieces of its line inside the map's area (one,
    unless the only way runs out of the area) and where a piece leaves or enters the
    area, with the direction it runs there (a continuation arrow is drawn)."""

    link: Link
    kind: LinkKind
    pieces: tuple[tuple[Point, ...], ...]
    breaks: tuple[tuple[Point, Point], ...] = ()


def port_cell(board: Board, territory: Territory) -> Cell:
    """The port anchor: the coastal cell nearest the territory's name, not under it."""
    owner = {cell for t in board.territories for cell in t.cells}
    label = label_cell(territory)
    label_at = centre(label, 1)
    coastal = [c for c in territory.cells if any(_is_sea(board, owner, n)
                                                 for n in neighbours(c))]
    return min(coastal or list(territory.cells),
               key=lambda c: (c == label, math.dist(centre(c, 1), label_at), c))


def label_cell(territory: Territory) -> Cell:
    """The cell of the largest part nearest that part's centre: where the name goes."""
    return hexboard.label_cell(territory.cells)


def _is_sea(board: Board, owner: set[Cell], cell: Cell) -> bool:
    """Sea: any cell off the map when the map lies in the sea, else a declared sea cell."""
    return cell not in owner and (board.outside == "sea" or cell in board.sea_cells)


@per_object(8)  # the same board's routes, for every locale and the kit
def routes(board: Board, size: float, area: Area | None = None,
           avoid: tuple[Box, ...] = (), labels: tuple[Box, ...] = ()) -> tuple[Route, ...]:
    """Every link's line, in map coordinates at `size` mm per hex: sea routes through sea
    cells whose centres lie inside `area` and outside every box of `avoid` (the legend)
    and, where the sea leaves a way round them, of `labels` (the names' boxes)."""
    kinds = {k.id: k for k in board.link_kinds}
    found: list[Route] = []
    for link in board.links:
        kind = kinds[link.kind]
        a, b = (board.territory(t) for t in link.between)
        if kind.requires_port and a.port and b.port:
            points = _sea_route(board, a, b, size, area, (*avoid, *labels)) if labels else None
            if points is None:
                points = _sea_route(board, a, b, size, area, avoid)
            if points is None:  # no way inside the area: the shortest, clipped to it
                points = (_sea_route(board, a, b, size, None, ())
                          or _ports(board, a, b, size))
                assert area is not None
                found.append(_clipped(link, kind, points, area))
                continue
        else:
            points = nearest_gap(a, b, size)
        found.append(Route(link, kind, (points,)))
    return tuple(found)


def _ports(board: Board, a: Territory, b: Territory, size: float) -> tuple[Point, ...]:
    return centre(port_cell(board, a), size), centre(port_cell(board, b), size)


def _clipped(link: Link, kind: LinkKind, points: tuple[Point, ...], area: Area) -> Route:
    """The parts of the line inside the area, and an arrow where it leaves or comes back."""
    box = (area[0], area[1], area[2] - area[0], area[3] - area[1])
    pieces: list[list[Point]] = []
    breaks: list[tuple[Point, Point]] = []
    open_piece = False
    for p, q in zip(points, points[1:], strict=False):
        span = clip_segment(p, q, box)
        if span is None:
            open_piece = False
            continue
        start, end = span
        if not open_piece or pieces[-1][-1] != start:
            if start != p:
                breaks.append((start, _unit(q, p)))  # comes back in: arrow points out
            pieces.append([start])
        pieces[-1].append(end)
        open_piece = end == q
        if end != q:
            breaks.append((end, _unit(p, q)))  # leaves: arrow points on
    return Route(link, kind, tuple(tuple(piece) for piece in pieces if len(piece) > 1),
                 tuple(breaks))


def _unit(p: Point, q: Point) -> Point:
    length = math.dist(p, q) or 1.0
    return (q[0] - p[0]) / length, (q[1] - p[1]) / length


def nearest_gap(a: Territory, b: Territory, size: float) -> tuple[Point, ...]:
    """From the centre of a's cell nearest b to the centre of b's cell nearest a."""
    here, there = min(((p, q) for p in a.cells for q in b.cells),
                      key=lambda pq: (math.dist(centre(pq[0], 1), centre(pq[1], 1)), pq))
    return centre(here, size), centre(there, size)


def _sea_route(board: Board, a: Territory, b: Territory, size: float,
               area: Area | None, avoid: tuple[Box, ...]) -> tuple[Point, ...] | None:
    """Port to port through sea cells whose centres lie inside `area` (or anywhere within
    two cells of the map, without one); None when the sea offers no way."""
    owner = {cell for t in board.territories for cell in t.cells}
    start_port, end_port = port_cell(board, a), port_cell(board, b)
    low = (min(c for c, _ in owner), min(r for _, r in owner))
    high = (max(c for c, _ in owner), max(r for _, r in owner))

    def sea(cell: Cell) -> bool:
        if not _is_sea(board, owner, cell):
            return False
        if area is None:
            return (low[0] - 2 <= cell[0] <= high[0] + 2 and low[1] - 2 <= cell[1] <= high[1] + 2)
        x, y = centre(cell, size)
        return (area[0] <= x <= area[2] and area[1] <= y <= area[3]
                and not any(bx <= x <= bx + bw and by <= y <= by + bh
                            for bx, by, bw, bh in avoid))

    starts = sorted(n for n in neighbours(start_port) if sea(n))
    targets = {n for n in neighbours(end_port) if sea(n)}
    came_from: dict[Cell, Cell | None] = {c: None for c in starts}
    frontier = deque(starts)
    while frontier:
        cell = frontier.popleft()
        if cell in targets:
            path = [cell]
            while (previous := came_from[path[-1]]) is not None:
                path.append(previous)
            inner = [centre(c, size) for c in reversed(path)]
            return _straighten((centre(start_port, size), *inner, centre(end_port, size)),
                               size, lambda cell: sea(cell) or cell in (start_port, end_port))
        for other in sorted(neighbours(cell)):
            if other not in came_from and sea(other):
                came_from[other] = cell
                frontier.append(other)
    return None


_SQRT3 = math.sqrt(3)
"""As content.look.hexgrid has it, so the centres below are its centres to the last bit."""


def cell_at(point: Point, size: float) -> Cell:
    """The cell a point lies in (the cell of the nearest centre; on a tie the lowest
    (column, row)). The nine candidates' centres are worked out here as
    content.look.hexgrid.centre works them out, without a call per candidate: a sea route is
    tested at thousands of points."""
    row = round((point[1] - size) / (1.5 * size))
    column = round((point[0] - math.sqrt(3) * size / 2) / (math.sqrt(3) * size))
    width = _SQRT3 * size
    best: tuple[float, Cell] | None = None
    for r in range(row - 1, row + 2):
        y = 1.5 * size * r + size
        shift = 0.5 * (r % 2)
        for c in range(column - 1, column + 2):
            found = (math.dist((width * (c + shift) + width / 2, y), point), (c, r))
            if best is None or found < best:
                best = found
    assert best is not None
    return best[1]


def _straighten(points: tuple[Point, ...], size: float, allowed: Callable[[Cell], bool]
                ) -> tuple[Point, ...]:
    """The route with its zigzags pulled straight: from each kept point, on to the
    farthest point the straight line reaches over allowed cells only."""
    def clear(p: Point, q: Point) -> bool:
        steps = max(1, math.ceil(math.dist(p, q) / (size / 4)))
        return all(allowed(cell_at((p[0] + (q[0] - p[0]) * i / steps,
                                    p[1] + (q[1] - p[1]) * i / steps), size))
                   for i in range(steps + 1))

    kept = [points[0]]
    i = 0
    while i < len(points) - 1:
        j = next(j for j in range(len(points) - 1, i, -1) if j == i + 1 or clear(points[i],
                                                                                points[j]))
        kept.append(points[j])
        i = j
    return tuple(kept)


def route_items(found: tuple[Route, ...], width: float, colour: str, ink: str
                ) -> list[Item]:
    """Each route's pieces in its kind's dash, and an arrow at each break."""
    items: list[Item] = []
    for route in found:
        items += [line for piece in route.pieces
                  for line in link_symbol(piece, route.kind, width, colour, ink)]
        for (x, y), (dx, dy) in route.breaks:
            length, half = width * 5, width * 2.5
            back = (x - dx * length, y - dy * length)
            items.append(Polygon(((x, y), (back[0] - dy * half, back[1] + dx * half),
                                  (back[0] + dy * half, back[1] - dx * half)),
                                 Style(fill=colour, stroke=ink, stroke_width=width / 3)))
    return items


def link_symbol(points: tuple[Point, ...], kind: LinkKind, width: float, colour: str,
                ink: str) -> tuple[Item, Item]:
    """A link's line: its kind's dash in `colour` over an ink casing, so it reads on any
    zone colour and on the legend alike."""
    return (Polyline(points, Style(stroke=ink, stroke_width=width * 1.9)),
            Polyline(points, Style(stroke=colour, stroke_width=width,
                                   dash=DASHES[kind.style])))


def drawn_kinds(board: Board) -> tuple[LinkKind, ...]:
    """The link kinds the board draws (some link uses them), in the order declared."""
    used = {link.kind for link in board.links}
    return tuple(k for k in board.link_kinds if k.id in used)


def lines_of(found: tuple[Route, ...]) -> list[tuple[Point, ...]]:
    """Every drawn piece of every route: what labels keep clear of."""
    return [piece for route in found for piece in route.pieces]


def clip_segment(p: Point, q: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of segment pq inside the box, or None (Liang-Barsky clipping)."""
    x, y, w, h = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, room in ((-dx, p[0] - x), (dx, x + w - p[0]), (-dy, p[1] - y),
                       (dy, y + h - p[1])):
        if step == 0:
            if room < 0:
                return None
            continue
        t = room / step
        if step < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    if low == 0.0 and high == 1.0:
        return p, q
    return ((p[0] + low * dx, p[1] + low * dy), (p[0] + high * dx, p[1] + high * dy))


def segment_hits_box(p: Point, q: Point, box: Box) -> bool:
    """Whether the segment pq crosses or touches the box."""
    return clip_segment(p, q, box) is not None


def line_hits_box(points: tuple[Point, ...], box: Box) -> bool:
    return any(segment_hits_box(p, q, box) for p, q in zip(points, points[1:], strict=False))
