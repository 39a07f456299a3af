"""The shared MCTS on a game small enough to know the right move, and agent names."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from stamperia.rules.search.mcts import Mcts, SearchLimits, lead_and_share
from stamperia.rules.search.spec import (
    DEFAULT_PLAYOUTS,
    AgentSpec,
    AgentSpecError,
    Budget,
    parse_agent,
)

Nim = tuple[int, int]
"""(counters left, seat to move): take 1-3, who takes the last counter wins."""


class NimGame:
    def seat(self, state: Nim) -> int:
        return -1 if state[0] == 0 else state[1]

    def moves(self, state: Nim) -> Sequence[int]:
        return [take for take in (1, 2, 3) if take <= state[0]]

    def apply(self, state: Nim, move: int, rng: random.Random) -> Nim:
        return (state[0] - move, 1 - state[1])

    def rewards(self, state: Nim) -> Sequence[float]:
        winner = 1 - state[1]
        return [1.0 if seat == winner else 0.0 for seat in (0, 1)]

    def determinize(self, state: Nim, seat: int, rng: random.Random) -> Nim:
        return state

    def rollout(self, state: Nim, moves: Sequence[int], rng: random.Random) -> int:
        return moves[rng.randrange(len(moves))]


@pytest.mark.parametrize(("left", "best"), [(5, 1), (6, 2), (7, 3), (3, 3)])
def test_mcts_finds_the_winning_nim_move(left: int, best: int) -> None:
    search = Mcts(NimGame(), SearchLimits(Budget(2000)))
    state = (left, 0)
    assert search.choose(state, NimGame().moves(state), random.Random(1)) == best


def test_a_playout_budget_is_reproducible() -> None:
    search = Mcts(NimGame(), SearchLimits(Budget(30)))
    picks = [search.choose((9, 0), [1, 2, 3], random.Random(seed)) for seed in range(8)]
    again = [search.choose((9, 0), [1, 2, 3], random.Random(seed)) for seed in range(8)]
    assert picks == again


def test_lead_and_share() -> None:
    assert lead_and_share([3.0, 1.0]) == [0.5 + 0.375, 0.125]
    assert lead_and_share([2.0, 2.0]) == [0.5, 0.5]


@pytest.mark.parametrize(("text", "spec"), [
    ("random", AgentSpec("random")),
    ("mcts", AgentSpec("mcts", Budget(DEFAULT_PLAYOUTS))),
    ("mcts:400", AgentSpec("mcts", Budget(400))),
    ("mcts:250ms", AgentSpec("mcts", Budget(250, timed=True))),
])
def test_agent_names(text: str, spec: AgentSpec) -> None:
    assert parse_agent(text, ("random", "mcts")) == spec


@pytest.mark.parametrize(("text", "message"), [
    ("smart", "unknown agent 'smart': choose from random, mcts"),
    ("random:3", "agent 'random' takes no option (got 'random:3')"),
    ("mcts:x", "agent 'mcts:x': the budget must be a whole number of playouts from 1 to "
               "100,000 (e.g. mcts:400 or mcts:250ms)"),
    ("mcts:100001", "agent 'mcts:100001': the budget must be a whole number of playouts "
                    "from 1 to 100,000 (e.g. mcts:400 or mcts:250ms)"),
])
def test_bad_agent_names(text: str, message: str) -> None:
    with pytest.raises(AgentSpecError) as error:
        parse_agent(text, ("random", "mcts"))
    assert str(error.value) == message


class WiseNim(NimGame):
    """Nim whose playout policy knows the winning move (leave a multiple of 4)."""

    def rollout(self, state: Nim, moves: Sequence[int], rng: random.Random) -> int:
        return state[0] % 4 if state[0] % 4 in moves else moves[0]


def test_a_prior_follows_the_policy_until_evidence_says_otherwise() -> None:
    """With two playouts for three moves, the policy's move is tried first and kept; with
    no prior the search picks among what it happened to try."""
    state = (7, 0)
    biased = Mcts(WiseNim(), SearchLimits(Budget(2), prior=1.0))
    plain = Mcts(WiseNim(), SearchLimits(Budget(2)))
    assert [biased.choose(state, [1, 2, 3], random.Random(s)) for s in range(8)] == [3] * 8
    assert {plain.choose(state, [1, 2, 3], random.Random(s)) for s in range(8)} != {3}
