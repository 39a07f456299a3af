"""Card layouts drawn for a poker card, scaled to the card being printed.

Every card face of the shipped kits was designed on a 63.5 x 88.9 mm poker card, with
lengths in mm. A layout asks a `CardScale` for each of its lengths and font sizes: on a
poker card it gets back exactly the numbers it always drew (the default kit stays
byte-identical), on any other card everything grows or shrinks by one factor, the
largest at which a poker card still fits the card in both directions. One factor for
both axes keeps every box that lies inside a poker card, with a positive size, inside
any card and positive too, so no card size can make a layout impossible; the spare
length of a card longer or wider than a poker card goes to the boxes that reach for
the far edges.

Font sizes scale with the card, but a text's size never drops below `MIN_TEXT_PT`
(or its own size, if drawn smaller): text that cannot fit at that size
overflows, and the build reports it, instead of shrinking into dust.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.generator.print.sizes import Size

REFERENCE = Size("poker", 63.5, 88.9)
"""The card every shipped card layout was drawn for."""
BACK_FRAME_MIN_MM = 5.5
"""The nearest a frame on a card back may come to the trim: a duplex drift or a cut a
millimetre off shows at once against a frame close to the edge."""
MIN_TEXT_PT = 6.0
"""The smallest text a scaled-down card may shrink to: the smallest print a kit prints
(generator.layout.legibility.MIN_PRINTED_PT); a text that does not fit at it overflows."""


@dataclass(frozen=True)
class CardScale:
    """Lengths (mm) and font sizes (pt) of a poker-card layout, for one card size."""

    factor: float

    @staticmethod
    def of(card: Size) -> CardScale:
        """The largest factor at which the reference card fits `card` in both directions."""
        return CardScale(min(card.width / REFERENCE.width, card.height / REFERENCE.height))

    def mm(self, length: float) -> float:
        """A length of the poker layout on this card (the very same value on a poker card)."""
        return length if self.factor == 1.0 else length * self.factor

    def back_frame(self) -> float:
        """mm from the trim to a back's frame: 6 on a poker card, never below
        BACK_FRAME_MIN_MM."""
        return max(self.mm(6.0), BACK_FRAME_MIN_MM)

    def min_pt(self, min_size: float, size: float | None = None) -> float:
        """A text's minimum size on this card, never below MIN_TEXT_PT unless it (or its
        `size`, when given) was."""
        if self.factor == 1.0:
            return min_size
        floor = min(min_size if size is None else size, MIN_TEXT_PT)
        return max(_points(min_size * self.factor), floor)

    def pt(self, size: float, min_size: float) -> float:
        """A text's largest size on this card; never below its minimum (`min_pt`)."""
        if self.factor == 1.0:
            return size
        return max(_points(size * self.factor), self.min_pt(min_size, size))


def _points(size: float) -> float:
    """Font sizes in hundredths of a point: what text fitting steps from stays readable."""
    return round(size, 2)
