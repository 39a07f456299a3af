"""Play and replay whole economy games: the Simulator of the warland ruleset.

A record is one setup line, then one line per decision and per dice roll, in the order
they happened, so a replay needs no randomness and no agents.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping

from content.model import Game
from rules.simulation.result import GameResult, JsonValue, Record, SeatResult, Simulator, Table
from rules.warland.agents import AGENTS, agent, profiles
from rules.warland.engine import apply, food_need, legal_actions, start_turn
from rules.warland.setup import lay_out, travel_turns
from rules.warland.state import END, Action, Placed, Rules, Seat, State, TurnFlags

MAX_ACTIONS = 40
"""Safety stop for one turn's main phase (every action type is limited per turn)."""


class _RandomDice:
    def __init__(self, rng: random.Random, sides: int, count: int,
                 record: Record | None) -> None:
        self._rng, self._sides, self._count, self._record = rng, sides, count, record

    def roll(self) -> int:
        value = sum(self._rng.randint(1, self._sides) for _ in range(self._count))
        if self._record is not None:
            self._record.append({"roll": value})
        return value


class _Replay:
    """Reads decisions and rolls back in the order they were written."""

    def __init__(self, lines: Iterator[Mapping[str, JsonValue]]) -> None:
        self._lines = lines

    def roll(self) -> int:
        line = next(self._lines)
        value = line.get("roll")
        if not isinstance(value, int):
            raise ValueError(f"record out of step: expected a roll, got {dict(line)}")
        return value

    def decide(self) -> Action:
        line = next(self._lines)
        data = line.get("action")
        if not isinstance(data, dict):
            raise ValueError(f"record out of step: expected an action, got {dict(line)}")
        return Action.from_dict(data)


def _roll_off(players: int, dice: Callable[[], int]) -> int:
    """Highest roll starts; players tied on it roll again."""
    rolling = list(range(players))
    while len(rolling) > 1:
        rolls = [(seat, dice()) for seat in rolling]
        best = max(v for _, v in rolls)
        rolling = [seat for seat, v in rolls if v == best]
    return rolling[0]


def _new_state(game: Game, table: Table) -> State:
    rules = Rules.of(game)
    forces = rules.forces
    recommended = forces.table.recommended
    layout = lay_out(forces, table.players, recommended.width_mm, recommended.height_mm)
    seats = []
    for faction, name in zip(forces.factions, table.agents, strict=False):
        seat = Seat(faction.id, name, carpenters=forces.setup.carpenters)
        seat.buildings.append(Placed(rules.buildings.castle.id, face_up=True))
        seats.append(seat)
    return State(rules, seats, travel_turns(layout, forces.ruler_mm))


def _run(game: Game, table: Table, rounds: int, dice: _RandomDice | _Replay,
         decide: Callable[[State, int, list[Action]], Action]) -> GameResult:
    state = _new_state(game, table)
    first = _roll_off(table.players, dice.roll)
    order = [(first + i) % table.players for i in range(table.players)]
    turns = 0
    played = 0
    end = "turn_limit"
    for number in range(1, rounds + 1):
        produced = 0
        for index in order:
            seat = state.seats[index]
            if not seat.alive:
                continue
            start_turn(state, index)
            produced += seat.produced_food
            flags = TurnFlags()
            for _ in range(MAX_ACTIONS):
                action = decide(state, index, legal_actions(state, index, flags))
                if action == END:
                    break
                apply(state, index, flags, action, dice)
            turns += 1
        played = number
        alive = [s for s in state.seats if s.alive]
        curves = {"food": produced,
                  "food_needed": sum(food_need(state, s) for s in alive),
                  "resources": sum(s.resources for s in alive),
                  "buildings": sum(len(s.buildings) for s in alive)}
        for name, value in curves.items():
            state.counters[f"curve.{name}.t{number:02d}"] = value
        if len(alive) <= 1:
            end = "last_castle"
            break
    return _result(state, end, turns, played)


def _score(state: State, seat: Seat) -> dict[str, int]:
    buildings = state.rules.buildings
    if not seat.alive:
        return {"buildings": 0, "resistance": 0, "pawns": 0}
    return {"buildings": len(seat.buildings) - 1,
            "resistance": sum(buildings.building(p.building).resistance
                              for p in seat.buildings),
            "pawns": seat.carpenters + seat.inhabitants() + len(seat.soldiers)
            + len(seat.missions)}


def _result(state: State, end: str, turns: int, rounds: int) -> GameResult:
    """Winner: the last castle standing, else the most resistance in play (the realm's
    worth); a tie is a shared win."""
    parts = [_score(state, s) for s in state.seats]
    best = max(p["resistance"] for p in parts)
    winners = tuple(i for i, p in enumerate(parts) if p["resistance"] == best and best > 0)
    seats = tuple(SeatResult({"agent": s.agent, "faction": s.faction}, p["resistance"], p)
                  for s, p in zip(state.seats, parts, strict=True))
    counters = dict(sorted({"castle.destroyed": 0, **state.counters}.items()))
    counters["rounds"] = rounds
    return GameResult(seats, winners, end, turns, state.steps, counters)


def _rounds(game: Game, table: Table) -> int:
    return table.turn_limit or Rules.of(game).forces.simulation.default_rounds


def play(game: Game, table: Table, rng: random.Random, record: Record | None = None
         ) -> GameResult:
    """One whole game with the table's agents; the record gets every decision and roll."""
    rules = Rules.of(game)
    low, high = game.players
    if not low <= table.players <= min(high, len(rules.forces.factions)):
        raise ValueError(f"{game.id} seats {low} to {high} players, not {table.players}")
    rounds = _rounds(game, table)
    if record is not None:
        record.append({"setup": {"agents": list(table.agents), "rounds": rounds}})
    combat = rules.forces.combat
    dice = _RandomDice(rng, combat.dice_sides, combat.dice_per_strength, record)
    agents = [agent(name) for name in table.agents]

    def decide(state: State, index: int, legal: list[Action]) -> Action:
        action = agents[index](state, index, legal, rng)
        if record is not None:
            record.append({"action": action.as_dict()})
        return action

    return _run(game, table, rounds, dice, decide)


def replay(game: Game, record_lines: list[Mapping[str, JsonValue]]) -> GameResult:
    """The same game again from its record, with no randomness."""
    setup = record_lines[0].get("setup")
    assert isinstance(setup, dict)
    agents, rounds = setup["agents"], setup["rounds"]
    assert isinstance(agents, list) and isinstance(rounds, int)
    table = Table(tuple(str(a) for a in agents), turn_limit=rounds)
    source = _Replay(iter(record_lines[1:]))
    return _run(game, table, rounds, source, lambda _s, _i, _legal: source.decide())


SIMULATOR = Simulator(agents=AGENTS, variants=(), play=play, replay=replay,
                      capped_ends=("turn_limit",), profiles=profiles)
