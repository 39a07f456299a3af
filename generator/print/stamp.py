"""The version stamp: which game, edition and content a printed sheet came from.

A prototype box soon holds sheets of several content versions; the stamp in the slug (the
strip between the cards' bleed and the paper's printable margin, cut away with the waste)
tells them apart. It holds the game, the edition, the content hash and the stamperia
version; no date, since the same content must give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import PackageNotFoundError, version

from stamperia.content.fingerprint import content_hash
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import Align, Line, Page, TextBox, VAlign, pt_to_mm
from stamperia.generator.print.cropmarks import LENGTH, OFFSET, PRINTABLE_MARGIN

STAMP_SIZE_PT = 6.0
STAMP_COLOUR = "#4d4d4d"
_CHAR_WIDTH = 1.3
"""mm a character of the stamp takes at most at 6 pt (a generous average for DejaVu Sans)."""


@dataclass(frozen=True)
class Stamp:
    """What a printed sheet says it was made from: game, edition, locale, content, tool."""

    game: str
    edition: str
    locale: str
    content: str
    tool: str

    @property
    def text(self) -> str:
        return f"{self.game} · {self.edition} · {self.locale} · {self.content}"

    @property
    def keywords(self) -> tuple[str, ...]:
        """The same facts for the PDF's document information."""
        return (f"game={self.game}", f"edition={self.edition}", f"locale={self.locale}",
                f"content={self.content}", f"generator={self.tool}")


def _tool_version() -> str:
    try:
        return f"stamperia {version('stamperia')}"
    except PackageNotFoundError:
        return "stamperia"


def kit_stamp(game: Game, locale: str) -> Stamp:
    return Stamp(game.title(locale), game.id, locale, content_hash(game), _tool_version())


def stamped(page: Page, stamp: Stamp) -> Page:
    """The page with the stamp in its slug below the bleed (or above it when the bottom has
    no room); a page that is not cut (no bleed box) or has no room is left as it is."""
    if page.bleed is None:
        return page
    bleed = page.bleed
    line = pt_to_mm(STAMP_SIZE_PT) * 1.3
    marks = OFFSET + LENGTH
    bands = (
        (bleed.y + bleed.height + 0.5, page.height_mm - PRINTABLE_MARGIN, True),
        (PRINTABLE_MARGIN, bleed.y - 0.5, False),
    )
    for top, bottom, below in bands:
        if bottom - top < line:
            continue
        if bottom - top >= marks + line:  # room past the crop marks' ends
            y = bottom - line if below else top
            x, width = PRINTABLE_MARGIN, page.width_mm - 2 * PRINTABLE_MARGIN
        else:  # beside the marks: between the two cut lines nearest the page's middle
            y = top
            x, width = _between_marks(page)
        if width < len(stamp.text) * _CHAR_WIDTH:
            continue
        box = TextBox(x, y, width, line, stamp.text, size=STAMP_SIZE_PT,
                      min_size=STAMP_SIZE_PT, align=Align.CENTER, valign=VAlign.MIDDLE,
                      colour=STAMP_COLOUR)
        return replace(page, items=(*page.items, box))
    return page


def _between_marks(page: Page) -> tuple[float, float]:
    """(x, width) of the widest stretch between vertical crop marks, 1 mm clear of each."""
    xs = sorted({round(item.x1, 4) for item in page.items
                 if isinstance(item, Line) and item.x1 == item.x2})
    edges = [PRINTABLE_MARGIN, *xs, page.width_mm - PRINTABLE_MARGIN]
    a, b = max(zip(edges, edges[1:], strict=False), key=lambda pair: pair[1] - pair[0])
    return a + 1.0, b - a - 2.0
