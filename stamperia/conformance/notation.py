"""Every move an engine lists reads back as the same move: what a record names is what
was played.

A record holds moves in notation and a replay parses them back, so a notation that
parses to another action makes a record that replays another game. The check walks a
recorded game through the engine of the one play loop (stamperia.rules.play) and, at
every decision, parses each listed move back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stamperia.conformance.failure import fail
from stamperia.conformance.play import play_game
from stamperia.content.model import Game
from stamperia.rules.play.engine import CHANCE, OVER, NativeEngine
from stamperia.rules.play.simulator import EngineGames
from stamperia.rules.simulation.result import JsonValue, Simulator


def loop_engine(game: Game, simulator: Simulator) -> NativeEngine[Any, Any, Any] | None:
    """The engine that plays the simulator's games when it plays them through the one loop
    (stamperia.rules.play.simulator.engine_simulator), else None."""
    games = getattr(simulator.play, "__self__", None)
    return games.engine(game) if isinstance(games, EngineGames) else None


@dataclass(frozen=True)
class NotationWalk:
    """decisions: those whose every listed move was read back; repeated: those listing one
    move more than once. A repeat reads back to the same move, so it is no notation fault,
    but the engine then offers one action twice and a random agent picks it twice as
    often; `stamperia moves` lists it once."""

    decisions: int
    repeated: int


def check_notation(game: Game, simulator: Simulator, players: int, seed: int
                   ) -> NotationWalk:
    """Walk one seeded game: at every decision each listed move parses back to an action
    written the same; each move and chance outcome of the record does too. Zero decisions
    when the simulator does not play through the one loop."""
    engine = loop_engine(game, simulator)
    if engine is None:
        return NotationWalk(0, 0)
    record: list[Mapping[str, JsonValue]] = []
    play_game(game, simulator, players, seed, record)
    setup = record[0].get("setup")
    if not isinstance(setup, Mapping):
        fail(f"{game.id}: a record's first line holds no setup: {dict(record[0])}")
    state = engine.restart(setup)
    decisions = repeated = 0
    for number, line in enumerate(record[1:], 2):
        seat = engine.mover(state)
        if seat == OVER:
            fail(f"{game.id}: seed {seed}, record line {number}: the restarted game is over "
                 "before its record ends (setup does not restore the game)")
        if seat == CHANCE:
            played = str(line.get("chance"))
        else:
            decisions += 1
            moves = engine.legal_moves(state)
            _each_reads_back(game, engine, state, moves, f"seed {seed}, record line {number}")
            repeated += len(set(moves)) != len(moves)
            played = str(line.get("move"))
        action = engine.parse(state, played)
        if action is None or engine.notation(state, action) != played:
            fail(f"{game.id}: seed {seed}, record line {number}: the move played, "
                 f"{played!r}, does not read back (stamperia replay could not follow it)")
        engine.advance(state, action)
    if engine.mover(state) != OVER:
        fail(f"{game.id}: seed {seed}: the game replayed from its record is not over")
    return NotationWalk(decisions, repeated)


def _each_reads_back(game: Game, engine: NativeEngine[Any, Any, Any], state: object,
                     moves: list[str], where: str) -> None:
    if not moves:
        fail(f"{game.id}: {where}: a seat is to move but no move is listed")
    for move in moves:
        action = engine.parse(state, move)
        if action is None:
            fail(f"{game.id}: {where}: the listed move {move!r} does not parse")
        written = engine.notation(state, action)
        if written != move:
            fail(f"{game.id}: {where}: the listed move {move!r} parses to an action "
                 f"written {written!r}")
