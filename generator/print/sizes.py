"""Named paper and card sizes, and parsing of custom 'WxH' sizes (millimetres)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


class SizeError(ValueError):
    """A paper or card size name or 'WxH' text that cannot be understood."""


@dataclass(frozen=True)
class Size:
    """A named width x height in millimetres, as given (not yet oriented)."""

    name: str
    width: float
    height: float

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise SizeError(f"size {self.name!r} must be positive, got {self.width}x{self.height}")

    @property
    def label(self) -> str:
        return f"{self.name} ({_mm(self.width)}×{_mm(self.height)} mm)"

    def portrait(self) -> Size:
        return Size(self.name, min(self.width, self.height), max(self.width, self.height))

    def landscape(self) -> Size:
        return Size(self.name, max(self.width, self.height), min(self.width, self.height))


def _mm(value: float) -> str:
    return f"{value:g}"


PAPER_SIZES: Mapping[str, Size] = MappingProxyType({
    "a4": Size("A4", 210.0, 297.0),
    "letter": Size("Letter", 215.9, 279.4),
    "a3": Size("A3", 297.0, 420.0),
    "a2": Size("A2", 420.0, 594.0),
    "a1": Size("A1", 594.0, 841.0),
})

CARD_SIZES: Mapping[str, Size] = MappingProxyType({
    "poker": Size("poker", 63.5, 88.9),
    "trading": Size("trading", 63.0, 88.0),
    "bridge": Size("bridge", 57.2, 88.9),
    "mini": Size("mini", 44.5, 63.5),
    "mini_euro": Size("mini_euro", 44.0, 67.0),
    "skat": Size("skat", 58.9, 90.7),
    "tarot": Size("tarot", 70.0, 120.0),
    "square": Size("square", 70.0, 70.0),
    "business": Size("business", 88.9, 50.8),
})

_ALIASES = MappingProxyType(
    {"us_letter": "letter", "us-letter": "letter", "mini-euro": "mini_euro"}
)
_CUSTOM = re.compile(
    r"^\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE
)


def parse_size(text: str) -> Size:
    """A custom 'WxH' size in mm ('63x88', '63.5 x 88,9 mm')."""
    match = _CUSTOM.match(text)
    if match is None:
        raise SizeError(f"{text!r} is not a size; write it as WIDTHxHEIGHT in mm, e.g. '63x88'")
    width, height = (float(group.replace(",", ".")) for group in match.groups())
    if width <= 0 or height <= 0:
        raise SizeError(f"size {text!r} must have a positive width and height")
    return Size(f"{width:g}x{height:g}", width, height)


def _lookup(text: str, table: Mapping[str, Size], what: str) -> Size:
    key = text.strip().lower()
    key = _ALIASES.get(key, key)
    if key in table:
        return table[key]
    if _CUSTOM.match(text):
        return parse_size(text)
    known = ", ".join(sorted(table))
    raise SizeError(f"unknown {what} {text!r}; use one of {known} or WIDTHxHEIGHT in mm")


def paper_size(text: str) -> Size:
    """A named paper ('A4', 'letter', ...) or a custom 'WxH' in mm."""
    return _lookup(text, PAPER_SIZES, "paper size")


CARD_SIDE_MM = (20.0, 400.0)
"""The shortest and longest card side a kit is drawn for: past these no card layout
reads, and no print shop cuts."""


def card_size(text: str) -> Size:
    """A named card size ('poker', 'tarot', ...) or a custom 'WxH' in mm, each side within
    CARD_SIDE_MM."""
    low, high = CARD_SIDE_MM
    bound = f"a card is {low:g} to {high:g} mm a side"
    key = _ALIASES.get(text.strip().lower(), text.strip().lower())
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = _CUSTOM.match(text)
    if match is None:
        known = ", ".join(sorted(CARD_SIZES))
        raise SizeError(f"unknown card size {text!r}; use one of {known} or WIDTHxHEIGHT in "
                        f"mm ({bound})")
    width, height = (float(group.replace(",", ".")) for group in match.groups())
    if not (low <= width <= high and low <= height <= high):
        raise SizeError(f"card size {text.strip()!r} is {width:g}x{height:g} mm; {bound}")
    return Size(f"{width:g}x{height:g}", width, height)


PRODUCT_TOLERANCE_MM = 2.0
"""How far a card's side may be from a print shop's product for the product to stand in
for it (a 70 x 120 mm card is a shop's 69.85 x 120.65 mm tarot card)."""


def nearest_product(card: Size, products: tuple[Size, ...]) -> Size | None:
    """The product of `products` nearest to `card` in the same orientation, each side
    within PRODUCT_TOLERANCE_MM; None when none is."""
    fits: list[tuple[float, Size]] = []
    for product in products:
        oriented = product.landscape() if card.width > card.height else product.portrait()
        off = max(abs(oriented.width - card.width), abs(oriented.height - card.height))
        if off <= PRODUCT_TOLERANCE_MM:
            fits.append((off, oriented))
    return min(fits, key=lambda found: found[0])[1] if fits else None
