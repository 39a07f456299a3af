"""Public positions and moves, like FEN and UCI for chess: one interface for every ruleset.

A position is a JSON document (validated by the ruleset's `<ruleset>_position` schema)
holding the whole state of a game: board, hands, decks in order, scores, turn and phase.
Moves are short readable strings naming ids the designer knows (`place <territory> 3`).
Chance is explicit: where chance acts next, `legal` returns the outcomes with their exact
probabilities and `to_move` is `CHANCE`; `apply` takes an outcome like any move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

from stamperia.content.errors import ContentError
from stamperia.content.model import Game

CHANCE = "chance"
"""`to_move` of a position where chance acts next (a roll, a draw)."""

PositionJson = dict[str, object]
"""A position as JSON: what `stamperia apply` prints and `moves`/`apply`/`score` read."""


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of a chance node: the move that plays it and its exact probability."""

    move: str
    probability: Fraction


@dataclass(frozen=True)
class LegalMoves:
    """What may happen next in a position.

    to_move: the seat to move (its name in the position, e.g. a faction id or colour),
    CHANCE at a chance node, None when the game is over; moves: the legal moves in
    notation (at a chance node, the outcomes' moves); chance: the outcomes with their
    probabilities (empty unless to_move is CHANCE); result: the result of a finished game.
    """

    to_move: str | None
    moves: tuple[str, ...]
    chance: tuple[ChanceOutcome, ...] = ()
    result: Mapping[str, object] | None = None

    def as_json(self) -> dict[str, object]:
        payload: dict[str, object] = {"to_move": self.to_move, "moves": list(self.moves)}
        if self.chance:
            payload["chance"] = [{"move": o.move, "probability": str(o.probability)}
                                 for o in self.chance]
        if self.result is not None:
            payload["result"] = dict(self.result)
        return payload


class PositionError(Exception):
    """A position that is not valid JSON of the format, or contradicts the game's content."""

    def __init__(self, problems: Sequence[ContentError]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the position")
        self.problems = tuple(problems)


class IllegalMove(Exception):
    """A move that is not legal (or not readable) in the position; names the legal ones."""

    def __init__(self, move: str, reason: str, legal: Sequence[str]) -> None:
        super().__init__(f"illegal move {move!r}: {reason}")
        self.move = move
        self.reason = reason
        self.legal = tuple(legal)


@dataclass(frozen=True)
class PositionSource:
    """Where a position was read from, so errors can name the file, pointer and line."""

    file: str
    text: str = field(repr=False)


class PositionFormat(Protocol):
    """A ruleset's public position format (see the module docstring)."""

    @property
    def schema_kind(self) -> str:
        """The kind whose schema validates positions, `<ruleset>_position`."""
        ...

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        """The position at the start of a game for `players` players; shuffles use `seed`.
        Raises ValueError for a player count the game does not allow."""
        ...

    def read(self, game: Game, data: object, source: PositionSource) -> object:
        """The engine state of a schema-valid position; PositionError when it contradicts
        the content (unknown ids, negative counts, two owners, a card not in the game)."""
        ...

    def write(self, game: Game, state: object) -> PositionJson:
        """The JSON of an engine state (the inverse of `read`)."""
        ...

    def legal(self, game: Game, state: object) -> LegalMoves:
        """The legal moves, or the chance outcomes, or the result."""
        ...

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> object:
        """The state after one move or chance outcome; IllegalMove when it is not legal.
        `rng` is used only where a move itself shuffles (never to pick a chance outcome)."""
        ...


DRAW = "draw"
"""The move that, at a chance node, draws one outcome with the seeded generator."""


def draw_outcome(outcomes: Sequence[ChanceOutcome], rng: random.Random) -> str:
    """One outcome drawn with its exact probability (one random number per draw)."""
    denominator = math.lcm(*(o.probability.denominator for o in outcomes))
    pick = rng.randrange(denominator)
    for outcome in outcomes:
        pick -= int(outcome.probability * denominator)
        if pick < 0:
            return outcome.move
    return outcomes[-1].move


def apply_moves(fmt: PositionFormat, game: Game, state: object, moves: Sequence[str],
                rng: random.Random) -> object:
    """The state after the moves in order; `draw` at a chance node draws an outcome."""
    for move in moves:
        if move == DRAW:
            legal = fmt.legal(game, state)
            if legal.to_move != CHANCE:
                raise IllegalMove(move, "chance does not act in this position", legal.moves)
            move = draw_outcome(legal.chance, rng)
        state = fmt.apply(game, state, move, rng)
    return state
