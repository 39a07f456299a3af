"""What one simulated game hands back: the only thing the shared report reads.

Every ruleset's engine plays a game its own way; the runner and the balance report see
only these records, so `stamperia simulate` has one report shape for every game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from stamperia.content.errors import ContentError
from stamperia.content.model import Game

JsonValue = object
"""A value json.dumps accepts (records are written as JSON lines)."""


GAME_SEAT = "simulated"
"""The agent label of a seat the game adds rather than a player sits at (a tribe the rules
play themselves in a two-player game): its wins are shown and never tested, and the
players' fair share is what it leaves them (rules/simulation/shares.py, tally_shares)."""


@dataclass(frozen=True)
class SeatResult:
    """One seat at the end of a game.

    labels: what the report groups win rates by, e.g. {"agent": "greedy", "faction":
    "<faction id>", "objective": "03"}; score: final points (None where a game has none);
    score_parts: points by category (e.g. {"tents": 20, "totems": 9, "camps": 5}).
    """

    labels: Mapping[str, str]
    score: int | None = None
    score_parts: Mapping[str, int] = field(default_factory=dict)
    holds: tuple[str, ...] = ()
    """The places (territories...) the seat holds at the end, by id, where the game has
    places: what drives a label's wins (stamperia.rules.verdict.drivers). Not recorded."""


@dataclass(frozen=True)
class Trace:
    """What the designer metrics (stamperia.rules.simulation.metrics) read beyond the outcome.

    decisions: decisions taken, those with a single legal move the engine played itself
    included (Engine.forced); choices: those with more than one legal move; legal: legal
    moves summed over the decisions; scores: at each checkpoint (the end of every turn or
    round, as the engine says), each seat's score estimate, e.g. its points so far. Not
    part of a game record: a replay need not rebuild it."""

    decisions: int = 0
    choices: int = 0
    legal: int = 0
    scores: tuple[tuple[float, ...], ...] = ()
    chances: tuple[tuple[float, ...], ...] = ()
    """At each checkpoint, each seat's estimated chance to win (a seeded rollout oracle,
    rules/play/oracle.py; empty when none was asked for)."""


NO_TRACE = Trace()
"""The trace of a game replayed from its record (metrics skip it)."""


@dataclass(frozen=True)
class GameResult:
    """winners: seat indices (several on a shared win; empty on a draw); end: how the game
    ended ("objective", "points", "last_sorcerer", "move_cap", ...); turns: player turns
    played; steps: engine actions applied; counters: tallies summed over games by the
    report ("event.<card>", "kill.<piece>", ...)."""

    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    end: str
    turns: int
    steps: int
    counters: Mapping[str, int] = field(default_factory=dict)
    trace: Trace = field(default=NO_TRACE, compare=False)
    """Not compared: a replayed game has no trace and equals the game played."""
    first: int = 0
    """The seat that moved first, as the engine says (a roll-off's winner, in a game that
    rolls for it); seat 0 where seats move in seat order. `first_player_advantage` reads
    it."""


@dataclass(frozen=True)
class Table:
    """Who sits down: one agent name per seat, plus the options of this simulation."""

    agents: tuple[str, ...]
    variants: tuple[str, ...] = ()
    turn_limit: int | None = None
    oracle: int = 0
    """Rollouts per checkpoint of the win-probability oracle (rules/play/oracle.py); 0:
    none, the metrics that read it stay empty."""

    @property
    def players(self) -> int:
        return len(self.agents)


Record = list[Mapping[str, JsonValue]]
"""A game record being written: one JSON-able mapping per line (setup, then actions)."""

PlayGame = Callable[[Game, Table, random.Random, Record | None], GameResult]
"""Play one whole game; append every line of its record to the list when one is given."""

BoundPlay = Callable[[Table, random.Random, Record | None], GameResult]
"""`PlayGame` with the game already compiled for play: one per worker, many games."""

ReplayGame = Callable[[Game, list[Mapping[str, JsonValue]]], GameResult]
"""Replay a record (as read back from JSON lines) to the same result, with no randomness."""


@dataclass(frozen=True)
class Simulator:
    """A ruleset's entry in the simulation registry (stamperia.rules.registry.SIMULATORS)."""

    agents: tuple[str, ...]
    variants: tuple[str, ...]
    play: PlayGame
    replay: ReplayGame
    prepare: Callable[[Game], BoundPlay] | None = None
    """Compiles a game once for many plays, where that costs as much as a game does."""
    capped_ends: tuple[str, ...] = ()
    """Ends (GameResult.end) that mean a cap stopped the game, not its rules."""
    watched: Callable[[Game], Mapping[str, str]] | None = None
    """Counters that should reach at least 1 over a few dozen games, with what each counts
    (e.g. an action card played): the balance stage warns about any that never does."""

    profiles: Callable[[Game], tuple[str, ...]] | None = None
    """The player profiles the game's content defines for `heuristic:<profile>`."""

    playable: Callable[[Game, int], Sequence[ContentError]] | None = None
    """Why the content cannot seat this many players (empty when it can): what the engine
    would otherwise meet as a broken assumption mid-game, reported as content errors."""

    purposeful: str | None = None
    """The agent the balance stage seats against random seats: one that plays towards the
    rules' own end. None: `greedy` where there is one, else the first non-random agent."""

    engine_module: str | None = None
    """The module of the engine that plays (where `play` is the shared loop), so reports
    can say whether it is compiled."""

    def bind(self, game: Game) -> BoundPlay:
        """A play function for this game, compiled once if the ruleset can."""
        if self.prepare is not None:
            return self.prepare(game)
        return functools.partial(self.play, game)
