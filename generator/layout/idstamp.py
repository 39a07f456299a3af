"""The piece's id printed on it: small, on a light label, in the safe zone.

A card carries `SG-OBJ-07 · v0.3 · 3b20b7` (content.look.pieceid) at its bottom edge, in
the safe zone (the band inside the trim where layouts put no text, R015), centred in the
band's depth and ending at the safe line on the right: it covers none of the card's own
text, and a cut straying into the band by up to a third of it leaves the letters whole.
6 pt (the smallest size the legibility check accepts), the kit's ink on white, so it
reads on any art. A piece too narrow for the whole text (a token) carries its id alone,
centred just inside the safe line at its foot; one too narrow even for that carries none.
A layout with `"id_stamp": false` prints none (final art, or a shape whose foot is text).
"""

from __future__ import annotations

from stamperia.generator.draw.drawing import (
    Align,
    Item,
    Rect,
    Style,
    TextBox,
    TextSource,
    VAlign,
    pt_to_mm,
)

STAMP_PT = 6.0
CHAR_MM = 1.45
"""mm a character of the stamp takes at most at 6 pt: DejaVu Sans's capitals and digits
average 0.68 em, 1.44 mm."""
PAD_MM = 0.5
LABEL = Style(fill="#ffffff", stroke=None)
INK = "#1f1f1f"
SMALL_PIECE_MM = 30.0
"""A piece narrower than this (a token) prints its id alone, centred."""


def id_stamp(piece: str, text: str, name: str, width: float, height: float,
             safe: float) -> tuple[Item, ...]:
    """The label holding `text` (or `piece` alone where `text` does not fit) on a piece of
    width x height mm whose safe zone is `safe` mm inside the trim; () where neither fits."""
    room = width - 2 * safe
    line = pt_to_mm(STAMP_PT) * 1.3
    small = width < SMALL_PIECE_MM
    shown = piece if small or len(text) * CHAR_MM + 2 * PAD_MM > room else text
    label_width = len(shown) * CHAR_MM + 2 * PAD_MM
    if label_width > room or line > height - 2 * safe:
        return ()
    x = (width - label_width) / 2 if small else width - safe - label_width
    y = height - safe - line if small else height - (safe + line) / 2
    source = TextSource(name, "id stamp", None, piece)
    return (Rect(x, y, label_width, line, LABEL, min(0.6, line / 2)),
            TextBox(x + PAD_MM, y, label_width - 2 * PAD_MM, line, shown, size=STAMP_PT,
                    min_size=STAMP_PT, align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK,
                    line_spacing=1.0, source=source))
