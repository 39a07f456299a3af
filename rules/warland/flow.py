"""WARLAND's turn flow as an explicit state: the one implementation that the simulation
(simulate.py) and the search (search.py) both drive.

Rounds; in each, the living seats' turns in the roll-off's order; each turn starts with
the automatic production and flipping (engine.begin_turn), then the meal: where food is
short the seat decides who starves (meal.starvations, "Tu scegli", warland.txt 40-43)
and whether to trade resources for food first at a Bazaar (meal.trades); once food
covers everyone it may still leave pawns unfed on purpose (54-55) or `feed`; then it
takes actions until END or MAX_ACTIONS; a rolled action waits for its roll's outcome
(`settle`); a round ends with the curve counters; the game ends after the last round or
when one castle is left. The flow is a plain object rather than a generator so that a
search can `copy` it.
"""

from __future__ import annotations

import random
from typing import Final

from stamperia.rules.warland.combat import ROLLED, DiceSource, resolve, roll
from stamperia.rules.warland.engine import begin_turn, declare, legal_actions, play_unrolled
from stamperia.rules.warland.meal import feed, food_need, leave_unfed, meal_actions, trade
from stamperia.rules.warland.state import (
    END,
    FEED,
    STARVE,
    TRADE,
    Action,
    Mission,
    Placed,
    Seat,
    State,
    TurnFlags,
)

MAX_ACTIONS: Final = 40
"""Safety stop for one turn's main phase (every action type is limited per turn, so a
turn ends on END well before it)."""

TURN_LIMIT: Final = "turn_limit"
LAST_CASTLE: Final = "last_castle"
"""How a game ended: after its last round (the content's round cap), or by the rules,
with at most the content's `simulation.castles_standing` castles left (1: the last castle
standing)."""


class RandomDice:
    """The combat dice, drawn from a generator (the game's, or the search's)."""

    def __init__(self, rng: random.Random, sides: int, count: int) -> None:
        self._rng, self._sides, self._count = rng, sides, count

    def roll(self) -> int:
        return sum(self._rng.randint(1, self._sides) for _ in range(self._count))


class Flow:
    """Where a game is: the engine state, the seat to move (`at` in `order`), its turn's
    flags and actions so far, the round (from 1), and a pending roll. `counting` False
    skips the round's curve counters (a search's copy, which never reports them)."""

    def __init__(self, state: State, order: tuple[int, ...], at: int, flags: TurnFlags,
                 actions: int, round: int, rounds: int, counting: bool = True) -> None:
        self.state = state
        self.order = order
        self.at = at
        self.flags = flags
        self.actions = actions
        self.round = round
        self.rounds = rounds
        self.counting = counting
        self.pending: Action | None = None
        """A declared rolled action waiting for its outcome (chance acts next)."""
        self.feeding = False
        """The seat to move is at its meal (its legal actions are meal.meal_actions):
        who starves, a trade, or `feed`, which ends it, before its main phase."""
        self.played = round - 1
        """Rounds completed."""
        self.turns = 0
        """Turns completed by this flow."""
        self.produced = 0
        """Food produced at the starts of this round's turns (a curve counter)."""
        self.end = TURN_LIMIT
        self.over = False
        self._legal: list[Action] | None = None

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.at]

    @property
    def legal(self) -> list[Action]:
        """The legal actions of the seat to move, listed once per decision."""
        if self._legal is None:
            index = self.order[self.at]
            self._legal = (meal_actions(self.state, index) if self.feeding
                           else legal_actions(self.state, index, self.flags))
        return self._legal

    def decide(self, action: Action) -> None:
        """Play a legal action of the seat to move; a rolled one waits for `settle`."""
        self._legal = None
        if action.do == FEED:
            self.state.steps += 1
            self.feeding = False
            feed(self.state, self.order[self.at], ())
            return
        if action.do == STARVE:
            self.state.steps += 1
            leave_unfed(self.state, self.order[self.at], action.starve)
            return
        if action.do == TRADE:
            self.state.steps += 1
            trade(self.state, self.order[self.at], action)
            return
        if action == END:
            self._end_turn()
            return
        state, index = self.state, self.order[self.at]
        state.steps += 1
        if action.do in ROLLED:
            declare(state, index, self.flags, action)
            self.pending = action
            return
        play_unrolled(state, index, self.flags, action)
        self._acted()

    def draw(self, dice: DiceSource) -> str:
        """The pending roll's outcome, drawn from `dice`."""
        pending = self.pending
        assert pending is not None
        return roll(self.state, self.order[self.at], pending, dice)

    def settle(self, outcome: str) -> None:
        """Apply the pending roll's outcome (combat.DEMOLITION_/BATTLE_OUTCOMES)."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        self._legal = None
        resolve(self.state, self.order[self.at], pending, outcome)
        self._acted()

    def copy(self, counting: bool = True) -> Flow:
        """A copy that play may change: seats, their pawns, missions and buildings, and
        the turn's flags are cloned; rules, travel and the token supply are shared. With
        `counting` False the counters start empty and the curves are skipped."""
        state = self.state
        counters = dict(state.counters) if counting else {}
        copied = State(state.rules, [_copy_seat(s) for s in state.seats], state.travel,
                       counters, state.steps, state.tokens)
        flags = self.flags
        turn = TurnFlags(flags.built_or_demolished, flags.recruited, flags.promoted,
                         flags.sent, set(flags.fought), flags.defended)
        flow = Flow(copied, self.order, self.at, turn, self.actions, self.round,
                    self.rounds, counting)
        flow.pending = self.pending
        flow.feeding = self.feeding
        flow.played = self.played
        flow.turns = self.turns
        flow.produced = self.produced
        flow.end = self.end
        flow.over = self.over
        return flow

    def _acted(self) -> None:
        self.actions += 1
        if self.actions >= MAX_ACTIONS:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self._next_seat(self.at + 1)

    def _next_seat(self, at: int) -> None:
        """The turn of the first living seat from `at` in the order, started; past the
        last seat the round ends, and maybe the game."""
        seats = self.state.seats
        while True:
            if at == len(self.order):
                self._end_round()
                if self.over:
                    return
                at = 0
            index = self.order[at]
            if seats[index].alive:
                self.at = at
                self._start(index)
                return
            at += 1

    def _start(self, index: int) -> None:
        begin_turn(self.state, index)
        self.produced += self.state.seats[index].produced_food
        self.feeding = True
        self.flags = TurnFlags()
        self.actions = 0
        self._legal = None

    def _end_round(self) -> None:
        state = self.state
        self.played = self.round
        alive = [s for s in state.seats if s.alive]
        if self.counting:
            curves = {"food": self.produced,
                      "food_needed": sum(food_need(state, s) for s in alive),
                      "resources": sum(s.resources for s in alive),
                      "buildings": sum(len(s.buildings) for s in alive)}
            for name, value in curves.items():
                state.counters[f"curve.{name}.t{self.round:02d}"] = value
        if len(alive) <= state.rules.castles_standing:
            self.end = LAST_CASTLE
            self.over = True
        elif self.round >= self.rounds:
            self.over = True
        else:
            self.round += 1
            self.produced = 0


def opening(state: State, rounds: int, first: int) -> Flow:
    """A new game's flow: seat `first` (the roll-off's winner) and the seats after it
    clockwise, its first turn begun (none if `rounds` is below 1)."""
    players = len(state.seats)
    flow = Flow(state, tuple((first + i) % players for i in range(players)), 0,
                TurnFlags(), 0, 1, rounds)
    if rounds < 1:
        flow.over = True
    else:
        flow._next_seat(0)
    return flow


def _copy_seat(seat: Seat) -> Seat:
    return Seat(seat.faction, seat.agent, seat.resources, seat.food, seat.carpenters,
                list(seat.soldiers),
                [Mission(m.strength, m.target, m.eta) for m in seat.missions],
                [Placed(p.building, p.face_up, p.residents, p.hits) for p in seat.buildings],
                seat.alive, seat.produced_food)
