"""Agents: who decides a seat's moves. Random picks uniformly; greedy follows a short
heuristic (tent majorities, camps along paths, totem majorities, cards kept in pairs);
`heuristic:<profile>` is greedy with the weights of a profile in the game's content."""

from __future__ import annotations

import random
from typing import Protocol

from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariAgentProfile, IwariSet
from stamperia.rules.draws import below, pick, sample
from stamperia.rules.iwari.actions import Discard, Option, Place, Plays, TurnAction
from stamperia.rules.iwari.engine import State, source_at, spread
from stamperia.rules.iwari.feats import Earned
from stamperia.rules.iwari.pricing import PAYMENT_BITS, ROW_BITS, TENT_BITS
from stamperia.rules.iwari.scoring import connection_holders, tent_points
from stamperia.rules.search.spec import parse_agent


class Agent(Protocol):
    """`plays` are the legal placements (actions.Plays); a draw picks one of the `sources`
    first sources of engine.draw_sources (answering its value: a slot, or -1)."""

    def turn(self, state: State, seat: int, plays: Plays, discards: list[str]
             ) -> TurnAction: ...

    def third(self, state: State, seat: int, plays: Plays) -> Place: ...

    def draw(self, state: State, seat: int, sources: int) -> int: ...

    def feat(self, state: State, seat: int, feat: Earned) -> int: ...


def _after(upto: list[int], value: int) -> int:
    """bisect.bisect_right(upto, value), written out: compiled, it runs natively."""
    low, high = 0, len(upto)
    while low < high:
        middle = (low + high) // 2
        if value < upto[middle]:
            high = middle
        else:
            low = middle + 1
    return low


def random_place(state: State, plays: Plays, rng: random.Random) -> Place:
    """A placement drawn uniformly among all concrete legal placements: the play weighted
    by its number of space choices, then its spaces sampled, with no full enumeration."""
    code = plays.code(plays.pick(below(rng, plays.total())))
    tents = code & ((1 << TENT_BITS) - 1)
    code >>= TENT_BITS
    payment = code & ((1 << PAYMENT_BITS) - 1)
    code >>= PAYMENT_BITS
    cards, pieces = plays.priced[code & ((1 << ROW_BITS) - 1)][payment]
    territory = code >> ROW_BITS
    spaces = sample(rng, state.free[territory], tents)
    spaces.sort()
    return Place(territory, cards, tuple(spaces), pieces - tents)


def random_option(state: State, options: list[Option], rng: random.Random) -> Place:
    """random_place among readable options (the same draws for the same options)."""
    upto: list[int] = []
    total = 0
    for option in options:
        total += option.ways
        upto.append(total)
    option = options[_after(upto, below(rng, total))]
    spaces = sample(rng, state.free[option.territory], option.tents)
    spaces.sort()
    return Place(option.territory, option.cards, tuple(spaces), option.totems)


class RandomAgent:
    """Plays whenever it can (uniform over concrete placements), else a random discard."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def turn(self, state: State, seat: int, plays: Plays, discards: list[str]
             ) -> TurnAction:
        if plays.entries:
            return random_place(state, plays, self.rng)
        return Discard(pick(self.rng, discards))

    def third(self, state: State, seat: int, plays: Plays) -> Place:
        return random_place(state, plays, self.rng)

    def draw(self, state: State, seat: int, sources: int) -> int:
        return source_at(state, below(self.rng, sources))

    def feat(self, state: State, seat: int, feat: Earned) -> int:
        return pick(self.rng, feat.where)


def place_value(state: State, seat: int, place: Place) -> float:
    """Points the placement adds for `seat` in its territory, plus camp and totem hopes."""
    gain, camp, leads = _place_parts(state, seat, place)
    totem = 2.0 * place.totems if leads else 0.5 * place.totems
    return gain + 0.8 * camp + totem - 0.4 * len(place.cards)


def weighted_place_value(state: State, seat: int, place: Place,
                         weights: IwariAgentProfile) -> int:
    """place_value with a profile's weights, in fortieths of a point (exact integers)."""
    gain, camp, leads = _place_parts(state, seat, place)
    totem = weights.totems * place.totems * (4 if leads else 1)
    return 4 * (weights.tents * gain + weights.camps * camp - weights.cards * len(place.cards)) \
        + totem


def _place_parts(state: State, seat: int, place: Place) -> tuple[int, int, bool]:
    """(majority points gained, own tents the new ones link to, leads the totems after)."""
    counts = state.tent_counts(place.territory)
    before = tent_points(counts)[seat]
    counts[seat] = counts[seat] + len(place.spaces)
    gain = tent_points(counts)[seat] - before
    links = state.board.space_links
    camp = sum(1 for space in place.spaces for other in links[space]
               if state.tents[other] == seat)
    totems = state.totems[place.territory]
    return gain, camp, totems[seat] + place.totems >= max(totems)


def _feat_value(state: State, seat: int, feat: Earned, at: int) -> tuple[int, int]:
    """What one more multiplier there is worth now: `seat`'s points there, then the best
    opponent's points (smaller is better)."""
    if feat.on == "territory":
        points = tent_points(state.counts[at])
    else:
        connection = state.board.connection(at)
        holders = connection_holders(state.position(), connection.a, connection.b)
        value = state.totem_sum[connection.a] + state.totem_sum[connection.b]
        points = [value if s in holders else 0 for s in range(state.seats)]
    others = max((p for s, p in enumerate(points) if s != seat), default=0)
    return (points[seat], -others)


class GreedyAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def turn(self, state: State, seat: int, plays: Plays, discards: list[str]
             ) -> TurnAction:
        if not plays.entries:
            hand = state.hands[seat]
            fewest = min(hand.count(card) for card in discards)
            # ties drawn with the seeded generator, not by the cards' order
            return Discard(pick(self.rng, sorted(c for c in discards
                                                 if hand.count(c) == fewest)))
        scored = [(place_value(state, seat, p), p)
                  for o in plays.options() for p in spread(state, o)]
        best = max(value for value, _ in scored)
        return pick(self.rng, [p for value, p in scored if value == best])

    def third(self, state: State, seat: int, plays: Plays) -> Place:
        """Spend few cards, and put the shared tribe where it hurts an opponent's lead."""
        def harm(option: Option) -> tuple[int, int]:
            counts = state.counts[option.territory]
            others = max((c for s, c in enumerate(counts) if s != seat), default=0)
            return (-len(option.cards), others - counts[seat])

        options = plays.options()
        best = max(harm(o) for o in options)
        return random_option(state, [o for o in options if harm(o) == best], self.rng)

    def draw(self, state: State, seat: int, count: int) -> int:
        sources = [source_at(state, index) for index in range(count)]
        hand = state.hands[seat]
        display = [s for s in sources if s >= 0]
        pairing = [s for s in display if state.display[s] in hand]
        if pairing:  # display cards pairing one in hand are as good: drawn among equals
            return pick(self.rng, pairing)
        return -1 if -1 in sources else pick(self.rng, sources)

    def feat(self, state: State, seat: int, feat: Earned) -> int:
        """The place where the multiplier adds most to `seat` (the player deciding, also for
        the shared tribe), then least to the best opponent; a seeded draw among equals."""
        values = [(_feat_value(state, seat, feat, at), at) for at in feat.where]
        best = max(value for value, _ in values)
        return pick(self.rng, [at for value, at in values if value == best])


class HeuristicAgent(GreedyAgent):
    """Greedy, placing by a content profile's weights (read from the game's set when it
    first plays: the runner has checked the profile exists)."""

    def __init__(self, profile: str, rng: random.Random) -> None:
        super().__init__(rng)
        self.profile = profile

    def turn(self, state: State, seat: int, plays: Plays, discards: list[str]
             ) -> TurnAction:
        if not plays.entries:
            return super().turn(state, seat, plays, discards)
        weights = next((p for p in state.components.agents if p.id == self.profile), None)
        if weights is None:
            raise ValueError(f"no agent profile {self.profile!r} in the content")
        scored = [(weighted_place_value(state, seat, p, weights), p)
                  for o in plays.options() for p in spread(state, o)]
        best = max(value for value, _ in scored)
        return pick(self.rng, [p for value, p in scored if value == best])


AGENTS = ("random", "greedy", "mcts", "heuristic")


def make_agent(name: str, rng: random.Random) -> Agent:
    """The agent a name stands for (`mcts:400`: ISMCTS with 400 playouts per decision;
    `heuristic:<id>`: greedy with the content profile `id`'s weights)."""
    if name == "random":  # the simulator's usual agent, made for every game: no parsing
        return RandomAgent(rng)
    spec = parse_agent(name, AGENTS)
    if spec.profile is not None:
        return HeuristicAgent(spec.profile, rng)
    if spec.budget is not None:
        from stamperia.rules.iwari.search import MctsAgent

        return MctsAgent(spec.budget, rng)
    return GreedyAgent(rng) if spec.name == "greedy" else RandomAgent(rng)


def profiles(game: Game) -> tuple[str, ...]:
    """The content's player profiles for `heuristic:<profile>`."""
    return tuple(p.id for p in game.part(IwariSet).agents)
