"""Tiling a large page (a board) over several small sheets, plus an assembly page.

Geometry first (`plan_tiles`, pure numbers), drawing second (`tile_pages`).
Policy: the printable area of a sheet is the paper minus `margin` on every
side; neighbouring tiles share exactly `overlap` mm of the big page and all tiles
have the same size (the fewest tiles that fit, shrunk evenly); the paper
orientation needing fewer sheets wins, ties prefer portrait. Tiles are named
like spreadsheet cells: rows are letters (A, B, ... Z, AA), columns numbers.
Crosshair registration marks sit in the middle of every overlap band, so the
same mark appears on both tiles that share the band.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    ClipRect,
    Group,
    Item,
    Line,
    Page,
    Point,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.draw.geometry import Box
from stamperia.generator.print.sizes import Size

DEFAULT_TILE_MARGIN = 10.0
DEFAULT_OVERLAP = 10.0
CROSSHAIR_ARM = 3.0
_EPSILON = 1e-9

MARK_STYLE = Style(stroke="#000000", stroke_width=0.15)
GUIDE_STYLE = Style(stroke="#707070", stroke_width=0.15, dash=(2.0, 1.5))
OUTLINE_STYLE = Style(stroke="#b0b0b0", stroke_width=0.1)


class TilingError(ValueError):
    """A page cannot be tiled with the given paper, margin and overlap."""


def row_letters(row: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (bijective base 26, like spreadsheet columns)."""
    letters = ""
    n = row + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Tile:
    """One sheet: it shows `source` (big-page mm) with its top-left at `origin` on the sheet."""

    row: int
    column: int
    label: str
    source: Box
    origin: Point


@dataclass(frozen=True)
class TileLayout:
    """A large page cut into overlapping tiles of a smaller paper, with marks."""

    paper: Size
    landscape: bool
    margin: float
    overlap: float
    columns: int
    rows: int
    big_width: float
    big_height: float
    tiles: tuple[Tile, ...]
    registration: tuple[Point, ...]


def _starts(length: float, printable: float, overlap: float) -> list[tuple[float, float]]:
    """(start, extent) of each tile along one axis: equal tiles, neighbours sharing `overlap`."""
    if length <= printable + _EPSILON:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (printable - overlap) - _EPSILON)
    extent = (length + (count - 1) * overlap) / count
    step = extent - overlap
    return [(i * step, extent) for i in range(count)]


def _registration(xs: list[tuple[float, float]], ys: list[tuple[float, float]],
                  overlap: float) -> tuple[Point, ...]:
    """Crosshair centres: band centres crossed with tile centres and with each other."""
    band_x = [start + overlap / 2 for start, _ in xs[1:]]
    band_y = [start + overlap / 2 for start, _ in ys[1:]]
    mid_x = [start + extent / 2 for start, extent in xs]
    mid_y = [start + extent / 2 for start, extent in ys]
    points = {(x, y) for x in band_x for y in mid_y + band_y}
    points |= {(x, y) for x in mid_x for y in band_y}
    return tuple(sorted(points))


def plan_tiles(
    width_mm: float,
    height_mm: float,
    paper: Size,
    margin: float = DEFAULT_TILE_MARGIN,
    overlap: float = DEFAULT_OVERLAP,
) -> TileLayout:
    """Which part of a width x height page each sheet shows."""
    candidates: list[TileLayout] = []
    for landscape, oriented in enumerate((paper.portrait(), paper.landscape())):
        printable_w = oriented.width - 2 * margin
        printable_h = oriented.height - 2 * margin
        if overlap < 0 or min(printable_w, printable_h) <= overlap:
            raise TilingError(
                f"overlap {overlap:g} mm must be >= 0 and smaller than the printable area of "
                f"{paper.label} with {margin:g} mm margins"
            )
        xs = _starts(width_mm, printable_w, overlap)
        ys = _starts(height_mm, printable_h, overlap)
        tiles = tuple(
            Tile(row=r, column=c, label=f"{row_letters(r)}{c + 1}",
                 source=Box(x, y, w, h), origin=(margin, margin))
            for r, (y, h) in enumerate(ys)
            for c, (x, w) in enumerate(xs)
        )
        candidates.append(TileLayout(
            paper=oriented, landscape=bool(landscape),
            margin=margin, overlap=overlap, columns=len(xs), rows=len(ys),
            big_width=width_mm, big_height=height_mm, tiles=tiles,
            registration=_registration(xs, ys, overlap),
        ))
    return min(candidates, key=lambda layout: len(layout.tiles))


@dataclass(frozen=True)
class TileCaptions:
    """Printed words, so a caller can translate them; str.format fields in braces."""

    tile: str = "{label}  ·  {name}  ·  row {row} of {rows}, column {column} of {columns}"
    title: str = "{name}: assembly"
    instructions: str = (
        "Print at 100% (no 'fit to page'). Cut off the margins on the sides where a tile "
        "meets a neighbour, lay it over the neighbour along the dashed line ({overlap} mm "
        "overlap) so the crosshairs match, and tape."
    )


DEFAULT_CAPTIONS = TileCaptions()


def _crosshair(x: float, y: float) -> tuple[Item, ...]:
    a = CROSSHAIR_ARM
    return (
        Line(x - a, y, x + a, y, MARK_STYLE),
        Line(x, y - a, x, y + a, MARK_STYLE),
        Circle(x, y, a / 2, MARK_STYLE),
    )


def _guides(layout: TileLayout, tile: Tile) -> tuple[Item, ...]:
    """Dashed lines where the next tile's edge lands (right and below), in big-page mm."""
    s = tile.source
    items: list[Item] = []
    for other in layout.tiles:
        if other.row == tile.row and other.column == tile.column + 1:
            items.append(Line(other.source.x, s.y, other.source.x, s.bottom, GUIDE_STYLE))
        if other.column == tile.column and other.row == tile.row + 1:
            items.append(Line(s.x, other.source.y, s.right, other.source.y, GUIDE_STYLE))
    return tuple(items)


def _tile_page(page: Page, layout: TileLayout, tile: Tile, captions: TileCaptions,
               name: str) -> Page:
    s = tile.source
    ox, oy = tile.origin
    marks: list[Item] = list(_guides(layout, tile))
    for x, y in layout.registration:
        if s.x <= x <= s.right and s.y <= y <= s.bottom:
            marks.extend(_crosshair(x, y))
    content = Group(items=page.items + tuple(marks), translate=(ox - s.x, oy - s.y),
                    clip=ClipRect(s.x, s.y, s.width, s.height))
    outline = Rect(ox, oy, s.width, s.height, OUTLINE_STYLE)
    caption = captions.tile.format(
        label=tile.label, name=name, row=row_letters(tile.row), rows=layout.rows,
        column=tile.column + 1, columns=layout.columns,
    )
    text_top = min(5.0, layout.margin / 2)
    label = TextBox(layout.margin, text_top, layout.paper.width - 2 * layout.margin,
                    max(layout.margin - text_top - 0.5, 1.0), caption, size=9.0, min_size=5.0,
                    valign=VAlign.MIDDLE, bold=True)
    return Page(layout.paper.width, layout.paper.height, (content, outline, label),
                f"{page.label} {tile.label}")


def assembly_page(layout: TileLayout, name: str, captions: TileCaptions,
                  printed: str | None = None) -> Page:
    """A small map of the tiles with their labels, to print with the tiles; `name` labels
    the page, `printed` is the board's name in the title (`name` when not given)."""
    paper, m = layout.paper, layout.margin
    shown = name if printed is None else printed
    title = TextBox(m, m, paper.width - 2 * m, 10.0, captions.title.format(name=shown),
                    size=16.0, min_size=8.0, bold=True)
    notes = TextBox(m, m + 12.0, paper.width - 2 * m, 20.0,
                    captions.instructions.format(overlap=f"{layout.overlap:g}"),
                    size=10.0, min_size=6.0)
    area = Box(m, m + 36.0, paper.width - 2 * m, paper.height - 2 * m - 36.0)
    scale = min(area.width / layout.big_width, area.height / layout.big_height)
    x0 = area.x + (area.width - layout.big_width * scale) / 2
    y0 = area.y
    items: list[Item] = [title, notes]
    for tile in layout.tiles:
        s = tile.source
        items.append(Rect(x0 + s.x * scale, y0 + s.y * scale, s.width * scale,
                          s.height * scale,
                          Style(fill="#4a7ab8", stroke="#1d3557", stroke_width=0.3,
                                opacity=0.2)))
    for tile in layout.tiles:
        s = tile.source
        items.append(TextBox(x0 + s.x * scale, y0 + s.y * scale, s.width * scale,
                             s.height * scale, tile.label, size=14.0, min_size=4.0,
                             align=Align.CENTER, valign=VAlign.MIDDLE, bold=True))
    items.append(Rect(x0, y0, layout.big_width * scale, layout.big_height * scale,
                      Style(stroke="#000000", stroke_width=0.4)))
    return Page(paper.width, paper.height, tuple(items), f"{name} assembly")


def tile_pages(
    page: Page,
    paper: Size,
    margin: float = DEFAULT_TILE_MARGIN,
    overlap: float = DEFAULT_OVERLAP,
    captions: TileCaptions = DEFAULT_CAPTIONS,
    name: str | None = None,
) -> tuple[Page, ...]:
    """The assembly page followed by one page per tile, row by row. `name` is what the
    captions print (the board's printed name); the page's label, an id that names the page
    in reports, when not given."""
    layout = plan_tiles(page.width_mm, page.height_mm, paper, margin, overlap)
    printed = page.label if name is None else name
    tiles = tuple(_tile_page(page, layout, tile, captions, printed) for tile in layout.tiles)
    return (assembly_page(layout, page.label, captions, printed),) + tiles
