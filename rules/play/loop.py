"""The one loop that plays, records and replays a game of any ruleset (engine.py).

A record is the engine's setup line, then one line per decision in the order they were
taken: `{"seat": 2, "move": "<move in notation>"}`, and `{"chance": "<outcome>"}` where the
engine makes chance explicit. A replay parses every move back and checks it is legal, so a
record edited by hand is either a legal game or a ReplayError naming the line.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from stamperia.rules.play.engine import CHANCE, OVER, NativeEngine
from stamperia.rules.simulation.result import NO_TRACE, GameResult, JsonValue, Record, Table, Trace

SETUP: Final = "setup"
AGENTS: Final = "agents"
LISTED: Final = 24
"""Legal moves named in a replay error; more are counted."""


@mypyc_attr(native_class=False)
class ReplayError(ValueError):
    """A record line that does not follow the game; `line` counts the game's lines from 1
    (its setup line), so a caller can name the line of the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def play(engine: NativeEngine[Any, Any, Any], table: Table, rng: random.Random,
         record: Record | None = None) -> GameResult:
    """One whole game by the table's agents; its Trace counted here for every ruleset
    (in local ints: compiled, a call per decision to count it would cost more)."""
    state = engine.new_game(table, rng)
    if record is not None:
        record.append({SETUP: engine.setup(state), AGENTS: list(table.agents)})
    agents = engine.agents(table, rng)
    decisions = choices = widths = 0
    scores: list[tuple[float, ...]] = []
    chances: list[tuple[float, ...]] = []
    # the oracle's own generator, from the game's without drawing from it: the game
    # plays the same with or without the oracle
    oracle = random.Random(hash(rng.getstate())) if table.oracle else None
    # The engine's methods are called on the engine, not bound once to locals: compiled,
    # that is a native call through the class's vtable (a bound method is a Python call).
    clock = engine.clock(state)
    seat = engine.mover(state)
    while seat != OVER:
        if seat == CHANCE:
            action = engine.chance(state, rng)
            if record is not None:
                record.append({"chance": engine.notation(state, action)})
        else:
            legal = engine.legal(state)
            width = engine.width(state, legal)
            decisions += 1
            widths += width
            if width > 1:
                choices += 1
            action = engine.decide(agents[seat], state, legal, rng)
            if record is not None:
                record.append({"seat": seat, "move": engine.notation(state, action)})
        now = engine.advance(state, action)
        seat = engine.mover(state)
        if now != clock or seat == OVER:
            for _ in range(max(1, now - clock)):
                scores.append(tuple([float(s) for s in engine.estimate(state)]))
            if oracle is not None:
                from stamperia.rules.play.oracle import win_chances

                chance = win_chances(engine, state, table, oracle)
                if chance is not None:
                    chances += [chance] * max(1, now - clock)
            clock = now
    forced = engine.forced(state)
    return engine.result(state, table.agents,
                         Trace(decisions + forced, choices, widths + forced, tuple(scores),
                               tuple(chances)))


def replay(engine: NativeEngine[Any, Any, Any], lines: Sequence[Mapping[str, JsonValue]]
           ) -> GameResult:
    """The result of a recorded game, with no randomness and no agents."""
    setup = lines[0].get(SETUP) if lines else None
    agents = lines[0].get(AGENTS) if lines else None
    if not isinstance(setup, Mapping) or not isinstance(agents, list):
        raise ReplayError(1, "a game's record starts with its setup line "
                             '({"setup": ..., "agents": [...]})')
    try:
        state = engine.restart(setup)
    except (ValueError, KeyError, TypeError) as error:
        raise ReplayError(1, f"not a setup of this game: {error}") from None
    for number, line in enumerate(lines[1:], 2):
        seat = engine.mover(state)
        if seat == OVER:
            raise ReplayError(number, "the game is already over")
        if seat == CHANCE:
            move = line.get("chance")
            if not isinstance(move, str):
                raise ReplayError(number, "chance acts here: expected a chance line, "
                                          f"got {dict(line)}")
        else:
            move = line.get("move")
            if line.get("seat") != seat or not isinstance(move, str):
                raise ReplayError(number, f"seat {seat} is to move: expected "
                                          f'{{"seat": {seat}, "move": ...}}, got {dict(line)}')
        action = engine.parse(state, move)
        if action is None:
            raise ReplayError(number, f"{move} is not legal here (legal: "
                                      f"{_listed(engine.legal_moves(state))})")
        engine.advance(state, action)
    if engine.mover(state) != OVER:
        raise ReplayError(len(lines), "the record ends before the game does")
    return engine.result(state, tuple(str(a) for a in agents), NO_TRACE)


def _listed(moves: list[str]) -> str:
    if not moves:
        return "none"
    more = len(moves) - LISTED
    return ", ".join(moves[:LISTED]) + (f" and {more} more" if more > 0 else "")
