"""The engine protocol: what the one play loop (loop.py) asks of a ruleset's engine.

An engine plays one game as a state it changes in place. The loop asks who acts next
(`mover`: a seat, CHANCE where the engine makes chance explicit, or OVER), the legal
actions in the engine's own cheap objects, the agent's choice (`decide`), and plays the
chosen one (`advance`, which
answers the clock): one call each instead of over, to_move, apply and clock. The bases
build them from those four; an engine with a fast step overrides them, since each Python
call costs about one per cent of such a step. Notation
(the readable moves of the ruleset's position format) is asked only when a game is
recorded, and parsed back when a record is replayed, so the hot path never builds a
string.

Two bases declare the same methods, because mypyc makes one class either fast or open:
- `NativeEngine`, which the loop is typed against: a native class that allows no
  interpreted subclasses, so that, compiled, the loop calls a shipped engine's methods
  through the class's vtable with nothing in between;
- `Engine`, the public base a ruleset from its own package subclasses in plain Python,
  compiled install or not (`allow_interpreted_subclasses`). The loop plays it through
  `Hosted`, a small native engine that forwards each call (`native` picks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from stamperia.rules.simulation.result import GameResult, JsonValue, Table, Trace

CHANCE: Final = -1
"""`to_move` where chance acts next: the loop draws an outcome with `chance`."""
OVER: Final = -2
"""`mover` once the game is over."""

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

    The public base: a ruleset from its own package subclasses it in plain Python, even
    in a compiled install. (The shipped rulesets subclass NativeEngine, with the same
    methods.)"""

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

    def decide(self, agent: Agent[S, L, A], state: S, legal: L, rng: random.Random) -> A:
        """The agent's choice: its call. An engine compiled with its agents may override
        it to call one natively (the same choice, without a Python call per decision)."""
        return agent(state, legal, rng)

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

    def mover(self, state: S) -> int:
        """Who acts next: OVER once `over`, else `to_move` (one call for the loop)."""
        return OVER if self.over(state) else self.to_move(state)

    def advance(self, state: S, action: A) -> int:
        """`apply` the action, then answer the `clock` (one call for the loop)."""
        self.apply(state, action)
        return self.clock(state)

    def estimate(self, state: S) -> Sequence[float]:
        """Each seat's score estimate now (its points so far), for the checkpoints."""
        raise NotImplementedError

    def forced(self, state: S) -> int:
        """Decisions with a single legal move the engine played itself so far (never
        asked of a seat): counted as decisions by the Trace (decision_moves)."""
        return 0

    def copy(self, state: S, rng: random.Random) -> S | None:
        """An independent copy of the game to play on (its own chance drawn from `rng`),
        for the win-probability oracle (rules/play/oracle.py); None: not offered."""
        return None

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


class NativeEngine(Generic[S, L, A]):
    """What the loop drives: Engine's methods (documented there), on a base that allows
    no interpreted subclasses, for the engines compiled with the loop."""

    def new_game(self, table: Table, rng: random.Random) -> S:
        raise NotImplementedError

    def setup(self, state: S) -> dict[str, JsonValue]:
        raise NotImplementedError

    def restart(self, setup: Mapping[str, JsonValue]) -> S:
        raise NotImplementedError

    def agents(self, table: Table, rng: random.Random) -> list[Agent[S, L, A]]:
        raise NotImplementedError

    def to_move(self, state: S) -> int:
        raise NotImplementedError

    def legal(self, state: S) -> L:
        raise NotImplementedError

    def width(self, state: S, legal: L) -> int:
        raise NotImplementedError

    def decide(self, agent: Agent[S, L, A], state: S, legal: L, rng: random.Random) -> A:
        return agent(state, legal, rng)

    def chance(self, state: S, rng: random.Random) -> A:
        raise NotImplementedError

    def apply(self, state: S, action: A) -> None:
        raise NotImplementedError

    def over(self, state: S) -> bool:
        raise NotImplementedError

    def clock(self, state: S) -> int:
        raise NotImplementedError

    def mover(self, state: S) -> int:
        return OVER if self.over(state) else self.to_move(state)

    def advance(self, state: S, action: A) -> int:
        self.apply(state, action)
        return self.clock(state)

    def estimate(self, state: S) -> Sequence[float]:
        raise NotImplementedError

    def forced(self, state: S) -> int:
        return 0

    def copy(self, state: S, rng: random.Random) -> S | None:
        return None

    def result(self, state: S, agents: tuple[str, ...], trace: Trace) -> GameResult:
        raise NotImplementedError

    def notation(self, state: S, action: A) -> str:
        raise NotImplementedError

    def parse(self, state: S, move: str) -> A | None:
        raise NotImplementedError

    def legal_moves(self, state: S) -> list[str]:
        raise NotImplementedError


class Hosted(NativeEngine[S, L, A]):
    """A publisher's Engine as the loop drives it: each call forwarded, so the one loop
    plays it too (compiled, through the Engine class's Python dispatch)."""

    def __init__(self, engine: Engine[S, L, A]) -> None:
        self.engine = engine

    def new_game(self, table: Table, rng: random.Random) -> S:
        return self.engine.new_game(table, rng)

    def setup(self, state: S) -> dict[str, JsonValue]:
        return self.engine.setup(state)

    def restart(self, setup: Mapping[str, JsonValue]) -> S:
        return self.engine.restart(setup)

    def agents(self, table: Table, rng: random.Random) -> list[Agent[S, L, A]]:
        return self.engine.agents(table, rng)

    def to_move(self, state: S) -> int:
        return self.engine.to_move(state)

    def legal(self, state: S) -> L:
        return self.engine.legal(state)

    def width(self, state: S, legal: L) -> int:
        return self.engine.width(state, legal)

    def decide(self, agent: Agent[S, L, A], state: S, legal: L, rng: random.Random) -> A:
        return self.engine.decide(agent, state, legal, rng)

    def chance(self, state: S, rng: random.Random) -> A:
        return self.engine.chance(state, rng)

    def apply(self, state: S, action: A) -> None:
        self.engine.apply(state, action)

    def over(self, state: S) -> bool:
        return self.engine.over(state)

    def clock(self, state: S) -> int:
        return self.engine.clock(state)

    def mover(self, state: S) -> int:
        return self.engine.mover(state)

    def advance(self, state: S, action: A) -> int:
        return self.engine.advance(state, action)

    def estimate(self, state: S) -> Sequence[float]:
        return self.engine.estimate(state)

    def forced(self, state: S) -> int:
        return self.engine.forced(state)

    def copy(self, state: S, rng: random.Random) -> S | None:
        return self.engine.copy(state, rng)

    def result(self, state: S, agents: tuple[str, ...], trace: Trace) -> GameResult:
        return self.engine.result(state, agents, trace)

    def notation(self, state: S, action: A) -> str:
        return self.engine.notation(state, action)

    def parse(self, state: S, move: str) -> A | None:
        return self.engine.parse(state, move)

    def legal_moves(self, state: S) -> list[str]:
        return self.engine.legal_moves(state)


def native(engine: NativeEngine[S, L, A] | Engine[S, L, A]) -> NativeEngine[S, L, A]:
    """The engine as the loop takes it: a publisher's Engine hosted, a native one as is."""
    return Hosted(engine) if isinstance(engine, Engine) else engine
