"""A MOVE decision counted (options.plan_moves, move_at) is the MOVE decision listed, and
the simulation hands it to the agents as counted (None) only while its plan is fresh."""

from __future__ import annotations

import random

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.conquest.actions import MOVE_DO, NO_MOVE_DO, code
from stamperia.rules.conquest.options import move_at
from stamperia.rules.conquest.positions import copy_state
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.conquest.state import Phase, State
from stamperia.rules.conquest.tables import Tables


def _reference(tables: Tables, state: State) -> list[int]:
    """The MOVE actions by the rules, written plainly: no move, then for each territory of
    the seat with boars to spare, every other one it reaches through its own, in order."""
    seat, owner = state.actor, state.owner
    paths = tables.move_paths[state.event + 1]
    found = [NO_MOVE_DO]
    for origin in range(len(owner)):
        if owner[origin] != seat or state.boars[origin] < 2:
            continue
        reached, frontier = {origin}, [origin]
        while frontier:
            here = frontier.pop()
            for there in paths[here]:
                if owner[there] == seat and there not in reached:
                    reached.add(there)
                    frontier.append(there)
        found += [code(MOVE_DO, origin, b) for b in sorted(reached - {origin})]
    return found


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_every_move_decision_counted_is_the_one_listed(name: str) -> None:
    games = ConquestGames(load_game(name))
    engine = games.engine
    checked = wide = 0
    for seed in range(6):
        state = engine.new_game(4, random.Random(seed))
        rng = random.Random(100 + seed)
        while state.phase is not Phase.OVER and state.steps < 5000:
            if state.phase is Phase.MOVE:
                assert games.legal(state) is None
                width = state.move_width
                counted = [move_at(state, i) for i in range(width)]
                listed = list(engine.legal_ints(state))
                assert counted == listed == _reference(games.tables, state)
                assert listed[0] == NO_MOVE_DO
                assert games.width(state, None) == engine.width(state) == len(listed)
                checked += 1
                wide += width > 2
            legal = engine.legal_ints(state)
            engine.apply_int(state, legal[rng.randrange(len(legal))])
    assert checked > 100 and wide > 50


def test_a_move_decision_of_a_copied_state_is_listed_again() -> None:
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(3))
    rng = random.Random(9)
    while state.phase is not Phase.MOVE:
        legal = engine.legal_ints(state)
        engine.apply_int(state, legal[rng.randrange(len(legal))])
    copied = copy_state(state, random.Random(1))
    copied.move_plan_at = -1  # a plan made for another step: not to be trusted
    assert games.legal(copied) == engine.legal_ints(state)


def test_a_copied_state_plans_its_moves_in_lists_of_its_own() -> None:
    """plan_moves keeps its group labels and stack in the state's lists, made once per
    state: a copy planning its own MOVE decisions leaves the original's plan be."""
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(3))
    rng = random.Random(9)
    while state.phase is not Phase.MOVE or state.move_width < 3:
        legal = engine.legal_ints(state)
        engine.apply_int(state, legal[rng.randrange(len(legal))])
    listed = list(engine.legal_ints(state))
    copied = copy_state(state, random.Random(1))
    assert copied.move_groups == [] and copied.move_stack == []
    planned = 0
    while copied.phase is not Phase.OVER and planned < 20:  # the copy's later moves
        if copied.phase is Phase.MOVE:  # planned anew (a copy's plan is never trusted)
            width = engine.width(copied)
            assert [move_at(copied, i) for i in range(width)] == \
                _reference(games.tables, copied)
            planned += 1
        legal = engine.legal_ints(copied)
        engine.apply_int(copied, legal[rng.randrange(len(legal))])
    assert planned == 20 and copied.move_groups is not state.move_groups
    assert [move_at(state, i) for i in range(state.move_width)] == listed
