"""OpenType fonts with CFF (PostScript) outlines, made drawable by ReportLab.

Why: ReportLab embeds TrueType outlines only, and most display fonts ship as CFF `.otf`.
fontTools converts the cubic CFF outlines to quadratic TrueType ones (cu2qu, within one
font unit) as its `otf2ttf` snippet does; the cmap, the advance widths and the vertical
metrics stay, so text measures and wraps exactly as with the original file. A file is
converted once per process (the result is kept by path, modification time and size).
"""

from __future__ import annotations

import io
import struct
from functools import lru_cache
from pathlib import Path

CFF_MAGIC = b"OTTO"
"""The first four bytes of an OpenType file whose outlines are CFF."""

MAX_ERROR = 1.0
"""How far (in font units, a thousandth of the em or less) a converted curve may stray."""


class CffConversionError(Exception):
    """The CFF font could not be read or converted; the message says why."""


def is_cff(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(4) == CFF_MAGIC


def truetype_bytes(path: Path) -> bytes:
    """The font at `path` with TrueType outlines, as a file's bytes (CffConversionError)."""
    stat = path.stat()
    return _converted(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _converted(path: str, _modified: int, _size: int) -> bytes:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(path, recalcTimestamp=False)
        if "CFF2" in font:
            raise CffConversionError(
                "it is a CFF2 (variable) font, which cannot be converted for the PDF: use "
                "one of its static instances")
        if "CFF " not in font:
            raise CffConversionError(
                "its CFF outlines could not be converted (it has no CFF table: the file is "
                "damaged)")
        _to_truetype(font)
        out = io.BytesIO()
        font.save(out)
    except (TTLibError, KeyError, IndexError, ValueError, TypeError, AssertionError,
            struct.error, OverflowError) as error:
        raise CffConversionError(
            f"its CFF outlines could not be converted ({type(error).__name__}: {error})"
        ) from error
    return out.getvalue()


def _to_truetype(font: object) -> None:
    """fontTools' otf2ttf: quadratic glyf outlines in place of the CFF table."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    assert isinstance(font, TTFont)
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    quadratic = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        quadratic[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max(
        (len(getattr(g, "components", ())) for g in glyf.glyphs.values()), default=0)
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
