"""The engine protocol: what the one play loop (loop.py) asks of a ruleset's engine.

An engine plays one game as a state it changes in place. The loop asks whose turn it is
(a seat, or CHANCE where the engine makes chance explicit), the legal actions in the
engine's own cheap objects, and applies the chosen one. Notation (the readable moves of the
ruleset's position format) is asked only when a game is recorded, and parsed back when a
record is replayed, so the hot path never builds a string.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from rules.simulation.result import GameResult, JsonValue, Table, Trace

CHANCE: Final = -1
"""`to_move` where chance acts next: the loop draws an outcome with `chance`."""

S = TypeVar("S")
"""The engine's game state (changed in place by `apply`)."""
L = TypeVar("L")
"""What the engine offers at a decision: usually a list of its actions."""
A = TypeVar("A")
"""One action (or chance outcome) in the engine's native form."""

Agent = Callable[[S, L, random.Random], A]
"""A seat's player: picks an action from the legal ones, drawing from the generator."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine(Generic[S, L, A]):
    """A ruleset's engine as the play loop drives it. One engine serves many games (it
    holds the compiled content); every game's state is its own.

    A base class every ruleset's engine subclasses (rather than a typing.Protocol), so
    that, compiled, the loop calls the engine's methods natively; a ruleset from its own
    package may subclass it in plain Python."""

    def new_game(self, table: Table, rng: random.Random) -> S:
        """A game set up for the table; the setup's shuffles and rolls draw from `rng`
        (or from an engine seed drawn from it, which `setup` must then keep)."""
        raise NotImplementedError

    def setup(self, state: S) -> dict[str, JsonValue]:
        """The record's setup line: all a replay needs to set up the same game."""
        raise NotImplementedError

    def restart(self, setup: Mapping[str, JsonValue]) -> S:
        """The game a setup line describes; ValueError names what is wrong with it."""
        raise NotImplementedError

    def agents(self, table: Table, rng: random.Random) -> list[Agent[S, L, A]]:
        """The table's agents, one per seat (`rng` is the game's, should one keep it)."""
        raise NotImplementedError

    def to_move(self, state: S) -> int:
        """The seat that decides next, or CHANCE (asked only while not `over`)."""
        raise NotImplementedError

    def legal(self, state: S) -> L:
        """The legal actions of the seat to move, as the agents take them."""
        raise NotImplementedError

    def width(self, state: S, legal: L) -> int:
        """How many legal moves `legal` stands for (the Trace's count)."""
        raise NotImplementedError

    def chance(self, state: S, rng: random.Random) -> A:
        """At a CHANCE node: an outcome drawn from `rng` with its true odds."""
        raise NotImplementedError

    def apply(self, state: S, action: A) -> None:
        """Play a legal action or outcome, and every automatic step after it."""
        raise NotImplementedError

    def over(self, state: S) -> bool:
        raise NotImplementedError

    def clock(self, state: S) -> int:
        """Rounds (or turns) completed: the Trace takes a checkpoint at each tick."""
        raise NotImplementedError

    def estimate(self, state: S) -> Sequence[float]:
        """Each seat's score estimate now (its points so far), for the checkpoints."""
        raise NotImplementedError

    def result(self, state: S, agents: tuple[str, ...], trace: Trace) -> GameResult:
        """The result of a finished game played by `agents` (their names, by seat)."""
        raise NotImplementedError

    def notation(self, state: S, action: A) -> str:
        """The readable move of an action legal in `state` (before it is applied)."""
        raise NotImplementedError

    def parse(self, state: S, move: str) -> A | None:
        """The legal action or outcome `move` names in `state`, else None."""
        raise NotImplementedError

    def legal_moves(self, state: S) -> list[str]:
        """Every legal move (or outcome) in notation, for an error naming them."""
        raise NotImplementedError
