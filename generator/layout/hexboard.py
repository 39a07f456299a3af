"""Hex maps drawn from cells: filled regions, their edges and their names.

Any kit whose content places named regions on the odd-r hex grid (content.look.hexgrid) draws
its map with these: a region is a set of cells in one fill; edges inside a region are
thin, edges between regions thick, heavier between regions of different groups, and
coast lines where the map meets the sea. `hex_map` fits the whole map into a box, so a
layout can place it as a widget.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from stamperia.content.look.colourscience import readable_on
from stamperia.content.look.hexgrid import (
    EDGE_CORNERS,
    Cell,
    bounds,
    centre,
    components,
    corners,
    neighbours,
)
from stamperia.generator.draw.drawing import (
    Align,
    Group,
    Item,
    MultiPath,
    Point,
    Style,
    TextBox,
    VAlign,
)

INK = "#1d1d1b"
PAPER = "#ffffff"
INNER = "#6f6f6f"
GROUP_BORDER_FACTOR = 2.2
"""Borders between groups are this much heavier than borders between regions."""


@dataclass(frozen=True)
class MapStyle:
    """How strongly a map is drawn: a board uses a full style, a mini-map a lighter one."""

    cell_size: float
    border_width: float
    inner_width: float
    coast_width: float
    label_size: float


@dataclass(frozen=True)
class Region:
    """Cells drawn in one fill, with the name printed on them (empty: none) and the
    group whose border with other groups is drawn heavier."""

    id: str
    cells: tuple[Cell, ...]
    fill: str
    name: str = ""
    group: str = ""


def label_cell(cells: Sequence[Cell]) -> Cell:
    """The cell of the largest part nearest that part's centre: where the name goes (a
    region of one cell, as on a generated map of thousands, needs no search)."""
    if len(cells) == 1:
        return cells[0]
    part = components(cells)[0]
    cx = sum(centre(c, 1)[0] for c in part) / len(part)
    cy = sum(centre(c, 1)[1] for c in part) / len(part)
    return min(sorted(part, key=lambda c: (c[1], c[0])),
               key=lambda c: math.dist(centre(c, 1), (cx, cy)))


def fills(regions: Sequence[Region], size: float) -> list[Item]:
    """One path per region of filled hexagons, stroked in its own fill to hide seams."""
    styles: dict[str, Style] = {}
    return [filled(tuple(corners(cell, size) for cell in region.cells), region.fill, styles)
            for region in regions]


def filled(hexagons: tuple[tuple[Point, ...], ...], fill: str,
           styles: dict[str, Style] | None = None) -> Item:
    """A region's hexagons (their corners) in one path, stroked in its fill to hide seams.
    `styles`, kept by the caller over many regions, holds one style per fill (a map of
    thousands of regions has a few fills: each style is made and checked once)."""
    style = None if styles is None else styles.get(fill)
    if style is None:
        style = Style(fill=fill, stroke=fill, stroke_width=0.15)
        if styles is not None:
            styles[fill] = style
    return MultiPath(hexagons, closed=True, style=style)


def edge_lines(regions: Sequence[Region], style: MapStyle, sea: frozenset[Cell],
               ink: str = INK, corners_of: Mapping[Cell, tuple[Point, ...]] | None = None
               ) -> list[Item]:
    """Thin lines inside a region, thick ones between regions and at the map's land edge,
    heavier ones between groups, coast lines where a cell meets the sea. `corners_of`,
    when the caller has them, holds each cell's corners at `style.cell_size` (as
    stamperia.content.look.hexgrid.corners gives them)."""
    owner = {cell: region for region in regions for cell in region.cells}
    thin = Style(stroke=INNER, stroke_width=style.inner_width, opacity=0.6)
    thick = Style(stroke=ink, stroke_width=style.border_width)
    heavy = Style(stroke=ink, stroke_width=style.border_width * GROUP_BORDER_FACTOR)
    coast = Style(stroke=ink, stroke_width=style.coast_width)
    inner: list[tuple[Point, Point]] = []
    borders: list[tuple[Point, Point]] = []
    group_borders: list[tuple[Point, Point]] = []
    coasts: list[tuple[Point, Point]] = []
    size = style.cell_size
    for cell in sorted(owner):
        mine = owner[cell]
        points: tuple[Point, ...] = ()  # the corners, worked out when an edge is drawn
        for other, (a, b) in zip(neighbours(cell), EDGE_CORNERS, strict=True):
            neighbour = owner.get(other)
            if neighbour is not None and other < cell:
                continue  # drawn from the other side
            if not points:
                points = corners(cell, size) if corners_of is None else corners_of[cell]
            segment = (points[a], points[b])
            if neighbour is None:
                (coasts if other in sea else borders).append(segment)
            elif neighbour.id == mine.id:
                inner.append(segment)
            else:
                (borders if neighbour.group == mine.group else group_borders).append(segment)
    return [MultiPath(tuple(segments), closed=False, style=paint)
            for segments, paint in ((inner, thin), (borders, thick), (group_borders, heavy),
                                    (coasts, coast))
            if segments]


def names(regions: Sequence[Region], style: MapStyle, ink: str = INK,
          paper: str = PAPER) -> list[Item]:
    """Each named region's name, two cells wide on its label cell, in ink or paper,
    whichever reads better on its fill."""
    width, height = math.sqrt(3) * style.cell_size * 2.1, style.cell_size * 1.3
    items: list[Item] = []
    for region in regions:
        if not region.name or not region.cells:
            continue
        x, y = centre(label_cell(region.cells), style.cell_size)
        items.append(TextBox(x - width / 2, y - height / 2, width, height, region.name,
                             size=style.label_size, min_size=min(5.0, style.label_size),
                             align=Align.CENTER, valign=VAlign.MIDDLE,
                             colour=readable_on(region.fill, ink, paper), bold=True))
    return items


def map_bounds(regions: Sequence[Region], size: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of the drawn cells, in mm."""
    return bounds((cell for region in regions for cell in region.cells), size)


def hex_map(regions: Sequence[Region], box: tuple[float, float, float, float],
            sea: frozenset[Cell] = frozenset(), ink: str = INK) -> tuple[Item, ...]:
    """The whole map, as large as fits the box (x, y, width, height in mm) and centred in
    it, with its names: the drawing a layout places as a widget."""
    if not any(region.cells for region in regions):
        return ()
    left, top, right, bottom = map_bounds(regions, 1.0)
    x, y, width, height = box
    scale = min(width / (right - left), height / (bottom - top))
    style = MapStyle(cell_size=scale, border_width=max(0.2, scale * 0.07),
                     inner_width=max(0.05, scale * 0.015), coast_width=max(0.25, scale * 0.09),
                     label_size=max(4.0, min(12.0, scale * 1.6)))
    drawn: list[Item] = [*fills(regions, scale), *edge_lines(regions, style, sea, ink),
                         *names(regions, style, ink)]
    shift = (x + (width - (right - left) * scale) / 2 - left * scale,
             y + (height - (bottom - top) * scale) / 2 - top * scale)
    return (Group(tuple(drawn), translate=shift),)
