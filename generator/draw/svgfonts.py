"""Fonts embedded in the SVG pages, when asked (`stamperia build --svg-fonts embedded`).

By default an SVG page names its font families and the viewer sets the text in its own
copy, or in a fallback. Embedded, each page carries a `@font-face` per face it uses: a
WOFF2 subset holding only that page's characters, as a base64 data URL, so the page looks
the same on any machine. Subsetting costs about half a second per face and page, which is
why it is not the default; one embedder serves a whole build and subsets each
(face, characters) pair once.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

from stamperia.generator.draw.drawing import RenderError

if TYPE_CHECKING:  # reportlab loads with stamperia.generator.draw.fonts: not for `stamperia check`
    from stamperia.generator.draw.fonts import FontFace

UNUSED_TABLES = ("GSUB", "GPOS", "GDEF", "kern", "FFTM")
"""Lines are fitted with advance widths alone, as the PDF sets them: no kerning nor
ligatures, so their tables go (reading them was most of a subset's time), and so does
FontForge's stamp."""
ITALIC_SUFFIX = " Italic"
"""stamperia.generator.draw.themefonts names a theme's italic faces "<family> Italic"."""


def svg_fonts_missing() -> str | None:
    """What `--svg-fonts embedded` needs and this installation lacks, or None."""
    try:
        import brotli  # noqa: F401
        import fontTools.subset  # noqa: F401
    except ImportError:
        return ("embedding SVG fonts needs fonttools and brotli: "
                "pip install 'stamperia[svgfonts]'")
    return None


class FontEmbedder:
    """The `@font-face` rules of one page; remembers the subsets it made."""

    def __init__(self) -> None:
        self._subsets: dict[tuple[FontFace, str], str] = {}

    def css(self, used: Mapping[FontFace, set[str]]) -> str:
        """One rule per face in `used` (face -> the characters the page sets in it), in a
        stable order: the same page gives the same bytes."""
        rules = []
        for face in sorted(used, key=lambda f: f.name):
            characters = "".join(sorted(used[face]))
            if not characters.strip():
                continue
            family, style = face.family, "normal"
            if family.endswith(ITALIC_SUFFIX):
                family, style = family[:-len(ITALIC_SUFFIX)], "italic"
            rules.append(
                f"@font-face{{font-family:'{family}';font-weight:"
                f"{'bold' if face.bold else 'normal'};font-style:{style};"
                f"src:url(data:font/woff2;base64,{self._subset(face, characters)}) "
                "format('woff2')}")
        return "\n".join(rules)

    def _subset(self, face: FontFace, characters: str) -> str:
        key = (face, characters)
        if key not in self._subsets:
            self._subsets[key] = _woff2(face, characters)
        return self._subsets[key]


def _woff2(face: FontFace, characters: str) -> str:
    """The face cut to `characters`, as base64 WOFF2 (no timestamp: deterministic)."""
    from fontTools.subset import Options, Subsetter
    from fontTools.ttLib import TTFont

    options = Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = [1, 2]  # family and style: a viewer needs no more
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, *UNUSED_TABLES]
    try:
        font = TTFont(str(face.path), recalcTimestamp=False)
        for tag in UNUSED_TABLES:
            if tag in font:
                del font[tag]  # before subsetting, which would read them first
        subsetter = Subsetter(options)
        subsetter.populate(text=characters)
        subsetter.subset(font)
        font.flavor = "woff2"
        out = io.BytesIO()
        font.save(out, reorderTables=False)
    except Exception as error:  # fontTools raises many kinds for a font it cannot cut
        raise RenderError(f"cannot embed the font {face.path.name} in an SVG page: "
                          f"{error}") from error
    return base64.b64encode(out.getvalue()).decode("ascii")
