"""A ruleset's Simulator (stamperia.rules.simulation.result) made from its engine and the one loop.

Kept apart from loop.py, which is compiled with the engines: the Simulator is pickled to
the worker processes, and these plain classes pickle by reference to their module.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.rules.play.engine import Engine, NativeEngine, native
from stamperia.rules.play.loop import play, replay
from stamperia.rules.simulation.result import (
    BoundPlay,
    GameResult,
    JsonValue,
    Record,
    Simulator,
    Table,
)

MakeEngine = Callable[[Game], NativeEngine[Any, Any, Any] | Engine[Any, Any, Any]]
"""A ruleset's engine for one game (compiling its content once for many games): a shipped
ruleset's NativeEngine, or the Engine of a ruleset from its own package."""


@dataclass(frozen=True)
class EngineGames:
    """A ruleset's play, prepare and replay through the one loop (picklable for workers:
    `make_engine` is a module-level function or class)."""

    make_engine: MakeEngine

    def engine(self, game: Game) -> NativeEngine[Any, Any, Any]:
        return native(self.make_engine(game))

    def play(self, game: Game, table: Table, rng: random.Random, record: Record | None
             ) -> GameResult:
        return play(self.engine(game), table, rng, record)

    def prepare(self, game: Game) -> BoundPlay:
        return functools.partial(play, self.engine(game))

    def replay(self, game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
        return replay(self.engine(game), lines)


def engine_simulator(make_engine: MakeEngine, agents: tuple[str, ...],
                     variants: tuple[str, ...] = (), capped_ends: tuple[str, ...] = (),
                     watched: Callable[[Game], Mapping[str, str]] | None = None,
                     profiles: Callable[[Game], tuple[str, ...]] | None = None,
                     playable: Callable[[Game, int], Sequence[ContentError]] | None = None,
                     purposeful: str | None = None) -> Simulator:
    """The Simulator of a ruleset whose engine follows the protocol (engine.py)."""
    games = EngineGames(make_engine)
    return Simulator(agents=agents, variants=variants, play=games.play, replay=games.replay,
                     prepare=games.prepare, capped_ends=capped_ends, watched=watched,
                     profiles=profiles, playable=playable, purposeful=purposeful,
                     engine_module=make_engine.__module__)
