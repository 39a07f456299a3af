"""The colour space a PDF is written in, and the palette of a document converted once.

Content gives every colour as '#rrggbb'. A print shop may ask for CMYK: each distinct
colour of the document is converted once, before drawing, so the same colour gives the
same ink values everywhere. The conversion is the naive device one (no ICC profile):
black comes out as pure K, greys as K only, so text and marks print with one ink.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum

from stamperia.generator.draw.drawing import (
    FittedTextBox,
    Group,
    Item,
    Page,
    TextBox,
)


class ColourMode(Enum):
    RGB = "rgb"
    CMYK = "cmyk"


Palette = dict[str, tuple[float, ...]]
"""'#rrggbb' -> the colour's components in the document's colour space, each 0..1."""


def rgb(hex_colour: str) -> tuple[float, float, float]:
    value = int(hex_colour[1:], 16)
    return ((value >> 16) / 255.0, ((value >> 8) & 0xFF) / 255.0, (value & 0xFF) / 255.0)


TOTAL_INK = 2.4
"""The most ink a colour may lay down, 240 %: the limit DriveThruCards sets, under the
280-300 % of most presses. Only dark saturated colours reach it (navy is 250 % naive)."""


def cmyk(hex_colour: str) -> tuple[float, float, float, float]:
    """Device CMYK of an sRGB colour, rounded to 0.1 % (greys use black ink only); past
    TOTAL_INK the C, M and Y are scaled down together, black kept."""
    r, g, b = rgb(hex_colour)
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in (r, g, b))
    k = round(k, 3)
    if c + m + y + k > TOTAL_INK:
        # Rounded down, so the rounded total stays within the limit too.
        scale = (TOTAL_INK - k) / (c + m + y)
        c, m, y = (math.floor(v * scale * 1000) / 1000 for v in (c, m, y))
    return (round(c, 3), round(m, 3), round(y, 3), k)


def _colours(items: Sequence[Item], found: set[str]) -> None:
    for item in items:
        if isinstance(item, Group):
            _colours(item.items, found)
        elif isinstance(item, FittedTextBox):
            found.add(item.box.colour.lower())
        elif isinstance(item, TextBox):
            found.add(item.colour.lower())
        elif hasattr(item, "style"):
            style = item.style
            found.update(c.lower() for c in (style.fill, style.stroke) if c is not None)


def document_colours(pages: Sequence[Page]) -> tuple[str, ...]:
    """Every distinct colour the pages use, sorted."""
    found: set[str] = set()
    for page in pages:
        _colours(page.items, found)
    return tuple(sorted(found))


def palette_for(pages: Sequence[Page], mode: ColourMode) -> Palette:
    """Each colour of the document converted once into the mode's components."""
    colours = document_colours(pages)
    if mode is ColourMode.CMYK:
        return {c: cmyk(c) for c in colours}
    return {c: rgb(c) for c in colours}
