"""What a hand can pay for pieces: the 3-2-1 payments per biome, and their table per hand.

Why its own module: the payments depend on nothing but the hand, the board's biomes and
the component set, so a simulator prices each hand once per map side and every later
decision with that hand reads the table (engine.plays). Plays are packed into ints that
point into it (see actions.Plays); the bit widths are checked here, where a table is made.
"""

from __future__ import annotations

from typing import Final

from stamperia.content.rulesets.iwari.model import IwariSetup
from stamperia.rules.iwari.board import Board

Priced = list[list[tuple[tuple[str, ...], int]]]
"""payments() for one hand, by biome index * 2 + (1 if the territory is explored)."""

TENT_BITS: Final = 4
PAYMENT_BITS: Final = 8
ROW_BITS: Final = 8
CODE_BITS: Final = 32
"""A packed play (its code): ((territory << ROW_BITS | price row) << PAYMENT_BITS |
payment) << TENT_BITS | tents, in CODE_BITS bits (see actions.Plays)."""
TERRITORY_BITS: Final = CODE_BITS - ROW_BITS - PAYMENT_BITS - TENT_BITS


class Pricing:
    """What one hand can pay on one map side: payments() by biome index * 2 + (1 if the
    territory is explored), the pieces of each payment alone (`pieces`, read in the
    plays' inner loop), the territories (in order) where either row has one, so
    listing plays visits only those, and the hand's cards once each, sorted (its
    discards). Read-only once made."""

    def __init__(self, rows: Priced, territories: list[int], kinds: list[str]) -> None:
        self.rows = rows
        self.kinds = kinds
        self.pieces: list[list[int]] = [[pieces for _, pieces in row] for row in rows]
        self.territories = territories


PriceCache = dict[tuple[str, ...], Pricing]
"""Pricing by sorted hand, for one map side."""


def payments(hand: list[str], biome: str, wild: int, most: int, cards: int
             ) -> list[tuple[tuple[str, ...], int]]:
    """(cards played, pieces paid) for one territory's biome: one matching card per piece,
    or `wild` cards of one other colour for one piece, within the 3-2-1 limits."""
    matching = hand.count(biome)
    wilds = sorted({c for c in hand if c != biome and hand.count(c) >= wild})
    found: list[tuple[tuple[str, ...], int]] = []
    for pieces in range(1, most + 1):
        for plain in range(min(matching, pieces), -1, -1):
            rest = pieces - plain
            if rest == 0:
                found.append(((biome,) * plain, pieces))
            elif rest == 1:
                for colour in wilds:
                    found.append(((biome,) * plain + (colour,) * wild, pieces))
    return [(c, p) for c, p in found if len(c) <= cards]


def pricing(board: Board, setup: IwariSetup, hand: list[str]) -> Pricing:
    """payments() for one hand on one map side (see Pricing)."""
    table: Priced = []
    for biome in board.biome_names:
        for most in (setup.pieces_in_unexplored, setup.max_pieces_per_turn):
            row = payments(hand, biome, setup.wild_cards, most, setup.max_cards_per_turn)
            if len(row) >> PAYMENT_BITS or most >> TENT_BITS:
                raise ValueError(f"{len(row)} payments of up to {most} pieces: more than "
                                 "a packed play holds (actions.Plays)")
            table.append(row)
    biome_of = board.biome_index
    if len(table) >> ROW_BITS or len(biome_of) >> TERRITORY_BITS:
        raise ValueError(f"{len(table)} price rows, {len(biome_of)} territories: more than "
                         "a packed play holds (actions.Plays)")
    return Pricing(table, [t for t in range(len(biome_of))
                           if table[biome_of[t] * 2] or table[biome_of[t] * 2 + 1]],
                   sorted(set(hand)))
