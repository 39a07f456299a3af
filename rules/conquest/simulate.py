"""Whole conquest games for the shared simulation runner: play, record and replay.

A record's first line holds the engine's own seed; every later line is one decision
(seat and action). Replaying applies the same actions to an engine seeded the same way,
so dice and shuffles repeat without the agents.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from content.model import Game
from content.rulesets.conquest.model import Conquest
from rules.conquest.agents import AGENT_NAMES, make_agent, profiles
from rules.conquest.dice import Dice
from rules.conquest.engine import ConquestEngine
from rules.conquest.state import Action, Phase, State
from rules.conquest.tables import Tables, compile_tables
from rules.simulation.result import (
    NO_TRACE,
    BoundPlay,
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Simulator,
    Table,
    Trace,
    Tracer,
)

SCORZA_DURA = "scorza_dura"
ROUND_CAP = 200
"""Rounds after which a game ends on points (only the scorza-dura variant can get there)."""
RECORD_FORMAT = 3
"""Version of the decisions a record holds; 2: bulk placement, roll/retreat in battle;
3: the defender's dice ('defend'), card windows at every roll, factions dealt from the
engine's seed, Reclutamento's count in boars."""
STEP_CAP = 500_000
"""Decisions after which a game is called stuck: far above any game that ends by the rules."""


@mypyc_attr(native_class=False)
class GameDidNotEnd(RuntimeError):
    """A game that went past STEP_CAP decisions: a rule or content loop. (A Python class
    even when compiled: mypyc cannot subclass built-in exceptions natively.)"""


@dataclass(frozen=True)
class CompiledGame:
    """A game compiled once for many plays: its tables and its roll tables."""

    game: Game
    tables: Tables
    dice: Dice

    def play(self, table: Table, rng: random.Random, record: Record | None) -> GameResult:
        cap = ROUND_CAP if table.turn_limit is None else table.turn_limit
        engine = ConquestEngine(self.tables, SCORZA_DURA in table.variants, cap, self.dice)
        return _play(self.game, engine, table, rng, record)


def prepare(game: Game) -> BoundPlay:
    return CompiledGame(game, compile_tables(game), Dice()).play


def play(game: Game, table: Table, rng: random.Random, record: Record | None) -> GameResult:
    return prepare(game)(table, rng, record)


def _play(game: Game, engine: ConquestEngine, table: Table, rng: random.Random,
          record: Record | None) -> GameResult:
    engine_seed = rng.getrandbits(64)
    state = engine.new_game(table.players, random.Random(engine_seed))
    if record is not None:
        record.append({"format": RECORD_FORMAT, "engine_seed": engine_seed,
                       "players": table.players,
                       "variants": list(table.variants), "round_cap": engine.round_cap,
                       "agents": list(table.agents)})
    agents = [make_agent(name, engine) for name in table.agents]
    over = Phase.OVER
    tracer = Tracer()
    round_ = state.round
    while state.phase is not over:
        if state.steps > STEP_CAP:
            raise GameDidNotEnd(f"{state.steps} decisions, round {state.round}, "
                                f"phase {state.phase.value}")
        legal = engine.legal_actions(state)
        tracer.decide(len(legal))
        action = agents[state.actor](engine, state, legal, rng)
        if record is not None:
            record.append({"seat": state.actor, "action": list(action)})
        engine.apply(state, action)
        if state.round != round_ or state.phase is over:
            round_ = state.round
            tracer.checkpoint([o + c for o, c, _, _ in engine.scores(state)])
    return result(game, engine, state, table.agents, tracer.trace())


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    header = lines[0]
    if header.get("format") != RECORD_FORMAT:
        raise ValueError(f"line 1: a record of format {header.get('format', 1)}; this "
                         f"version replays format {RECORD_FORMAT}: record the games again")
    variants = tuple(str(v) for v in header["variants"])  # type: ignore[attr-defined]
    engine = ConquestEngine(compile_tables(game), SCORZA_DURA in variants,
                            int(header["round_cap"]))  # type: ignore[call-overload]
    state = engine.new_game(int(header["players"]),  # type: ignore[call-overload]
                            random.Random(int(header["engine_seed"])))  # type: ignore[call-overload]
    for number, line in enumerate(lines[1:], 2):
        action: Action = tuple(line["action"])  # type: ignore[arg-type]
        if state.phase is Phase.OVER or action not in engine.legal_actions(state):
            raise ValueError(f"line {number}: {list(action)} is not legal here")
        engine.apply(state, action)
    if state.phase is not Phase.OVER:
        raise ValueError("the record ends before the game does")
    agents = tuple(str(a) for a in header["agents"])  # type: ignore[attr-defined]
    return result(game, engine, state, agents)


def result(game: Game, engine: ConquestEngine, state: State,
           agents: tuple[str, ...], trace: Trace = NO_TRACE) -> GameResult:
    """The GameResult; `trace` (decisions, points by round) only when played here."""
    tables = engine.tables
    seats = []
    for seat, (objective, conquest, _, _) in enumerate(engine.scores(state)):
        labels = {"agent": agents[seat], "faction": tables.faction_ids[state.factions[seat]],
                  "objective": tables.objectives[state.objectives[seat]][0]}
        seats.append(SeatResult(labels, objective + conquest,
                                {"objective": objective, "conquests": conquest}))
    counters = dict(sorted(state.counters.items()))
    counters["player_turns"] = state.player_turns
    return GameResult(tuple(seats), state.winners, state.end, state.round, state.steps,
                      counters, trace)


def watched(game: Game) -> dict[str, str]:
    """Every action card should be played at least once in a few dozen games."""
    conquest = game.part(Conquest)
    return {f"action.{card.id}": f"the action card {card.id!r} ({deck.id})"
            for deck in conquest.decks if deck.kind == "action" for card in deck.cards}


SIMULATOR = Simulator(agents=AGENT_NAMES, variants=(SCORZA_DURA,), play=play, replay=replay,
                      prepare=prepare, capped_ends=("round_cap",), watched=watched,
                      profiles=profiles)
