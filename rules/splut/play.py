"""Whole SPLUT! games for the shared simulation runner: the engine protocol's adapter.

The one loop (rules/play/loop.py) plays, records and replays; every record line after
the setup is one step in the notation of notation.py (`TF2n`). A player with no legal
step passes (R6): the engine does it between decisions, as no choice, and a replay does
the same, so passes need no line.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import SplutBoard
from stamperia.rules.play.engine import OVER, Agent, NativeEngine
from stamperia.rules.play.loop import ReplayError
from stamperia.rules.play.simulator import engine_simulator
from stamperia.rules.simulation.result import (
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Table,
    Trace,
)
from stamperia.rules.splut.agents import AGENT_NAMES, make_agent
from stamperia.rules.splut.geometry import Geometry, geometry
from stamperia.rules.splut.moves import (
    SPLUT,
    Event,
    Step,
    apply_step,
    blocked,
    legal_steps,
    pass_turn,
)
from stamperia.rules.splut.notation import NotationError, parse_step, step_name
from stamperia.rules.splut.position import KIND_NAMES, Position, start_position
from stamperia.rules.splut.search import material


def board_geometry(game: Game) -> Geometry:
    return geometry(game.part(SplutBoard))


def _tally(counters: Counter[str], events: list[Event]) -> None:
    """kill.<kind>: every piece leaving the board (a splutted Sorcerer's team-mates
    included); crushed.dwarf: the Dwarves crushed by a rock, a subset of kill.dwarf."""
    for kind, _, pieces in events:
        for piece in pieces:
            counters[f"kill.{KIND_NAMES[piece]}"] += 1
        if kind != SPLUT:
            counters["crushed.dwarf"] += 1


class SplutGame(Position):
    """One game in play: the position itself (so the agents take the loop's state as the
    position they read, with no wrapper call per step), the turn cap, and what the result
    tallies."""

    __slots__ = ("cap", "counters", "steps", "legal", "done")

    def __init__(self, start: Position, cap: int) -> None:
        super().__init__(start.geo, start.board, start.where, start.rocks, start.seats,
                         start.alive, start.player, start.turn, start.steps_left)
        self.cap = cap
        self.counters: Counter[str] = Counter()
        self.steps = 0
        self.legal: list[Step] = []
        self.done = False


def _advance(game: SplutGame) -> None:
    """Pass for every player with no legal step, until one has a step or the game ends."""
    while game.winner < 0 and game.turn < game.cap:
        legal = legal_steps(game)
        if legal:
            game.legal = legal
            return
        game.counters["pass"] += 1
        pass_turn(game)
        if blocked(game):
            break
    game.done = True


def _int(value: JsonValue, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what}: expected a whole number, not {value!r}")
    return value


class SplutGames(NativeEngine[SplutGame, list[Step], Step]):
    """The SPLUT! rules behind the play protocol (rules/play/engine.py)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.geo = board_geometry(game)

    def _start(self, players: int, cap: int) -> SplutGame:
        state = SplutGame(start_position(self.geo, players), cap)
        _advance(state)
        return state

    def new_game(self, table: Table, rng: random.Random) -> SplutGame:
        return self._start(table.players, table.turn_limit or self.geo.move_cap_turns)

    def setup(self, state: SplutGame) -> dict[str, JsonValue]:
        return {"players": len(state.seats), "seats": list(state.seats),
                "move_cap_turns": state.cap}

    def restart(self, setup: Mapping[str, JsonValue]) -> SplutGame:
        players = _int(setup["players"], "players")
        if players not in self.geo.seating:
            raise ValueError(f"players: {players} is not a seated count")
        return self._start(players, _int(setup["move_cap_turns"], "move_cap_turns"))

    def agents(self, table: Table, rng: random.Random
               ) -> list[Agent[SplutGame, list[Step], Step]]:
        cap = table.turn_limit or self.geo.move_cap_turns
        profiles = self.game.part(SplutBoard).agents
        return [make_agent(name, cap, profiles) for name in table.agents]

    def to_move(self, state: SplutGame) -> int:
        return state.player

    def mover(self, state: SplutGame) -> int:
        return OVER if state.done else state.player

    def legal(self, state: SplutGame) -> list[Step]:
        return state.legal

    def width(self, state: SplutGame, legal: list[Step]) -> int:
        return len(legal)

    def chance(self, state: SplutGame, rng: random.Random) -> Step:
        raise ValueError("SPLUT! has no chance")

    def apply(self, state: SplutGame, action: Step) -> None:
        self.advance(state, action)

    def advance(self, state: SplutGame, action: Step) -> int:
        events = apply_step(state, action)
        state.steps += 1
        if events:
            _tally(state.counters, events)
        if state.winner < 0 and state.turn < state.cap:
            legal = legal_steps(state)
            if legal:  # the usual case, without a call to _advance
                state.legal = legal
                return state.turn
        _advance(state)
        return state.turn

    def over(self, state: SplutGame) -> bool:
        return state.done

    def clock(self, state: SplutGame) -> int:
        return state.turn

    def copy(self, state: SplutGame, rng: random.Random) -> SplutGame | None:
        """An independent copy for the oracle (SPLUT! has no chance: `rng` is unused)."""
        position = state.copy()
        other = SplutGame(position, state.cap)
        other.lev_rock = position.lev_rock
        other.lev_state = position.lev_state
        other.moved = position.moved
        other.locked = position.locked
        other.winner = position.winner
        other.passes = position.passes
        other.counters = Counter(state.counters)
        other.steps = state.steps
        other.legal = list(state.legal)
        other.done = state.done
        return other

    def estimate(self, state: SplutGame) -> Sequence[float]:
        return material(state)

    def result(self, state: SplutGame, agents: tuple[str, ...], trace: Trace) -> GameResult:
        seats = tuple(SeatResult({"agent": a, "colour": s})
                      for a, s in zip(agents, state.seats, strict=True))
        winners: tuple[int, ...]
        if state.over:
            winners, end, turns = (state.winner,), "last_sorcerer", state.turn + 1
        else:
            capped = state.turn >= state.cap
            winners, end, turns = (), "move_cap" if capped else "blocked", state.turn
        return GameResult(seats, winners, end, turns, state.steps,
                          dict(sorted(state.counters.items())), trace)

    def notation(self, state: SplutGame, action: Step) -> str:
        return step_name(state, action)

    def parse(self, state: SplutGame, move: str) -> Step | None:
        try:
            return parse_step(state, move, state.legal)
        except NotationError:
            return None

    def legal_moves(self, state: SplutGame) -> list[str]:
        return [step_name(state, s) for s in state.legal]


def profiles(game: Game) -> tuple[str, ...]:
    """The content's player profiles for `heuristic:<profile>`."""
    return tuple(p.id for p in game.part(SplutBoard).agents)


SIMULATOR = engine_simulator(SplutGames, AGENT_NAMES, capped_ends=("move_cap",),
                             profiles=profiles)


def play(game: Game, table: Table, rng: random.Random, record: Record | None = None
         ) -> GameResult:
    """One game by the table's agents; the content's move cap unless the table sets one."""
    return SIMULATOR.play(game, table, rng, record)


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    """The result of a recorded game, every line checked against the rules."""
    return SIMULATOR.replay(game, lines)


__all__ = ["SIMULATOR", "ReplayError", "board_geometry", "play", "replay"]
