"""The link kind's icon on each drawn link: a small disc on the line, at the point nearest
its middle that keeps clear of the territory names and of the other links' icons.

A link kind shows the theme's icon of the same id (`sea_route`, `ford`, ...); a kind the
theme has no icon for is drawn by its line style alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from stamperia.content.look.artwork import Art
from stamperia.generator.draw.drawing import Circle, Image, Item, Point, Style
from stamperia.generator.kits.conquest.links import Box, Route

ICON_CELLS = 0.95
"""The icon disc's diameter, in hex cell sizes: small beside a name, readable at arm's length."""
ICON_INSET = 0.16
"""The share of the disc's diameter kept between its ring and the icon."""
FRACTIONS = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82)
"""Where along a line an icon may sit, nearest the middle first (never at an end, where
the line meets a port anchor or a territory)."""


@dataclass(frozen=True)
class LinkIcon:
    """One icon as placed: the link it marks, its centre and its disc's diameter (mm)."""

    route: Route
    at: Point
    diameter: float

    @property
    def box(self) -> Box:
        half = self.diameter / 2
        return self.at[0] - half, self.at[1] - half, self.diameter, self.diameter


def place_icons(found: Sequence[Route], icons: Mapping[str, Art], diameter: float,
                taken: Sequence[Box]) -> tuple[LinkIcon, ...]:
    """A spot for the icon of every route whose kind has one: on its longest piece, at the
    first point (middle first) whose disc overlaps neither a box of `taken` nor an icon
    already placed; off the line beside its middle when the line has no clear point."""
    placed: list[LinkIcon] = []
    for route in found:
        if route.kind.id not in icons or not route.pieces:
            continue
        piece = max(route.pieces, key=_length)
        blocked = [*taken, *(icon.box for icon in placed)]
        spots = [*(_along(piece, t) for t in FRACTIONS), *_beside(piece, diameter)]
        spot = next((p for p in spots
                     if not any(_overlaps(_square(p, diameter), box) for box in blocked)),
                    spots[0])
        placed.append(LinkIcon(route, spot, diameter))
    return tuple(placed)


def icon_items(placed: Sequence[LinkIcon], icons: Mapping[str, Art], ink: str,
               paper: str) -> list[Item]:
    """Each icon on a paper disc ringed in ink, so it reads over sea, land and line."""
    items: list[Item] = []
    for icon in placed:
        items += icon_badge(icon.at, icon.diameter, icons[icon.route.kind.id], ink, paper)
    return items


def icon_badge(at: Point, diameter: float, art: Art, ink: str, paper: str
               ) -> tuple[Item, Item]:
    """One icon centred on `at` inside a ringed disc of `diameter` (also the legend's)."""
    x, y = at
    inner = diameter * (1 - 2 * ICON_INSET)
    return (Circle(x, y, diameter / 2, Style(fill=paper, stroke=ink,
                                             stroke_width=max(0.25, diameter * 0.04))),
            Image(Path(art.path), x - inner / 2, y - inner / 2, inner, inner))


def _length(piece: tuple[Point, ...]) -> float:
    return sum(math.dist(p, q) for p, q in zip(piece, piece[1:], strict=False))


def _along(piece: tuple[Point, ...], share: float) -> Point:
    """The point `share` of the way along the polyline."""
    goal = _length(piece) * share
    for p, q in zip(piece, piece[1:], strict=False):
        step = math.dist(p, q)
        if step >= goal and step > 0:
            t = goal / step
            return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        goal -= step
    return piece[-1]


def _beside(piece: tuple[Point, ...], diameter: float) -> list[Point]:
    """Points off the line's middle, square to it, nearest first."""
    middle = _along(piece, 0.5)
    ahead = _along(piece, 0.51)
    dx, dy = ahead[0] - middle[0], ahead[1] - middle[1]
    norm = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / norm, dx / norm
    return [(middle[0] + nx * side * k * diameter, middle[1] + ny * side * k * diameter)
            for k in (0.6, 1.0, 1.4) for side in (1, -1)]


def _square(at: Point, diameter: float) -> Box:
    half = diameter / 2
    return at[0] - half, at[1] - half, diameter, diameter


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
