"""The `map_side` widget: one IWARI map side drawn from its hex cells (biomes, spaces,
paths, numbered connections); the `map_side` page layout places it under its title."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from stamperia.content.look.colourscience import contrast_ratio
from stamperia.content.look.hexgrid import bounds, centre, corners, edges
from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, IwariSet, MapSide
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Image,
    Item,
    Line,
    MultiPath,
    Polyline,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.kits.iwari.waterways import waterway
from stamperia.generator.layout.render import Widget

PALETTE = {"water": "#a9cfe8", "wilds": "#e4dcc6", "wilds_edge": "#cbbf9f", "path": "#5b4636",
           "border": "#222222", "ink": "#1d1d1b", "mountain_mark": "#3a2914",
           "water_route": "#1f4e79", "number_disc": "#fdf6e3", "white": "#ffffff",
           "outline": "#000000"}
"""The theme's palette names the map reads, with the colour each has when the theme has
none."""
MARK_CONTRAST = 4.5
"""A tent or totem space's ring against its territory and its own white: as printed text."""


def lighten(colour: str, amount: float) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def outline(colour: str, against: tuple[str, ...], ratio: float = MARK_CONTRAST) -> str:
    """`colour`, darkened in 5 % steps towards black until it stands out from each colour
    of `against` by `ratio`: a coast-yellow ring on its pale territory was 1.14:1."""
    shade = colour
    for step in range(21):
        shade = _darken(colour, step / 20)
        if all(contrast_ratio(shade, other) >= ratio for other in against):
            return shade
    return shade


def _darken(colour: str, amount: float) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - amount)):02x}" for c in rgb)


def side_size(game: Game, side: MapSide) -> tuple[float, float]:
    """The side's width and height in mm at its true scale."""
    left, top, right, bottom = bounds(_grid(side), game.part(IwariMaps).hex_size_mm)
    return right - left, bottom - top


def map_side_widget(game: Game, locale: str, theme: Theme) -> Widget:
    """The `map_side` widget: the side named by the page's `side` field at true scale,
    centred in its box, coloured by the theme's names in PALETTE."""
    sides = {side.id: side for side in game.part(IwariMaps).sides}

    def draw(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        side = sides.get(str(fields.get("side", "")))
        if side is None:
            return ()
        width, height = side_size(game, side)
        colours = {name: theme.colour(name, default) for name, default in PALETTE.items()}
        return side_items(game, locale, side, colours, box.x + (box.width - width) / 2,
                          box.y + (box.height - height) / 2)

    return draw


def side_items(game: Game, locale: str, side: MapSide, colours: Mapping[str, str],
               x0: float, y0: float) -> tuple[Item, ...]:
    """The side with its top-left corner at (x0, y0); each territory's totem space shows
    its biome's symbol (when the theme has it) and name."""
    components = game.part(IwariSet)
    theme = game.find_part(Theme)
    icons = theme.icons if theme is not None else {}
    size = game.part(IwariMaps).hex_size_mm
    cells = _grid(side)
    left, top, _, _ = bounds(cells, size)
    dx, dy = x0 - left, y0 - top

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        x, y = centre(cell, size)
        return (x + dx, y + dy)

    def shape(cell: tuple[int, int]) -> tuple[tuple[float, float], ...]:
        return tuple((x + dx, y + dy) for x, y in corners(cell, size))

    ink = colours["ink"]
    items: list[Item] = []
    owner = {c: t.id for t in side.territories for c in t.cells}
    wilds = sorted(set(cells) - set(owner) - set(side.water))
    if wilds:
        items.append(MultiPath(tuple(shape(c) for c in wilds), True,
                               Style(fill=colours["wilds"], stroke=colours["wilds_edge"],
                                     stroke_width=0.3)))
    items.append(MultiPath(tuple(shape(c) for c in sorted(side.water)), True,
                           Style(fill=colours["water"], stroke=None)))
    for territory in side.territories:
        colour = lighten(components.biome(territory.biome).colour, 0.45)
        items.append(MultiPath(tuple(shape(c) for c in territory.cells), True,
                               Style(fill=colour, stroke=colour, stroke_width=0.2)))
    border: list[tuple[tuple[float, float], ...]] = []
    for cell, name in owner.items():
        for other, a, b in edges(cell, size):
            if owner.get(other) != name:
                border.append(((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)))
    items.append(MultiPath(tuple(border), False, Style(stroke=colours["border"],
                                                        stroke_width=0.9)))
    spaces = {name: at(t.tents[i]) for t in side.territories for i, name in enumerate(t.space_ids)}
    path_style = Style(stroke=colours["path"], stroke_width=1.2, dash=(2.0, 1.2))
    for path in side.paths:
        (x1, y1), (x2, y2) = spaces[path.between[0]], spaces[path.between[1]]
        items.append(Line(x1, y1, x2, y2, path_style))
    for territory in side.territories:
        biome = components.biome(territory.biome)
        ring = outline(biome.colour, (lighten(biome.colour, 0.45), colours["white"]))
        for cell in territory.tents:
            x, y = at(cell)
            items.append(Circle(x, y, size * 0.3, Style(fill=colours["white"], stroke=ring,
                                                          stroke_width=0.8)))
        x, y = at(territory.totem)
        items.append(Circle(x, y, size * 0.62, Style(fill=colours["white"], stroke=ring,
                                                       stroke_width=1.6)))
        symbol = icons.get(territory.biome)  # the rulebook tells biomes by their symbol
        if symbol is not None:
            items.append(Image(Path(symbol.path), x - size * 0.22, y - size * 0.5, size * 0.44,
                               size * 0.44))
        name_top = y - size * 0.3 if symbol is None else y - size * 0.04
        items.append(TextBox(x - size * 0.6, name_top, size * 1.2, size * 0.4 if symbol
                             else size * 0.6, game.text(locale, f"biome.{territory.biome}.name"),
                             size=6, min_size=3.5, align=Align.CENTER, valign=VAlign.MIDDLE,
                             colour=ink, bold=True))
    mountains = {n: p.symbols for p in side.mountain_pairs for n in p.connections}
    for connection in side.connections:
        first, second = (side.territory(n) for n in connection.between)
        if connection.kind == "water":  # across water cells only (waterways)
            way = waterway(side, connection.between, connection.number, size)
            line_style = Style(stroke=colours["water_route"], stroke_width=0.8, dash=(3.0, 2.0))
            items += [Polyline(tuple((px + dx, py + dy) for px, py in line), line_style)
                      for line in way.lines]
            places = [(px + dx, py + dy) for px, py in way.numbers]
        else:
            cx, cy = _connection_point(first.cells, second.cells, size, True)
            places = [(cx + dx, cy + dy)]
        for x, y in places:
            items += number_disc(x, y, connection.number, mountains.get(connection.number, 0),
                                 colours)
    return tuple(items)


def number_disc(x: float, y: float, number: int, mountains: int,
                colours: Mapping[str, str]) -> tuple[Item, ...]:
    """A connection's number on its disc, and its mountain symbols below when it has any."""
    items: list[Item] = [
        Circle(x, y, 3.6, Style(fill=colours["number_disc"], stroke=colours["outline"],
                                stroke_width=0.6)),
        TextBox(x - 3.4, y - 2.5, 6.8, 5, str(number), size=9, min_size=5, align=Align.CENTER,
                valign=VAlign.MIDDLE, bold=True)]
    if mountains:
        items.append(TextBox(x - 6, y + 3.4, 12, 3.6, "▲" * mountains, size=6, min_size=3,
                             align=Align.CENTER, colour=colours["mountain_mark"]))
    return tuple(items)


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
