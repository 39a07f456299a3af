"""Artwork and icon files, inspected before anything draws them.

A game names images by paths relative to its folder. Each is checked here once: it stays
inside the folder, exists, has a known type, opens, and (for SVG) holds no script and no
reference to another file or URL, which a renderer would otherwise fetch. Pillow is
imported only when a game has raster art.
"""

from __future__ import annotations

import math
import re
import warnings
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import ARTWORK_PROBLEM
from stamperia.content.guards import inside, is_regular_file, read_text

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
SUFFIXES = (*RASTER_SUFFIXES, ".svg")
WARN_BYTES = 20 * 1024 * 1024
"""A print-and-play image larger than this slows every build and bloats the PDF."""
MAX_BYTES = 100 * 1024 * 1024
"""Refused above this: no card needs it, and decoding it could exhaust memory."""
MAX_PIXELS = 40_000_000
"""Pixels of one raster image: an A2 board at 300 dpi is 35 million. Decoded whole (check
reads it through), 40 million keep check under 200 MB and build under 500 MB."""
MIN_DPI = 300
MAX_SVG_BYTES = 16 * 1024 * 1024
"""An SVG drawing's file: a detailed A2 board exported from Inkscape is 2 to 6 MB; its
renderer holds a tree of the whole drawing, several times the text, when it builds."""
MAX_SVG_ELEMENTS = 100_000
"""Elements of one drawing: the shipped boards have a few hundred, a traced illustration
tens of thousands."""
MAX_SVG_DEPTH = 200
"""Nesting of elements: drawing programs nest groups a few dozen deep."""
_SVG_CHUNK = 1 << 20
"""Characters fed to the parser at a time: the parser scans a token split across feeds
again at each feed, so small chunks make one long token (a 10 MB text) cost its square."""

ArtKind = Literal["raster", "svg"]
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(px|pt|mm|cm|in)?\s*$")
_UNITS_PX = {None: 1.0, "px": 1.0, "pt": 96 / 72, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


@dataclass(frozen=True)
class Art:
    """An image file that opened: where it is, what it is, its size in pixels (or SVG user
    units), which gives the aspect ratio and, for raster art, the printed resolution."""

    relative: str
    path: str
    kind: ArtKind
    width: float
    height: float
    bytes: int

    def dpi(self, width_mm: float, height_mm: float) -> float:
        """Pixels per inch when the image covers a box of this size (cover fit)."""
        scale = max(width_mm / self.width, height_mm / self.height)
        return 25.4 / scale if scale > 0 else float("inf")


def owning_folder(origin: Origin, fallback: Path) -> Path:
    """The game folder of the file that names a path: an edition extending another reads
    the parent's art from the parent's folder (the file holding the value is the parent's)."""
    folder = Path(origin.file).parent
    for candidate in (folder, *folder.parents):
        if (candidate / "game.json").is_file():
            return candidate
    return fallback


def inspect(folder: Path, relative: str, origin: Origin) -> tuple[Art | None, list[ContentError]]:
    """The image at `relative`, or None; every problem coded as an artwork problem."""
    art, problems = _inspect(folder, relative, origin)
    return art, coded(problems, ARTWORK_PROBLEM)


def _inspect(folder: Path, relative: str, origin: Origin) -> tuple[Art | None, list[ContentError]]:
    """The image at `relative` in the game folder of the file naming it (`folder` when that
    is not known), or None and the reasons it cannot be drawn."""
    folder = owning_folder(origin, folder)
    target = inside(folder, relative)
    if target is None:
        return None, [origin.error(f"the image path {relative!r} leaves the game folder",
                                   "keep artwork inside the game folder")]
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        return None, [origin.error(f"unknown image type {target.suffix or '(none)'!r} of "
                                   f"{relative!r}", "use a PNG, JPEG or SVG file")]
    try:
        size = target.stat().st_size
    except OSError:
        return None, [origin.error(f"image not found: {relative}",
                                   "add the file, or fix the path: it is relative to the "
                                   "game folder")]
    if not is_regular_file(target):
        return None, [origin.error(f"the image path {relative!r} is not a file (a folder, a "
                                   "pipe or a device)", "name the image file itself")]
    if size > MAX_BYTES:
        return None, [origin.error(f"the image {relative!r} is {size / 2**20:.0f} MB, above "
                                   f"{MAX_BYTES // 2**20} MB", "export it smaller")]
    warnings = ([origin.warning(f"the image {relative!r} is {size / 2**20:.0f} MB, above "
                                f"{WARN_BYTES // 2**20} MB", "export it smaller")]
                if size > WARN_BYTES else [])
    if suffix == ".svg":
        found, problem = _svg(target, relative)
    else:
        found, problem = _raster(target, relative)
    if found is None:
        return None, [origin.error(problem, "re-export the file from your drawing program")]
    width, height = found
    return Art(relative, str(target), "svg" if suffix == ".svg" else "raster", width, height,
               size), warnings


def _raster(path: Path, relative: str) -> tuple[tuple[float, float] | None, str]:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Pillow warns of a large image on stderr with its own path; the bound is ours
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_PIXELS:
                    return None, (f"the image {relative!r} has {width}x{height} pixels, more "
                                  f"than {MAX_PIXELS // 1_000_000} million")
                image.load()  # decoded whole: a truncated file fails here, not in the PDF
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return None, (f"the image {relative!r} has more than {MAX_PIXELS // 1_000_000} "
                      "million pixels")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        return None, f"cannot read the image {relative!r}: {_reason(error, path, relative)}"
    if width == 0 or height == 0:
        return None, f"the image {relative!r} is empty"
    return (float(width), float(height)), ""


def _reason(error: Exception, path: Path, relative: str) -> str:
    """The library's words without the machine's absolute paths."""
    text = str(error) or type(error).__name__
    return text.replace(str(path), relative)[:160]


def _svg(path: Path, relative: str) -> tuple[tuple[float, float] | None, str]:
    try:
        size = path.stat().st_size
    except OSError as error:
        return None, f"cannot read the SVG {relative!r}: {_reason(error, path, relative)}"
    if size > MAX_SVG_BYTES:
        return None, (f"the SVG {relative!r} is {size / 2**20:.1f} MB, above "
                      f"{MAX_SVG_BYTES // 2**20} MB for a drawing")
    try:
        text = read_text(path)
    except (OSError, UnicodeDecodeError) as error:
        return None, f"cannot read the SVG {relative!r}: {_reason(error, path, relative)}"
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        return None, f"the SVG {relative!r} declares a DOCTYPE or entities; they are refused"
    return _svg_walk(text, relative)


def _svg_walk(text: str, relative: str) -> tuple[tuple[float, float] | None, str]:
    """Read the drawing as a stream of elements, so that its bounds (elements, depth) stop
    the read before a huge or deep drawing is held whole; each element is checked for
    scripts and references as it comes and dropped once closed."""
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        ("start", "end"))
    walk = _SvgWalk(relative)
    try:
        for at in range(0, len(text), _SVG_CHUNK):
            parser.feed(text[at:at + _SVG_CHUNK])
            problem = walk.events(parser.read_events())
            if problem:
                return None, problem
        parser.close()
        problem = walk.events(parser.read_events())
        if problem:
            return None, problem
    except ElementTree.ParseError as error:
        return None, f"cannot read the SVG {relative!r}: {error}"
    if walk.root is None:
        return None, f"{relative!r} is not an SVG drawing"
    return _svg_size(walk.root, relative)


class _SvgWalk:
    """Where the streamed read of one drawing is: its root, depth and element count."""

    def __init__(self, relative: str) -> None:
        self.relative = relative
        self.root: ElementTree.Element | None = None
        self.depth = 0
        self.elements = 0

    def events(self, events: Iterator[tuple[Any, ...]]) -> str:
        """The first problem among these parser events ("start" and "end" only), or ""."""
        relative = self.relative
        for event, element in events:
            tag = element.tag.rsplit("}", 1)[-1]
            if event == "end":
                self.depth -= 1
                if tag == "style" and _loads_outside(element.text or ""):
                    return f"the SVG {relative!r} loads a file or URL from its style; refused"
                if element is not self.root:
                    element.clear()
                continue
            self.depth += 1
            self.elements += 1
            if self.root is None:
                self.root = element
                if tag != "svg":
                    return f"{relative!r} is not an SVG drawing"
            if self.depth > MAX_SVG_DEPTH:
                return f"the SVG {relative!r} nests elements more than {MAX_SVG_DEPTH} deep"
            if self.elements > MAX_SVG_ELEMENTS:
                return f"the SVG {relative!r} holds more than {MAX_SVG_ELEMENTS:,} elements"
            problem = _svg_element_problem(element, relative)
            if problem:
                return problem
        return ""


def _svg_element_problem(element: ElementTree.Element, relative: str) -> str:
    """Why this element (its tag and attributes) cannot be drawn safely, or ""."""
    tag = element.tag.rsplit("}", 1)[-1]
    if tag in ("script", "foreignObject"):
        return f"the SVG {relative!r} holds a <{tag}>; scripts are refused"
    for name, value in element.attrib.items():
        local = name.rsplit("}", 1)[-1]
        if local.startswith("on"):
            return f"the SVG {relative!r} holds a script attribute {local!r}"
        if local == "href" and not value.startswith(("#", "data:")):
            return (f"the SVG {relative!r} refers to another file or URL "
                    f"({value[:60]!r}); external references are refused")
        if _loads_outside(value):  # style="fill:url(http://…)", fill="url(file:…)"
            return (f"the SVG {relative!r} loads a file or URL from its {local!r} "
                    "attribute; external references are refused")
    return ""


_OUTSIDE = re.compile(r"url\(\s*(?![\s'\"]*#)|@import", re.IGNORECASE)
"""A CSS reference that is not to an element of the same drawing (`url(#shade)`)."""


def _loads_outside(text: str) -> bool:
    return bool(_OUTSIDE.search(text))


def _svg_size(root: ElementTree.Element, relative: str) -> tuple[tuple[float, float] | None, str]:
    box = root.get("viewBox")
    if box is not None:
        numbers = box.replace(",", " ").split()
        try:
            values = [float(number) for number in numbers]
            width, height = values[2], values[3]
        except (IndexError, ValueError):
            return None, f"the SVG {relative!r} has a malformed viewBox {box!r}"
        if len(values) != 4 or not all(math.isfinite(value) for value in values):
            return None, f"the SVG {relative!r} has a malformed viewBox {box[:60]!r}"
    else:
        given_width, given_height = root.get("width"), root.get("height")
        if given_width is None or given_height is None:
            return None, f"the SVG {relative!r} gives no viewBox and no width and height"
        sizes = [_LENGTH.match(given_width), _LENGTH.match(given_height)]
        if sizes[0] is None or sizes[1] is None:
            return None, (f"the SVG {relative!r} has no viewBox and a width or height that "
                          f"is not a finite length ({given_width[:20]!r} x "
                          f"{given_height[:20]!r})")
        width, height = (float(m.group(1)) * _UNITS_PX[m.group(2)] for m in sizes if m)
    if width <= 0 or height <= 0:
        return None, f"the SVG {relative!r} has an empty size"
    return (width, height), ""
