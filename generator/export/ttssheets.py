"""Tabletop Simulator deck sheets: a deck's faces on one image, the hidden face last.

TTS cuts a sheet into NumWidth x NumHeight cards (at most 10 x 7) and shows its last slot
for a card in another player's hand; sheets wider or taller than 4096 px fail to load on
many graphics cards, so cards are scaled down to fit. Decks of more than 69 cards are split
over several sheets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image as PilImage

from stamperia.generator.export.raster import pixels_for

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SHEET_PX = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot holds the hidden face


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    card_px: tuple[int, int]

    @property
    def sheet_px(self) -> tuple[int, int]:
        return self.columns * self.card_px[0], self.rows * self.card_px[1]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1


def chunks(count: int) -> list[range]:
    """The cards of each sheet: 69 at most, so a slot is left for the hidden face."""
    return [range(first, min(first + CARDS_PER_SHEET, count))
            for first in range(0, count, CARDS_PER_SHEET)]


def grid_for(count: int, trim_mm: tuple[float, float], dpi: int) -> SheetGrid:
    """The grid for `count` cards and the hidden face, each card at `dpi` or smaller so
    the sheet stays within 4096 x 4096 px."""
    if not 1 <= count <= CARDS_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {CARDS_PER_SHEET} cards, not {count}")
    slots = count + 1
    columns = min(MAX_COLUMNS, slots)
    rows = math.ceil(slots / columns)
    width, height = pixels_for(trim_mm[0], dpi), pixels_for(trim_mm[1], dpi)
    scale = min(1.0, MAX_SHEET_PX / (columns * width), MAX_SHEET_PX / (rows * height))
    return SheetGrid(columns, rows, (max(1, math.floor(width * scale)),
                                     max(1, math.floor(height * scale))))


def compose(grid: SheetGrid, cards: Sequence[PilImage.Image], hidden: PilImage.Image | None
            ) -> PilImage.Image:
    """Cards row by row from the top left; the hidden face in the last slot."""
    sheet = PilImage.new("RGB", grid.sheet_px, (255, 255, 255))
    width, height = grid.card_px
    placed = list(enumerate(cards))
    if hidden is not None:
        placed.append((grid.hidden_slot, hidden))
    for slot, image in placed:
        column, row = slot % grid.columns, slot // grid.columns
        sheet.paste(image, (column * width, row * height))
    return sheet
