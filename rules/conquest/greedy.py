"""The greedy and heuristic conquest agents on the engine's ints (actions.py).

The same players as agents.py's `greedy_agent` and `weighted_action`, which read each
decision as a list of decoded tuples: here they read the ints' fields, and a PLACE decision
is weighed per territory without listing its actions (options.place_at). They pick the very
action the tuple agents pick: equally good actions are drawn from the seat's generator
(`draw_tied`, one draw over the tied actions' ints in ascending order), never taken by
seat or list order, so a card's or a seat's verdict does not read the order the engine
lists territories in. A test compares the two on every decision of whole games. The
balance stage of `check` and simulations play these, so decoding each legal action cost
them most of their time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from stamperia.rules.conquest.actions import (
    A_SHIFT,
    ATTACK_DO,
    B_SHIFT,
    C_SHIFT,
    CLAIM_DO,
    END_ATTACKS_DO,
    FIELD_MASK,
    KIND_MASK,
    MOVE_DO,
    PLACE_DO,
    code,
)
from stamperia.rules.conquest.battle import MAX_DICE, SIDES
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.state import (
    ATTACK,
    ATTACK_CARD,
    BATTLE,
    CLAIM,
    DEFENCE_CARD,
    DEFEND,
    DISCARD,
    MOVE,
    MOVE_COUNT,
    OCCUPY,
    PLACE,
    RECRUIT,
    REMOVE,
    TRUCE,
    State,
)

NO_WEIGHTS: Final = -1
"""`IntGreedy.objective` of the plain greedy player (no content profile)."""


@dataclass(frozen=True)
class Weights:
    """A heuristic player's style (a content profile): see the components schema."""

    attack_margin: int
    press_margin: int
    objective: int
    guard: int
    garrison: int


def draw_tied(tied: list[int], rng: random.Random) -> int:
    """One of equally good actions, drawn: sorted first, so an agent that lists them in
    another order (agents.py's tuple players) draws the same one from the same generator."""
    if len(tied) == 1:
        return tied[0]
    tied.sort()
    return tied[int(rng.random() * len(tied))]


def _a(action: int) -> int:
    return (action >> A_SHIFT) & FIELD_MASK


def _b(action: int) -> int:
    return (action >> B_SHIFT) & FIELD_MASK


class IntGreedy:
    """greedy (weights None) or heuristic:<profile> (its weights), as an IntAgent."""

    def __init__(self, engine: ConquestEngine, weights: Weights | None) -> None:
        self.engine = engine
        self.weighted = weights is not None
        found = weights if weights is not None else Weights(0, 0, 0, 0, 0)
        self.attack_margin = found.attack_margin
        self.press_margin = found.press_margin
        self.objective = found.objective
        self.guard = found.guard
        self.garrison = found.garrison

    def __call__(self, state: State, actions: list[int] | None, rng: random.Random) -> int:
        phase = state.phase
        if phase is PLACE:
            return self._place(state, rng)
        if actions is None:  # a CLAIM, ATTACK or MOVE decision counted: listed here
            actions = self.engine.legal_ints(state)
        if phase is ATTACK:
            return self._attack(state, actions, rng)
        if phase is BATTLE:
            battle = state.battle
            assert battle is not None
            spare = state.boars[battle.origin] - 1
            if self.weighted:
                ahead = spare - state.boars[battle.target] >= self.press_margin
            else:
                ahead = spare >= state.boars[battle.target]
            return actions[-1] if ahead else actions[0]
        if phase is DEFEND:
            return self._defend(state, actions)
        if phase is OCCUPY:
            return self._occupy(state, actions, rng)
        if phase is ATTACK_CARD or phase is DEFENCE_CARD:
            # play a dice card whenever it fights: which of several is drawn
            return draw_tied(actions[1:] or actions, rng)
        if phase is MOVE_COUNT:
            return actions[-1]
        if phase is MOVE:
            return self._move(state, actions, rng)
        if phase is CLAIM:
            seat = state.actor
            wanted = [code(CLAIM_DO, t) for t in sorted(self._targets(state, seat))
                      if state.owner[t] < 0]
            return rng.choice(wanted or actions)
        if phase is REMOVE:
            return self._remove(state, actions, rng)
        if phase is TRUCE:
            return self._truce(state, actions, rng)
        if phase is RECRUIT:
            most = max(_b(action) for action in actions)
            return draw_tied([a for a in actions if _b(a) == most], rng)
        if phase is DISCARD:  # no card is worth more to it than another
            return draw_tied(list(actions), rng)
        return actions[0]

    # ----- what the player weighs --------------------------------------------------------
    def _targets(self, state: State, seat: int) -> set[int]:
        _, entries = self.engine.tables.objectives[state.objectives[seat]]
        return {t for t, _ in entries}

    def _threat(self, state: State, territory: int) -> int:
        """Enemy boars next to a territory: how exposed it is."""
        owner, boars = state.owner, state.boars
        seat = owner[territory]
        total = 0
        for n, _ in self.engine.tables.neighbours[territory]:
            other = owner[n]
            if other != seat and other != -1:
                total += boars[n]
        return total

    def _place(self, state: State, rng: random.Random) -> int:
        """A territory with the best value (drawn among equals), all the boars on it: the
        tuple agents rank place t n by (value of t, n), and n up to the task's count only
        adds."""
        seat = state.actor
        targets = self._targets(state, seat)
        owner = state.owner
        neighbours = self.engine.tables.neighbours
        tied: list[int] = []
        best_first = best_second = 0
        for t in state.owned[seat]:
            near = 0
            for n, _ in neighbours[t]:
                if n in targets and owner[n] != seat:
                    near = 1
                    break
            closeness = near + (1 if t in targets else 0)
            threat = self._threat(state, t)
            if self.weighted:
                first, second = self.objective * closeness + self.guard * threat, 0
            else:
                first, second = closeness, threat
            if not tied or (first, second) > (best_first, best_second):
                tied, best_first, best_second = [t], first, second
            elif (first, second) == (best_first, best_second):
                tied.append(t)
        most = state.tasks[0].count
        return PLACE_DO | draw_tied(tied, rng) << A_SHIFT | most << B_SHIFT

    def _attack(self, state: State, actions: list[int], rng: random.Random) -> int:
        """The best attack rolling the most dice with a clear enough margin (drawn among
        equals); else stop (or, when an event compels an attack, the least bad one)."""
        targets = self._targets(state, state.active)
        boars = state.boars
        tied: list[int] = []
        best_clear = False
        best_second = best_third = 0
        stop = -1
        for action in actions:
            kind = action & KIND_MASK
            if kind == END_ATTACKS_DO:
                if stop < 0:
                    stop = action
                continue
            if kind != ATTACK_DO:
                continue
            origin, target, dice = _a(action), _b(action), action >> C_SHIFT
            spare = boars[origin] - 1
            if dice != (spare if spare < MAX_DICE else MAX_DICE):
                continue
            margin = spare - boars[target]
            wanted = 1 if target in targets else 0
            if self.weighted:
                clear = margin >= self.attack_margin
                second, third = 10 * margin + self.objective * wanted, 0
            else:
                clear = margin >= 2
                second, third = wanted, margin
            key = (clear, second, third)
            if not tied or key > (best_clear, best_second, best_third):
                tied, best_clear, best_second, best_third = [action], clear, second, third
            elif key == (best_clear, best_second, best_third):
                tied.append(action)
        if tied and (best_clear or stop < 0):
            return draw_tied(tied, rng)
        return stop if stop >= 0 else actions[0]

    def _defend(self, state: State, actions: list[int]) -> int:
        """The dice count that costs the attacker most against what the defender loses
        (more dice on ties): expected losses compared exactly, in integers."""
        battles = self.engine.battles
        attack_dice, _, attacker, defender = battles.next_roll(state)
        best = actions[0]
        best_value = 0
        first = True
        for action in actions:
            dice = _a(action)
            table = battles.dice.table(attack_dice, dice, attacker, defender)
            value = 0
            below = 0
            for i in range(len(table.thresholds)):
                lost_attack, lost_defence = table.losses[i]
                value += (table.thresholds[i] - below) * (lost_attack - lost_defence)
                below = table.thresholds[i]
            value *= SIDES ** (MAX_DICE - dice)  # every count over 6^(attack dice + 3)
            if first or value > best_value or (value == best_value and dice > _a(best)):
                best, best_value, first = action, value, False
        return best

    def _occupy(self, state: State, actions: list[int], rng: random.Random) -> int:
        battle = state.battle
        assert battle is not None
        boars = state.boars[battle.origin]
        if self._threat(state, battle.origin) == 0:
            keep = 1
        elif self.weighted:
            keep = boars * self.garrison // 100
        else:
            keep = boars // 2
        wanted = max(1, boars - max(1, keep))
        nearest = min(abs(_a(action) - wanted) for action in actions)
        return draw_tied([a for a in actions if abs(_a(a) - wanted) == nearest], rng)

    def _move(self, state: State, actions: list[int], rng: random.Random) -> int:
        """From the safe territory with the most boars to the most threatened front (drawn
        among equals)."""
        tied: list[int] = []
        best_boars = best_threat = 0
        for action in actions:
            if action & KIND_MASK != MOVE_DO:
                continue
            origin, target = _a(action), _b(action)
            if self._threat(state, origin) != 0:
                continue
            threat = self._threat(state, target)
            if threat <= 0:
                continue
            key = (state.boars[origin], threat)
            if not tied or key > (best_boars, best_threat):
                tied, best_boars, best_threat = [action], state.boars[origin], threat
            elif key == (best_boars, best_threat):
                tied.append(action)
        return draw_tied(tied, rng) if tied else actions[0]

    def _remove(self, state: State, actions: list[int], rng: random.Random) -> int:
        tied: list[int] = []
        best_key = (0, 0, 0)
        for action in actions:
            t = _a(action)
            key = (self._threat(state, t), -state.boars[t], -_b(action))
            if not tied or key < best_key:
                tied, best_key = [action], key
            elif key == best_key:
                tied.append(action)
        return draw_tied(tied, rng)

    def _truce(self, state: State, actions: list[int], rng: random.Random) -> int:
        """A truce with the neighbour pressing hardest (drawn among equals), if anyone
        presses at all."""
        mine = state.owned[state.actor]
        neighbours = self.engine.tables.neighbours
        tied: list[int] = []
        best_pressure = 0
        for action in actions:
            other = _a(action) - 1
            if other < 0:
                continue
            pressure = 0
            for t in mine:
                for n, _ in neighbours[t]:
                    if state.owner[n] == other:
                        pressure += state.boars[n]
            if not tied or pressure > best_pressure:
                tied, best_pressure = [action], pressure
            elif pressure == best_pressure:
                tied.append(action)
        return draw_tied(tied, rng) if tied and best_pressure > 0 else actions[0]
