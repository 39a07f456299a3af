"""Marks on the conquest map where the drawn cells and the game's borders disagree.

A stone marker sits on the border of two territories whose cells touch but which do not
border (the rulebook's stones: "non sono confinanti e non attaccabili"). A bridge joins
two territories that border although their cells do not touch (the rulebook's raised
stone, which one passes under). A bridge is a short line across the gap between their
nearest cells when that line crosses no other territory; otherwise a straight line would
run across territories it does not join (SGRUNT's Guilcer-Villanova line was 87 mm over
Montiferru and Sinis), so each end gets a badge with the same letter instead. The legend
explains each kind the map prints; names keep clear of every mark.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from string import ascii_uppercase

from stamperia.content.look.hexgrid import Cell, centre, edges, neighbours
from stamperia.content.rulesets.conquest.model import Board
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Item,
    Line,
    Point,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.kits.conquest.links import nearest_gap, port_cell

INK = "#1d1d1b"
PAPER = "#ffffff"
STONE = Style(fill="#8c8c8c", stroke=INK, stroke_width=0.3)
STONE_CELLS = 0.18
"""A stone's radius, in cell sizes."""
BADGE_CELLS = 0.38
"""A bridge badge's radius, in cell sizes."""
BRIDGE_DASH = (0.6, 0.9)
SAMPLES_PER_CELL = 4


@dataclass(frozen=True)
class Bridge:
    """A bridge's two ends (the centres of the territories' nearest cells) and its badge
    letter ("" when it is drawn as a line)."""

    between: tuple[str, str]
    ends: tuple[Point, Point]
    letter: str


def _owner_at(owner: dict[Cell, str], point: Point, size: float) -> str | None:
    """The territory whose cell centre is nearest `point` (the cell under it), if any:
    the cell the point rounds to and its neighbours are the only candidates."""
    row = round((point[1] - size) / (1.5 * size))
    column = round((point[0] - math.sqrt(3) * size / 2) / (math.sqrt(3) * size) - 0.5 * (row % 2))
    near = (column, row)
    best = min((near, *neighbours(near)), key=lambda c: (math.dist(centre(c, size), point), c))
    return owner.get(best) if math.dist(centre(best, size), point) <= size else None


def _crosses_others(owner: dict[Cell, str], between: tuple[str, str], ends: tuple[Point, Point],
                    size: float) -> bool:
    (x1, y1), (x2, y2) = ends
    steps = max(1, math.ceil(math.dist(*ends) / size * SAMPLES_PER_CELL))
    for i in range(steps + 1):
        at = (x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps)
        found = _owner_at(owner, at, size)
        if found is not None and found not in between:
            return True
    return False


def _letter(index: int) -> str:
    return ascii_uppercase[index % 26] + (str(index // 26) if index >= 26 else "")


def bridges(board: Board, size: float) -> tuple[Bridge, ...]:
    """Every bridge of the board at `size` mm per cell, badges lettered A, B, ... in the
    order the exceptions are declared."""
    owner = {cell: t.id for t in board.territories for cell in t.cells}
    found: list[Bridge] = []
    badges = 0
    for exception in board.exceptions:
        if not exception.adjacent:
            continue
        here, there = nearest_gap(board.territory(exception.between[0]),
                                  board.territory(exception.between[1]), size)
        ends = (here, there)
        letter = ""
        if _crosses_others(owner, exception.between, ends, size):
            letter = _letter(badges)
            badges += 1
        found.append(Bridge(exception.between, ends, letter))
    return tuple(found)


def stones(board: Board, size: float) -> tuple[Point, ...]:
    """The middle of every cell edge between two territories that do not border."""
    owner = {cell: t.id for t in board.territories for cell in t.cells}
    points: list[Point] = []
    for exception in board.exceptions:
        if exception.adjacent:
            continue
        a, b = exception.between
        for cell in board.territory(a).cells:
            for other, start, end in edges(cell, size):
                if owner.get(other) == b:
                    points.append(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    return tuple(points)


def bridge_line_items(ends: tuple[Point, Point], width: float) -> tuple[Item, ...]:
    (x1, y1), (x2, y2) = ends
    return (Line(x1, y1, x2, y2, Style(stroke=INK, stroke_width=width, dash=BRIDGE_DASH)),)


def badge_items(at: Point, radius: float, letter: str) -> tuple[Item, ...]:
    """A white disc ringed in ink with the bridge's letter."""
    x, y = at
    return (Circle(x, y, radius, Style(fill=PAPER, stroke=INK, stroke_width=0.5)),
            TextBox(x - radius, y - radius, 2 * radius, 2 * radius, letter,
                    size=max(6.0, radius * 2 * 72 / 25.4 * 0.6), min_size=6, bold=True,
                    align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK))


def stone_item(at: Point, size: float) -> Item:
    return Circle(at[0], at[1], size * STONE_CELLS, STONE)


def marks(board: Board, size: float, width: float) -> list[Item]:
    """The stones, bridge lines and bridge badges, in map coordinates."""
    items: list[Item] = [stone_item(p, size) for p in stones(board, size)]
    for bridge in bridges(board, size):
        if bridge.letter:
            for end in bridge.ends:
                items += badge_items(end, size * BADGE_CELLS, bridge.letter)
        else:
            items += bridge_line_items(bridge.ends, width)
    return items


def obstacles(board: Board, size: float) -> list[tuple[Point, ...]]:
    """What names keep clear of, as lines: each bridge line, and a cross over each stone,
    badge and port anchor."""
    lines: list[tuple[Point, ...]] = []
    crossed: list[tuple[Point, float]] = [(p, size * STONE_CELLS) for p in stones(board, size)]
    for bridge in bridges(board, size):
        if bridge.letter:
            crossed += [(end, size * BADGE_CELLS) for end in bridge.ends]
        else:
            lines.append(bridge.ends)
    crossed += [(centre(port_cell(board, t), size), size * 0.28)
                for t in board.territories if t.port]
    for (x, y), r in crossed:
        lines += [((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))]
    return lines


def kinds(board: Board) -> tuple[str, ...]:
    """The kinds of mark the board prints, in legend order: stone, bridge, bridge badge,
    port."""
    found = bridges(board, 1.0)
    present = {"stone": any(not e.adjacent for e in board.exceptions),
               "bridge": any(not b.letter for b in found),
               "bridge_badge": any(b.letter for b in found),
               "port": any(t.port for t in board.territories)}
    return tuple(kind for kind, shown in present.items() if shown)
