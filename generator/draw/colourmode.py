"""The colour space a PDF is written in, and the palette of a document converted once.

Content gives every colour as '#rrggbb'. A print shop may ask for CMYK: each distinct
colour of the document is converted once, before drawing, through the press profile
(generator.draw.press: FOGRA39L, relative colorimetric with black point compensation), so
the same colour gives the same ink values everywhere. A colour has two inks: one for text
and thin lines (a grey on the black plate alone) and one for areas (a large dark grey in
rich black); the painter picks by what it paints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


class PdfX(Enum):
    """The PDF/X level of a document (generator.draw.pdfx); NONE for plain PDF."""

    NONE = "none"
    X1A = "x1a"
    X4 = "x4"


Palette = dict[str, tuple[float, ...]]
"""'#rrggbb' -> the colour's components in the document's colour space, each 0..1."""


@dataclass(frozen=True)
class Palettes:
    """A document's colours for text and thin lines, and for areas."""

    line: Palette
    area: Palette


def rgb(hex_colour: str) -> tuple[float, float, float]:
    value = int(hex_colour[1:], 16)
    return ((value >> 16) / 255.0, ((value >> 8) & 0xFF) / 255.0, (value & 0xFF) / 255.0)


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


def palette_for(pages: Sequence[Page], mode: ColourMode, ink_limit: float | None = None
                ) -> Palettes:
    """Each colour of the document converted once into the mode's components; CMYK within
    `ink_limit` % total ink (the profile's own limit when None)."""
    colours = document_colours(pages)
    if mode is ColourMode.CMYK:
        from stamperia.generator.draw.press import Role, press_for

        press = press_for(ink_limit)
        return Palettes({c: press.colour(c, Role.LINE) for c in colours},
                        {c: press.colour(c, Role.AREA) for c in colours})
    same: Palette = {c: rgb(c) for c in colours}
    return Palettes(same, same)
