"""The conquest engine's compiled shuffle is `random.Random.shuffle`, draw for draw."""

from __future__ import annotations

import random

from rules.conquest.shuffle import shuffle


def test_the_same_permutation_and_generator_state_as_the_standard_shuffle() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 16, 33, 100):
            ours, theirs = random.Random(seed), random.Random(seed)
            items = [f"card{i}" for i in range(size)]
            expected = list(items)
            shuffle(ours, items)
            theirs.shuffle(expected)
            assert items == expected
            assert ours.getstate() == theirs.getstate()


class _Counted(random.Random):
    """A generator that draws its own way: its shuffle must be the one used."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_a_subclass_keeps_its_own_shuffle() -> None:
    items = [1, 2, 3, 4]
    shuffle(_Counted(1), items)
    assert items == [4, 3, 2, 1]
