"""An ATTACK decision counted (options.plan_attacks, attack_at) is the ATTACK decision
listed (under a truce it is listed), and the per-territory counts it reads
(State.enemies), kept as territories change hands, are those a plain recount of the map
gives, at every decision of whole games. A CLAIM decision is counted too: the state's own
list of claims, not a copy per claim (maps of thousands of territories)."""

from __future__ import annotations

import random

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.conquest.actions import ATTACK_DO, CLAIM_DO, END_ATTACKS_DO, code
from stamperia.rules.conquest.battle import MAX_DICE
from stamperia.rules.conquest.options import attack_at, event_rules, plan_attacks
from stamperia.rules.conquest.positions import copy_state
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.conquest.state import Phase, State
from stamperia.rules.conquest.tables import Tables


def _reference(tables: Tables, state: State) -> list[int]:
    """The ATTACK actions by the rules, written plainly: for each territory of the seat
    with 2 boars or more, in order, each open path to a territory it does not hold (nor
    a seat it has a truce with), with 1 up to its boars - 1 dice (3 at most); then the end
    of attacks when nothing else is open or the event's compulsory attacks are made."""
    seat, owner, boars = state.active, state.owner, state.boars
    truced = {p for (a, p) in state.truces if a == seat}
    event = event_rules(tables, state)

    def listed(skipped: set[int]) -> list[int]:
        found = []
        for origin in range(len(owner)):
            if owner[origin] != seat or boars[origin] < 2:
                continue
            for target in tables.attack_paths[state.event + 1][origin][0]:
                if owner[target] != seat and owner[target] not in skipped:
                    found += [code(ATTACK_DO, origin, target, dice)
                              for dice in range(1, min(boars[origin] - 1, MAX_DICE) + 1)]
        return found

    found = listed(truced)
    if not found and truced and state.attacks_made < event.min_attacks:
        found = listed(set())
    if not found or state.attacks_made >= event.min_attacks:
        found.append(END_ATTACKS_DO)
    return found


def _recounted(tables: Tables, state: State) -> list[int]:
    """Per territory, its targets held by another owner, counted from the map."""
    owner = state.owner
    return [sum(owner[target] != owner[t] for target in targets)
            for t, targets in enumerate(tables.attack_targets[state.event + 1])]


def _walk(name: str, seeds: range) -> tuple[int, int, int]:
    games = ConquestGames(load_game(name))
    engine, tables = games.engine, games.tables
    counted = wide = truced = 0
    for seed in seeds:
        state = engine.new_game(4, random.Random(seed))
        rng = random.Random(100 + seed)
        while state.phase is not Phase.OVER and state.steps < 5000:
            if state.attack_sources:  # kept: the counts are the map's at every decision
                assert state.enemies == [
                    sum(state.owner[target] != state.owner[t] for target in targets)
                    for t, targets in enumerate(state.attack_targets)]
            if state.phase is Phase.ATTACK:
                listed = list(engine.legal_ints(state))
                assert listed == _reference(tables, state)
                if state.truces:  # listed, not counted
                    truced += 1
                    assert games.legal(state) == listed
                else:
                    assert games.legal(state) is None
                    assert state.enemies == _recounted(tables, state)
                    width = state.attack_width
                    assert [attack_at(state, i) for i in range(width)] == listed
                    assert games.width(state, None) == engine.width(state) == width
                    counted += 1
                    wide += width > 3
            legal = engine.legal_ints(state)
            engine.apply_int(state, legal[rng.randrange(len(legal))])
    return counted, wide, truced


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_every_attack_decision_counted_is_the_one_listed(name: str) -> None:
    counted, wide, truced = _walk(name, range(6))
    assert counted > 300 and wide > 100 and truced > 10


def test_a_copied_state_counts_its_attacks_anew() -> None:
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(3))
    rng = random.Random(9)
    while state.phase is not Phase.ATTACK or state.truces or state.round < 2:
        legal = engine.legal_ints(state)
        engine.apply_int(state, legal[rng.randrange(len(legal))])
    copied = copy_state(state, random.Random(1))
    assert copied.attack_sources == () and games.legal(copied) == engine.legal_ints(state)
    # counted anew, in a list of its own: the copy's conquests leave the original's be
    assert plan_attacks(games.tables, copied) == state.attack_width
    assert copied.enemies == state.enemies and copied.enemies is not state.enemies
    kept, owner = list(state.enemies), list(state.owner)
    while copied.owner == owner:
        legal = engine.legal_ints(copied)
        engine.apply_int(copied, legal[-2] if copied.phase is Phase.ATTACK else legal[-1])
    assert state.enemies == kept and copied.enemies != kept


def test_a_claim_decision_is_counted_from_the_state_claims() -> None:
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(5))
    rng = random.Random(6)
    claims = 0
    while state.phase is Phase.CLAIM:
        assert games.legal(state) is None
        listed = list(engine.legal_ints(state))
        assert listed == [code(CLAIM_DO, t) for t, o in enumerate(state.owner) if o < 0]
        assert games.width(state, None) == engine.width(state) == len(listed) > 1
        engine.apply_int(state, listed[rng.randrange(len(listed))])
        claims += 1
    assert claims == len(state.owner) - 1  # the last claim has one option: played by the engine
