"""The physical pieces of a kit, each drawn alone: what per-piece exports read.

Sheets and token pages place many pieces on paper; a PNG per card, a Tabletop Simulator
deck or a print shop's upload set needs each piece by itself, with a stable name. A kit
document lists its pieces here, drawn in trim coordinates (origin at the trim's top-left
corner, bleed at negative coordinates and beyond the size), the same items its pages place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from stamperia.generator.draw.drawing import Group, Item, Page
from stamperia.generator.print.sizes import Size


class Kind(Enum):
    """CARD: a card of a deck; TOKEN: a flat counter; PIECE: a piece that stands up on the
    table (a fold-up standee, a flag), shown by its face; BOARD: a board or sheet."""

    CARD = "card"
    TOKEN = "token"
    PIECE = "piece"
    BOARD = "board"


@dataclass(frozen=True)
class Dice:
    """Dice a game is played with, `count` alike: not printed, but on the table of a
    Tabletop Simulator save and in the manifest. `colour` is '#rrggbb'."""

    id: str
    colour: str
    count: int
    sides: int


@dataclass(frozen=True)
class Component:
    """One piece: `group` is its deck, piece kind or board ('' for a token or piece that is
    a kind of its own, named by its id alone); `copy` counts identical pieces
    from 1; `count` is how many identical pieces a token, piece or board image stands for;
    `back` is a card's back, or the other face of a double-sided token."""

    kind: Kind
    group: str
    id: str
    copy: int
    size: Size
    bleed: float
    face: tuple[Item, ...]
    back: tuple[Item, ...] | None = None
    colour: str | None = None
    count: int = 1


def card_components(group: str, cards: Sequence[tuple[str, tuple[Item, ...], tuple[Item, ...]]],
                    size: Size, bleed: float) -> tuple[Component, ...]:
    """Cards of one deck as (id, face, back), copies repeated: numbered copy by copy."""
    seen: dict[str, int] = {}
    result: list[Component] = []
    for card_id, face, back in cards:
        seen[card_id] = seen.get(card_id, 0) + 1
        result.append(Component(Kind.CARD, group, card_id, seen[card_id], size, bleed, face,
                                back))
    return tuple(result)


def board_component(board_id: str, page: Page) -> Component:
    """A board drawn as one page: the page's trim is the piece and its bleed box the
    bleed (a print-shop page's slug and crop marks stay out); a page without page boxes
    is the piece whole, its bleed inside it."""
    trim, bleed = page.trim_box, page.bleed_box
    items: tuple[Item, ...] = page.items
    if trim.x or trim.y:
        items = (Group(items, translate=(-trim.x, -trim.y)),)
    return Component(Kind.BOARD, "boards", board_id, 1, Size(board_id, trim.width, trim.height),
                     trim.x - bleed.x, items)
