"""The written-out random draws give what random.Random's own methods give."""

from __future__ import annotations

import random

from stamperia.rules.draws import below, pick, sample, shuffle, weighted


def test_draws_match_the_standard_library_from_the_same_state() -> None:
    ours, theirs = random.Random(5), random.Random(5)
    for n in (1, 2, 3, 7, 8, 100, 2**40 + 3):
        for _ in range(40):
            assert below(ours, n) == theirs.randrange(n)
    items = list(range(30))
    for size in (1, 4, 12, 21, 22, 30):
        for k in range(min(size, 8) + 1):
            assert sample(ours, items[:size], k) == theirs.sample(items[:size], k)
    for size in (0, 1, 2, 9, 60):
        mine, yours = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
    assert [pick(ours, "abcde") for _ in range(50)] == [theirs.choice("abcde")
                                                         for _ in range(50)]


def test_a_weighted_draw_is_the_standard_librarys_choices() -> None:
    ours, theirs = random.Random(9), random.Random(9)
    for weights in ([1.0], [3.0, 1.0], [0.0, 2.0, 0.0, 5.0], [0.5] * 12, [1e-9, 1.0, 7.25]):
        for _ in range(60):
            assert weighted(ours, weights) == theirs.choices(range(len(weights)), weights)[0]
    assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator of another class: the draws must use its own methods."""

    def __init__(self) -> None:
        super().__init__(1)
        self.calls = 0

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        self.calls += 1
        return 0


def test_another_generator_class_draws_with_its_own_methods() -> None:
    rng = _Counting()
    assert below(rng, 10) == 0 and rng.calls == 1


def test_shuffle_leaves_the_generator_where_the_standard_shuffle_does() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 16, 33, 100):
            ours, theirs = random.Random(seed), random.Random(seed)
            items = [f"card{i}" for i in range(size)]
            expected = list(items)
            shuffle(ours, items)
            theirs.shuffle(expected)
            assert items == expected
            assert ours.getstate() == theirs.getstate()
