"""One IWARI map side drawn from its hex cells: biomes, spaces, paths, numbered connections."""

from __future__ import annotations

import math
from pathlib import Path

from content.hexgrid import bounds, centre, corners, edges
from content.model import Game
from content.rulesets.iwari.model import IwariMaps, IwariSet, MapSide
from content.theme import Theme
from generator.drawing import (
    Align,
    Circle,
    Image,
    Item,
    Line,
    MultiPath,
    Page,
    Style,
    TextBox,
    VAlign,
)

MARGIN = 12.0
TITLE = 14.0
WATER = "#a9cfe8"
WILDS_FILL = "#e4dcc6"
WILDS = Style(fill=WILDS_FILL, stroke="#cbbf9f", stroke_width=0.3)
PATH = "#5b4636"
BORDER = Style(stroke="#222222", stroke_width=0.9)
INK = "#1d1d1b"
MOUNTAIN = "#3a2914"


def _lighten(colour: str, amount: float) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def map_page(game: Game, locale: str, side: MapSide) -> Page:
    """The side at its printed size; each territory's totem space shows its biome's symbol
    (when the theme has it) and name."""
    components = game.part(IwariSet)
    theme = game.find_part(Theme)
    icons = theme.icons if theme is not None else {}
    size = game.part(IwariMaps).hex_size_mm
    cells = _grid(side)
    left, top, right, bottom = bounds(cells, size)
    width = right - left + 2 * MARGIN
    height = bottom - top + 2 * MARGIN + TITLE
    dx, dy = MARGIN - left, MARGIN + TITLE - top

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        x, y = centre(cell, size)
        return (x + dx, y + dy)

    def shape(cell: tuple[int, int]) -> tuple[tuple[float, float], ...]:
        return tuple((x + dx, y + dy) for x, y in corners(cell, size))

    title = f"{game.title(locale)} — {game.text(locale, f'side.{side.id}.name')}"
    items: list[Item] = [TextBox(MARGIN, 3, width - 2 * MARGIN, TITLE - 3, title,
                                 size=20, min_size=10, bold=True, align=Align.CENTER,
                                 valign=VAlign.MIDDLE)]
    owner = {c: t.id for t in side.territories for c in t.cells}
    wilds = sorted(set(cells) - set(owner) - set(side.water))
    if wilds:
        items.append(MultiPath(tuple(shape(c) for c in wilds), True, WILDS))
    items.append(MultiPath(tuple(shape(c) for c in sorted(side.water)), True,
                           Style(fill=WATER, stroke=None)))
    for territory in side.territories:
        colour = _lighten(components.biome(territory.biome).colour, 0.45)
        items.append(MultiPath(tuple(shape(c) for c in territory.cells), True,
                               Style(fill=colour, stroke=colour, stroke_width=0.2)))
    border: list[tuple[tuple[float, float], ...]] = []
    for cell, name in owner.items():
        for other, a, b in edges(cell, size):
            if owner.get(other) != name:
                border.append(((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)))
    items.append(MultiPath(tuple(border), False, BORDER))
    spaces = {name: at(t.tents[i]) for t in side.territories for i, name in enumerate(t.space_ids)}
    path_style = Style(stroke=PATH, stroke_width=1.2, dash=(2.0, 1.2))
    for path in side.paths:
        (x1, y1), (x2, y2) = spaces[path.between[0]], spaces[path.between[1]]
        items.append(Line(x1, y1, x2, y2, path_style))
    for territory in side.territories:
        biome = components.biome(territory.biome)
        for cell in territory.tents:
            x, y = at(cell)
            items.append(Circle(x, y, size * 0.3, Style(fill="#ffffff", stroke=biome.colour,
                                                          stroke_width=0.8)))
        x, y = at(territory.totem)
        items.append(Circle(x, y, size * 0.62, Style(fill="#ffffff", stroke=biome.colour,
                                                       stroke_width=1.6)))
        symbol = icons.get(territory.biome)  # the rulebook tells biomes by their symbol
        if symbol is not None:
            items.append(Image(Path(symbol.path), x - size * 0.22, y - size * 0.5, size * 0.44,
                               size * 0.44))
        name_top = y - size * 0.3 if symbol is None else y - size * 0.04
        items.append(TextBox(x - size * 0.6, name_top, size * 1.2, size * 0.4 if symbol
                             else size * 0.6, game.text(locale, f"biome.{territory.biome}.name"),
                             size=6, min_size=3.5, align=Align.CENTER, valign=VAlign.MIDDLE,
                             colour=INK, bold=True))
    mountains = {n: p.symbols for p in side.mountain_pairs for n in p.connections}
    for connection in side.connections:
        first, second = (side.territory(n) for n in connection.between)
        cx, cy = _connection_point(first.cells, second.cells, size, connection.kind == "land")
        x, y = cx + dx, cy + dy
        if connection.kind == "water":
            (x1, y1), (x2, y2) = at(first.totem), at(second.totem)
            items.append(Line(x1, y1, x2, y2, Style(stroke="#1f4e79", stroke_width=0.8,
                                                    dash=(3.0, 2.0))))
            x, y = (x1 + x2) / 2, (y1 + y2) / 2
        items.append(Circle(x, y, 3.6, Style(fill="#fdf6e3", stroke="#000000",
                                             stroke_width=0.6)))
        items.append(TextBox(x - 3.4, y - 2.5, 6.8, 5, str(connection.number), size=9,
                             min_size=5, align=Align.CENTER, valign=VAlign.MIDDLE, bold=True))
        if connection.number in mountains:
            items.append(TextBox(x - 6, y + 3.4, 12, 3.6, "▲" * mountains[connection.number],
                                 size=6, min_size=3, align=Align.CENTER, colour=MOUNTAIN))
    return Page(width, height, tuple(items), f"map {side.id}")


def _grid(side: MapSide) -> list[tuple[int, int]]:
    """Every cell of the side's rectangle of rows and columns: cells that are neither a
    territory nor water are drawn as wild land (no pieces go there), not left as holes."""
    used = [c for t in side.territories for c in t.cells] + list(side.water)
    columns = range(min(c for c, _ in used), max(c for c, _ in used) + 1)
    rows = range(min(r for _, r in used), max(r for _, r in used) + 1)
    return [(c, r) for r in rows for c in columns]


def _connection_point(a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...],
                      size: float, land: bool) -> tuple[float, float]:
    """Where a land connection's number sits: the middle of the shared border."""
    if land:
        mids = []
        theirs = set(b)
        for cell in a:
            for other, p, q in edges(cell, size):
                if other in theirs:
                    mids.append(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
        if mids:
            mx = sum(m[0] for m in mids) / len(mids)
            my = sum(m[1] for m in mids) / len(mids)
            return min(mids, key=lambda m: math.hypot(m[0] - mx, m[1] - my))
    ca = centre(a[0], size)
    cb = centre(b[0], size)
    return ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)
