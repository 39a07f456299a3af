"""Random draws as `random.Random` makes them, written out so compiled code runs them.

Why: `randrange`, `choice`, `choices`, `sample` and `shuffle` are Python code in the
standard library, so they stayed interpreted in a compiled engine (up to a fifth of a
compiled game's time).
These give the very same values from the same generator state (CPython 3.11 to 3.13 draw
the same way: `_randbelow_with_getrandbits`, and `sample`'s pool branch for small
samples); any other generator class falls back to its own methods. Every engine that
draws on its hot path uses these, compiled once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

SMALL_SAMPLE: Final = 5
"""Up to this many picks from at most POOL_MOST items, random.sample draws from a pool."""
POOL_MOST: Final = 21
_RANDOM: Final = random.Random
"""Bound once: compiled, a module attribute read by name is a dict lookup at every call."""


def below(rng: random.Random, n: int) -> int:
    """rng.randrange(n) for n > 0."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    bits = n.bit_length()
    value: int = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def pick(rng: random.Random, items: Sequence[T]) -> T:
    """rng.choice(items) for a non-empty sequence."""
    if type(rng) is not _RANDOM:
        return rng.choice(items)
    return items[below(rng, len(items))]


def sample(rng: random.Random, items: list[T], k: int) -> list[T]:
    """rng.sample(items, k)."""
    n = len(items)
    if type(rng) is not _RANDOM or k > SMALL_SAMPLE or n > POOL_MOST or not 0 <= k <= n:
        return rng.sample(items, k)
    pool = list(items)
    result: list[T] = []
    for i in range(k):
        j = below(rng, n - i)
        result.append(pool[j])
        pool[j] = pool[n - i - 1]
    return result


def shuffle(rng: random.Random, items: list[T]) -> None:
    """rng.shuffle(items)."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    bits_of = rng.getrandbits  # bound once: compiled, each call looked it up by name
    i = len(items) - 1
    while i >= 1:
        bits = (i + 1).bit_length()  # below(rng, i + 1), inlined
        j: int = bits_of(bits)
        while j > i:
            j = bits_of(bits)
        items[i], items[j] = items[j], items[i]
        i -= 1


def weighted(rng: random.Random, weights: list[float]) -> int:
    """rng.choices(range(len(weights)), weights)[0]: one rng.random() against the running
    totals, as the standard library draws it (for any generator class: it is the
    generator's own `random`)."""
    totals: list[float] = []
    running = 0.0
    for weight in weights:
        running += weight
        totals.append(running)
    point = rng.random() * running
    low, high = 0, len(totals) - 1
    while low < high:  # bisect_right(totals, point, 0, len - 1), as choices bisects
        middle = (low + high) // 2
        if point < totals[middle]:
            high = middle
        else:
            low = middle + 1
    return low
