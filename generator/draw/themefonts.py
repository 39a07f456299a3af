"""The fonts a game's theme ships, loaded beside the bundled DejaVu Sans.

Each family is registered under its name for regular and bold, and under "<name> Italic"
for its italic face, so text boxes (which know a family and a weight) can ask for italic
by family name and both renderers stay as they are. A family without a bold or italic
file uses its regular face there.
"""

from __future__ import annotations

from pathlib import Path

from stamperia.content.errors import ContentError
from stamperia.content.findings import FONT_PROBLEM
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.generator.draw.fonts import (
    FONTS_DIR,
    FontFamily,
    FontSet,
    bundled_family,
    unreadable_reason,
)

ITALIC_SUFFIX = " Italic"


def italic_family(family: str) -> str:
    return family + ITALIC_SUFFIX


def theme_families(theme: Theme | None) -> list[FontFamily]:
    default = bundled_family()
    families = [default, FontFamily(italic_family(default.name),
                                    FONTS_DIR / "DejaVuSans-Oblique.ttf",
                                    FONTS_DIR / "DejaVuSans-Oblique.ttf")]
    for font in (theme.fonts.values() if theme is not None else ()):
        regular = Path(font.regular)
        bold = Path(font.bold) if font.bold else regular
        italic = Path(font.italic) if font.italic else regular
        families += [FontFamily(font.family, regular, bold),
                     FontFamily(italic_family(font.family), italic, italic)]
    return families


def game_fonts(game: Game) -> FontSet:
    """The bundled family plus every font the game's theme ships (FontError if unreadable);
    a game without a theme gets the bundled family alone, as before themes existed."""
    theme = game.find_part(Theme)
    return FontSet.default() if theme is None else FontSet(theme_families(theme))


def unreadable_theme_faces(theme: Theme) -> list[ContentError]:
    """Each face file of the theme's fonts that cannot be parsed, at its JSON pointer."""
    problems: list[ContentError] = []
    for font in theme.fonts.values():
        for face, path in (("regular", font.regular), ("bold", font.bold),
                           ("italic", font.italic)):
            reason = None if path is None else unreadable_reason(Path(path))
            if reason is not None:
                problems.append(font.origin.error(
                    f"cannot read the font {font.family!r}: {reason}",
                    "replace it with a TrueType or OpenType file", f"/{face}",
                    kind=FONT_PROBLEM))
    return problems
