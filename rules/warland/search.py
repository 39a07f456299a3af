"""WARLAND for information-set MCTS (rules.search.mcts.SearchGame), and the `mcts` agent.

What a seat cannot see: the rulebook has each player keep "le risorse e il cibo" on their
own sheet, so the other seats' resources and food are hidden. Everything else (buildings,
face up or down, which were declared when built; pawns; missions; the round) lies on the
table. Each iteration deals the hidden numbers again: another seat's resources are drawn
from 0 to what its producing buildings yield in SAVINGS_TURNS turns (its production is
public), and its food is 0 (food spoils at the end of a turn and production refills it at
the start of the next, so it never carries into a turn). Combat rolls come from the
search's generator.

The search plays its own copy of the turn flow of simulate.py on cloned states (the game's
flow is a generator, which cannot be copied): rounds, turns in the roll-off's order, the
automatic start of each turn, actions until the turn ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.search.mcts import Mcts, SearchLimits, lead_and_share
from rules.search.spec import Budget
from rules.warland.agents import raider
from rules.warland.engine import (
    ROLLED,
    declare,
    legal_actions,
    play_unrolled,
    resolve,
    roll,
    start_turn,
)
from rules.warland.state import END, Action, Mission, Placed, Seat, State, TurnFlags

SAVINGS_TURNS = 2
"""How many turns of another seat's resource production the search imagines it saved."""

MAX_ACTIONS = 40
"""The turn's safety stop, as in simulate.py."""

DEPTH = 24
"""Playout actions before each seat's worth (`worth`) scores the cut-off game."""


class _Dice:
    """The combat dice (2d6 by default), drawn from the search's generator."""

    def __init__(self, rng: random.Random, sides: int, count: int) -> None:
        self._rng, self._sides, self._count = rng, sides, count

    def roll(self) -> int:
        return sum(self._rng.randint(1, self._sides) for _ in range(self._count))


@dataclass
class Turn:
    """A game in the search: the engine state, whose turn it is (`at` in `order`), the
    turn's flags and actions so far, and the round."""

    state: State
    order: tuple[int, ...]
    at: int
    flags: TurnFlags
    actions: int
    round: int
    rounds: int
    over: bool = False


def _clone_seat(seat: Seat) -> Seat:
    return replace(seat, soldiers=list(seat.soldiers),
                   missions=[Mission(m.strength, m.target, m.eta) for m in seat.missions],
                   buildings=[Placed(p.building, p.face_up, p.residents, p.hits)
                              for p in seat.buildings])


def clone(turn: Turn) -> Turn:
    """A copy the search may change (rules, travel and token supply are shared; the
    counters start empty: the search never reports them)."""
    state = turn.state
    copied = State(state.rules, [_clone_seat(s) for s in state.seats], state.travel, {},
                   state.steps, state.tokens)
    flags = replace(turn.flags, fought=set(turn.flags.fought))
    return Turn(copied, turn.order, turn.at, flags, turn.actions, turn.round, turn.rounds,
                turn.over)


def resistance(state: State) -> list[float]:
    """Each seat's resistance in play: the points the game is won on (0 once out)."""
    buildings = state.rules.buildings
    return [float(sum(buildings.building(p.building).resistance for p in s.buildings))
            if s.alive else 0.0 for s in state.seats]


def worth(turn: Turn, values: Sequence[float]) -> list[float]:
    """Each seat's resistance in play plus what it can still build: its resources and the
    resources it will produce in the rounds left, up to the free building slots at the
    dearest building's cost (a building's cost is its resistance, so resources become
    points one for one)."""
    game = turn.state
    rules = game.rules
    dearest = max(b.cost for b in rules.buildings.buildings)
    slots = rules.forces.limits.max_buildings
    left = turn.rounds - turn.round
    found = []
    for seat, value in zip(game.seats, values, strict=True):
        room = max(0, slots - len(seat.buildings)) * dearest if seat.alive else 0
        found.append(value + min(room, seat.resources
                                 + left * resource_production(game, seat)))
    return found


def resource_production(state: State, seat: Seat) -> int:
    """Resources a seat's producing buildings yield each turn (public: the cards and the
    pawns on them lie on the table)."""
    buildings = state.rules.buildings
    return sum(buildings.building(p.building).resources for p in seat.buildings
               if p.face_up and p.residents >= state.rules.residents(p.building))


class WarlandSearch:
    """The adapter."""

    def seat(self, state: Turn) -> int:
        return -1 if state.over else state.order[state.at]

    def moves(self, state: Turn) -> Sequence[Action]:
        return searched(legal_actions(state.state, state.order[state.at], state.flags))

    def apply(self, state: Turn, move: Action, rng: random.Random) -> Turn:
        if move == END:
            _next_turn(state)
            return state
        index = state.order[state.at]
        game = state.state
        game.steps += 1
        if move.do in ROLLED:
            declare(game, index, state.flags, move)
            combat = game.rules.forces.combat
            dice = _Dice(rng, combat.dice_sides, combat.dice_per_strength)
            resolve(game, index, move, roll(game, index, move, dice))
        else:
            play_unrolled(game, index, state.flags, move)
        state.actions += 1
        if state.actions >= MAX_ACTIONS:
            _next_turn(state)
        return state

    def rewards(self, state: Turn) -> Sequence[float]:
        values = resistance(state.state)
        if state.over:
            best = max(values)
            won = [i for i, v in enumerate(values) if v == best and best > 0]
            return [1 / len(won) if i in won else 0.0 for i in range(len(values))]
        return lead_and_share(worth(state, values))

    def determinize(self, state: Turn, seat: int, rng: random.Random) -> Turn:
        sample = clone(state)
        game = sample.state
        for index, other in enumerate(game.seats):
            if index == seat:
                continue
            other.resources = rng.randint(
                0, SAVINGS_TURNS * resource_production(game, other))
            other.food = 0
        return sample

    def rollout(self, state: Turn, moves: Sequence[Action], rng: random.Random) -> Action:
        """The raider's play, ending the turn a tenth of the time: purposeful enough to
        build, recruit and fight, varied enough to try other lines."""
        if len(moves) == 1 or rng.random() < 0.1:
            return END
        return raider(state.state, state.order[state.at], list(moves), rng)


def _next_turn(turn: Turn) -> None:
    """The next living seat's turn, started; a new round, or the game's end."""
    game = turn.state
    while True:
        turn.at += 1
        if turn.at == len(turn.order):
            if sum(s.alive for s in game.seats) <= 1 or turn.round >= turn.rounds:
                turn.over = True
                return
            turn.round += 1
            turn.at = 0
        index = turn.order[turn.at]
        if game.seats[index].alive:
            start_turn(game, index)
            turn.flags = TurnFlags()
            turn.actions = 0
            return


def searched(legal: Sequence[Action]) -> list[Action]:
    """The root's moves: every action but the sends, of which only all-but-one soldier
    and every soldier to each target (a budget of a hundred playouts cannot weigh each
    count to each seat)."""
    sends = [a for a in legal if a.do == "send"]
    if not sends:
        return list(legal)
    most = max(a.count for a in sends)
    kept = {most, max(1, most - 1)}
    return [a for a in legal if a.do != "send" or a.count in kept]


class MctsAgent:
    """ISMCTS at each decision of one seat with more than one legal action."""

    def __init__(self, budget: Budget) -> None:
        self.search: Mcts[Turn, Action] = Mcts(WarlandSearch(),
                                               SearchLimits(budget, depth=DEPTH))

    def choose(self, turn: Turn, legal: Sequence[Action], rng: random.Random) -> Action:
        """The search's action among `legal` (the engine's, at `turn`)."""
        return self.search.choose(turn, searched(legal), rng)

