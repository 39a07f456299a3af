"""The public position format of SPLUT! (ruleset `splut`), like FEN and UCI for chess.

A position is the whole engine state in readable JSON (schema `splut_position`): team
pieces by square, rocks in order, seats in turn order and who is out, the turn, the team
to move and its steps left, the rocks moved in the previous turn (rule R5) and in this
one, the levitation of this turn and the passes in a row (rule R6). Moves are the step
names of `stamperia.rules.splut.notation` (`TF2n`, `TF2n+`, `TE3n*e`, `SD2n~E1`) and `pass`, legal
only when no step is (R6). SPLUT! has no chance: `to_move` is always a team colour.

Rock identity is the order of `rocks`; the other lists of rocks and `out` follow the order
of `rocks` and `seats`, so `write(read(x)) == x` for every position `read` accepts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.content.validation.sourcemap import JsonSyntaxError, parse
from stamperia.rules.positions import (
    IllegalMove,
    LegalMoves,
    PositionError,
    PositionJson,
    PositionSource,
)
from stamperia.rules.splut.moves import Step, apply_step, blocked, legal_steps, pass_turn
from stamperia.rules.splut.notation import NotationError, parse_step, step_name
from stamperia.rules.splut.play import board_geometry
from stamperia.rules.splut.position import (
    KIND_NAMES,
    LEV_UNUSED,
    PIECE_BASE,
    Position,
    start_position,
)
from stamperia.rules.splut.position_read import (
    LEVITATION_STATES,
    SCHEMA_KIND,
    read_position,
    syntax_problems,
)

PASS = "pass"
"""The move of a player with no legal step (R6): the rest of the turn is lost."""


@dataclass(frozen=True)
class SplutState:
    """What `read` returns and `apply` takes: an engine position (never mutated once
    wrapped; `apply` plays on a copy) and the `$schema` the JSON named, kept so that
    `write(read(x)) == x`."""

    position: Position
    schema: str | None = None


@dataclass(frozen=True)
class SplutPositions:
    """The PositionFormat of ruleset `splut` (see stamperia.rules.positions)."""

    @property
    def schema_kind(self) -> str:
        return SCHEMA_KIND

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        """The start position; SPLUT! deals nothing, so the seed is unused."""
        return _write(SplutState(start_position(board_geometry(game), players)))

    def read(self, game: Game, data: object, source: PositionSource) -> SplutState:
        position = read_position(board_geometry(game), data, source)
        assert isinstance(data, dict)
        schema = data.get("$schema")
        return SplutState(position, schema if isinstance(schema, str) else None)

    def write(self, game: Game, state: object) -> PositionJson:
        return _write(_state(state))

    def legal(self, game: Game, state: object) -> LegalMoves:
        pos = _state(state).position
        result = _result(pos)
        if result is not None:
            return LegalMoves(None, (), result=result)
        return LegalMoves(pos.seats[pos.player], _names(pos, legal_steps(pos)))

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> SplutState:
        """One step or a forced pass, played on a copy (the state passed stays as it was)."""
        current = _state(state)
        pos = current.position
        result = _result(pos)
        if result is not None:
            raise IllegalMove(move, f"the game is over ({result['end']})", ())
        steps = legal_steps(pos)
        child = pos.copy()
        if move == PASS:
            if steps:
                raise IllegalMove(move, "a pass is legal only when no step is (R6)",
                                  _names(pos, steps))
            pass_turn(child)
        elif not steps:
            raise IllegalMove(move, "no step is legal: the player must pass", (PASS,))
        else:
            try:
                step = parse_step(pos, move, steps)
            except NotationError as error:
                raise IllegalMove(move, str(error), _names(pos, steps)) from None
            apply_step(child, step)
        return SplutState(child, current.schema)


POSITIONS = SplutPositions()


def validate_position(game: Game, text: str, file: str) -> list[ContentError]:
    """Every problem of a position file (syntax, schema, contradictions), for the CLI."""
    try:
        data, _ = parse(text)
    except JsonSyntaxError as error:
        return syntax_problems(text, file, error)
    try:
        POSITIONS.read(game, data, PositionSource(file, text))
    except PositionError as error:
        return list(error.problems)
    return []


def _result(pos: Position) -> dict[str, object] | None:
    """How a finished game ended, as the engine's play loop ends it; None while it runs."""
    if pos.over:
        return {"winner": pos.seats[pos.winner], "end": "last_sorcerer", "turns": pos.turn + 1}
    if pos.turn >= pos.geo.move_cap_turns:
        return {"winner": None, "end": "move_cap", "turns": pos.turn}
    if blocked(pos):
        return {"winner": None, "end": "blocked", "turns": pos.turn}
    return None


def _names(pos: Position, steps: list[Step]) -> tuple[str, ...]:
    """The legal moves in the engine's order (so an index picks the same step), or a pass."""
    return tuple(step_name(pos, step) for step in steps) or (PASS,)


def _state(state: object) -> SplutState:
    if not isinstance(state, SplutState):
        raise TypeError(f"not a SPLUT! state: {type(state).__name__}")
    return state


def _write(state: SplutState) -> PositionJson:
    pos = state.position
    geo = pos.geo
    names = geo.names
    pieces: dict[str, object] = {}
    for cell, value in enumerate(pos.board):
        if value >= PIECE_BASE:
            pieces[names[cell]] = {"team": pos.seats[(value >> 2) - 2],
                                   "piece": KIND_NAMES[value & 3]}
    rocks = [names[cell] for cell in pos.rocks]
    levitation: dict[str, object] = {"state": LEVITATION_STATES[pos.lev_state]}
    if pos.lev_state != LEV_UNUSED:
        levitation["rock"] = names[pos.rocks[pos.lev_rock]]
    data: PositionJson = {} if state.schema is None else {"$schema": state.schema}
    data.update({
        "seats": list(pos.seats),
        "out": [seat for seat, alive in zip(pos.seats, pos.alive, strict=True) if not alive],
        "turn": pos.turn + 1,
        "to_move": pos.seats[pos.player],
        "steps_left": pos.steps_left,
        "pieces": pieces,
        "rocks": rocks,
        "moved_last_turn": [sq for r, sq in enumerate(rocks) if pos.locked >> r & 1],
        "moved_this_turn": [sq for r, sq in enumerate(rocks) if pos.moved >> r & 1],
        "levitation": levitation,
        "passes": pos.passes,
    })
    return data
