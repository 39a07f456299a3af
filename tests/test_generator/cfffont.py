"""A CFF-flavoured OpenType font made from the bundled DejaVu Sans (as a type foundry's
`.otf` is): the same glyphs, cubic PostScript outlines, no `glyf` table."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

from stamperia.generator.draw.fonts import FONTS_DIR


def cff_font(target: Path, characters: str | None = None, name: str = "Otto Sans") -> Path:
    """Write DejaVu Sans (the given characters, or all of it) as a CFF OpenType file."""
    source = TTFont(str(FONTS_DIR / "DejaVuSans.ttf"))
    cmap = source.getBestCmap()
    if characters is not None:
        cmap = {code: glyph for code, glyph in cmap.items() if chr(code) in characters}
    order = [".notdef", *sorted(set(cmap.values()) - {".notdef"})]
    glyphs = source.getGlyphSet()
    metrics = source["hmtx"].metrics
    strings = {}
    for glyph in order:
        pen = T2CharStringPen(metrics[glyph][0], glyphs)
        glyphs[glyph].draw(pen)
        strings[glyph] = pen.getCharString()
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap(cmap)
    builder.setupCFF(name.replace(" ", ""), {"FullName": name}, strings, {})
    builder.setupHorizontalMetrics({g: metrics[g] for g in order})
    hhea = source["hhea"]
    builder.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    builder.setupNameTable({"familyName": name, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=hhea.ascent, sTypoDescender=hhea.descent,
                     usWinAscent=hhea.ascent, usWinDescent=-hhea.descent)
    builder.setupPost()
    builder.font.save(str(target))
    return target
