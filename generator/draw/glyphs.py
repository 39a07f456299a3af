"""Characters a text box's own font cannot draw: the kit would print an empty box for each.

The font is the box's face (family and weight), the very one the PDF embeds, so a text that
passes here prints every character; the face's cmap is read through ReportLab's TTFont.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from stamperia.generator.draw.drawing import Page, TextSource, iter_text_boxes


class GlyphCoverage(Protocol):
    """What the glyph check needs to know about fonts (FontSet provides it)."""

    def face_name(self, family: str, bold: bool) -> str: ...

    def missing_characters(self, text: str, face_name: str) -> str: ...


@dataclass(frozen=True)
class GlyphReport:
    """A text box holding characters its face lacks, on which page and from which text key."""

    page_label: str
    text: str
    face: str
    missing: str
    source: TextSource | None = None


def missing_glyphs(pages: Iterable[Page], fonts: GlyphCoverage) -> tuple[GlyphReport, ...]:
    """Every text box on the pages with characters its face cannot draw, in page order."""
    reports: list[GlyphReport] = []
    for page in pages:
        for box in iter_text_boxes(page.items):
            face = fonts.face_name(box.font, box.bold)
            missing = fonts.missing_characters(box.text, face)
            if missing:
                reports.append(GlyphReport(page.label, box.text, face, missing, box.source))
    return tuple(reports)


def describe_characters(characters: str) -> str:
    """`'あ' (U+3042), 'い' (U+3044)`: each character with its code point, as a report
    names them (the code point tells apart look-alikes and invisible characters)."""
    return ", ".join(f"{char!r} (U+{ord(char):04X})" for char in characters)
