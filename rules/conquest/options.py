"""The choices open to a seat in a conquest game: attacks, end-of-turn moves, and the
action cards it may play in each window. Pure functions of the compiled tables and state,
written for speed: they run on nearly every decision of every simulated game. Actions are
actions.py's ints."""

from __future__ import annotations

from typing import Any, Final

from stamperia.rules.conquest.actions import (
    A_SHIFT,
    B_SHIFT,
    CARD_DO,
    DEFEND_DO,
    DISCARD_DO,
    END_ATTACKS_DO,
    MOVE_COUNT_DO,
    MOVE_DO,
    NO_MOVE_DO,
    OCCUPY_DO,
    PLACE_DO,
    RECRUIT_DO,
    REMOVE_DO,
    RETREAT_DO,
    ROLL_DO,
    TRUCE_DO,
    code,
    field_b,
)
from stamperia.rules.conquest.battle import MAX_DICE
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
from stamperia.rules.conquest.tables import EventRules, Tables

NO_EVENT: Final = EventRules("", False, 0, 0, 0, 0, 0, 0, frozenset(), False, False)


def event_rules(tables: Tables, state: State) -> EventRules:
    """The rules of the round's event (none before the first round)."""
    return tables.events[state.event] if state.event >= 0 else NO_EVENT


def recruits(tables: Tables, state: State, seat: int) -> list[int]:
    """Recruit actions of the seat's cards, in card id order, then by boars: only the
    counts its reserve holds ("Aggiungete 2, 4 o 6 cinghiali", and new boars come from
    the reserve: with 3 left, 2 and not 4 for 3)."""
    hand = state.hands[seat]
    reserve = state.reserve[seat]
    found: list[int] = []
    for card, discards, plays in tables.recruit_plays:  # no set of the hand sorted
        if card in hand and len(hand) - 1 >= discards:
            for play in plays:
                if field_b(play) <= reserve:
                    found.append(play)
    return found


def can_recruit(tables: Tables, state: State, seat: int) -> bool:
    """Whether `recruits` has any (asked every turn), without listing them."""
    hand = state.hands[seat]
    reserve = state.reserve[seat]
    for card, discards, plays in tables.recruit_plays:
        if card in hand and len(hand) - 1 >= discards:
            for play in plays:
                if field_b(play) <= reserve:
                    return True
    return False


def card_plays(tables: Tables, state: State, seat: int, attacking: bool) -> list[int]:
    """This battle's card window: play none, or one of the seat's cards that give it a dice
    bonus, in card id order."""
    hand = state.hands[seat]
    plays: list[int] = [CARD_DO]  # a kind alone is its action with fields 0: none
    for card, play in tables.attack_card_plays if attacking else tables.defence_card_plays:
        if card in hand:
            plays.append(play)
    return plays


def has_dice_card(tables: Tables, state: State, seat: int, attacking: bool) -> bool:
    """Whether the seat may open its dice-card window: `dice_cards` without building the
    list (asked before every roll)."""
    usable = tables.attack_dice_cards if attacking else tables.defence_dice_cards
    return holds_any(state.hands[seat], usable)


def holds_any(hand: list[str], cards: frozenset[str]) -> bool:
    for card in hand:  # noqa: SIM110 - a loop, not any() over a generator
        if card in cards:
            return True
    return False


def attacks(tables: Tables, state: State, event: EventRules) -> list[int]:
    """Every (from, to, dice) the active seat may attack with now.

    Truces (Pax Suina) hold, except under a compulsory attack (Furia selvaggia) for a seat
    that could otherwise attack no one: the rulebook's example lifts them for players who
    "non possono attaccare nessuno"."""
    if not state.truces:  # nearly always: no flags to set
        return _attacks(tables, state, _NO_TRUCES, False)
    seat = state.active
    truced = [False] * (state.players + 1)  # by seat + 1 (0: nobody), not a set: no hashing
    any_truce = False
    for pair in state.truces:
        if pair[0] == seat:
            truced[pair[1] + 1] = True
            any_truce = True
    found = _attacks(tables, state, truced, any_truce)
    if not found and any_truce and state.attacks_made < event.min_attacks:
        found = _attacks(tables, state, truced, False)
    return found


_NO_TRUCES: Final[list[bool]] = []


def _attacks(tables: Tables, state: State, truced: list[bool], any_truce: bool) -> list[int]:
    """The attacks of `attacks`, skipping targets held by a seat flagged in `truced` (by
    seat + 1) when `any_truce`."""
    seat, owner, boars = state.active, state.owner, state.boars
    paths = tables.attack_paths[state.event + 1]
    found: list[int] = []
    for origin in state.owned[seat]:
        boars_here = boars[origin]
        if boars_here < 2:
            continue
        most = boars_here - 2 if boars_here <= MAX_DICE else MAX_DICE - 1  # dice - 1
        targets, rows = paths[origin]
        for i in range(len(targets)):  # indexes: compiled, no pair unpacked per neighbour
            other = owner[targets[i]]
            if other == seat or (any_truce and truced[other + 1]):
                continue
            # 1 die with 2 boars, 2 with 3, else 3. `+=`, not extend: compiled, extend is
            # PyList_SetSlice on Python < 3.13, a fifth more instructions than the
            # in-place concatenation. (Appending one by one saves more compiled but
            # slows the pure engine by some 4%.)
            found += rows[i][most]
    return found


def plan_attacks(tables: Tables, state: State) -> int:
    """Count the actions of an ATTACK decision (`legal`'s, in its order) without listing
    them: from the per-territory counts of targets held by others (State.enemies), kept
    as territories change hands, rather than from a scan of every origin's neighbours.
    `attack_at` reads the count's plan. Under a truce the decision is listed instead
    (state.legal), as `attacks` lists it, and the plan is left unmade: counting it
    means a scan of the neighbours all the same, in the count and again in the pick
    (measured: more instructions than the listing)."""
    state.attack_plan_at = -1
    if state.truces:  # rare: the listing filters the truced seats
        listed = state.legal = legal(tables, state)
        return len(listed)
    index = state.event + 1
    sources = tables.attack_sources[index]
    if state.attack_sources is not sources:  # a new round's event, or a copied state
        state.keep_enemies(tables.attack_targets[index], sources)
        state.attack_paths = tables.attack_paths[index]
    boars, enemies = state.boars, state.enemies
    width = 0
    for origin in state.owned[state.active]:
        boars_here = boars[origin]
        if boars_here >= 2:
            # its targets times its dice: 1 with 2 boars, 2 with 3, else 3
            width += enemies[origin] * (boars_here - 1 if boars_here <= MAX_DICE
                                        else MAX_DICE)
    if not width or state.attacks_made >= event_rules(tables, state).min_attacks:
        width += 1  # end the attacks
    state.attack_width = width
    state.attack_plan_at = state.steps
    return width


def attack_at(state: State, index: int) -> Any:
    """The ATTACK action `legal` would list at `index`, read from the counts `plan_attacks`
    kept for this decision, without the list: the origin found by its count, then its
    target and dice. The action is the attack rows' own int (typed Any: compiled, handed
    on as it is, not a new object made per pick)."""
    seat = state.active
    owner, boars, enemies, paths = state.owner, state.boars, state.enemies, state.attack_paths
    for origin in state.owned[seat]:
        boars_here = boars[origin]
        if boars_here < 2:
            continue
        dice = boars_here - 1 if boars_here <= MAX_DICE else MAX_DICE
        here = enemies[origin] * dice
        if index >= here:
            index -= here
            continue
        skip = index // dice  # this origin's targets held by others, in path order
        targets, rows = paths[origin]
        for i in range(len(targets)):
            if owner[targets[i]] != seat:
                if not skip:
                    row: tuple[Any, ...] = rows[i][MAX_DICE - 1]  # 1 up to 3 dice
                    return row[index % dice]
                skip -= 1
    return END_ATTACKS_DO


def plan_moves(tables: Tables, state: State, seat: int) -> int:
    """Count the actions of a MOVE decision (no move first, then `moves`) and keep on the
    state what `move_at` and `moves` read: each territory's group of territories joined
    by the seat's own (a label), and each group's size. A move goes from a territory with
    boars to spare to any other of its group. No list is made per group nor an int per
    pair (often a hundred a turn, each a new object compiled)."""
    mine = state.owned[seat]
    state.move_territories = mine
    state.move_plan_at = state.steps
    state.move_width = 1
    owner, boars = state.owner, state.boars
    for t in mine:
        if boars[t] > 1:
            break
    else:  # no boars to spare anywhere: no groups to find
        return 1
    paths = tables.move_paths[state.event + 1]
    # Per territory, its group's number (-1: none), read only for the seat's own, and a
    # stack (a territory is stacked once at most; its own top: compiled, append and pop
    # resize the list, some 300 instructions a territory): the state's lists, made once
    # per state rather than per decision, the seat's entries reset.
    group, stack = state.move_groups, state.move_stack
    if len(group) != len(owner):
        group = state.move_groups = [-1] * len(owner)
        stack = state.move_stack = [0] * len(owner)
    else:
        for t in mine:
            group[t] = -1
    sizes: list[int] = []
    for start in mine:
        if group[start] >= 0:
            continue
        number = len(sizes)
        group[start] = number
        size = 1
        stack[0] = start
        top = 1
        while top:
            top -= 1
            for there in paths[stack[top]]:
                if owner[there] == seat and group[there] < 0:
                    group[there] = number
                    stack[top] = there
                    top += 1
                    size += 1
        sizes.append(size)
    width = 1
    for a in mine:
        if boars[a] > 1:
            width += sizes[group[a]] - 1  # every other territory of its group
    state.move_sizes = sizes
    state.move_width = width
    return width


def move_at(state: State, index: int) -> int:
    """The MOVE action `legal` would list at `index`, read from the plan `plan_moves` kept
    for this decision, without the list."""
    if index == 0:
        return NO_MOVE_DO
    index -= 1
    mine, group, sizes = state.move_territories, state.move_groups, state.move_sizes
    boars = state.boars
    for a in mine:
        if boars[a] < 2:
            continue
        number = group[a]
        others = sizes[number] - 1
        if index >= others:
            index -= others
            continue
        for b in mine:  # the group's others, in territory order
            if b != a and group[b] == number:
                if not index:
                    return MOVE_DO | a << A_SHIFT | b << B_SHIFT
                index -= 1
    raise IndexError(f"no move {index} in this decision")


def moves(tables: Tables, state: State, seat: int) -> list[int]:
    """Moves between two territories of the seat joined by a chain of its own territories:
    for each origin with boars to spare, in territory order, every other territory of its
    group, in territory order."""
    found: list[int] = []
    if plan_moves(tables, state, seat) == 1:
        return found
    mine, group, sizes, boars = state.owned[seat], state.move_groups, state.move_sizes, state.boars
    for a in mine:
        if boars[a] < 2:
            continue
        number = group[a]
        if sizes[number] < 2:
            continue
        origin = MOVE_DO | a << A_SHIFT  # actions.py's code(MOVE_DO, a, b), inlined
        for b in mine:
            if b != a and group[b] == number:
                found.append(origin | b << B_SHIFT)
    return found


_BATTLE_ACTIONS: Final[tuple[list[int], ...]] = tuple(
    [code(RETREAT_DO)] + [code(ROLL_DO, dice) for dice in range(1, most + 1)]
    for most in range(MAX_DICE + 1))
"""After a roll: stop this battle, or roll again with 1 up to 3 dice (boars - 1 at most)."""

_DEFENCE_ACTIONS: Final[tuple[list[int], ...]] = tuple(
    [code(DEFEND_DO, dice) for dice in range(1, most + 1)] for most in range(MAX_DICE + 1))
"""Before a roll: the defender declares 1 up to 3 dice (its boars there at most)."""


def place_width(state: State) -> int:
    """The legal actions of a PLACE decision, counted: each of the seat's territories in
    order, with 1 up to the task's count of boars (as `legal` lists them)."""
    return len(state.owned[state.actor]) * state.tasks[0].count


def place_at(state: State, index: int) -> Any:
    """The PLACE action `legal` would list at `index`, without the list (a PLACE decision
    offers some 25 actions, one in seven decisions): one of the state's built ints
    where there is one (typed Any: compiled, handed on as it is, not a new object)."""
    most = state.tasks[0].count
    territory = state.owned[state.actor][index // most]
    count = index % most + 1
    rows = state.place_actions
    if territory < len(rows):
        row: tuple[Any, ...] = rows[territory]
        if count <= len(row):
            return row[count - 1]
    return PLACE_DO | territory << A_SHIFT | count << B_SHIFT


def legal(tables: Tables, state: State) -> list[int]:
    """The actions the deciding seat (state.actor) may take in the state's phase."""
    phase, seat = state.phase, state.actor
    if phase is ATTACK:
        event = event_rules(tables, state)  # only attacks read the event
        found = attacks(tables, state, event)
        if not found or state.attacks_made >= event.min_attacks:
            found.append(END_ATTACKS_DO)
        return found
    if phase is BATTLE:
        assert state.battle is not None
        most = state.boars[state.battle.origin] - 1
        return _BATTLE_ACTIONS[most if most < MAX_DICE else MAX_DICE]
    if phase is DEFEND:
        assert state.battle is not None
        most = state.boars[state.battle.target]
        return _DEFENCE_ACTIONS[most if most < MAX_DICE else MAX_DICE]
    if phase is PLACE:  # listed only for agents that read tuples (the engine counts it)
        most = state.tasks[0].count
        places: list[int] = []
        for t in state.owned[seat]:
            place = PLACE_DO | t << A_SHIFT  # actions.py's code(PLACE_DO, t, n), inlined
            for n in range(1, most + 1):
                places.append(place | n << B_SHIFT)
        return places
    if phase is CLAIM:
        return list(state.claims)
    if phase is REMOVE:
        most = state.tasks[0].count
        return [code(REMOVE_DO, t, n) for t in state.owned[seat]
                for n in range(1, min(most, state.boars[t] - 1) + 1)]
    if phase is DISCARD:
        index = tables.card_index
        return [code(DISCARD_DO, index[c] + 1) for c in sorted(set(state.hands[seat]))]
    if phase is TRUCE:
        truces: list[int] = [TRUCE_DO]  # a kind alone is its action with fields 0: none
        return truces + [code(TRUCE_DO, s + 1) for s in range(state.players)
                         if s != seat and state.alive(s)]
    if phase is RECRUIT:
        return [RECRUIT_DO] + recruits(tables, state, seat)
    if phase is ATTACK_CARD or phase is DEFENCE_CARD:
        return card_plays(tables, state, seat, phase is ATTACK_CARD)
    if phase is OCCUPY:
        assert state.battle is not None
        return _counted(tables.occupy_actions, OCCUPY_DO, state.boars[state.battle.origin] - 1)
    if phase is MOVE:
        return [NO_MOVE_DO] + moves(tables, state, seat)
    if phase is MOVE_COUNT:
        return _counted(tables.move_count_actions, MOVE_COUNT_DO,
                        state.boars[state.move_route[0]] - 1)
    return []


def _counted(rows: tuple[list[int], ...], kind: int, most: int) -> list[int]:
    """kind n for n = 1..most: the built list of `most` (shared: legal's lists are never
    modified), or a new one beyond them."""
    if 0 <= most < len(rows):
        return rows[most]
    return [code(kind, n) for n in range(1, most + 1)]
