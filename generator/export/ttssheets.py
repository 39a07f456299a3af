"""Tabletop Simulator deck sheets: a deck's faces on one image, the hidden face last.

TTS cuts a sheet into NumWidth x NumHeight cards (at most 10 x 7) and shows its last slot
for a card in another player's hand; sheets wider or taller than 4096 px fail to load on
many graphics cards. The grid is chosen per deck so that every face keeps the build's
resolution (300 dpi by default: a 63.5 x 88.9 mm card is 750 x 1050 px, five columns and
three rows of them fit 4096 px), and a deck is split over as many sheets as that takes.
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


def per_sheet(trim_mm: tuple[float, float], dpi: int) -> int:
    """The cards a sheet holds with every face at `dpi`: as many columns and rows as 4096 px
    hold (at most 10 x 7), less the hidden face's slot; at least one (a card too large for
    two slots at `dpi` is scaled down, grid_for)."""
    width, height = pixels_for(trim_mm[0], dpi), pixels_for(trim_mm[1], dpi)
    columns = max(1, min(MAX_COLUMNS, MAX_SHEET_PX // width))
    rows = max(1, min(MAX_ROWS, MAX_SHEET_PX // height))
    return max(1, columns * rows - 1)


def chunks(count: int, most: int = CARDS_PER_SHEET) -> list[range]:
    """The cards of each sheet, at most `most` a sheet (69: a slot is left for the hidden
    face), spread evenly over as few sheets as hold them."""
    if count <= 0:
        return []
    most = max(1, min(most, CARDS_PER_SHEET))
    sheets = math.ceil(count / most)
    size = math.ceil(count / sheets)
    return [range(first, min(first + size, count)) for first in range(0, count, size)]


def grid_for(count: int, trim_mm: tuple[float, float], dpi: int) -> SheetGrid:
    """The grid for `count` cards and the hidden face, as few rows as the columns of
    full-resolution faces within 4096 px allow; faces are scaled below `dpi` only when
    the sheet cannot hold them otherwise (10 x 7 slots, or a card too large for two)."""
    if not 1 <= count <= CARDS_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {CARDS_PER_SHEET} cards, not {count}")
    slots = count + 1
    width, height = pixels_for(trim_mm[0], dpi), pixels_for(trim_mm[1], dpi)
    fit = max(1, min(MAX_COLUMNS, MAX_SHEET_PX // width))
    columns = min(max(fit, math.ceil(slots / MAX_ROWS)), slots)
    rows = math.ceil(slots / columns)
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
