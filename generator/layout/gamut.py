"""`stamperia check`'s press-gamut warnings: palette colours a CMYK press cannot print.

Each colour of the theme's palette goes through the press profile the print-shop PDFs
use (generator.draw.press) and back to sRGB; where it lands more than MAX_DELTA_E away
(CIEDE2000, the difference the other colour checks use), the warning names the palette
entry by file, line and JSON pointer and gives the printable neighbour.
"""

from __future__ import annotations

from stamperia.content.errors import ContentError, pointer_escape
from stamperia.content.findings import OUT_OF_GAMUT
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game

MAX_DELTA_E = 5.0
"""ΔE2000 beyond which a printed colour is visibly not the one designed."""


def gamut_warnings(game: Game) -> list[ContentError]:
    """A warning per palette colour that moves more than MAX_DELTA_E on the press."""
    theme = game.find_part(Theme)
    if theme is None or not theme.palette:
        return []
    from stamperia.generator.draw.press import PROFILE_NAME, Press

    press = Press()
    problems: list[ContentError] = []
    for name, colour in theme.palette.items():
        miss = press.gamut_miss(colour)
        if miss.delta_e <= MAX_DELTA_E:
            continue
        problems.append(theme.origin.warning(
            f"palette colour {name!r} {colour} is out of the press gamut: printed on "
            f"{PROFILE_NAME} it shows as {miss.printed}, ΔE2000 {miss.delta_e:.1f} away "
            f"(more than {MAX_DELTA_E:g})",
            f"choose a less saturated colour, such as {miss.printed}",
            f"/palette/{pointer_escape(name)}", kind=OUT_OF_GAMUT))
    return problems
