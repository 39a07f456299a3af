"""Move-generation counts (as perft is for chess): the regression net of the engine.

Counts leaf positions `depth` steps ahead; a forced pass is one move, a finished game
has no moves (it counts only at depth 0).
"""

from __future__ import annotations

from stamperia.rules.splut.moves import apply_step, legal_steps, pass_turn
from stamperia.rules.splut.position import Position


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if pos.over:
        return 0
    legal = legal_steps(pos)
    if not legal:
        child = pos.copy()
        pass_turn(child)
        return perft(child, depth - 1)
    total = 0
    for step in legal:
        child = pos.copy()
        apply_step(child, step)
        total += perft(child, depth - 1)
    return total
