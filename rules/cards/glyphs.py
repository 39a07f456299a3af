"""Glyph check: every character a theme font will print exists in that font.

A missing glyph prints as an empty box, and no overflow check notices it. The texts are
those of the boxes set in the font: card fields, and strings in every locale. Font files
are read with ReportLab's TrueType parser (only the character map is used).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import MISSING_GLYPH
from stamperia.content.look.layouts import Box
from stamperia.content.model import Game
from stamperia.content.rulesets.cards.model import CardSet, Record

MARKUP = re.compile(r"\{icon:[^}]*\}|\*")


def _characters(font_path: str) -> frozenset[int] | str:
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        return frozenset(TTFontFile(font_path).charToGlyph)
    except (TTFError, OSError, ValueError, KeyError, IndexError) as error:
        return str(error) or type(error).__name__


def _printed(game: Game, box: Box, record: Record) -> Iterator[tuple[str, str, Origin]]:
    """(what, text, origin) for each text this box prints on this record."""
    if box.text is not None:
        for strings in game.strings.values():
            text = strings.get(box.text)
            if text is not None:
                yield f"text {box.text!r} ({strings.locale})", text, strings.origins[box.text]
    if box.field is not None:
        value = record.fields.get(box.field)
        if isinstance(value, str):
            yield (f"field {box.field!r} of {record.id!r}", value,
                   record.origin.child(f"/fields/{box.field}"))


def _strip(text: str) -> str:
    return MARKUP.sub("", text)


def glyph_problems(game: Game, cards: CardSet) -> list[ContentError]:
    problems: list[ContentError] = []
    # A font that cannot be read is the text-fit stage's finding (every face, at its
    # pointer); here its texts are simply not checked.
    fonts = {name: _characters(font.regular) for name, font in cards.theme.fonts.items()}
    seen: set[tuple[str, str]] = set()
    for layout_id, record in cards.records():
        layout = cards.layouts.layouts.get(layout_id)
        for box in layout.boxes if layout is not None else ():
            charmap = fonts.get(box.font or "")
            if box.kind != "text" or not isinstance(charmap, frozenset):
                continue
            for what, text, origin in _printed(game, box, record):
                missing = "".join(sorted({c for c in _strip(text)
                                          if not c.isspace() and ord(c) not in charmap}))
                if missing and (what, missing) not in seen:
                    seen.add((what, missing))
                    problems.append(origin.error(
                        f"{what} needs {missing!r}, which the font {box.font!r} has no glyph "
                        "for", "use a font that has them, or change the text"))
    return coded(problems, MISSING_GLYPH)
