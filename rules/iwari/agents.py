"""Agents: who decides a seat's moves. Random picks uniformly; greedy follows a short
heuristic (tent majorities, camps along paths, totem majorities, cards kept in pairs)."""

from __future__ import annotations

import random
from typing import Protocol

from rules.iwari.engine import Discard, Place, State, TurnAction
from rules.iwari.scoring import tent_points


class Agent(Protocol):
    def turn(self, state: State, seat: int, options: list[TurnAction]) -> TurnAction: ...

    def third(self, state: State, seat: int, options: list[Place]) -> Place: ...

    def draw(self, state: State, seat: int, sources: list[int]) -> int: ...


class RandomAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def turn(self, state: State, seat: int, options: list[TurnAction]) -> TurnAction:
        places = [o for o in options if isinstance(o, Place)]
        return self.rng.choice(places or options)

    def third(self, state: State, seat: int, options: list[Place]) -> Place:
        return self.rng.choice(options)

    def draw(self, state: State, seat: int, sources: list[int]) -> int:
        return self.rng.choice(sources)


def _value(state: State, seat: int, place: Place) -> float:
    """Points the placement adds for `seat` in its territory, plus camp and totem hopes."""
    counts = state.tent_counts(place.territory)
    before = tent_points(counts)[seat]
    counts[seat] += len(place.spaces)
    gain = tent_points(counts)[seat] - before
    links = state.board.space_links
    camp = sum(1 for space in place.spaces for other in links[space]
               if state.tents[other] == seat)
    totems = state.totems[place.territory]
    mine = totems[seat] + place.totems
    totem = 2.0 * place.totems if mine >= max(totems) else 0.5 * place.totems
    return gain + 0.8 * camp + totem - 0.4 * len(place.cards)


class GreedyAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def turn(self, state: State, seat: int, options: list[TurnAction]) -> TurnAction:
        places = [o for o in options if isinstance(o, Place)]
        if not places:
            hand = state.hands[seat]
            return min((o for o in options if isinstance(o, Discard)),
                       key=lambda d: (hand.count(d.card), d.card))
        best = max(_value(state, seat, p) for p in places)
        return self.rng.choice([p for p in places if _value(state, seat, p) == best])

    def third(self, state: State, seat: int, options: list[Place]) -> Place:
        """Spend few cards, and put the shared tribe where it hurts an opponent's lead."""
        def harm(place: Place) -> tuple[int, int]:
            counts = state.tent_counts(place.territory)
            others = max((c for s, c in enumerate(counts) if s != seat), default=0)
            return (-len(place.cards), others - counts[seat])

        best = max(harm(p) for p in options)
        return self.rng.choice([p for p in options if harm(p) == best])

    def draw(self, state: State, seat: int, sources: list[int]) -> int:
        hand = state.hands[seat]
        display = [s for s in sources if s >= 0]
        pairing = [s for s in display if state.display[s] in hand]
        if pairing:
            return pairing[0]
        return -1 if -1 in sources else self.rng.choice(sources)


AGENTS = ("random", "greedy")


def make_agent(name: str, rng: random.Random) -> Agent:
    return GreedyAgent(rng) if name == "greedy" else RandomAgent(rng)
