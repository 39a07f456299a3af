"""The key under an IWARI map side on the print shop's board: every mark the side prints,
drawn as the map draws it, with what it means (the rulebook's words: tent and totem
spaces are the small and large circles, a water connection is the dashed line)."""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariSet, MapSide
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Item,
    Line,
    Polyline,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.kits.iwari.mapside import lighten, number_disc, outline
from stamperia.generator.uitext import UiText

ROW = 12.0
"""mm per legend row: three lines of 8 pt."""
MIN_ENTRY = 45.0
"""mm an entry needs at least; the entries share one row when each gets that much."""
SYMBOL = 14.0
"""mm of each entry given to its symbol."""
HEADING = 8.0


def entries(side: MapSide) -> tuple[str, ...]:
    """The kinds of mark the side prints, in legend order."""
    kinds = ["tent", "totem", "path", "land", "water", "wilds"]
    if not side.paths:
        kinds.remove("path")
    if not any(c.kind == "water" for c in side.connections):
        kinds.remove("water")
    if not any(c.kind == "land" for c in side.connections):
        kinds.remove("land")
    if side.mountain_pairs:
        kinds.append("mountains")
    return tuple(kinds)


def columns(side: MapSide, width: float) -> int:
    return max(1, min(len(entries(side)), int(width // MIN_ENTRY)))


def height(side: MapSide, width: float) -> float:
    """The key's height at `width` mm: the heading and its rows."""
    return HEADING + ROW * -(-len(entries(side)) // columns(side, width))


def legend(game: Game, side: MapSide, ui: UiText, colours: Mapping[str, str], width: float
           ) -> tuple[Item, ...]:
    """The key from (0, 0), `width` mm wide: a heading, then as many entries a row as
    fit (`columns`)."""
    biome = game.part(IwariSet).biomes[0]
    fill = lighten(biome.colour, 0.45)
    ring = outline(biome.colour, (fill, colours["white"]))
    ink = colours["ink"]
    items: list[Item] = [TextBox(0, 0, width, HEADING - 2, ui("map.key.title"), size=14,
                                 min_size=8, bold=True, colour=ink, valign=VAlign.MIDDLE)]
    count = columns(side, width)
    column_width = width / count
    for index, kind in enumerate(entries(side)):
        x = (index % count) * column_width
        y = HEADING + (index // count) * ROW
        cx, cy = x + SYMBOL / 2, y + ROW / 2
        if kind in ("tent", "totem"):
            items += [Rect(x + 1, y + 0.5, SYMBOL - 2, ROW - 1, Style(fill=fill, stroke=None)),
                      Circle(cx, cy, 1.6 if kind == "tent" else 3.6,
                             Style(fill=colours["white"], stroke=ring,
                                   stroke_width=0.8 if kind == "tent" else 1.6))]
        elif kind == "path":
            items.append(Line(x + 1, cy, x + SYMBOL - 1, cy,
                              Style(stroke=colours["path"], stroke_width=1.2, dash=(2.0, 1.2))))
        elif kind == "water":
            items += [Rect(x + 1, y + 0.5, SYMBOL - 2, ROW - 1,
                           Style(fill=colours["water"], stroke=None)),
                      Polyline(((x + 1, cy), (x + SYMBOL - 1, cy)),
                               Style(stroke=colours["water_route"], stroke_width=0.8,
                                     dash=(3.0, 2.0))),
                      *number_disc(cx, cy, 7, 0, colours)]
        elif kind == "land":
            items += number_disc(cx, cy, 1, 0, colours)
        elif kind == "wilds":
            items.append(Rect(x + 1, y + 0.5, SYMBOL - 2, ROW - 1,
                              Style(fill=colours["wilds"], stroke=colours["wilds_edge"],
                                    stroke_width=0.3)))
        else:
            items.append(TextBox(x, y, SYMBOL, ROW, "▲▲", size=9, min_size=6, bold=True,
                                 colour=colours["mountain_mark"], align=Align.CENTER,
                                 valign=VAlign.MIDDLE))
        items.append(TextBox(x + SYMBOL + 1, y, column_width - SYMBOL - 3, ROW,
                             ui(f"map.key.{kind}"), size=8, min_size=6, colour=ink,
                             valign=VAlign.MIDDLE))
    return tuple(items)
