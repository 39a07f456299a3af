"""Search agents break ties with their seeded random source, never by list order, and a
search reuses its subtree across decisions only along the moves actually played."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stamperia.rules.search.mcts import Mcts, SearchLimits
from stamperia.rules.search.spec import Budget

Flat = tuple[int, int]
"""(moves left, seat): every move is worth the same, so every choice is a tie."""


class FlatGame:
    def seat(self, state: Flat) -> int:
        return -1 if state[0] == 0 else state[1]

    def moves(self, state: Flat) -> Sequence[str]:
        return ["a", "b", "c", "d"]

    def apply(self, state: Flat, move: str, rng: random.Random) -> Flat:
        return (state[0] - 1, 1 - state[1])

    def rewards(self, state: Flat) -> Sequence[float]:
        return [0.5, 0.5]

    def determinize(self, state: Flat, seat: int, rng: random.Random) -> Flat:
        return state

    def rollout(self, state: Flat, moves: Sequence[str], rng: random.Random) -> str:
        return moves[rng.randrange(len(moves))]


def _positions(order: list[str], budget: int) -> list[int]:
    """Where in the listed legal moves the choice lay, for 400 seeds."""
    picks = []
    for seed in range(400):
        search = Mcts(FlatGame(), SearchLimits(Budget(budget)))
        picks.append(order.index(search.choose((3, 0), order, random.Random(seed))))
    return picks


def test_equal_moves_are_drawn_whatever_their_order() -> None:
    for budget in (4, 40):  # each move visited once (a root tie), or UCT's equal values
        for order in (["a", "b", "c", "d"], ["d", "c", "b", "a"]):
            picks = _positions(order, budget)
            shares = [picks.count(position) / len(picks) for position in range(4)]
            # a choice by list order would put every pick at one position
            assert all(0.17 < share < 0.33 for share in shares), (budget, order, shares)


def test_the_same_seed_gives_the_same_choice() -> None:
    order = ["a", "b", "c", "d"]
    assert _positions(order, 40) == _positions(order, 40)


class Counting(FlatGame):
    """FlatGame counting its playouts' starts (determinize is called once per playout)."""

    def __init__(self) -> None:
        self.playouts = 0

    def determinize(self, state: Flat, seat: int, rng: random.Random) -> Flat:
        self.playouts += 1
        return state


def test_a_reused_subtree_counts_towards_the_budget_only_along_played_moves() -> None:
    game = Counting()
    search = Mcts(game, SearchLimits(Budget(40)))
    rng = random.Random(3)
    first = search.choose((6, 0), ["a", "b", "c", "d"], rng)
    assert game.playouts == 40
    # the opponent's reply is known: the subtree below (first, reply) was searched already
    search.choose((4, 0), ["a", "b", "c", "d"], rng, since=["b"])
    second = game.playouts - 40
    assert 10 <= second < 40  # at least a quarter of the budget is searched afresh
    # unknown moves since (None): a fresh search of the whole budget
    before = game.playouts
    search.choose((2, 0), ["a", "b", "c", "d"], rng, since=None)
    assert game.playouts - before == 40
    assert first in "abcd"
