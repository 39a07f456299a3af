"""IWARI scoring rules as numbers: tent ranks with ties, totem majorities, camps."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.iwari.model import IwariMaps
from stamperia.rules.iwari.board import index_side
from stamperia.rules.iwari.scoring import EMPTY, camps, majority, tent_points, winners


@pytest.mark.parametrize(("counts", "points"), [
    ([3, 2, 1, 1], [7, 3, 2, 2]),      # the rulebook's Desert
    ([2, 2, 1, 0], [5, 5, 2, 0]),      # tie at the top: both get all tents, next gets 2
    ([3, 1, 1, 1, 0], [6, 3, 3, 3, 0]),
    ([4, 3, 2, 1, 1], [11, 4, 3, 2, 2]),
    ([0, 0], [0, 0]),
    ([1, 0, 0], [1, 0, 0]),
])
def test_tent_points(counts: list[int], points: list[int]) -> None:
    assert tent_points(counts) == points


def test_majority_ties_all_hold_it() -> None:
    assert majority([1, 1, 0]) == {0, 1}
    assert majority([0, 0]) == frozenset()


def test_tiebreak_by_unused_pieces() -> None:
    assert winners([10, 10, 4], [5, 7, 9]) == (1,)
    assert winners([10, 10], [5, 5]) == (0, 1)


def test_camps_follow_paths_and_need_four_tents() -> None:
    side = load_game("iwari").part(IwariMaps).sides[0]
    board = index_side(side)
    start = 0
    chain = [start]
    while len(chain) < 4:
        chain.append(next(n for n in board.space_links[chain[-1]] if n not in chain))
    tents = [EMPTY] * board.spaces
    for space in chain[:3]:
        tents[space] = 0
    assert camps(board, tents, 0, 4) == []
    tents[chain[3]] = 0
    assert camps(board, tents, 0, 4) == [tuple(sorted(chain))]
    tents[chain[1]] = 1
    assert camps(board, tents, 0, 4) == []
