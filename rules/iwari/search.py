"""IWARI for information-set MCTS (stamperia.rules.search.mcts.SearchGame), and the `mcts` agent.

The search plays on the position machinery (stamperia.rules.iwari.turns), which cuts the turn at
every decision. A seat sees its own hand, the display, the board and the discards; it
does not see the other hands or the deck's order, so each iteration deals those cards
again at random, the same number to each place (sorted before the shuffle, so no sample
depends on where the unseen cards really are). Chance (a card from the reshuffled deck)
is drawn with the search's generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from stamperia.rules.iwari.actions import Discard, Place, Plays, TurnAction
from stamperia.rules.iwari.agents import place_value
from stamperia.rules.iwari.engine import State, end_journey
from stamperia.rules.iwari.feats import Earned
from stamperia.rules.iwari.notation import DealMove, DiscardMove, DrawMove, FeatMove, Move, PlayMove
from stamperia.rules.iwari.position_state import (
    DEAL,
    DRAW,
    FEAT,
    OVER,
    THIRD,
    TURN,
    IwariPosition,
    PendingFeat,
    Shuffler,
    Table,
)
from stamperia.rules.iwari.scoring import winners
from stamperia.rules.iwari.turns import decisions, play_move
from stamperia.rules.search.mcts import Mcts, SearchLimits
from stamperia.rules.search.spec import Budget


def clone_state(state: State) -> State:
    """A copy sharing the immutable board, components and payment cache."""
    return state.copy()


def search_table(state: State, phase: str, seat: int,
                 pending: Sequence[PendingFeat] = ()) -> Table:
    """A table for the search at one of the engine's decisions. It is never frozen into a
    position, so it carries none."""
    return Table(clone_state(state), cast(IwariPosition, None), phase, seat, False, 0,
                 list(pending), None, [], Shuffler())


def _clone(table: Table) -> Table:
    return Table(clone_state(table.state), table.position, table.phase, table.seat,
                 table.deck_shuffled, table.turn, list(table.pending), table.deal_to,
                 list(table.feats), Shuffler())


def estimate(state: State) -> list[float]:
    """Each seat's value in [0, 1] if the journey ended now: half for leading (shared on a
    tie), half for its share of the points. Changes `state` (it scores the end)."""
    end_journey(state)
    won = winners(state.scores, [state.unused(s) for s in range(state.seats)])
    total = sum(max(0, s) for s in state.scores) or 1
    return [(0.5 / len(won) if s in won else 0.0) + 0.5 * max(0, state.scores[s]) / total
            for s in range(state.seats)]


class IwariSearch:
    """The adapter."""

    def seat(self, state: Table) -> int:
        return -1 if state.phase == OVER else state.seat

    def moves(self, state: Table) -> Sequence[Move]:
        return decisions(state)

    def apply(self, state: Table, move: Move, rng: random.Random) -> Table:
        play_move(state, move)
        while state.phase == DEAL:
            deck = state.state.deck
            play_move(state, DealMove(deck[rng.randrange(len(deck))]))
        return state

    def rewards(self, state: Table) -> Sequence[float]:
        if state.phase == OVER:
            end = state.state
            end.over = False
            end_journey(end)
            won = winners(end.scores, [end.unused(s) for s in range(end.seats)])
            return [1 / len(won) if s in won else 0.0 for s in range(end.seats)]
        return estimate(state.state)

    def determinize(self, state: Table, seat: int, rng: random.Random) -> Table:
        table = _clone(state)
        hands = table.state.hands
        others = [s for s in range(len(hands)) if s != seat]
        pool = sorted([card for s in others for card in hands[s]] + table.state.deck)
        rng.shuffle(pool)
        at = 0
        for s in others:
            size = len(hands[s])
            hands[s] = pool[at:at + size]
            at += size
        table.state.deck = pool[at:]
        return table

    def rollout(self, state: Table, moves: Sequence[Move], rng: random.Random) -> Move:
        """Greedy's play, cheapened: the best by greedy's value of a few placements drawn
        at random (a turn plays whenever it can, as greedy does), greedy's draw (a display
        card pairing one in hand, else the deck); random discards, feats and the shared
        tribe's placement."""
        phase = state.phase
        if phase == TURN:
            plays = [m for m in moves if isinstance(m, PlayMove)]
            if plays:
                drawn = plays if len(plays) <= SAMPLED else rng.sample(plays, SAMPLED)
                game, seat = state.state, state.seat
                return max(drawn, key=lambda m: place_value(game, seat, m.place))
        elif phase == DRAW:
            hand = state.state.hands[state.seat]
            display = state.state.display
            for move in moves:
                slot = cast(DrawMove, move).slot
                if slot >= 0 and display[slot] in hand:
                    return move
            for move in moves:
                if cast(DrawMove, move).slot < 0:
                    return move
        return moves[rng.randrange(len(moves))]


SAMPLED = 8
"""Placements a playout's turn weighs (greedy weighs them all: a few hundred)."""

PRIOR = 1.0
"""The search's bias towards the playout policy's move (SearchLimits.prior)."""

CANDIDATES = 8
"""Placements the search weighs at the root: greedy's best ones, so a budget of a few
hundred playouts is not spent on two hundred placements once each."""


def candidates(table: Table, moves: list[Move]) -> list[Move]:
    """The root's moves: every draw and feat, the best placements by greedy's value, and
    the discards."""
    plays = [m for m in moves if isinstance(m, PlayMove)]
    if len(plays) <= CANDIDATES:
        return moves
    state = table.state
    placer = state.simulated if table.phase == THIRD else table.seat
    assert placer is not None
    ranked = sorted(range(len(plays)),
                    key=lambda i: (-place_value(state, placer, plays[i].place), i))
    kept = [plays[i] for i in sorted(ranked[:CANDIDATES])]
    return kept + [m for m in moves if not isinstance(m, PlayMove)]


class MctsAgent:
    """The IWARI agent protocol (stamperia.rules.iwari.agents.Agent) answered by ISMCTS."""

    def __init__(self, budget: Budget, rng: random.Random) -> None:
        self.search: Mcts[Table, Move] = Mcts(IwariSearch(),
                                                SearchLimits(budget, depth=12, prior=PRIOR))
        self.rng = rng

    def _choose(self, table: Table) -> Move:
        return self.search.choose(table, candidates(table, decisions(table)), self.rng)

    def turn(self, state: State, seat: int, plays: Plays, discards: list[str]
             ) -> TurnAction:
        move = self._choose(search_table(state, TURN, seat))
        if isinstance(move, DiscardMove):
            return Discard(move.card)
        assert isinstance(move, PlayMove)
        return move.place

    def third(self, state: State, seat: int, plays: Plays) -> Place:
        move = self._choose(search_table(state, THIRD, seat))
        assert isinstance(move, PlayMove)
        return move.place

    def draw(self, state: State, seat: int, sources: int) -> int:
        move = self._choose(search_table(state, DRAW, seat))
        assert isinstance(move, DrawMove)
        return move.slot

    def feat(self, state: State, seat: int, feat: Earned) -> int:
        pending = PendingFeat(feat.feat, feat.seat, feat.where)
        move = self._choose(search_table(state, FEAT, seat, (pending,)))
        assert isinstance(move, FeatMove)
        return move.at
