"""`stamperia check`'s press-gamut warnings: palette colours a CMYK press cannot print.

Each colour of the theme's palette goes through the press profile the print-shop PDFs
use and back to sRGB (read from the profile's round-trip table, generator.draw.profile:
a check does not import the imaging library that applies the profile); where it lands
more than MAX_DELTA_E away (CIEDE2000, the difference the other colour checks use), the
warning names the palette entry by file, line and JSON pointer and gives the printable
neighbour.
"""

from __future__ import annotations

from stamperia.content.errors import ContentError, pointer_escape
from stamperia.content.findings import OUT_OF_GAMUT
from stamperia.content.look.colourscience import ciede2000, lab
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.generator.draw.profile import PROFILE_NAME, RoundTrip

MAX_DELTA_E = 5.0
"""ΔE2000 beyond which a printed colour is visibly not the one designed."""


def gamut_warnings(game: Game) -> list[ContentError]:
    """A warning per palette colour that moves more than MAX_DELTA_E on the press."""
    theme = game.find_part(Theme)
    if theme is None or not theme.palette:
        return []
    table = RoundTrip()
    problems: list[ContentError] = []
    for name, colour in theme.palette.items():
        printed = table.printed(colour)
        moved = ciede2000(lab(colour), lab(printed))
        if moved <= MAX_DELTA_E:
            continue
        problems.append(theme.origin.warning(
            f"palette colour {name!r} {colour} is out of the press gamut: printed on "
            f"{PROFILE_NAME} it shows as {printed}, ΔE2000 {moved:.1f} away "
            f"(more than {MAX_DELTA_E:g})",
            f"choose a less saturated colour, such as {printed}",
            f"/palette/{pointer_escape(name)}", kind=OUT_OF_GAMUT))
    return problems
