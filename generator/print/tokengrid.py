"""Round counters laid out on a sheet: the grid every token sheet uses, with its cut style."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.generator.draw.drawing import Style
from stamperia.generator.print.sizes import Size

MARGIN = 8.0
GAP = 2.0
CUT = Style(fill=None, stroke="#9a9a9a", stroke_width=0.15)


@dataclass(frozen=True)
class TokenGrid:
    """Where round tokens go on a sheet: a grid of equal pitch."""

    columns: int
    rows: int
    left: float
    top: float
    pitch: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def position(self, index: int, mirrored: bool, page_width: float) -> tuple[float, float]:
        """Centre of token `index`; mirrored puts it behind its front on a long-edge flip."""
        column, row = index % self.columns, index // self.columns
        x = self.left + column * self.pitch + self.pitch / 2
        if mirrored:
            x = page_width - x
        return x, self.top + row * self.pitch + self.pitch / 2


def token_grid(paper: Size, diameter: float) -> TokenGrid:
    pitch = diameter + GAP
    columns = int((paper.width - 2 * MARGIN) // pitch)
    rows = int((paper.height - 2 * MARGIN) // pitch)
    return TokenGrid(columns, rows, (paper.width - columns * pitch) / 2,
                     (paper.height - rows * pitch) / 2, pitch)
