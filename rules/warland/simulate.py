"""Whole WARLAND games for the shared simulation runner: the engine protocol's adapter.

The one loop (rules/play/loop.py) plays, records and replays. The setup line holds the
rounds and the seat that won the first-player roll; every later line is a decision in the
notation of notation.py, or a roll's outcome (`outcome won`) as an explicit chance move,
so a replay needs no randomness.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from stamperia.content.model import Game
from stamperia.rules.play.engine import CHANCE, Agent, NativeEngine
from stamperia.rules.play.simulator import engine_simulator
from stamperia.rules.search.spec import Budget, parse_agent
from stamperia.rules.simulation.result import GameResult, JsonValue, SeatResult, Table, Trace
from stamperia.rules.warland.agents import AGENTS, agent, profiles
from stamperia.rules.warland.flow import Flow, RandomDice, opening
from stamperia.rules.warland.notation import format_action, format_outcome
from stamperia.rules.warland.positions import roll_outcomes
from stamperia.rules.warland.search import MctsAgent
from stamperia.rules.warland.setup import lay_out, roll_off, travel_turns
from stamperia.rules.warland.state import Action, Placed, Rules, Seat, State
from stamperia.rules.warland.supply import tokens


def _new_state(rules: Rules, agents: Sequence[str],
               travel: Mapping[tuple[int, int], int]) -> State:
    forces = rules.forces
    seats = []
    for faction, name in zip(forces.factions, agents, strict=False):
        seat = Seat(faction.id, name, carpenters=forces.setup.carpenters)
        seat.buildings.append(Placed(rules.buildings.castle.id, face_up=True))
        seats.append(seat)
    return State(rules, seats, travel, tokens=tokens(rules))


def _travel(rules: Rules, players: int) -> dict[tuple[int, int], int]:
    """Turns of walking between the castles of the setup's layout for `players`."""
    forces = rules.forces
    recommended = forces.table.recommended
    layout = lay_out(forces, players, recommended.width_mm, recommended.height_mm)
    return travel_turns(layout, forces.ruler_mm)


def _score(state: State, seat: Seat) -> dict[str, int]:
    buildings = state.rules.buildings
    if not seat.alive:
        return {"buildings": 0, "resistance": 0, "pawns": 0}
    return {"buildings": len(seat.buildings) - 1,
            "resistance": sum(buildings.building(p.building).resistance
                              for p in seat.buildings),
            "pawns": seat.carpenters + seat.inhabitants() + len(seat.soldiers)
            + len(seat.missions)}


class _Seat:
    def __init__(self, name: str) -> None:
        self.agent = agent(name)

    def __call__(self, game: Flow, legal: list[Action], rng: random.Random
                 ) -> Action:
        return self.agent(game.state, game.seat, legal, rng)


class _Searcher:
    """An `mcts` seat: the search starts from the game's own flow (and plays copies)."""

    def __init__(self, budget: Budget) -> None:
        self.agent = MctsAgent(budget)

    def __call__(self, game: Flow, legal: list[Action], rng: random.Random
                 ) -> Action:
        return self.agent.choose(game, legal, rng)


def _seat(name: str) -> _Seat | _Searcher:
    spec = parse_agent(name, AGENTS)
    return _Searcher(spec.budget) if spec.budget is not None else _Seat(name)


def _int(value: JsonValue, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what}: expected a whole number, not {value!r}")
    return value


class WarlandGames(NativeEngine[Flow, list[Action], Action | str]):
    """The WARLAND rules behind the play protocol (rules/play/engine.py)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = Rules.of(game)
        self._walks: dict[int, dict[tuple[int, int], int]] = {}
        """Travel by player count: the layout is the same for every game (states share
        and never change it)."""

    def _state(self, agents: Sequence[str]) -> State:
        players = len(agents)
        walks = self._walks.get(players)
        if walks is None:
            walks = self._walks[players] = _travel(self.rules, players)
        return _new_state(self.rules, agents, walks)

    def _players(self, players: int) -> None:
        low, high = self.game.players
        if not low <= players <= min(high, len(self.rules.forces.factions)):
            raise ValueError(f"{self.game.id} seats {low} to {high} players, not {players}")

    def new_game(self, table: Table, rng: random.Random) -> Flow:
        self._players(table.players)
        rounds = table.turn_limit or self.rules.forces.simulation.default_rounds
        state = self._state(table.agents)
        combat = self.rules.forces.combat
        first = roll_off(table.players, combat.dice_per_strength, combat.dice_sides,
                         rng).winner
        return opening(state, rounds, first)

    def setup(self, state: Flow) -> dict[str, JsonValue]:
        return {"players": len(state.state.seats), "rounds": state.rounds,
                "first": state.order[0]}

    def restart(self, setup: Mapping[str, JsonValue]) -> Flow:
        players = _int(setup["players"], "players")
        self._players(players)
        first = _int(setup["first"], "first")
        if not 0 <= first < players:
            raise ValueError(f"first: no seat {first} among {players}")
        state = self._state(("",) * players)
        return opening(state, _int(setup["rounds"], "rounds"), first)

    def agents(self, table: Table, rng: random.Random
               ) -> list[Agent[Flow, list[Action], Action | str]]:
        return [_seat(name) for name in table.agents]

    def to_move(self, state: Flow) -> int:
        return CHANCE if state.pending is not None else state.seat

    def legal(self, state: Flow) -> list[Action]:
        return state.legal

    def width(self, state: Flow, legal: list[Action]) -> int:
        return len(legal)

    def chance(self, state: Flow, rng: random.Random) -> Action | str:
        combat = self.rules.forces.combat
        return state.draw(RandomDice(rng, combat.dice_sides, combat.dice_per_strength))

    def apply(self, state: Flow, action: Action | str) -> None:
        if isinstance(action, str):
            state.settle(action)
        else:
            state.decide(action)

    def over(self, state: Flow) -> bool:
        return state.over

    def clock(self, state: Flow) -> int:
        return state.played

    def estimate(self, state: Flow) -> Sequence[float]:
        """Each seat's resistance in play: the points a game cut short is won on."""
        return [_score(state.state, s)["resistance"] for s in state.state.seats]

    def result(self, state: Flow, agents: tuple[str, ...], trace: Trace
               ) -> GameResult:
        """Winner: the last castle standing, else the most resistance in play (the
        realm's worth); a tie is a shared win."""
        engine_state = state.state
        parts = [_score(engine_state, s) for s in engine_state.seats]
        best = max(p["resistance"] for p in parts)
        winners = tuple(i for i, p in enumerate(parts) if p["resistance"] == best and best > 0)
        seats = tuple(SeatResult({"agent": name, "faction": s.faction}, p["resistance"], p)
                      for name, s, p in zip(agents, engine_state.seats, parts, strict=True))
        counters = dict(sorted({"castle.destroyed": 0, **engine_state.counters}.items()))
        counters["rounds"] = state.played
        return GameResult(seats, winners, state.end, state.turns, engine_state.steps,
                          counters, trace, first=state.order[0])

    def notation(self, state: Flow, action: Action | str) -> str:
        if isinstance(action, str):
            assert state.pending is not None
            return format_outcome(state.state, state.seat, state.pending, action)
        return format_action(state.state, state.seat, action)

    def parse(self, state: Flow, move: str) -> Action | str | None:
        if state.pending is not None:
            found = roll_outcomes(state.state, state.seat, state.pending).get(move)
            return found[0] if found is not None else None
        return {format_action(state.state, state.seat, a): a for a in state.legal}.get(move)

    def legal_moves(self, state: Flow) -> list[str]:
        if state.pending is not None:
            return list(roll_outcomes(state.state, state.seat, state.pending))
        return [format_action(state.state, state.seat, a) for a in state.legal]


SIMULATOR = engine_simulator(WarlandGames, AGENTS, capped_ends=("turn_limit",),
                             profiles=profiles, purposeful="raider")
"""The balance stage seats the raider: the builder never sends a soldier, so no game of
its seats could end by the rules (the last Castello standing)."""
