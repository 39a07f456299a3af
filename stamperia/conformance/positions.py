"""A plug-in's public positions: every position of a seeded game written as JSON, valid
against the position schema, read back to the same JSON; every listed move applies.

The game is played through the positions API alone (as `stamperia moves` and `stamperia
apply` play it) from the opening, each move on the position read back from its JSON, so
the JSON holds the whole state: a field `write` forgets changes the game that follows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from stamperia.conformance.failure import fail, listed
from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import pointer_escape
from stamperia.content.model import Game
from stamperia.content.validation.schemas import SchemaSet
from stamperia.content.validation.sourcemap import parse
from stamperia.rules.positions import (
    CHANCE,
    IllegalMove,
    LegalMoves,
    PositionError,
    PositionFormat,
    PositionSource,
    draw_outcome,
)

MOST_POSITIONS = 20_000
"""Positions a game may take before the walk says it does not end."""
SHOWN_MOVES = 8
"""Moves named in a failure, the last ones; more are counted."""


@dataclass(frozen=True)
class PositionWalk:
    """What a walk covered: positions round-tripped, moves tried, and how the game ended."""

    positions: int
    applied: int
    result: Mapping[str, object]


class _Walk:
    """One walk's game, schemas and history, for messages that say how to get there."""

    def __init__(self, game: Game, fmt: PositionFormat, players: int, seed: int) -> None:
        self.game = game
        self.fmt = fmt
        self.schemas = SchemaSet()
        self.opening = f"the opening for {players} players, seed {seed}"
        self.history: list[str] = []

    def where(self) -> str:
        """The game, its opening and the moves played to the position at hand."""
        here = f"{self.game.id}, {self.opening}"
        if len(self.history) > SHOWN_MOVES:
            shown = " ".join(self.history[-SHOWN_MOVES:])
            return f"{here} after {len(self.history)} moves, the last {shown}"
        return f"{here} after {' '.join(self.history)}" if self.history else here

    def validate(self, data: Mapping[str, object]) -> tuple[object, str, str]:
        """A written position as JSON text, parsed; it must pass the position schema."""
        text = json.dumps(data, indent=2, ensure_ascii=False)
        name = f"<position {len(self.history)}>"
        try:
            parsed, source = parse(text)
        except ValueError as error:
            fail(f"{self.where()}: the written position is not JSON: {error}")
        problems = self.schemas.validate(self.fmt.schema_kind, parsed, FileLocator(name, source))
        if problems:
            fail(f"{self.where()}: the written position breaks its schema "
                 f"{self.fmt.schema_kind!r}:\n{listed(problems)}\n{text}")
        return parsed, text, name

    def read(self, data: Mapping[str, object]) -> tuple[object, str]:
        """The state of a written position, after its JSON text passes the schema."""
        parsed, text, name = self.validate(data)
        try:
            return self.fmt.read(self.game, parsed, PositionSource(name, text)), text
        except PositionError as error:
            fail(f"{self.where()}: the written position does not read back:\n"
                 f"{listed(error.problems)}")

    def round_trip(self, state: object) -> tuple[object, Mapping[str, object]]:
        data = self.fmt.write(self.game, state)
        again, _ = self.read(data)
        rewritten = self.fmt.write(self.game, again)
        if rewritten != data:
            pointer = first_difference(data, rewritten)
            fail(f"{self.where()}: the position read back writes another JSON, first at "
                 f"{pointer or '/'}")
        return again, data

    def legal(self, state: object) -> LegalMoves:
        legal = self.fmt.legal(self.game, state)
        if len(set(legal.moves)) != len(legal.moves):
            fail(f"{self.where()}: a move is listed twice: {list(legal.moves)}")
        if legal.to_move is None:
            if legal.result is None or legal.moves:
                fail(f"{self.where()}: no one is to move, but the game has no result")
        elif legal.to_move == CHANCE:
            total = sum((outcome.probability for outcome in legal.chance), Fraction(0))
            if total != 1 or tuple(o.move for o in legal.chance) != legal.moves:
                fail(f"{self.where()}: the chance outcomes' probabilities add up to {total}, "
                     "not 1, or are not the moves listed")
        elif not legal.moves:
            fail(f"{self.where()}: {legal.to_move} is to move but no move is listed")
        return legal

    def apply_each(self, data: Mapping[str, object], moves: Sequence[str], seed: int) -> int:
        """Apply every move to the position read from `data`: each is accepted, its result
        writes JSON its schema accepts, and the position it was given stays as it was
        (so a tool can try every move from one position)."""
        state, _ = self.read(data)
        for move in moves:
            try:
                after = self.fmt.apply(self.game, state, move, random.Random(seed))
            except IllegalMove as error:
                fail(f"{self.where()}: the listed move {move!r} is refused: {error.reason}")
            if self.fmt.write(self.game, state) != data:
                fail(f"{self.where()}: applying {move!r} changed the position it was given: "
                     "apply must return a new state")
            self.history.append(move)
            self.validate(self.fmt.write(self.game, after))
            self.history.pop()
        return len(moves)


def check_positions(game: Game, fmt: PositionFormat, players: int, seed: int,
                    apply_every: int = 1) -> PositionWalk:
    """Walk one seeded game of random moves (chance drawn with its probabilities) through
    the positions API: every position round-trips, and at every `apply_every`-th one each
    listed move applies."""
    walk = _Walk(game, fmt, players, seed)
    rng = random.Random(seed)
    try:
        opening = fmt.opening(game, players, seed)
    except ValueError as error:
        fail(f"{game.id}: no opening for {players} players: {error}")
    state, _ = walk.read(opening)
    applied = 0
    for index in range(MOST_POSITIONS):
        state, data = walk.round_trip(state)
        legal = walk.legal(state)
        if legal.to_move is None and legal.result is not None:  # walk.legal saw to the rest
            return PositionWalk(index + 1, applied, legal.result)
        if index % apply_every == 0:
            applied += walk.apply_each(data, legal.moves, seed)
        move = (draw_outcome(legal.chance, rng) if legal.to_move == CHANCE
                else legal.moves[rng.randrange(len(legal.moves))])
        try:
            state = fmt.apply(game, state, move, rng)
        except IllegalMove as error:
            fail(f"{walk.where()}: the listed move {move!r} is refused: {error.reason}")
        walk.history.append(move)
    fail(f"{walk.where()}: the game did not end within {MOST_POSITIONS} positions")


def first_difference(expected: object, found: object, pointer: str = "") -> str | None:
    """The JSON pointer of the first value that differs, or None when equal."""
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in sorted(set(expected) | set(found), key=str):
            at = f"{pointer}/{pointer_escape(str(key))}"
            if key not in expected or key not in found:
                return at
            inner = first_difference(expected[key], found[key], at)
            if inner is not None:
                return inner
        return None
    if isinstance(expected, list) and isinstance(found, list):
        for index, (one, other) in enumerate(zip(expected, found, strict=False)):
            inner = first_difference(one, other, f"{pointer}/{index}")
            if inner is not None:
                return inner
        shorter = min(len(expected), len(found))
        return None if len(expected) == len(found) else f"{pointer}/{shorter}"
    return None if expected == found else pointer
