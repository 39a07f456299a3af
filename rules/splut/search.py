"""SPLUT! for MCTS (stamperia.rules.search.mcts.SearchGame): perfect information, so determinizing
is copying; a pass is a move; a cut-off playout is scored by the pieces each team keeps."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stamperia.rules.splut.moves import Step, apply_step, blocked, legal_steps, pass_turn
from stamperia.rules.splut.position import Position

PASS: Step = (-1, -1, -1)
"""The move of a player with no legal step (R6)."""


def material(pos: Position) -> list[float]:
    """Each team's standing: 0 once splutted, else 2 for the Sorcerer plus 1 for each of
    its Troll and Dwarf still on the board. The score estimate of the lab's metrics."""
    where = pos.where
    values = []
    for team, alive in enumerate(pos.alive):
        if alive:
            values.append(2.0 + (where[3 * team] >= 0) + (where[3 * team + 1] >= 0))
        else:
            values.append(0.0)
    return values


class SplutSearch:
    """The adapter; `cap` is the turn at which the game stops undecided."""

    def __init__(self, cap: int) -> None:
        self.cap = cap

    def seat(self, state: Position) -> int:
        if state.over or state.turn >= self.cap or blocked(state):
            return -1
        return state.player

    def moves(self, state: Position) -> Sequence[Step]:
        return legal_steps(state) or [PASS]

    def apply(self, state: Position, move: Step, rng: random.Random) -> Position:
        if move == PASS:
            pass_turn(state)
        else:
            apply_step(state, move)
        return state

    def rewards(self, state: Position) -> Sequence[float]:
        if state.over:
            return [1.0 if team == state.winner else 0.0 for team in range(len(state.alive))]
        values = material(state)
        total = sum(values)
        return [v / total if total else 0.0 for v in values]

    def determinize(self, state: Position, seat: int, rng: random.Random) -> Position:
        return state.copy()

    def rollout(self, state: Position, moves: Sequence[Step], rng: random.Random) -> Step:
        return moves[rng.randrange(len(moves))]
