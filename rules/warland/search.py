"""WARLAND for information-set MCTS (stamperia.rules.search.mcts.SearchGame), and the `mcts` agent.

What a seat cannot see: the rulebook has each player keep "le risorse e il cibo" on their
own sheet, so the other seats' resources and food are hidden. Everything else (buildings,
face up or down, which were declared when built; pawns; missions; the round) lies on the
table. Each iteration deals the hidden numbers again: another seat's resources are drawn
from 0 to what its producing buildings yield in SAVINGS_TURNS turns (its production is
public), and its food is 0 (food spoils at the end of a turn and production refills it at
the start of the next, so it never carries into a turn). Combat rolls come from the
search's generator.

The search plays copies of the game's own turn flow (flow.py), without its curve counters
(the search never reports them); a roll is drawn at once from the search's generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stamperia.rules.search.mcts import Mcts, SearchLimits, lead_and_share
from stamperia.rules.search.spec import Budget
from stamperia.rules.warland.agents import at_meal, hungriest, raider
from stamperia.rules.warland.flow import Flow, RandomDice
from stamperia.rules.warland.state import END, FEED, Action, Seat, State

SAVINGS_TURNS = 2
"""How many turns of another seat's resource production the search imagines it saved."""

DEPTH = 24
"""Playout actions before each seat's worth (`worth`) scores the cut-off game."""



def clone(turn: Flow) -> Flow:
    """A copy the search may change (rules, travel and token supply are shared; the
    counters start empty and the curves are skipped: the search never reports them)."""
    return turn.copy(counting=False)


def resistance(state: State) -> list[float]:
    """Each seat's resistance in play: the points the game is won on (0 once out)."""
    buildings = state.rules.buildings
    return [float(sum(buildings.building(p.building).resistance for p in s.buildings))
            if s.alive else 0.0 for s in state.seats]


def worth(turn: Flow, values: Sequence[float]) -> list[float]:
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
        room = max(0, slots - rules.counted(seat)) * dearest if seat.alive else 0
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

    def seat(self, state: Flow) -> int:
        return -1 if state.over else state.seat

    def moves(self, state: Flow) -> Sequence[Action]:
        return searched(state.legal)

    def apply(self, state: Flow, move: Action, rng: random.Random) -> Flow:
        state.decide(move)
        if state.pending is not None:
            combat = state.state.rules.forces.combat
            state.settle(state.draw(RandomDice(rng, combat.dice_sides,
                                               combat.dice_per_strength)))
        return state

    def rewards(self, state: Flow) -> Sequence[float]:
        values = resistance(state.state)
        if state.over:
            best = max(values)
            won = [i for i, v in enumerate(values) if v == best and best > 0]
            return [1 / len(won) if i in won else 0.0 for i in range(len(values))]
        return lead_and_share(worth(state, values))

    def determinize(self, state: Flow, seat: int, rng: random.Random) -> Flow:
        sample = clone(state)
        game = sample.state
        for index, other in enumerate(game.seats):
            if index == seat:
                continue
            other.resources = rng.randint(
                0, SAVINGS_TURNS * resource_production(game, other))
            other.food = 0
        return sample

    def rollout(self, state: Flow, moves: Sequence[Action], rng: random.Random) -> Action:
        """The raider's play, ending the turn a tenth of the time: purposeful enough to
        build, recruit and fight, varied enough to try other lines; at the meal, the
        hungriest unfed first half the time, else any choice; a fed meal always feeds."""
        if at_meal(list(moves)):
            if Action(FEED) in moves:
                return Action(FEED)
            return (hungriest(state.state, state.seat, list(moves)) if rng.random() < 0.5
                    else rng.choice(list(moves)))
        if len(moves) == 1 or rng.random() < 0.1:
            return END
        return raider(state.state, state.seat, list(moves), rng)


def searched(legal: Sequence[Action]) -> list[Action]:
    """The root's moves: every action but the sends, of which only all-but-one soldier
    and every soldier to each target, the strongest of each count (a budget of a hundred
    playouts cannot weigh each count and choice of soldiers to each seat); at a fed meal,
    `feed` only (a pawn starved on purpose is a move the search has no use for: it would
    add a branch at every turn's start)."""
    if Action(FEED) in legal:
        return [Action(FEED)]
    sends = [a for a in legal if a.do == "send"]
    if not sends:
        return list(legal)
    most = max(a.count for a in sends)
    kept = {most, max(1, most - 1)}
    # combat.groups lists the strongest group of a count first
    first: dict[tuple[int, int], Action] = {}
    for action in sends:
        first.setdefault((action.target, action.count), action)
    return [a for a in legal if a.do != "send"
            or (a.count in kept and first[(a.target, a.count)] is a)]


class MctsAgent:
    """ISMCTS at each decision of one seat with more than one legal action."""

    def __init__(self, budget: Budget) -> None:
        self.search: Mcts[Flow, Action] = Mcts(WarlandSearch(),
                                               SearchLimits(budget, depth=DEPTH))

    def choose(self, turn: Flow, legal: Sequence[Action], rng: random.Random) -> Action:
        """The search's action among `legal` (the engine's, at `turn`)."""
        return self.search.choose(turn, searched(legal), rng)

