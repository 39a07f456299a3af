"""The choices open to a seat in a conquest game: attacks, end-of-turn moves, and the
action cards it may play in each window. Pure functions of the compiled tables and state,
written for speed: they run on nearly every decision of every simulated game."""

from __future__ import annotations

from rules.conquest.battle import MAX_DICE
from rules.conquest.state import Action, State
from rules.conquest.tables import EventRules, Tables


def recruits(tables: Tables, state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    found: list[Action] = []
    for card in sorted(set(hand)):
        rules = tables.actions[card]
        if rules.recruit_per_discard and rules.timing == "own_turn_before_attack":
            most = rules.recruit_max
            if rules.recruit_discards:
                most = min(most, len(hand) - 1)
            found += [("recruit", card, n) for n in range(1, most + 1)]
    return found


def dice_cards(tables: Tables, state: State, seat: int, attacking: bool) -> list[str]:
    timing = "own_turn_after_declare" if attacking else "opponent_turn_before_roll"
    found = []
    for card in sorted(set(state.hands[seat])):
        rules = tables.actions[card]
        bonus = rules.attacker if attacking else rules.defender
        if rules.timing == timing and bonus.on_roll(True) != (0, 0):
            found.append(card)
    return found


def attacks(tables: Tables, state: State, event: EventRules) -> list[Action]:
    """Every (from, to, dice) the active seat may attack with now."""
    seat, owner, boars = state.active, state.owner, state.boars
    truced = {p for (a, p) in state.truces if a == seat} if event.min_attacks == 0 else ()
    paths = tables.attack_paths[state.event + 1]
    found: list[Action] = []
    for origin in state.owned[seat]:
        boars_here = boars[origin]
        if boars_here < 2:
            continue
        for target, actions in paths[origin]:
            other = owner[target]
            if other == seat or other in truced:
                continue
            if boars_here > MAX_DICE:
                found += actions
            else:
                found += actions[:boars_here - 1]
    return found


def moves(tables: Tables, state: State, seat: int) -> list[Action]:
    """Moves between two territories of the seat joined by a chain of its own territories."""
    mine = state.owned[seat]
    owner, boars = state.owner, state.boars
    paths = tables.move_paths[state.event + 1]
    group: dict[int, int] = {}
    for start in mine:
        if start in group:
            continue
        group[start] = start
        stack = [start]
        while stack:
            here = stack.pop()
            for there in paths[here]:
                if owner[there] == seat and there not in group:
                    group[there] = start
                    stack.append(there)
    return [("move", a, b) for a in mine if boars[a] > 1
            for b in mine if b != a and group[a] == group[b]]
