"""The turn flow of the conquest engine between decisions: setup's claims and
reinforcements, each round's event, a seat's turn from its start to its end, and the end
of the game on objective or on points.

Each stage runs its automatic steps and says whether it leaves a decision to make;
`run_stage` picks the current one (the engine's `_advance` loops over it).
"""

from __future__ import annotations

import random

from stamperia.rules.conquest.forces import draw, stage_new_forces, stage_recruit
from stamperia.rules.conquest.options import holds_any
from stamperia.rules.conquest.state import (
    ATTACK,
    CLAIM,
    MOVE,
    MOVE_COUNT,
    OVER,
    PLACE,
    REMOVE,
    TRUCE,
    State,
    Task,
)
from stamperia.rules.conquest.tables import Tables
from stamperia.rules.draws import shuffle


def shuffled_events(tables: Tables, rng: random.Random) -> list[int]:
    """The event pile, shuffled (at setup, and renewed for extra rounds)."""
    pile = list(range(len(tables.events)))
    shuffle(rng, pile)
    return pile


def objective_complete(tables: Tables, state: State, seat: int) -> bool:
    """Whether the seat holds every territory of its objective card."""
    owner = state.owner
    for t in tables.objective_territories[state.objectives[seat]]:  # noqa: SIM110 - a
        if owner[t] != seat:  # loop, not all() over a generator
            return False
    return True


def run_stage(tables: Tables, state: State) -> bool:
    """Run the main flow's current stage; True when it leaves a decision to make.
    (A chain of comparisons, the most frequent first: compiled, it beats calling a
    bound method looked up in a dict.)"""
    stage = state.stage
    if stage == "attack":
        return stage_attack(tables, state)
    if stage == "move":
        return stage_move(tables, state)
    if stage == "move_count":
        return stage_move_count(tables, state)
    if stage == "end_turn":
        return stage_end_turn(tables, state)
    if stage == "turn_start":
        return stage_turn_start(tables, state)
    if stage == "new_forces":
        return stage_new_forces(tables, state)
    if stage == "recruit":
        return stage_recruit(tables, state)
    if stage == "round":
        return stage_round(tables, state)
    if stage == "claim":
        return stage_claim(tables, state)
    if stage == "reinforce":
        return stage_reinforce(tables, state)
    raise ValueError(f"unknown stage {stage!r}")


def stage_claim(tables: Tables, state: State) -> bool:
    if state.unclaimed:  # kept by set_owner: no scan of the map per claim
        state.phase = CLAIM
        return True
    state.stage = "reinforce"
    return False


def stage_reinforce(tables: Tables, state: State) -> bool:
    """Setup after every territory is claimed: seats place in turns until all placed."""
    seats = [s for s in range(state.players) if state.setup_left[s] > 0]
    if not seats:
        complete = 0  # a loop, not sum() over a generator (scores)
        for s in range(state.players):
            if objective_complete(tables, state, s):
                complete += 1
        state.count("objective_after_setup", complete)
        state.stage = "round"
        return False
    # "Tutti i giocatori ripetono la stessa azione" in turn, clockwise: the next seat
    # from the active one that has boars left, passing over those that are done
    seat = state.active
    while state.setup_left[seat] <= 0:
        seat = (seat + 1) % state.players
    placing = min(tables.setup_later, state.setup_left[seat])
    # x[i] = x[i] - n, not -=: compiled, an augmented item assignment is a generic
    # (boxed) number operation
    state.setup_left[seat] = state.setup_left[seat] - placing
    state.tasks.append(Task(PLACE, seat, placing))
    state.active = (seat + 1) % state.players
    return False


def stage_round(tables: Tables, state: State) -> bool:
    """Reveal the round's event, or end the game."""
    rules = tables
    if state.round >= state.round_cap:
        finish_on_points(tables, state, "round_cap")
        return True
    if not state.scorza_dura and not state.extra_rounds and state.round >= rules.base_rounds:
        state.extra_rounds = True
        state.events = shuffled_events(tables, state.rng)
    if not state.events:
        state.events = shuffled_events(tables, state.rng)
    state.event = state.events.pop()
    event = rules.events[state.event]
    if state.extra_rounds and not event.continue_icon:
        finish_on_points(tables, state, "points")
        return True
    state.round += 1
    state.count(tables.event_counters[state.event])
    alive = [s for s in range(state.players) if state.alive(s)]
    for seat in alive:
        if event.add_pieces:
            pieces = min(event.add_pieces, state.reserve[seat])
            state.reserve[seat] = state.reserve[seat] - pieces  # not -= (stage_reinforce)
            if pieces:
                state.tasks.append(Task(PLACE, seat, pieces))
        if event.draw_all:
            draw(tables, state, seat, event.draw_all)
        if event.remove_pieces:
            removable = 0  # a loop, not sum() over a generator: compiled, no frame
            for t in state.territories_of(seat):
                removable += state.boars[t] - 1
            count = min(event.remove_pieces, removable)
            if count:
                state.tasks.append(Task(REMOVE, seat, count))
    state.active = alive[0]
    state.stage = "turn_start"
    return False


def stage_turn_start(tables: Tables, state: State) -> bool:
    seat = state.active
    # turns.objective_check "turn_start": holding the objective card's territories wins
    # when the seat's turn starts (by default only a conquest completes it: _occupy)
    if tables.objective_at_turn_start and objective_complete(tables, state, seat):
        finish(tables, state, (seat,), "objective")
        return True
    state.player_turns += 1
    played = state.played_card
    if len(played) == state.players:  # reset in place: no new list per turn
        for s in range(len(played)):
            played[s] = False
    else:
        state.played_card = [False] * state.players
    state.attacks_made = 0
    state.conquests_this_turn = 0
    state.battle = None
    state.stage = "new_forces"
    if holds_any(state.hands[seat], tables.truce_cards):
        state.phase, state.actor = TRUCE, seat
        return True
    return False


def stage_attack(tables: Tables, state: State) -> bool:
    state.phase, state.actor = ATTACK, state.active
    return True


def stage_move(tables: Tables, state: State) -> bool:
    state.phase, state.actor = MOVE, state.active
    return True


def stage_move_count(tables: Tables, state: State) -> bool:
    state.phase, state.actor = MOVE_COUNT, state.active
    return True


def stage_end_turn(tables: Tables, state: State) -> bool:
    seat = state.active
    if state.truces:  # rarely any: no list of the pairs made every turn
        for pair in [p for p in state.truces if p[0] == seat]:
            left = state.truces[pair] - 1  # not -=: compiled, a generic operation
            if left <= 0:
                del state.truces[pair]
            else:
                state.truces[pair] = left
    state.stage = "round"
    for later in range(seat + 1, state.players):  # the next seat still in the game
        if state.owned[later]:
            state.active = later
            state.stage = "turn_start"
            break
    return False

# ----- the end ----------------------------------------------------------------------


def finish(tables: Tables, state: State, winners: tuple[int, ...], end: str) -> None:
    state.winners, state.end = winners, end
    state.phase = OVER
    state.tasks.clear()


def scores(tables: Tables, state: State) -> list[tuple[int, int, int, int]]:
    """Per seat: (objective points, conquest points, territories held, boars)."""
    owner, boars = state.owner, state.boars
    result = []
    for seat in range(state.players):  # loops, not sum() over generators: compiled, an
        _, entries = tables.objectives[state.objectives[seat]]  # object per generator
        held = 0
        for t, value in entries:
            if owner[t] == seat:
                held += value
        mine = state.territories_of(seat)
        on_board = 0
        for t in mine:
            on_board += boars[t]
        result.append((held, state.conquests[seat] * tables.points_per_conquest,
                       len(mine), on_board))
    return result


def points(tables: Tables, state: State) -> list[int]:
    """Per seat, objective plus conquest points: `scores`' first two, without the counts
    of territories and boars (the play loop asks it every round)."""
    owner, per_conquest = state.owner, tables.points_per_conquest
    result = []
    for seat in range(state.players):
        objective = state.objectives[seat]
        territories, values = tables.objective_territories[objective], \
            tables.objective_values[objective]
        held = 0
        for i in range(len(territories)):  # indexes: compiled, no pair unpacked
            if owner[territories[i]] == seat:
                held += values[i]
        result.append(held + state.conquests[seat] * per_conquest)
    return result


def finish_on_points(tables: Tables, state: State, end: str) -> None:
    """Points decide: scores within `tie_margin` of the best tie (0: equal scores), and
    ties go to territories held, then to boars on the board. With `eliminated_out`, a
    seat holding no territory cannot win (there is always one that holds some)."""
    keys = [(o + c, n, b) for o, c, n, b in scores(tables, state)]
    seats = [s for s in range(len(keys)) if not tables.eliminated_out or state.alive(s)]
    best = max(keys[s][0] for s in seats)
    tied = [s for s in seats if keys[s][0] >= best - tables.tie_margin]
    top = max(keys[s][1:] for s in tied)
    finish(tables, state, tuple(s for s in tied if keys[s][1:] == top), end)
