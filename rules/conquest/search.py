"""SGRUNT and MUGRUGNI for information-set MCTS (stamperia.rules.search.mcts.SearchGame).

A seat sees the map, its own objective, hand and discards, and every discard pile; it
does not see the other objectives, the other hands, any draw pile's order or the event
pile's order. Each iteration deals those again: the objectives it does not hold among the
others, each other seat's hand and pile from their cards together, every pile and the
events shuffled; dice come from the search's generator. The other objectives are not
drawn uniformly: a card is the likelier a seat's the more of its territories that seat
holds on the map (public), as a player reads the others' claims. Unseen cards are sorted before
each shuffle, so the sample depends on what the seat cannot see only through what it can
(the cards' count and the multiset of those it has not seen), never through their order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stamperia.rules.conquest.actions import A_SHIFT, ATTACK_DO, C_SHIFT, FIELD_MASK, KIND_MASK
from stamperia.rules.conquest.agents import Agent, IntAgent
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.greedy import IntGreedy
from stamperia.rules.conquest.positions import copy_state
from stamperia.rules.conquest.state import Action, Phase, State
from stamperia.rules.draws import shuffle, weighted
from stamperia.rules.search.mcts import Mcts, SearchLimits, lead_and_share
from stamperia.rules.search.spec import Budget


class ConquestSearch:
    """The adapter over one compiled game's engine; moves are the engine's ints
    (actions.py), listed in the order of the readable actions."""

    def __init__(self, engine: ConquestEngine) -> None:
        self.engine = engine
        self.greedy = IntGreedy(engine, None)
        self._weighed: tuple[tuple[int, int, int, list[int]], list[int],
                             dict[int, list[float]]] | None = None
        """((seat, players, its objective, owners), unseen objectives, each other seat's weights):
        worked out once per decision (a search determinizes the same state per playout)."""

    def seat(self, state: State) -> int:
        return -1 if state.phase is Phase.OVER else state.actor

    def moves(self, state: State) -> Sequence[int]:
        return self.engine.legal_ints(state)

    def apply(self, state: State, move: int, rng: random.Random) -> State:
        self.engine.apply_int(state, move)
        return state

    def rewards(self, state: State) -> Sequence[float]:
        if state.phase is Phase.OVER:
            won = state.winners
            return [1 / len(won) if s in won else 0.0 for s in range(state.players)]
        return lead_and_share([float(o + c) for o, c, _, _ in self.engine.scores(state)])

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """(Its draws are rules/draws.py's, which give random.Random's values: compiled,
        the standard library's shuffle and choices ran as Python, half a playout's cost;
        the sample's dice draw from the search's own generator.)"""
        sample = copy_state(state, rng)
        others = [s for s in range(state.players) if s != seat]
        unseen, table = self._weights(state, seat, others)
        left = list(range(len(unseen)))
        for s in others:
            if not left:
                break
            row = table[s]
            sample.objectives[s] = unseen[left.pop(weighted(rng, [row[i] for i in left]))]
        for s in others:
            cards = sorted(sample.hands[s] + sample.draw_piles[s])
            shuffle(rng, cards)
            size = len(sample.hands[s])
            sample.hands[s], sample.draw_piles[s] = cards[:size], cards[size:]
        sample.draw_piles[seat].sort()
        shuffle(rng, sample.draw_piles[seat])
        sample.events.sort()
        shuffle(rng, sample.events)
        return sample

    def _weights(self, state: State, seat: int, others: list[int]
                 ) -> tuple[list[int], dict[int, list[float]]]:
        """The objectives `seat` has not seen, and each other seat's evidence for each:
        they depend only on the map and the seat's own card, so a decision's playouts
        share them (worked out again when either changes)."""
        key = (seat, state.players, state.objectives[seat], state.owner)
        cached = self._weighed
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        unseen = [o for o in range(len(self.engine.tables.objectives))
                  if o != state.objectives[seat]]
        table = {s: [self.evidence(state, s, o) for o in unseen] for s in others}
        self._weighed = ((seat, state.players, state.objectives[seat], list(state.owner)),
                         unseen, table)
        return unseen, table

    def evidence(self, state: State, seat: int, objective: int) -> float:
        """How much more likely `seat` holds `objective` than another card, from what lies
        on the map: EVIDENCE for each of the card's territories the seat owns (a player
        claims and keeps the territories of its own card first)."""
        _, entries = self.engine.tables.objectives[objective]
        owner = state.owner
        return float(EVIDENCE ** sum(1 for t, _ in entries if owner[t] == seat))

    def rollout(self, state: State, moves: Sequence[int], rng: random.Random) -> int:
        """Greedy play: random playouts never complete an objective card, greedy ones do,
        and what the search must learn is who completes theirs first."""
        return self.greedy(state, list(moves), rng)


DEPTH = 16
"""Playout moves before the score estimate replaces the end of the game: the rest of the
seat's attacks and move, and the next seat's first decisions. Measured against two greedy
seats (3 players, 45 games, seed 7, pure): depth 40 and depth 12 won the same 17 games
(the same choices), depth 40 at 2.4 times the CPU."""

PRIOR = 1.0
"""The bias towards greedy's choice (stamperia.rules.search.mcts.SearchLimits.prior)."""

EVIDENCE = 3
"""The odds each owned territory of an objective card adds to that card being a seat's."""

SEARCHED = frozenset({Phase.ATTACK})
"""The decisions the search weighs: which attack to make, or to stop. The others (claims,
placements, dice, cards, moves) follow greedy: a search at each of the ~150 decisions a
seat takes in a game costs more than it wins."""


class MctsIntAgent:
    """ISMCTS over this game's engine at the attack decisions, on the engine's ints (an
    IntAgent); among the attacks it weighs those rolling the most dice. Elsewhere greedy.

    One per seat and game. It reuses its last search's subtree when nobody else decided
    since its last decision (the state's `steps` counts every decision): the moves it
    played since then are the path from that search's chosen move to the new root."""

    def __init__(self, engine: ConquestEngine, budget: Budget) -> None:
        self.engine = engine
        self.search: Mcts[State, int] = Mcts(ConquestSearch(engine),
                                             SearchLimits(budget, depth=DEPTH, prior=PRIOR))
        self.greedy = IntGreedy(engine, None)
        self.since: list[int] | None = None
        """This seat's moves since its last search (None: another seat decided since)."""
        self.expected = -1
        """The state's `steps` at this seat's next decision if nobody else decides."""

    def __call__(self, state: State, actions: list[int] | None, rng: random.Random) -> int:
        since = self.since if state.steps == self.expected else None
        if state.phase not in SEARCHED:
            action = self.greedy(state, actions, rng)
            if since is not None:
                since.append(action)
            self.since = since
        else:
            if actions is None:  # an ATTACK decision counted (options.plan_attacks): listed
                actions = self.engine.legal_ints(state)
            boars = state.boars
            candidates = [a for a in actions if a & KIND_MASK != ATTACK_DO
                          or a >> C_SHIFT == min(3, boars[(a >> A_SHIFT) & FIELD_MASK] - 1)]
            action = self.search.choose(state, candidates, rng, since)
            self.since = []
        self.expected = state.steps + 1
        return action


def mcts_int_agent(engine: ConquestEngine, budget: Budget) -> IntAgent:
    """An MctsIntAgent for one seat of one game."""
    return MctsIntAgent(engine, budget)


def mcts_agent(engine: ConquestEngine, budget: Budget) -> Agent:
    """`mcts_int_agent` with the conquest agent signature (readable tuples)."""
    chosen = mcts_int_agent(engine, budget)

    def agent(_engine: ConquestEngine, state: State, actions: list[Action],
              rng: random.Random) -> Action:
        return engine.decode(chosen(state, [engine.encode(a) for a in actions], rng))

    return agent
