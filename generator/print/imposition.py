"""Card sheet imposition: where each card, its bleed and its back go on the paper.

Pure geometry in millimetres (origin top-left, y down). Policies:

- Bleed boxes of the whole grid, margins included, must lie inside the
  printable area (paper minus `margin` on every side).
- Gap between trims: by default ('auto') 2 x bleed, so every card keeps its full
  bleed and is cut on its own lines, unless that costs cards on the sheet; then
  0, with shared cut lines and bleed only around the grid. A given gap smaller
  than 2 x bleed shrinks the inner bleed to gap / 2, so bleed boxes never overlap.
- Orientation: the paper orientation holding the most cards wins; ties prefer
  the full-bleed gap, then portrait.
- Duplex backs: 'long' means the sheet is turned over about its long edge, so on
  a portrait sheet the columns are mirrored and on a landscape sheet the rows;
  'short' is the other way round. 'fold' splits the page in two halves across a
  fold line: fronts on the first half (left or top), backs mirrored across the
  fold on the other, each half keeping `margin` on all sides including the fold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from stamperia.generator.draw.geometry import Box, Segment
from stamperia.generator.print.cropmarks import crop_marks
from stamperia.generator.print.sizes import Size

DEFAULT_BLEED = 3.0
DEFAULT_MARGIN = 5.0
MAX_GAP = 20.0
_EPSILON = 1e-9


class ImpositionError(ValueError):
    """Cards cannot be laid out on the paper as asked."""


class Duplex(Enum):
    NONE = "none"
    LONG = "long"
    SHORT = "short"
    FOLD = "fold"


class FoldAxis(Enum):
    VERTICAL = "vertical"  # left half fronts, right half backs
    HORIZONTAL = "horizontal"  # top half fronts, bottom half backs


@dataclass(frozen=True)
class Slot:
    """One card position: `trim` is the cut line, `bleed` the area the art may cover."""

    index: int
    column: int
    row: int
    trim: Box
    bleed: Box


@dataclass(frozen=True)
class SheetLayout:
    """The grid for one paper and card size; backs[i] lies behind fronts[i]."""

    paper: Size
    landscape: bool
    card: Size
    bleed: float
    margin: float
    gap: float
    columns: int
    rows: int
    duplex: Duplex
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    crop_marks: tuple[Segment, ...]
    fold_line: Segment | None
    mark_region: Box

    def marks_for(self, slots: tuple[Slot, ...]) -> tuple[Segment, ...]:
        """Crop marks for the cards in `slots` only: a partial sheet marks no empty slot."""
        return crop_marks([s.trim for s in slots], [s.bleed for s in slots], self.mark_region,
                          self.margin)

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)


@dataclass(frozen=True)
class _Candidate:
    """One way to lay cards on a sheet, compared with the others by count."""

    paper: Size
    landscape: bool
    gap: float
    region: Box
    axis: FoldAxis | None
    columns: int
    rows: int


def _fit_count(available: float, card: float, bleed: float, gap: float) -> int:
    """How many cards fit in a line: n*card + (n-1)*gap + 2*bleed <= available."""
    if available + _EPSILON < card + 2 * bleed:
        return 0
    return math.floor((available - 2 * bleed + gap) / (card + gap) + _EPSILON)


def _regions(paper: Size, margin: float, duplex: Duplex) -> list[tuple[Box, FoldAxis | None]]:
    """Printable areas to fill with fronts: the page, or the first half for a fold."""
    w, h = paper.width, paper.height
    if duplex is not Duplex.FOLD:
        return [(Box(margin, margin, w - 2 * margin, h - 2 * margin), None)]
    return [
        (Box(margin, margin, w / 2 - 2 * margin, h - 2 * margin), FoldAxis.VERTICAL),
        (Box(margin, margin, w - 2 * margin, h / 2 - 2 * margin), FoldAxis.HORIZONTAL),
    ]


def _best_candidate(
    paper: Size, card: Size, bleed: float, margin: float, gaps: list[float], duplex: Duplex
) -> _Candidate:
    candidates: list[tuple[tuple[int, int, int, int], _Candidate]] = []
    for orient_rank, oriented in enumerate((paper.portrait(), paper.landscape())):
        for gap_rank, gap in enumerate(gaps):
            for axis_rank, (region, axis) in enumerate(_regions(oriented, margin, duplex)):
                columns = _fit_count(region.width, card.width, bleed, gap)
                rows = _fit_count(region.height, card.height, bleed, gap)
                key = (-(columns * rows), gap_rank, orient_rank, axis_rank)
                candidate = _Candidate(oriented, orient_rank == 1, gap, region, axis, columns, rows)
                candidates.append((key, candidate))
    key, best = min(candidates, key=lambda pair: pair[0])
    if best.columns * best.rows == 0:
        raise ImpositionError(
            f"card size {card.label} with {bleed:g} mm bleed does not fit on {paper.label} "
            f"with {margin:g} mm margins"
            + (" in half a page (fold)" if duplex is Duplex.FOLD else "")
            + "; choose a larger paper, a smaller margin or a smaller bleed"
        )
    return best


def _grid(candidate: _Candidate, card: Size, bleed: float) -> tuple[Slot, ...]:
    """Slots of the grid centred in the candidate's region, row by row."""
    c, cols, rows, gap = candidate, candidate.columns, candidate.rows, candidate.gap
    inner = min(bleed, gap / 2)
    grid_w = cols * card.width + (cols - 1) * gap
    grid_h = rows * card.height + (rows - 1) * gap
    x0 = c.region.x + (c.region.width - grid_w) / 2
    y0 = c.region.y + (c.region.height - grid_h) / 2
    slots: list[Slot] = []
    for row in range(rows):
        for column in range(cols):
            trim = Box(x0 + column * (card.width + gap), y0 + row * (card.height + gap),
                       card.width, card.height)
            left = bleed if column == 0 else inner
            right = bleed if column == cols - 1 else inner
            top = bleed if row == 0 else inner
            bottom = bleed if row == rows - 1 else inner
            box = Box(trim.x - left, trim.y - top, trim.width + left + right,
                      trim.height + top + bottom)
            slots.append(Slot(len(slots), column, row, trim, box))
    return tuple(slots)


def _mirror(slot: Slot, paper: Size, across_x: bool, columns: int, rows: int) -> Slot:
    if across_x:
        return Slot(slot.index, columns - 1 - slot.column, slot.row,
                    slot.trim.mirrored_x(paper.width), slot.bleed.mirrored_x(paper.width))
    return Slot(slot.index, slot.column, rows - 1 - slot.row,
                slot.trim.mirrored_y(paper.height), slot.bleed.mirrored_y(paper.height))


def _mirrors_columns(duplex: Duplex, paper: Size, axis: FoldAxis | None) -> bool:
    if duplex is Duplex.FOLD:
        return axis is FoldAxis.VERTICAL
    portrait = paper.width <= paper.height
    return portrait if duplex is Duplex.LONG else not portrait


def impose(
    paper: Size,
    card: Size,
    bleed: float = DEFAULT_BLEED,
    margin: float = DEFAULT_MARGIN,
    gap: float | None = None,
    duplex: Duplex = Duplex.LONG,
) -> SheetLayout:
    """Lay out as many cards as fit on one sheet; `gap=None` chooses it (see module doc)."""
    if bleed < 0 or margin < 0 or (gap is not None and not 0 <= gap <= MAX_GAP):
        raise ImpositionError(
            f"bleed, margin and gap must be >= 0, got {bleed:g}, {margin:g}, {gap}"
        )
    gaps = [2 * bleed, 0.0] if gap is None else [gap]
    best = _best_candidate(paper, card, bleed, margin, gaps, duplex)
    fronts = _grid(best, card, bleed)
    backs: tuple[Slot, ...] = ()
    if duplex is not Duplex.NONE:
        across_x = _mirrors_columns(duplex, best.paper, best.axis)
        backs = tuple(_mirror(s, best.paper, across_x, best.columns, best.rows) for s in fronts)
    mark_region = Box(0.0, 0.0, best.paper.width, best.paper.height)
    fold_line = None
    if best.axis is FoldAxis.VERTICAL:
        half = best.paper.width / 2
        mark_region = Box(0.0, 0.0, half, best.paper.height)
        fold_line = Segment(half, margin, half, best.paper.height - margin)
    elif best.axis is FoldAxis.HORIZONTAL:
        half = best.paper.height / 2
        mark_region = Box(0.0, 0.0, best.paper.width, half)
        fold_line = Segment(margin, half, best.paper.width - margin, half)
    marks = crop_marks([s.trim for s in fronts], [s.bleed for s in fronts], mark_region, margin)
    return SheetLayout(
        paper=best.paper,
        landscape=best.landscape,
        card=card,
        bleed=bleed,
        margin=margin,
        gap=best.gap,
        columns=best.columns,
        rows=best.rows,
        duplex=duplex,
        fronts=fronts,
        backs=backs,
        crop_marks=marks,
        fold_line=fold_line,
        mark_region=mark_region,
    )


@dataclass(frozen=True)
class Placement:
    """Card number `card` (an index into the caller's list) goes into `slot`."""

    card: int
    slot: Slot


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: fronts, and the backs behind them (printed per `duplex`)."""

    number: int
    fronts: tuple[Placement, ...]
    backs: tuple[Placement, ...]


def paginate(layout: SheetLayout, count: int) -> tuple[Sheet, ...]:
    """Spread `count` cards over sheets, filling slots row by row; the last may be partial."""
    if count < 0:
        raise ImpositionError(f"card count must be >= 0, got {count}")
    per_sheet = layout.per_sheet
    sheets: list[Sheet] = []
    for number, first in enumerate(range(0, count, per_sheet)):
        cards = range(first, min(first + per_sheet, count))
        fronts = tuple(Placement(card, layout.fronts[card - first]) for card in cards)
        backs = tuple(Placement(card, layout.backs[card - first]) for card in cards
                      if layout.backs)
        sheets.append(Sheet(number, fronts, backs))
    return tuple(sheets)
