"""Whole conquest games for the shared simulation runner: the engine protocol's adapter.

The one loop (rules/play/loop.py) plays, records and replays. The setup line holds the
engine's own seed: dice and the mid-game reshuffles of a pile run out are drawn from it, so
a replay repeats them. They are not chance moves in a record (the public positions make the
rolls explicit, positions.py; reshuffles stay internal there too). Every later line is one
decision in the notation of notation.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from stamperia.content.look.pieceid import piece_id
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.agents import AGENT_NAMES, RandomInt, int_agent, profiles
from stamperia.rules.conquest.dice import Dice
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.notation import format_action, parse_move
from stamperia.rules.conquest.options import place_width
from stamperia.rules.conquest.setup import playable
from stamperia.rules.conquest.state import ATTACK, CLAIM, MOVE, OVER, PLACE, Action, State
from stamperia.rules.conquest.tables import Tables, compile_tables
from stamperia.rules.conquest.turns import points
from stamperia.rules.play.engine import OVER as OVER_SEAT
from stamperia.rules.play.engine import Agent, NativeEngine
from stamperia.rules.play.simulator import engine_simulator
from stamperia.rules.simulation.result import (
    BoundPlay,
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Table,
    Trace,
)

SCORZA_DURA: Final = "scorza_dura"
ROUND_CAP: Final = 200
"""Rounds after which a game ends on points (only the scorza-dura variant can get there)."""
STEP_CAP: Final = 500_000
"""Decisions after which a game is called stuck: far above any game that ends by the rules."""


@mypyc_attr(native_class=False)
class GameDidNotEnd(RuntimeError):
    """A game that went past STEP_CAP decisions: a rule or content loop. (A Python class
    even when compiled: mypyc cannot subclass built-in exceptions natively.)"""


def _int(value: JsonValue) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


class ConquestGames(NativeEngine[State, list[int] | None, int]):
    """The conquest engine behind the play protocol (rules/play/engine.py): the game's
    tables and roll tables compiled once for many games. The engine keeps no game state;
    the round cap and the variant live in each game's State. Actions are actions.py's
    ints; the notation is made from them only for records and the CLI. A PLACE decision's
    legal actions are counted, not listed, and so are CLAIM decisions (the state's claims)
    and the ATTACK and MOVE decisions the engine counted: `legal` is None there and agents
    pick by index (options.place_at, attack_at, move_at)."""

    def __init__(self, game: Game) -> None:
        self.tables: Tables = compile_tables(game)
        self.dice = Dice()
        self.engine = ConquestEngine(self.tables, False, ROUND_CAP, self.dice)
        self.openings: dict[tuple[bool, int], ConquestEngine] = {}

    def _start(self, players: int, scorza_dura: bool, round_cap: int, seed: int) -> State:
        # one engine per variant and cap, kept for every game (its Battles keeps the
        # roll tables it found: made anew per game, they were a share of a short game)
        opening = self.openings.get((scorza_dura, round_cap))
        if opening is None:
            opening = self.openings[(scorza_dura, round_cap)] = ConquestEngine(
                self.tables, scorza_dura, round_cap, self.dice)
        state = opening.new_game(players, random.Random(seed))
        state.seed = seed
        return state

    def new_game(self, table: Table, rng: random.Random) -> State:
        cap = ROUND_CAP if table.turn_limit is None else table.turn_limit
        return self._start(table.players, SCORZA_DURA in table.variants, cap,
                           rng.getrandbits(64))

    def setup(self, state: State) -> dict[str, JsonValue]:
        return {"engine_seed": state.seed, "players": state.players,
                "variants": [SCORZA_DURA] if state.scorza_dura else [],
                "round_cap": state.round_cap}

    def restart(self, setup: Mapping[str, JsonValue]) -> State:
        variants = setup["variants"]
        players = _int(setup["players"])
        if not isinstance(variants, list) or any(v != SCORZA_DURA for v in variants):
            raise ValueError(f"variants: {variants!r} (this ruleset has {SCORZA_DURA})")
        if players not in self.tables.pieces_per_player:
            raise ValueError(f"players: {players} is not a seated count")
        return self._start(players, SCORZA_DURA in variants, _int(setup["round_cap"]),
                           _int(setup["engine_seed"]))

    def agents(self, table: Table, rng: random.Random
               ) -> list[Agent[State, list[int] | None, int]]:
        return [int_agent(name, self.engine) for name in table.agents]

    def to_move(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[int] | None:
        phase = state.phase
        if phase is PLACE or (phase is ATTACK and state.attack_plan_at == state.steps) or (
                phase is MOVE and state.move_plan_at == state.steps) or phase is CLAIM:
            # counted: agents pick by index (options.place_at, attack_at, move_at,
            # state.claims)
            return None
        return self.engine.legal_ints(state)

    def width(self, state: State, legal: list[int] | None) -> int:
        if legal is not None:
            return len(legal)
        phase = state.phase
        if phase is PLACE:
            return place_width(state)
        if phase is CLAIM:
            return len(state.claims)
        return state.attack_width if phase is ATTACK else state.move_width

    def decide(self, agent: Agent[State, list[int] | None, int], state: State,
               legal: list[int] | None, rng: random.Random) -> Any:
        """An int, typed Any: compiled, the chosen action's object passes to the loop as
        it is (an int would be boxed anew at each decision)."""
        if isinstance(agent, RandomInt):  # compiled: a native call, not a Python one
            return agent.pick(state, legal, rng)
        return agent(state, legal, rng)

    def chance(self, state: State, rng: random.Random) -> int:
        raise ValueError("conquest draws its rolls from the engine's own seed")

    def apply(self, state: State, action: int) -> None:
        if state.steps > STEP_CAP:
            raise GameDidNotEnd(f"{state.steps} decisions, round {state.round}, "
                                f"phase {state.phase.value}")
        self.engine.apply_int(state, action)

    def over(self, state: State) -> bool:
        return state.phase is OVER

    def mover(self, state: State) -> int:  # over and to_move in one call (engine.py)
        return OVER_SEAT if state.phase is OVER else state.actor

    def advance(self, state: State, action: int) -> int:  # apply and clock in one call
        self.apply(state, action)
        return state.round

    def clock(self, state: State) -> int:
        return state.round

    def estimate(self, state: State) -> Sequence[float]:
        return points(self.tables, state)

    def forced(self, state: State) -> int:
        return state.forced

    def copy(self, state: State, rng: random.Random) -> State | None:
        from stamperia.rules.conquest.positions import copy_state

        return copy_state(state, rng)

    def result(self, state: State, agents: tuple[str, ...], trace: Trace) -> GameResult:
        return result(self.engine, state, agents, trace)

    def _factions(self, state: State) -> list[str]:
        return [self.tables.faction_ids[f] for f in state.factions]

    def notation(self, state: State, action: int) -> str:
        return format_action(self.tables, self._factions(state), self.engine.decode(action))

    def parse(self, state: State, move: str) -> int | None:
        action = parse_move(self.tables, self._factions(state), move)
        if action is None:
            return None
        readable: list[Action] = self.engine.legal_actions(state)
        return self.engine.legal_ints(state)[readable.index(action)] \
            if action in readable else None

    def legal_moves(self, state: State) -> list[str]:
        return [self.notation(state, a) for a in self.engine.legal_ints(state)]


def result(engine: ConquestEngine, state: State, agents: tuple[str, ...], trace: Trace
           ) -> GameResult:
    """The GameResult; `trace` (decisions, points by round) only when played."""
    tables = engine.tables
    seats = []
    for seat, (objective, conquest, _, _) in enumerate(engine.scores(state)):
        labels = {"agent": agents[seat], "faction": tables.faction_ids[state.factions[seat]],
                  "objective": tables.objectives[state.objectives[seat]][0]}
        seats.append(SeatResult(labels, objective + conquest,
                                {"objective": objective, "conquests": conquest},
                                tuple(tables.territory_ids[t]
                                      for t in state.territories_of(seat))))
    counters = state.all_counters()
    counters["player_turns"] = state.player_turns
    return GameResult(tuple(seats), state.winners, state.end, state.round, state.steps,
                      counters, trace)


def watched(game: Game) -> dict[str, str]:
    """Every action card should be played at least once in a few dozen games; each is
    named by the id it prints (content.look.pieceid) too."""
    conquest = game.part(Conquest)
    return {f"action.{card.id}": f"the action card {card.id!r} "
                                 f"({piece_id(game.id, deck.id, number)}, {deck.id})"
            for deck in conquest.decks if deck.kind == "action"
            for number, card in enumerate(deck.cards, start=1)}


SIMULATOR = engine_simulator(ConquestGames, AGENT_NAMES, variants=(SCORZA_DURA,),
                             capped_ends=("round_cap",), watched=watched, profiles=profiles,
                             playable=playable)


def prepare(game: Game) -> BoundPlay:
    """One game's play function, its tables compiled once (the check's smoke games)."""
    return SIMULATOR.bind(game)


def play(game: Game, table: Table, rng: random.Random, record: Record | None) -> GameResult:
    return SIMULATOR.play(game, table, rng, record)


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    return SIMULATOR.replay(game, lines)
