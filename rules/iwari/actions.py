"""IWARI's decisions as the engine lists and takes them: a concrete placement (`Place`), a
legal play with its tent spaces still open (`Option`), a discard, and one decision's plays
packed as ints (`Plays`). Apart from the engine so that agents, notation and positions
read the action types without the state's rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.rules.iwari.pricing import (
    CODE_BITS,
    PAYMENT_BITS,
    ROW_BITS,
    TENT_BITS,
    Priced,
)


# Made on every turn, never changed once made: not frozen and with its own __init__,
# because compiled, the __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Place:
    """Play `cards` to put tents on `spaces` and `totems` totems in one territory."""

    territory: int
    cards: tuple[str, ...]
    spaces: tuple[int, ...]
    totems: int

    def __init__(self, territory: int, cards: tuple[str, ...], spaces: tuple[int, ...],
                 totems: int) -> None:
        self.territory = territory
        self.cards = cards
        self.spaces = spaces
        self.totems = totems

# Made on every turn, never changed once made: not frozen and with its own __init__,
# because compiled, the __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Option:
    """A legal play with its tent spaces still open: `tents` of the territory's free spaces;
    `ways` is how many concrete placements that stands for (counted once, when listed)."""

    territory: int
    cards: tuple[str, ...]
    tents: int
    totems: int
    ways: int

    def __init__(self, territory: int, cards: tuple[str, ...], tents: int, totems: int,
                 ways: int) -> None:
        self.territory = territory
        self.cards = cards
        self.tents = tents
        self.totems = totems
        self.ways = ways


@dataclass(frozen=True)
class Discard:
    card: str


TurnAction = Place | Discard


class Plays:
    """The legal plays of one decision, packed as ints (no object per play: a decision
    lists about twenty and plays one). Each entry is `upto << CODE_BITS | code`: the play's
    code (see stamperia.rules.iwari.pricing) and the number of concrete placements the plays up to
    it stand for, so a uniform random placement needs no other list (one int per play:
    compiled, each is an object made and appended). `Option` and `Place` objects are made
    only for the play chosen (or for agents that weigh each). `kinds` is the hand's cards,
    each once and sorted (the discards a turn may make): shared with the price table, so
    read-only."""

    def __init__(self, priced: Priced, kinds: list[str]) -> None:
        self.priced = priced
        self.kinds = kinds
        self.entries: list[int] = []

    def __len__(self) -> int:
        return len(self.entries)

    def total(self) -> int:
        """How many concrete placements all the plays stand for."""
        entries = self.entries
        return entries[len(entries) - 1] >> CODE_BITS if entries else 0

    def code(self, index: int) -> int:
        return self.entries[index] & ((1 << CODE_BITS) - 1)

    def upto(self, index: int) -> int:
        """The concrete placements plays 0 to `index` stand for."""
        return self.entries[index] >> CODE_BITS

    def pick(self, value: int) -> int:
        """The play that placement number `value` (0 <= value < total()) belongs to: the
        first whose `upto` exceeds it (bisect_right, written out to run natively)."""
        entries = self.entries
        low, high = 0, len(entries)
        while low < high:
            middle = (low + high) // 2
            if value < entries[middle] >> CODE_BITS:
                high = middle
            else:
                low = middle + 1
        return low

    def option(self, index: int) -> Option:
        """The play at `index`, readable."""
        code = self.code(index)
        tents = code & ((1 << TENT_BITS) - 1)
        code >>= TENT_BITS
        payment = code & ((1 << PAYMENT_BITS) - 1)
        code >>= PAYMENT_BITS
        row = code & ((1 << ROW_BITS) - 1)
        cards, pieces = self.priced[row][payment]
        ways = self.upto(index) - (self.upto(index - 1) if index else 0)
        return Option(code >> ROW_BITS, cards, tents, pieces - tents, ways)

    def options(self) -> list[Option]:
        return [self.option(index) for index in range(len(self.entries))]
