"""A seeded win-probability oracle: at a checkpoint, each seat's chance to win, estimated
by playing the position out several times with random seats.

Why: lead changes, drama and outcome uncertainty are about who is expected to win, and a
score share says little about that (a castle's resistance, a seat one territory from its
objective card). Rollouts read the rules' own end: a seat's chance is
its share of the playouts' wins (a shared win counted 1/k, a playout nobody wins 1/n for
every seat). Random playouts are the cheap oracle Ludii's and TAG's rollout evaluations
use; they are noisy and slow, so the oracle is asked for (`simulate --oracle N`), never
run by default. An engine offers it by implementing `copy`; the others give no chances.
"""

from __future__ import annotations

import random
from typing import Any

from stamperia.rules.play.engine import CHANCE, OVER, NativeEngine
from stamperia.rules.simulation.result import NO_TRACE, Table

RANDOM = "random"
MAX_ROLLOUTS = 64
"""Rollouts per checkpoint at most (each one plays the rest of the game)."""


def win_chances(engine: NativeEngine[Any, Any, Any], state: Any, table: Table,
                rng: random.Random) -> tuple[float, ...] | None:
    """Each seat's estimated chance to win from `state`, over `table.oracle` random
    playouts of copies of it (None: the engine offers no copies)."""
    players = table.players
    seated = Table((RANDOM,) * players, table.variants, table.turn_limit)
    wins = [0.0] * players
    rollouts = min(table.oracle, MAX_ROLLOUTS)
    for _ in range(rollouts):
        copy = engine.copy(state, random.Random(rng.getrandbits(64)))
        if copy is None:
            return None
        agents = engine.agents(seated, rng)
        seat = engine.mover(copy)
        while seat != OVER:
            if seat == CHANCE:
                action = engine.chance(copy, rng)
            else:
                legal = engine.legal(copy)
                action = engine.decide(agents[seat], copy, legal, rng)
            engine.advance(copy, action)
            seat = engine.mover(copy)
        winners = engine.result(copy, seated.agents, NO_TRACE).winners
        for winner in winners:
            if winner < players:
                wins[winner] += 1 / len(winners)
        if not winners:
            for seat in range(players):
                wins[seat] += 1 / players
    return tuple(w / rollouts for w in wins)
