"""Monte Carlo tree search over any engine that implements `SearchGame`.

One algorithm serves both kinds of game. Each iteration starts from a fresh
`determinize`: for a game of perfect information that is a copy of the position; for a
game with hidden cards it is a sample of what the searching seat cannot see (information
set MCTS, Cowling, Powley and Whitehouse 2012). The tree is open-loop, keyed by moves, so
chance and hidden cards resolve differently from one iteration to the next; a child is
scored against how often it was available (ISMCTS selection). Rewards are per seat, and
each node is chosen for the seat that moves there (max^n UCT).

Randomness comes only from the passed random.Random: with a playout budget the same seed
gives the same decisions; a millisecond budget depends on the machine. Ties (equally
visited and scored moves at the root, equal values in selection) are broken with that
random source, never by the order of the legal moves.

Search reuse: a caller that knows the moves played since its last choice (its own, when
nobody else decided in between) passes them as `since`, and the search starts from the
subtree those moves lead to, counting the playouts already spent there towards the budget
(at least REUSE_FLOOR of it is searched afresh). Compiled with the engines (pyproject
`[tool.stamperia] compiled`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from stamperia.rules.search.spec import Budget

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)

EXPLORATION: Final = 0.7
"""UCT's exploration constant for rewards in [0, 1]."""

REUSE_FLOOR: Final = 4
"""A reused subtree saves at most all but 1/REUSE_FLOOR of a decision's playouts: the rest
is searched afresh from what the seat sees now."""


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
        self._kept: tuple[_Node[M], M] | None = None
        """The root of the last search and the move chosen there, kept for `since`."""

    def choose(self, state: S, legal: Sequence[M], rng: random.Random,
               since: Sequence[M] | None = None) -> M:
        """The most visited legal move after the budget, the better scored among equally
        visited ones, a seeded draw among moves equal in both (a small budget visits many
        moves once each); one legal move is played at once. `since`: the moves played
        since this search's last choice, to reuse the subtree they lead to (None: none
        known, search afresh)."""
        if len(legal) == 1:
            self._kept = None
            return legal[0]
        seat = self.game.seat(state)
        root = self._reused(since)
        budget = self.limits.budget
        deadline = time.perf_counter() + budget.amount / 1000 if budget.timed else 0.0
        spent = sum([child.visits for child in root.children.values()])
        done = 0
        wanted = budget.amount - spent
        floor = -(-budget.amount // REUSE_FLOOR)
        if wanted < floor:
            wanted = floor
        while (time.perf_counter() < deadline) if budget.timed else done < wanted:
            self._iterate(root, self.game.determinize(state, seat, rng), legal, rng)
            done += 1
        best: list[M] = []
        best_key = (-1, -math.inf)
        for move in legal:
            child = root.children.get(move)
            if child is not None and child.visits:
                key = (child.visits, child.total / child.visits)
                if key > best_key:
                    best, best_key = [move], key
                elif key == best_key:
                    best.append(move)
        chosen = best[rng.randrange(len(best))] if len(best) > 1 else \
            best[0] if best else legal[rng.randrange(len(legal))]
        self._kept = (root, chosen)
        return chosen

    def _reused(self, since: Sequence[M] | None) -> _Node[M]:
        """The subtree the last choice and `since` lead to, or a fresh root."""
        kept = self._kept
        self._kept = None
        if kept is None or since is None:
            return _Node()
        node = kept[0].children.get(kept[1])
        for move in since:
            if node is None:
                break
            node = node.children.get(move)
        if node is None:
            return _Node()
        return node

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
            move = self._select(node, moves, rng)
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

    def _select(self, node: _Node[M], moves: Sequence[M], rng: random.Random) -> M:
        """UCT's best child; equal values drawn uniformly with the seeded source (a
        running draw: the k-th equal one replaces the choice with odds 1/k)."""
        best = moves[0]
        best_value = -math.inf
        equal = 0
        prior = self.limits.prior
        favourite = node.favourite
        children = node.children
        for move in moves:
            child = children[move]
            visits = child.visits
            value = child.total / visits + EXPLORATION * math.sqrt(
                math.log(child.available) / visits)
            if prior and move == favourite:
                value += prior / (visits + 1)
            if value > best_value:
                best, best_value, equal = move, value, 1
            elif value == best_value:
                equal += 1
                if rng.randrange(equal) == 0:
                    best = move
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
