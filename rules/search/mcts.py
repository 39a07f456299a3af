"""Monte Carlo tree search over any engine that implements `SearchGame`.

One algorithm serves both kinds of game. Each iteration starts from a fresh
`determinize`: for a game of perfect information that is a copy of the position; for a
game with hidden cards it is a sample of what the searching seat cannot see (information
set MCTS, Cowling, Powley and Whitehouse 2012). The tree is open-loop, keyed by moves, so
chance and hidden cards resolve differently from one iteration to the next; a child is
scored against how often it was available (ISMCTS selection). Rewards are per seat, and
each node is chosen for the seat that moves there (max^n UCT).

Randomness comes only from the passed random.Random: with a playout budget the same seed
gives the same decisions; a millisecond budget depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from stamperia.rules.search.spec import Budget

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)

EXPLORATION = 0.7
"""UCT's exploration constant for rewards in [0, 1]."""


class SearchGame(Protocol[S, M]):
    """What MCTS needs of an engine; each ruleset writes a small adapter in rules/<r>/."""

    def seat(self, state: S) -> int:
        """The seat to move, or -1 when the game is over (or the search should stop)."""
        ...

    def moves(self, state: S) -> Sequence[M]:
        """The legal moves of the seat to move, never empty while `seat` is not -1."""
        ...

    def apply(self, state: S, move: M, rng: random.Random) -> S:
        """The state after `move` (chance drawn with rng); may change `state` itself."""
        ...

    def rewards(self, state: S) -> Sequence[float]:
        """Each seat's value in [0, 1]: the result when over, else an estimate."""
        ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of `state` with whatever `seat` cannot see resampled consistently with
        what it knows (a plain copy in a game of perfect information)."""
        ...

    def rollout(self, state: S, moves: Sequence[M], rng: random.Random) -> M:
        """The playout policy's move (uniform random unless the adapter knows better)."""
        ...


@dataclass(frozen=True)
class SearchLimits:
    budget: Budget
    depth: int = 60
    """Playout moves before the adapter's estimate replaces the end of the game."""
    prior: float = 0.0
    """Progressive bias towards the playout policy's move at each node: a bonus of
    prior / (visits + 1) in selection, and that move is expanded first. Where the policy
    is a good heuristic, a small budget then departs from it only on evidence; 0 for a
    uniform policy."""


class _Node(Generic[M]):
    __slots__ = ("children", "visits", "available", "total", "favourite", "asked")

    def __init__(self) -> None:
        self.children: dict[M, _Node[M]] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.favourite: M | None = None
        self.asked = False


class Mcts(Generic[S, M]):
    """Picks a move by (IS)MCTS for the seat to move in a state."""

    def __init__(self, game: SearchGame[S, M], limits: SearchLimits) -> None:
        self.game = game
        self.limits = limits

    def choose(self, state: S, legal: Sequence[M], rng: random.Random) -> M:
        """The most visited legal move after the budget, the better scored among equally
        visited ones (a small budget visits many moves once each); one legal move is
        played at once."""
        if len(legal) == 1:
            return legal[0]
        seat = self.game.seat(state)
        root: _Node[M] = _Node()
        budget = self.limits.budget
        deadline = time.perf_counter() + budget.amount / 1000 if budget.timed else 0.0
        done = 0
        while (time.perf_counter() < deadline) if budget.timed else done < budget.amount:
            self._iterate(root, self.game.determinize(state, seat, rng), legal, rng)
            done += 1
        best = legal[0]
        best_key = (-1, -math.inf)
        for move in legal:
            child = root.children.get(move)
            if child is not None and child.visits:
                key = (child.visits, child.total / child.visits)
                if key > best_key:
                    best, best_key = move, key
        return best

    def _iterate(self, root: _Node[M], state: S, legal: Sequence[M],
                 rng: random.Random) -> None:
        game = self.game
        node = root
        path: list[tuple[_Node[M], int]] = []
        moves: Sequence[M] = legal
        seat = game.seat(state)
        prior = self.limits.prior
        while seat >= 0:
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            if prior and not node.asked:
                node.favourite = game.rollout(state, moves, rng)
                node.asked = True
            fresh = [m for m in moves if m not in node.children]
            if fresh:
                move = node.favourite if node.favourite in fresh else \
                    fresh[rng.randrange(len(fresh))]
                child = _Node()
                child.available = 1
                node.children[move] = child
                path.append((child, seat))
                state = game.apply(state, move, rng)
                break
            move = self._select(node, moves)
            node = node.children[move]
            path.append((node, seat))
            state = game.apply(state, move, rng)
            seat = game.seat(state)
            if seat >= 0:
                moves = game.moves(state)
        rewards = self._playout(state, rng)
        for visited, mover in path:
            visited.visits += 1
            visited.total += rewards[mover]

    def _select(self, node: _Node[M], moves: Sequence[M]) -> M:
        best = moves[0]
        best_value = -math.inf
        prior = self.limits.prior
        for move in moves:
            child = node.children[move]
            value = child.total / child.visits + EXPLORATION * math.sqrt(
                math.log(child.available) / child.visits)
            if prior and move == node.favourite:
                value += prior / (child.visits + 1)
            if value > best_value:
                best, best_value = move, value
        return best

    def _playout(self, state: S, rng: random.Random) -> Sequence[float]:
        game = self.game
        for _ in range(self.limits.depth):
            if game.seat(state) < 0:
                break
            moves = game.moves(state)
            state = game.apply(state, game.rollout(state, moves, rng), rng)
        return game.rewards(state)


def lead_and_share(values: Sequence[float]) -> list[float]:
    """Rewards in [0, 1] from an estimate of each seat's points: half for leading (shared
    on a tie), half for its share of the points, so a cut-off playout still says who is
    ahead and by how much."""
    best = max(values)
    leaders = sum(1 for v in values if v == best)
    total = sum(max(0.0, v) for v in values) or 1.0
    return [(0.5 / leaders if v == best else 0.0) + 0.5 * max(0.0, v) / total
            for v in values]
