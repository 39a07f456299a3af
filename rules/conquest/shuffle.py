"""`random.Random.shuffle`, compiled: the same permutation from the same generator state.

A game shuffles its decks and event pile at setup and whenever a pile runs out. The
standard library's shuffle is Python code (a frame per card, through `_randbelow`), so in a
compiled install it ran interpreted, a few per cent of a simulated game. This is its
algorithm, drawing the same `getrandbits` calls in the same order (CPython 3.11 to 3.13:
a test compares it with `random.Random.shuffle`); a subclass of `random.Random`, which may
draw differently, is handed to its own `shuffle`.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
