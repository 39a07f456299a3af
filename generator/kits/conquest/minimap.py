"""The board shrunk into a card's panel, with a value disc on each named territory.

The map turns by 90° when that draws it larger, and the panel hugs the drawn map, so a
wide map on a tall card is not a strip in a sea of empty panel. Discs stay upright, never
overlap each other and never leave the panel: a disc that cannot sit on its territory is
moved to the nearest free place and tied to the territory by a leader line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain

from stamperia.content.look.hexgrid import centre
from stamperia.content.look.theme import Theme
from stamperia.content.rulesets.conquest.model import Board
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Group,
    Item,
    Line,
    PageBox,
    Point,
    Rect,
    Rotation,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from stamperia.generator.draw.memo import per_object
from stamperia.generator.kits.conquest import hexmap
from stamperia.generator.kits.conquest.links import label_cell
from stamperia.generator.layout import hexboard
from stamperia.generator.layout.cardscale import CardScale

MARGIN = 1.0
"""mm (poker card) between the panel's edge and the map."""
DISC_GAP = 0.3
DISC_MIN_MM = 1.35
"""The smallest radius of a value's disc that a 6 pt figure fits, kept on a smaller card
where the panel has room for every disc."""
"""mm (poker card) kept between two discs."""


@dataclass(frozen=True)
class MiniMapColours:
    """The mini-map's colours, from the theme's palette names `sea` (the panel),
    `land` (territories without a value), `highlight` (valued ones) and `ink`, so an
    edition that changes its theme changes its mini-maps."""

    sea: str = "#cfe3ef"
    land: str = "#e9e4d6"
    highlight: str = "#c0392b"
    ink: str = "#1d1d1b"

    @staticmethod
    def of(theme: Theme) -> MiniMapColours:
        default = MiniMapColours()
        return MiniMapColours(theme.colour("sea", default.sea),
                              theme.colour("land", default.land),
                              theme.colour("highlight", default.highlight),
                              theme.colour("ink", default.ink))


@dataclass(frozen=True)
class MapFit:
    """How the map sits in its panel: mm per hex unit, turned or not, and the panel
    shrunk around the drawn map."""

    scale: float
    rotated: bool
    panel: PageBox
    origin: Point
    """Where the map's top-left (as drawn, after turning) lands, in card mm."""

    def fill(self, board: Board) -> float:
        """The share of the panel the map's bounding box covers."""
        left, top, right, bottom = hexmap.map_bounds(board, self.scale)
        return (right - left) * (bottom - top) / (self.panel.width * self.panel.height)


def fit_map(board: Board, panel: PageBox, margin: float) -> MapFit:
    """The larger of the map upright and turned by 90°, and the panel cut to it."""
    left, top, right, bottom = hexmap.map_bounds(board, 1.0)
    width, height = right - left, bottom - top
    room_w, room_h = panel.width - 2 * margin, panel.height - 2 * margin
    upright = min(room_w / width, room_h / height)
    turned = min(room_w / height, room_h / width)
    rotated = turned > upright
    scale = turned if rotated else upright
    drawn_w, drawn_h = (height, width) if rotated else (width, height)
    drawn_w, drawn_h = drawn_w * scale, drawn_h * scale
    cut = PageBox(panel.x + (panel.width - drawn_w) / 2 - margin,
                  panel.y + (panel.height - drawn_h) / 2 - margin,
                  drawn_w + 2 * margin, drawn_h + 2 * margin)
    return MapFit(scale, rotated, cut, (cut.x + margin, cut.y + margin))


def _to_card(fit: MapFit, bounds: tuple[float, float, float, float], point: Point) -> Point:
    """A map point (at the fitted scale) on the card; `bounds` are the map's at that
    scale (hexmap.map_bounds, measured once per map)."""
    left, top, right, bottom = bounds
    x, y = point[0] - left, point[1] - top
    if fit.rotated:  # 90° clockwise: the map's left edge becomes its top
        x, y = (bottom - top) - y, x
    return fit.origin[0] + x, fit.origin[1] + y


def place_discs(anchors: Mapping[str, Point], candidates: Mapping[str, list[Point]],
                radius: float, gap: float, bounds: PageBox) -> dict[str, Point]:
    """A centre for each disc: its anchor if free, else its first free candidate, else the
    nearest free point on rings around the anchor; inside `bounds`, never overlapping."""
    placed: dict[str, Point] = {}

    def free(point: Point) -> bool:
        x, y = point
        inside = (bounds.x + radius <= x <= bounds.x + bounds.width - radius
                  and bounds.y + radius <= y <= bounds.y + bounds.height - radius)
        return inside and all(math.dist(point, p) >= 2 * radius + gap - 1e-9
                              for p in placed.values())

    for name in sorted(anchors, key=lambda n: (anchors[n][1], anchors[n][0], n)):
        anchor = anchors[name]
        step = radius / 2
        rings = ((anchor[0] + ring * step * math.cos(math.radians(a)),
                  anchor[1] + ring * step * math.sin(math.radians(a)))
                 for ring in range(1, 80) for a in range(0, 360, 15))  # made only if needed
        tries = chain((anchor, *candidates.get(name, [])), rings)
        spot = next((p for p in tries if free(p)), None)
        if spot is None:
            raise ValueError(f"no room for the disc of {name!r} in the panel")
        placed[name] = spot
    return placed


def _nearest_first(points: list[Point], anchor: Point) -> list[Point]:
    return sorted(points, key=lambda p: (math.dist(p, anchor), p))


def mini_map(board: Board, panel: PageBox, values: Mapping[str, int], scale: CardScale,
             card: str, colours: MiniMapColours) -> tuple[Item, ...]:
    """The panel (sea), the map with the valued territories highlighted, and a value disc
    on each; `panel` in card mm, `card` names the card for reports."""
    return _mini_map(board, panel, tuple(values.items()), scale, card, colours)


def _cells(board: Board, size: float, values: Mapping[str, int], colours: MiniMapColours
           ) -> list[Item]:
    """hexmap.cell_polygons with the valued territories highlighted and the others in
    land: those are the same paths on every objective card, made once (a large map has
    thousands of them and a card values a few)."""
    plain = _land_cells(board, size, colours.land)
    if not values:
        return list(plain)
    hexagons = hexmap.territory_hexagons(board, size)
    styles: dict[str, Style] = {}
    return [hexboard.filled(hexagons[number], colours.highlight, styles)
            if territory.id in values else plain[number]
            for number, territory in enumerate(board.territories)]


@per_object(hexmap.DRAWN_MAPS)
def _land_cells(board: Board, size: float, land: str) -> tuple[Item, ...]:
    styles: dict[str, Style] = {}
    return tuple(hexboard.filled(hexagons, land, styles)
                 for hexagons in hexmap.territory_hexagons(board, size))


@per_object(64)  # a check draws each objective card for every locale and the kit
def _mini_map(board: Board, panel: PageBox, valued_items: tuple[tuple[str, int], ...],
              scale: CardScale, card: str, colours: MiniMapColours) -> tuple[Item, ...]:
    values = dict(valued_items)
    m = scale.mm
    fit = fit_map(board, panel, m(MARGIN))
    style = hexmap.MapStyle(cell_size=fit.scale, border_width=m(0.25), inner_width=m(0.05),
                            coast_width=m(0.3), label_size=m(5))
    left, top, right, bottom = hexmap.map_bounds(board, fit.scale)
    shapes = (*_cells(board, fit.scale, values, colours), *hexmap.cell_edges(board, style))
    if fit.rotated:
        drawn: Item = Group(shapes, translate=(fit.origin[0] + bottom, fit.origin[1] - left),
                            rotation=Rotation(90.0))
    else:
        drawn = Group(shapes, translate=(fit.origin[0] - left, fit.origin[1] - top))
    radius = max(m(1.6), fit.scale * 0.85)
    valued = [t for t in board.territories if t.id in values]
    bounds = (left, top, right, bottom)
    anchors = {t.id: _to_card(fit, bounds, centre(label_cell(t), fit.scale))
               for t in valued}
    candidates = {t.id: _nearest_first([_to_card(fit, bounds, centre(c, fit.scale))
                                        for c in t.cells], anchors[t.id])
                  for t in valued}
    own = {t.id: set(candidates[t.id]) for t in valued}
    try:  # a disc a 6 pt figure fits, where the panel has room for them all
        spots = place_discs(anchors, candidates, max(radius, DISC_MIN_MM), m(DISC_GAP),
                            fit.panel)
        radius = max(radius, DISC_MIN_MM)
    except ValueError:
        spots = place_discs(anchors, candidates, radius, m(DISC_GAP), fit.panel)
    leaders: list[Item] = []
    discs: list[Item] = []
    ink = Style(stroke=colours.ink, stroke_width=m(0.25))
    for territory in valued:
        x, y = spots[territory.id]
        ax, ay = anchors[territory.id]
        if (x, y) not in own[territory.id]:
            leaders += [Line(ax, ay, x, y, ink),
                        Circle(ax, ay, m(0.5), Style(fill=colours.ink, stroke=None))]
        discs += [
            Circle(x, y, radius, Style(fill="#ffffff", stroke=colours.ink, stroke_width=m(0.2))),
            TextBox(x - radius, y - radius, 2 * radius, 2 * radius, str(values[territory.id]),
                    size=scale.pt(6, 3.5), min_size=scale.min_pt(3.5, 6),
                    align=Align.CENTER,
                    valign=VAlign.MIDDLE, colour=colours.ink, bold=True,
                    source=TextSource(card, f"value of {territory.id}")),
        ]
    sea = Rect(fit.panel.x, fit.panel.y, fit.panel.width, fit.panel.height,
               Style(fill=colours.sea, stroke=None), corner_radius=m(2.5))
    return (sea, drawn, *leaders, *discs)
