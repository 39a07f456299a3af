"""Agents for the conquest engine, kept apart from it: they only read a state and pick
one of the legal actions, with their own `random.Random`.

- random: any legal action, uniformly (one float from its generator per decision).
- greedy: a simple player that works towards its objective card: it claims and reinforces
  objective territories and the frontier, attacks only with a clear majority and keeps
  rolling (all its dice) while it is not outnumbered, plays its dice cards when it fights,
  defends with the dice count that costs the attacker most against what it loses itself
  (fewer dice against Carica's first roll, else all),
  and ends its turn moving boars to the front.
- heuristic:<profile>: greedy with a content profile's weights where a player's style
  shows: when to attack, how long to keep rolling, where to place boars and how many to
  leave behind after a conquest.

These read readable tuples (the engine's public API); simulations play the same players on
the engine's ints (`int_agent`: RandomInt here, greedy and heuristic in greedy.py, ISMCTS
in search.py), which choose the very same actions. Equally good actions are drawn from the
seat's generator (greedy.draw_tied), never taken in list order.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.greedy import IntGreedy, Weights, draw_tied
from stamperia.rules.conquest.options import attack_at, move_at, place_at, place_width
from stamperia.rules.conquest.state import ATTACK, CLAIM, PLACE, Action, Phase, State
from stamperia.rules.search.spec import parse_agent

Agent = Callable[[ConquestEngine, State, list[Action], random.Random], Action]
IntAgent = Callable[[State, list[int] | None, random.Random], int]
"""An agent of the simulation's hot path: the legal actions as actions.py's ints, or None
in a PLACE, CLAIM, ATTACK or MOVE decision whose actions are counted rather than listed
(options.place_at, state.claims, options.attack_at, options.move_at)."""


def random_agent(_engine: ConquestEngine, _state: State, actions: list[Action],
                 rng: random.Random) -> Action:
    return actions[int(rng.random() * len(actions))]


def _unbound() -> float:
    raise AssertionError("RandomInt draws from the generator it is handed")


class RandomInt:
    """random_agent on ints: the same index from the same generator. One per seat and game:
    it binds the generator's `random` once (compiled, `rng.random()` looks the method up
    on every call, a tenth of a random game)."""

    def __init__(self) -> None:
        self.rng: random.Random | None = None
        self.draw: Callable[[], float] = _unbound

    def __call__(self, state: State, actions: list[int] | None, rng: random.Random) -> int:
        picked: int = self.pick(state, actions, rng)
        return picked

    def pick(self, state: State, actions: list[int] | None, rng: random.Random) -> Any:
        """The call's choice, as a method (the simulation's engine calls it natively:
        simulate.ConquestGames.decide). An int, typed Any: compiled, the listed action's
        own object is handed on, not unboxed here and boxed anew for the play loop."""
        if rng is not self.rng:
            self.rng = rng
            self.draw = rng.random
        if actions is None:
            phase = state.phase
            if phase is PLACE:
                return place_at(state, int(self.draw() * place_width(state)))
            if phase is ATTACK:
                return attack_at(state, int(self.draw() * state.attack_width))
            if phase is CLAIM:
                claims: list[Any] = state.claims  # legal's list is a copy of these
                count = len(claims)  # a local int: not multiplied boxed (see below)
                return claims[int(self.draw() * count)]
            return move_at(state, int(self.draw() * state.move_width))
        listed: list[Any] = actions
        width = len(listed)  # a local int: compiled, `float * len()` multiplied boxed
        return listed[int(self.draw() * width)]


class ReadableAgent:
    """An agent that reads actions as tuples behind the ints: it sees the decoded list in
    the same order and its pick is encoded back (tests compare the int agents with it)."""

    def __init__(self, agent: Agent, engine: ConquestEngine) -> None:
        self.agent = agent
        self.engine = engine

    def __call__(self, state: State, actions: list[int] | None, rng: random.Random) -> int:
        engine = self.engine
        listed = engine.legal_ints(state) if actions is None else actions
        return engine.encode(self.agent(engine, state, [engine.decode(a) for a in listed],
                                        rng))


def _targets(engine: ConquestEngine, state: State, seat: int) -> set[int]:
    _, entries = engine.tables.objectives[state.objectives[seat]]
    return {t for t, _ in entries}


def _threat(engine: ConquestEngine, state: State, territory: int) -> int:
    """Enemy boars next to a territory: how exposed it is."""
    seat = state.owner[territory]
    return sum(state.boars[n] for n, _ in engine.tables.neighbours[territory]
               if state.owner[n] not in (seat, -1))


def _best(engine: ConquestEngine, actions: list[Action], key: Callable[[Action], Any],
          rng: random.Random) -> Action:
    """An action of the highest key, drawn among equals as greedy.draw_tied draws."""
    return _drawn(engine, [(key(a), a) for a in actions], rng)


def _drawn(engine: ConquestEngine, scored: list[tuple[Any, Action]], rng: random.Random
           ) -> Action:
    top = max(key for key, _ in scored)
    tied = {engine.encode(a): a for key, a in scored if key == top}
    return tied[draw_tied(list(tied), rng)]


def greedy_agent(engine: ConquestEngine, state: State, actions: list[Action],
                 rng: random.Random) -> Action:
    seat, phase = state.actor, state.phase
    if phase is Phase.CLAIM:
        # the open claims among its objective's territories, in territory order, found
        # without a scan of every claim (maps may have thousands of territories)
        wanted = [("claim", t) for t in sorted(_targets(engine, state, seat))
                  if state.owner[t] < 0]
        return rng.choice(wanted or actions)
    if phase is Phase.PLACE:
        targets = _targets(engine, state, seat)

        def place_value(action: Action) -> tuple[int, int, int]:
            t = int(action[1])
            near_target = any(n in targets and state.owner[n] != seat
                              for n, _ in engine.tables.neighbours[t])
            return (int(near_target) + int(t in targets), _threat(engine, state, t),
                    int(action[2]))
        return _best(engine, actions, place_value, rng)
    if phase is Phase.REMOVE:
        return _best(engine, actions, lambda a: (-_threat(engine, state, int(a[1])),
                                                 state.boars[int(a[1])], int(a[2])), rng)
    if phase is Phase.DISCARD:
        return _best(engine, actions, lambda a: 0, rng)
    if phase is Phase.TRUCE:
        others = [a for a in actions if int(a[1]) >= 0]
        mine = state.territories_of(seat)

        def pressure(action: Action) -> int:
            other = int(action[1])
            return sum(state.boars[n] for t in mine for n, _ in engine.tables.neighbours[t]
                       if state.owner[n] == other)
        if not others or max(pressure(a) for a in others) <= 0:
            return actions[0]
        return _best(engine, others, pressure, rng)
    if phase is Phase.RECRUIT:
        return _best(engine, actions, lambda a: int(a[2]), rng)
    if phase is Phase.ATTACK:
        return _greedy_attack(engine, state, actions, rng)
    if phase is Phase.BATTLE:
        battle = state.battle
        assert battle is not None
        ahead = state.boars[battle.origin] - 1 >= state.boars[battle.target]
        return actions[-1] if ahead else actions[0]
    if phase in (Phase.ATTACK_CARD, Phase.DEFENCE_CARD):
        return _best(engine, actions[1:] or actions, lambda a: 0, rng)
    if phase is Phase.DEFEND:
        return max(actions, key=lambda a: (_defence_value(engine, state, int(a[1])),
                                           int(a[1])))
    if phase is Phase.OCCUPY:
        battle = state.battle
        assert battle is not None
        keep = 1 if _threat(engine, state, battle.origin) == 0 else state.boars[battle.origin] // 2
        boars = max(1, state.boars[battle.origin] - max(1, keep))
        return _best(engine, actions, lambda a: -abs(int(a[1]) - boars), rng)
    if phase is Phase.MOVE:
        moves = [a for a in actions if a[0] == "move"
                 and _threat(engine, state, int(a[1])) == 0
                 and _threat(engine, state, int(a[2])) > 0]
        if not moves:
            return actions[0]
        return _best(engine, moves, lambda a: (state.boars[int(a[1])],
                                               _threat(engine, state, int(a[2]))), rng)
    if phase is Phase.MOVE_COUNT:
        return actions[-1]
    return actions[0]


def _defence_value(engine: ConquestEngine, state: State, dice: int) -> Fraction:
    """Expected boars the attacker loses minus those the defender loses on this roll."""
    odds = engine.battles.odds_declaring(state, dice)
    return sum((p * (lost_a - lost_d) for (lost_a, lost_d), p in odds.items()), Fraction(0))


def _full_attacks(state: State, actions: list[Action]) -> list[tuple[int, int, Action]]:
    """(target, margin, action) of every attack rolling the most dice its origin allows:
    the margin is the attackers left to roll beyond the defenders."""
    found = []
    for action in actions:
        if action[0] != "attack":
            continue
        origin, target, dice = int(action[1]), int(action[2]), int(action[3])
        if dice == min(3, state.boars[origin] - 1):
            found.append((target, state.boars[origin] - 1 - state.boars[target], action))
    return found


def _best_or_stop(engine: ConquestEngine, candidates: list[tuple[tuple[Any, ...], Action]],
                  actions: list[Action], rng: random.Random) -> Action:
    """The best candidate (drawn among equals) when its key's first item (a clear enough
    margin) holds, or when stopping is not allowed; else stop (or the least bad move an
    event compels)."""
    stop = [a for a in actions if a[0] == "end_attacks"]
    if candidates and (max(key for key, _ in candidates)[0] or not stop):
        return _drawn(engine, candidates, rng)
    return stop[0] if stop else actions[0]


def _greedy_attack(engine: ConquestEngine, state: State, actions: list[Action],
                   rng: random.Random) -> Action:
    """The best attack with a clear majority, rolling the most dice; else stop (or, when an
    event compels an attack, the least bad one)."""
    targets = _targets(engine, state, state.active)
    return _best_or_stop(engine, [((margin >= 2, int(target in targets), margin), action)
                                  for target, margin, action in _full_attacks(state, actions)],
                         actions, rng)


def weighted_action(weights: Weights, engine: ConquestEngine, state: State,
                    actions: list[Action], rng: random.Random) -> Action:
    """Greedy's play, with the profile's weights in the decisions that show a style."""
    phase = state.phase
    if phase is Phase.PLACE:
        targets = _targets(engine, state, state.actor)
        seat = state.actor

        def place_value(action: Action) -> tuple[int, int]:
            t = int(action[1])
            near = any(n in targets and state.owner[n] != seat
                       for n, _ in engine.tables.neighbours[t])
            return (weights.objective * (int(near) + int(t in targets))
                    + weights.guard * _threat(engine, state, t), int(action[2]))
        return _best(engine, actions, place_value, rng)
    if phase is Phase.ATTACK:
        return _weighted_attack(weights, engine, state, actions, rng)
    if phase is Phase.BATTLE:
        battle = state.battle
        assert battle is not None
        margin = state.boars[battle.origin] - 1 - state.boars[battle.target]
        return actions[-1] if margin >= weights.press_margin else actions[0]
    if phase is Phase.OCCUPY:
        battle = state.battle
        assert battle is not None
        boars = state.boars[battle.origin]
        keep = 1 if _threat(engine, state, battle.origin) == 0 \
            else boars * weights.garrison // 100
        wanted = max(1, boars - max(1, keep))
        return _best(engine, actions, lambda a: -abs(int(a[1]) - wanted), rng)
    return greedy_agent(engine, state, actions, rng)


def _weighted_attack(weights: Weights, engine: ConquestEngine, state: State,
                     actions: list[Action], rng: random.Random) -> Action:
    """The best attack rolling the most dice whose margin reaches the profile's, valuing
    objective territories; else stop (or, when an event compels an attack, the least bad)."""
    targets = _targets(engine, state, state.active)
    return _best_or_stop(engine, [((margin >= weights.attack_margin,
                                    10 * margin + weights.objective * int(target in targets)),
                                   action)
                                  for target, margin, action in _full_attacks(state, actions)],
                         actions, rng)


AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": greedy_agent}
AGENT_NAMES = (*AGENTS, "mcts", "heuristic")


def make_agent(name: str, engine: ConquestEngine) -> Agent:
    """The agent a name stands for (`mcts:400`: ISMCTS, 400 playouts per decision;
    `heuristic:<id>`: greedy with the content profile `id`'s weights)."""
    spec = parse_agent(name, AGENT_NAMES)
    if spec.profile is not None:
        return functools.partial(weighted_action, _weights(engine, spec.profile))
    if spec.budget is None:
        return AGENTS[spec.name]
    from stamperia.rules.conquest.search import mcts_agent

    return mcts_agent(engine, spec.budget)


def _weights(engine: ConquestEngine, profile: str) -> Weights:
    found = next((p for p in engine.tables.agent_profiles if p.id == profile), None)
    if found is None:
        raise ValueError(f"no agent profile {profile!r} in the content")
    return Weights(found.attack_margin, found.press_margin, found.objective, found.guard,
                   found.garrison)


def int_agent(name: str, engine: ConquestEngine) -> IntAgent:
    """`make_agent`'s agent on the ints the simulation loop hands it: random, greedy and
    heuristic read the ints (greedy.py); ISMCTS sees the decoded tuples."""
    spec = parse_agent(name, AGENT_NAMES)
    if spec.profile is not None:
        return IntGreedy(engine, _weights(engine, spec.profile))
    if spec.budget is None and spec.name == "random":
        return RandomInt()
    if spec.budget is None and spec.name == "greedy":
        return IntGreedy(engine, None)
    if spec.budget is not None:
        from stamperia.rules.conquest.search import mcts_int_agent

        return mcts_int_agent(engine, spec.budget)
    return ReadableAgent(make_agent(name, engine), engine)


def profiles(game: Game) -> tuple[str, ...]:
    """The content's player profiles for `heuristic:<profile>`."""
    return tuple(p.id for p in game.part(Conquest).agents)
