"""How large Tabletop Simulator shows a piece: its `scale`, from its printed size.

TTS measures its table in units, and its measuring tool calls one unit an inch. Its standard
card (scale 1, the card every custom deck is made of) is a poker card drawn about 2.25
units wide, where the real one is 2.5 in (63.5 mm): TTS's table is 90 % of life size, and
every piece here is scaled to keep that same proportion to the cards, so a 16 mm counter next
to a card looks as it does on a real table.

A Custom_Tile or Custom_Token at scale 1 is TILE_UNITS tall (its width follows its image's
aspect): measured in a published mod against the printed game (Clank! Legacy, whose
boards, tiles and tokens are in proportion to its poker cards there), 1.318 / 3.5 of a
standard card's height. TTS documents neither size; both are constants here, so a
measurement in TTS corrects every scale at once.
"""

from __future__ import annotations

POKER_MM = (63.5, 88.9)
CARD_UNITS = (2.25, 2.25 * POKER_MM[1] / POKER_MM[0])
"""A standard card at scale 1, in table units (width, height)."""
UNITS_PER_MM = CARD_UNITS[0] / POKER_MM[0]
TILE_UNITS = CARD_UNITS[1] * 1.318 / 3.5
"""The height of a Custom_Tile or Custom_Token at scale 1, in table units."""


def card_scale(height_mm: float) -> float:
    """A deck's scale: 1 for poker cards, in proportion to their height otherwise."""
    return round(height_mm / POKER_MM[1], 4)


def tile_scale(height_mm: float) -> float:
    """The scale of a Custom_Tile or Custom_Token whose image is `height_mm` tall."""
    return round(height_mm * UNITS_PER_MM / TILE_UNITS, 4)


def table_units(length_mm: float) -> float:
    """A printed length as TTS shows it, in table units (for laying pieces out)."""
    return length_mm * UNITS_PER_MM
