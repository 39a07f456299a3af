"""The objective card's mini-map: the board shrunk into the card's window, the objective's
territories highlighted with their values. Layouts place it as the `objective_map` widget
(generator.kits.conquest.widgets); its lengths are those of a poker card, scaled to the
card at hand (generator.cardscale), in card coordinates (origin at the trim's top left).
"""

from __future__ import annotations

from dataclasses import dataclass

from content.hexgrid import centre
from content.rulesets.conquest.model import Board, Objective
from generator.cardscale import CardScale
from generator.drawing import Align, Circle, Group, Item, Style, TextBox, TextSource, VAlign
from generator.kits.conquest import hexmap
from generator.sizes import Size

SAFE = 3.0
HIGHLIGHT = "#c0392b"
MAP_TOP = SAFE + 14  # the objective card's map window, from the trim's top edge
MAP_BOTTOM = SAFE + 10


@dataclass(frozen=True)
class CardArt:
    """One card's face: its drawing, and the name reports use for it."""

    name: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class MiniMap:
    """The board shrunk into an objective card's window; its edges are the same on every
    card, so they are computed once per deck."""

    style: hexmap.MapStyle
    offset: tuple[float, float]
    edges: tuple[Item, ...]


def mini_map(board: Board, size: Size) -> MiniMap:
    m = CardScale.of(size).mm
    box_width = size.width - 2 * m(SAFE) - m(2)
    box_height = size.height - m(MAP_TOP) - m(MAP_BOTTOM) - m(2)
    left, top, right, bottom = hexmap.map_bounds(board, 1.0)
    cell = min(box_width / (right - left), box_height / (bottom - top))
    style = hexmap.MapStyle(cell_size=cell, border_width=m(0.25), inner_width=m(0.05),
                            coast_width=m(0.3), label_size=m(5))
    offset = (m(SAFE + 1) + (box_width - (right - left) * cell) / 2 - left * cell,
              m(MAP_TOP + 1) + (box_height - (bottom - top) * cell) / 2 - top * cell)
    return MiniMap(style, offset, tuple(hexmap.cell_edges(board, style)))


def objective_map(board: Board, objective: Objective, size: Size, window: MiniMap) -> Group:
    """The objective's territories highlighted on the mini-map, each with its value."""
    sc = CardScale.of(size)
    m = sc.mm
    name = f"objectives/{objective.id}"
    values = {e.territory: e.value for e in objective.entries}
    style = window.style
    cell = style.cell_size
    fills = {t.id: HIGHLIGHT if t.id in values else "#e9e4d6" for t in board.territories}
    value_marks: list[Item] = []
    for territory in board.territories:
        if territory.id in values:
            x, y = centre(hexmap.label_cell(territory), cell)
            radius = max(m(1.6), cell * 0.85)
            value_marks += [
                Circle(x, y, radius, Style(fill="#ffffff", stroke=hexmap.INK,
                                           stroke_width=m(0.2))),
                TextBox(x - radius, y - radius, 2 * radius, 2 * radius,
                        str(values[territory.id]), size=sc.pt(6, 3.5),
                        min_size=sc.min_pt(3.5), align=Align.CENTER, valign=VAlign.MIDDLE,
                        colour=hexmap.INK, bold=True,
                        source=TextSource(name, f"value of {territory.id}")),
            ]
    return Group((*hexmap.cell_polygons(board, style, fills), *window.edges,
                  *value_marks), translate=window.offset)
