"""The drawing description: a small immutable tree of primitives in millimetres.

Every component is described once with these types; `stamperia.generator.draw.pdf` and
`stamperia.generator.draw.svg` render the same tree, so the two outputs agree by construction
and tests can assert on numbers here instead of on rendered bytes.

Coordinates are millimetres with the origin at the top-left corner and y
growing downwards (as in SVG). Font sizes are in points, as designers expect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from stamperia.content.errors import Origin

MM_PER_PT = 25.4 / 72.0
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

Point = tuple[float, float]


class DrawingError(ValueError):
    """A drawing primitive was built with impossible values (a programming error)."""


class RenderError(Exception):
    """A drawing cannot be rendered (for instance an image file is missing)."""


def _check_colour(colour: str | None, what: str) -> None:
    if colour is not None and not _HEX_COLOUR.match(colour):
        raise DrawingError(f"{what} must be a '#rrggbb' colour, got {colour!r}")


def pt_to_mm(points: float) -> float:
    """Convert typographic points to millimetres (font sizes are given in points)."""
    return points * MM_PER_PT


@dataclass(frozen=True)
class Style:
    """How a shape is painted; None means 'do not fill' / 'do not stroke'."""

    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.25
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0

    def __post_init__(self) -> None:
        _check_colour(self.fill, "fill")
        _check_colour(self.stroke, "stroke")
        if self.stroke_width < 0:
            raise DrawingError(f"stroke width must be >= 0, got {self.stroke_width}")
        if not 0.0 <= self.opacity <= 1.0:
            raise DrawingError(f"opacity must be within 0..1, got {self.opacity}")
        if self.dash is not None and (not self.dash or any(d < 0 for d in self.dash)):
            raise DrawingError(f"dash must be a non-empty tuple of lengths >= 0, got {self.dash}")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle, optionally with rounded corners."""

    x: float
    y: float
    width: float
    height: float
    style: Style = Style()
    corner_radius: float = 0.0

    def __post_init__(self) -> None:
        if self.width < 0 or self.height < 0:
            raise DrawingError(f"rectangle size must be >= 0, got {self.width}x{self.height}")


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through the given points."""

    points: tuple[Point, ...]
    style: Style = Style()

    def __post_init__(self) -> None:
        if len(self.points) < 3:
            raise DrawingError(f"a polygon needs at least 3 points, got {len(self.points)}")


@dataclass(frozen=True)
class Polyline:
    """An open path through the given points (never filled by intent, but may be)."""

    points: tuple[Point, ...]
    style: Style = Style()

    def __post_init__(self) -> None:
        if len(self.points) < 2:
            raise DrawingError(f"a polyline needs at least 2 points, got {len(self.points)}")


@dataclass(frozen=True)
class MultiPath:
    """Many subpaths painted as one shape: a territory's cells, or all edges of one style.

    One path instead of thousands of shapes keeps PDFs small and rendering fast.
    """

    subpaths: tuple[tuple[Point, ...], ...]
    closed: bool
    style: Style = Style()

    def __post_init__(self) -> None:
        if min(map(len, self.subpaths), default=2) < 2:  # a map makes thousands of these
            raise DrawingError("every subpath of a path needs at least 2 points")


@dataclass(frozen=True)
class Circle:
    """A circle by centre and radius, in mm."""

    cx: float
    cy: float
    r: float
    style: Style = Style()

    def __post_init__(self) -> None:
        if self.r < 0:
            raise DrawingError(f"circle radius must be >= 0, got {self.r}")


@dataclass(frozen=True)
class Line:
    """A straight line segment, in mm."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()


@dataclass(frozen=True)
class TextSource:
    """Where a text box's text comes from, so a report can name it: the card (or other
    piece) it is printed on and the text's key in the game's strings."""

    card: str
    key: str
    origin: Origin | None = None
    """Where the text is written when it is not a string (a card's field), for reports."""
    layout: str | None = None
    """The layout and box that placed it, when a layout did (a text printed too small is
    reported at its box)."""
    box: str | None = None
    box_origin: Origin | None = None


class Align(Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


class VAlign(Enum):
    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


@dataclass(frozen=True)
class TextBox:
    """Text wrapped and shrunk to fit a box; sizes in points, from `size` down to `min_size`."""

    x: float
    y: float
    width: float
    height: float
    text: str
    font: str = "DejaVu Sans"
    size: float = 10.0
    min_size: float = 6.0
    align: Align = Align.LEFT
    valign: VAlign = VAlign.TOP
    colour: str = "#000000"
    line_spacing: float = 1.2
    bold: bool = False
    source: TextSource | None = None

    def __post_init__(self) -> None:
        _check_colour(self.colour, "text colour")
        if self.width <= 0 or self.height <= 0:
            raise DrawingError(f"text box size must be > 0, got {self.width}x{self.height}")
        if not 0 < self.min_size <= self.size:
            raise DrawingError(
                f"text sizes need 0 < min_size <= size, got {self.min_size} and {self.size}"
            )
        if self.line_spacing <= 0:
            raise DrawingError(f"line spacing must be > 0, got {self.line_spacing}")


@dataclass(frozen=True)
class PlacedLine:
    """One line to draw: `x` is the anchor (left edge, centre or right edge per `align`)."""

    text: str
    x: float
    baseline: float
    align: Align


@dataclass(frozen=True)
class FittedText:
    """The text fits the box at `size_pt` broken into `lines`."""

    size_pt: float
    lines: tuple[str, ...]
    line_height_mm: float

    @property
    def fits(self) -> bool:
        return True


@dataclass(frozen=True)
class TextOverflow:
    """Even at the minimum size the text does not fit; by how much, in mm.

    `lines` are the wrap at the minimum size, so the text can still be drawn
    (overflowing) while the caller reports the problem.
    """

    size_pt: float
    lines: tuple[str, ...]
    line_height_mm: float
    excess_height_mm: float
    excess_width_mm: float

    @property
    def fits(self) -> bool:
        return False


TextFit = FittedText | TextOverflow


@dataclass(frozen=True)
class FittedTextBox:
    """A text box whose size and line breaks are decided (by `stamperia.generator.layout.textfit`).

    Fitting needs font metrics and is the costly step of a build, so it is done
    once per box; the PDF, the SVG and the overflow report all read this result
    instead of fitting again.
    """

    box: TextBox
    fit: TextFit
    lines: tuple[PlacedLine, ...]


@dataclass(frozen=True)
class Image:
    """A raster image scaled to fit its box, keeping its aspect ratio, centred."""

    path: Path
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Rotation:
    """A rotation in degrees, clockwise on the page (y down), about (cx, cy)."""

    degrees: float
    cx: float = 0.0
    cy: float = 0.0


@dataclass(frozen=True)
class ClipRect:
    """A clip rectangle in the group's own (local) coordinates; `radius` rounds its corners
    (an image box's `radius` rounds the art, not only the panel behind it)."""

    x: float
    y: float
    width: float
    height: float
    radius: float = 0.0


@dataclass(frozen=True)
class Group:
    """Items drawn in a local coordinate system.

    A local point p lands on the page at translate + rotate(p); the clip
    rectangle is given in local coordinates, like the items, so a group can
    show a window of a larger drawing (tiling) or a card clipped to its bleed.
    """

    items: tuple[Item, ...]
    translate: Point = (0.0, 0.0)
    rotation: Rotation | None = None
    clip: ClipRect | None = None


Item = (Rect | Polygon | Polyline | MultiPath | Circle | Line | TextBox | FittedTextBox | Image
        | Group)


@dataclass(frozen=True)
class PageBox:
    """A rectangle of the page for the PDF page boxes (TrimBox, BleedBox), mm from top-left."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Page:
    """One output page of the given size; a label names it in reports and file names.

    `trim` is where the page is cut and `bleed` how far its art runs past the cut; a
    page that is not cut (a sheet printed at home and cut along its marks) leaves them
    None, and the whole page is both.
    """

    width_mm: float
    height_mm: float
    items: tuple[Item, ...]
    label: str = ""
    trim: PageBox | None = None
    bleed: PageBox | None = None

    def __post_init__(self) -> None:
        if self.width_mm <= 0 or self.height_mm <= 0:
            raise DrawingError(f"page size must be > 0, got {self.width_mm}x{self.height_mm}")
        for name, box in (("trim", self.trim), ("bleed", self.bleed)):
            if box is not None and not (
                    box.x >= -1e-9 and box.y >= -1e-9 and box.width > 0 and box.height > 0
                    and box.x + box.width <= self.width_mm + 1e-9
                    and box.y + box.height <= self.height_mm + 1e-9):
                raise DrawingError(f"{name} box {box} must lie inside the page")

    @property
    def trim_box(self) -> PageBox:
        return self.trim or PageBox(0.0, 0.0, self.width_mm, self.height_mm)

    @property
    def bleed_box(self) -> PageBox:
        return self.bleed if self.bleed is not None else self.trim_box


def iter_text_boxes(items: tuple[Item, ...]) -> tuple[TextBox, ...]:
    """All text boxes in a tree, fitted or not, depth first (for checks on the layout)."""
    found: list[TextBox] = []
    for item in items:
        if isinstance(item, TextBox):
            found.append(item)
        elif isinstance(item, FittedTextBox):
            found.append(item.box)
        elif isinstance(item, Group):
            found.extend(iter_text_boxes(item.items))
    return tuple(found)


def iter_fitted_text(items: tuple[Item, ...]) -> tuple[FittedTextBox, ...]:
    """All fitted text boxes in a tree, depth first (what an overflow report reads)."""
    found: list[FittedTextBox] = []
    for item in items:
        if isinstance(item, FittedTextBox):
            found.append(item)
        elif isinstance(item, Group):
            found.extend(iter_fitted_text(item.items))
    return tuple(found)
