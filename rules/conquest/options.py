"""The choices open to a seat in a conquest game: attacks, end-of-turn moves, and the
action cards it may play in each window. Pure functions of the compiled tables and state."""

from __future__ import annotations

from rules.conquest.state import Action, State
from rules.conquest.tables import EventRules, Tables

MAX_DICE = 3


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
    blocked = event.blocked_kinds
    landlocked = event.protect_landlocked
    coastal = tables.coastal
    neighbours = tables.neighbours
    found: list[Action] = []
    for origin in range(len(owner)):
        if owner[origin] != seat or boars[origin] < 2:
            continue
        dice = min(MAX_DICE, boars[origin] - 1)
        for target, kind in neighbours[origin]:
            other = owner[target]
            if other == seat or kind in blocked or other in truced or (
                    landlocked and not coastal[target]):
                continue
            for d in range(1, dice + 1):
                found.append(("attack", origin, target, d))
    return found


def moves(tables: Tables, state: State, seat: int, event: EventRules) -> list[Action]:
    mine = set(state.territories_of(seat))
    group: dict[int, int] = {}
    for start in sorted(mine):
        if start in group:
            continue
        group[start] = start
        stack = [start]
        while stack:
            here = stack.pop()
            for there, kind in tables.neighbours[here]:
                if there in mine and there not in group and kind not in event.blocked_kinds:
                    group[there] = start
                    stack.append(there)
    return [("move", a, b) for a in sorted(mine) if state.boars[a] > 1
            for b in sorted(mine) if b != a and group[a] == group[b]]
