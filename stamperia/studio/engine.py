"""The table following the engine: the opening of `stamperia moves`/`apply`, the moves
played so far, and what may be played next.

Stateless: the page sends the players, the seed and the moves, and the position is replayed
from the opening each time, exactly as `stamperia apply GAME --players N --seed S MOVE...`
plays it (the same opening, the same seeded `draw` at chance nodes).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from stamperia.content.model import Game

MAX_MOVES = 2000
"""Moves replayed in one request: more than any game of the shipped rulesets lasts."""


class EngineRefusal(ValueError):
    """What the page asked cannot be followed: no engine, a player count or a move."""


def follow(game: Game, players: int, seed: int, moves: Sequence[str]) -> dict[str, object]:
    """The position after `moves` from the opening, with its legal moves (or result)."""
    from stamperia.rules.positions import (
        IllegalMove,
        PositionError,
        PositionSource,
        apply_moves,
    )
    from stamperia.rules.registry import NoRuleset, ruleset_for

    try:
        rules = ruleset_for(game.ruleset)
    except NoRuleset as error:
        raise EngineRefusal(str(error)) from None
    if rules.positions is None:
        raise EngineRefusal(f"the {game.ruleset!r} ruleset has no engine positions to follow")
    if len(moves) > MAX_MOVES:
        raise EngineRefusal(f"at most {MAX_MOVES} moves")
    if not game.players[0] <= players <= game.players[1]:
        raise EngineRefusal(f"{game.id} is played by {game.players[0]} to {game.players[1]} "
                            "players")
    fmt = rules.positions()
    try:
        opening = fmt.opening(game, players, seed)
        state = fmt.read(game, opening, PositionSource("<opening>", json.dumps(opening)))
        state = apply_moves(fmt, game, state, moves, random.Random(seed))
    except IllegalMove as error:
        raise EngineRefusal(f"illegal move {error.move!r}: {error.reason}") from None
    except (ValueError, PositionError) as error:
        raise EngineRefusal(str(error)) from None
    return {"position": fmt.write(game, state), "legal": fmt.legal(game, state).as_json(),
            "moves": list(moves)}
