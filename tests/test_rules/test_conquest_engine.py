"""The conquest turn engine, one rule at a time, on positions set up from SGRUNT's content."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.simulate import play, replay
from stamperia.rules.conquest.state import Phase, State
from stamperia.rules.conquest.tables import Tables, compile_tables
from stamperia.rules.simulation.result import Table


@pytest.fixture(scope="module")
def tables() -> Tables:
    return compile_tables(load_game("sgrunt"))


def _index(tables: Tables, territory: str) -> int:
    return tables.territory_ids.index(territory)


def _event(tables: Tables, event_id: str) -> int:
    return next(i for i, e in enumerate(tables.events) if e.id == event_id)


def _attack_position(engine: ConquestEngine, event: str = "calma_apparente") -> State:
    """Seat 0 to attack in round 1: setup played by always taking the first action, then
    every territory given to seat 1 with 1 boar and hands emptied."""
    state = engine.new_game(3, random.Random(5))
    while state.phase in (Phase.CLAIM, Phase.PLACE):
        engine.apply(state, engine.legal_actions(state)[0])
    state.owner = [1] * len(state.owner)
    state.recount()
    state.boars = [1] * len(state.boars)
    state.hands = [[], [], []]
    state.tasks.clear()
    state.event = _event(engine.tables, event)
    state.active = state.actor = 0
    state.phase, state.stage = Phase.ATTACK, "attack"
    state.legal = None
    return state


def _give(state: State, tables: Tables, territory: str, seat: int, boars: int) -> int:
    index = _index(tables, territory)
    state.set_owner(index, seat)
    state.boars[index] = boars
    state.legal = None
    return index


def test_attacks_need_two_boars_and_roll_at_most_boars_minus_one(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine)
    cagliari = _give(state, tables, "cagliari", 0, 3)
    attacks = [a for a in engine.legal_actions(state) if a[0] == "attack"]
    assert attacks and all(a[1] == cagliari for a in attacks)
    assert {a[3] for a in attacks} == {1, 2}
    _give(state, tables, "cagliari", 0, 1)
    assert engine.legal_actions(state) == [("end_attacks",)]


def test_sea_routes_are_closed_under_malu_entu(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    supramonte = _index(tables, "supramonte")
    state = _attack_position(engine)
    cagliari = _give(state, tables, "cagliari", 0, 5)
    assert ("attack", cagliari, supramonte, 3) in engine.legal_actions(state)
    state = _attack_position(engine, "malu_entu")
    cagliari = _give(state, tables, "cagliari", 0, 5)
    targets = {a[2] for a in engine.legal_actions(state) if a[0] == "attack"}
    assert supramonte not in targets and targets


def test_blocked_links_forbid_attacks_not_the_end_of_turn_move(tables: Tables) -> None:
    """Rulebook: Malu entu "Non si possono sferrare attacchi via mare (da porto a porto)"
    (MUGRUGNI: Alluvione "Non si possono sferrare attacchi attraversando i guadi", Tempesta
    "Non si possono attaccare i territori tra loro collegati via mare o via monte"): they
    forbid attacks, and say nothing of the move at the end of the turn."""
    engine = ConquestEngine(tables)
    state = _attack_position(engine, "malu_entu")
    cagliari = _give(state, tables, "cagliari", 0, 5)
    supramonte = _give(state, tables, "supramonte", 0, 1)
    assert supramonte not in {n for n, kind in tables.neighbours[cagliari] if kind < 0}
    state.phase, state.stage = Phase.MOVE, "move"
    state.legal = None
    assert ("move", cagliari, supramonte) in engine.legal_actions(state)


def test_forestas_protects_landlocked_territories(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine, "forestas")
    marmilla = _give(state, tables, "marmilla", 0, 5)
    targets = {int(a[2]) for a in engine.legal_actions(state) if a[0] == "attack"}
    neighbours = {n for n, _ in tables.neighbours[marmilla]}
    assert targets == {n for n in neighbours if tables.coastal[n]}


def test_pax_suina_blocks_both_ways_unless_an_attack_is_compulsory(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine)
    _give(state, tables, "cagliari", 0, 5)
    state.truces = {(0, 1): 1, (1, 0): 1}
    assert engine.legal_actions(state) == [("end_attacks",)]
    state = _attack_position(engine, "furia_selvaggia")
    _give(state, tables, "cagliari", 0, 5)
    state.truces = {(0, 1): 1, (1, 0): 1}
    actions = engine.legal_actions(state)
    assert actions and ("end_attacks",) not in actions


def test_furia_selvaggia_lifts_truces_only_for_who_could_attack_no_one(tables: Tables
                                                                       ) -> None:
    """Rulebook (SGRUNT, Chiarimenti): "se tre giocatori hanno attivato la loro carta
    Azione Pax Suina nello stesso turno di gioco e non possono attaccare nessuno, la carta
    Evento Furia Selvaggia annulla l'effetto": a seat that can still attack someone keeps
    its truce."""
    engine = ConquestEngine(tables)
    state = _attack_position(engine, "furia_selvaggia")
    cagliari = _give(state, tables, "cagliari", 0, 5)
    neighbour = next(n for n, kind in tables.neighbours[cagliari] if kind < 0)
    _give(state, tables, tables.territory_ids[neighbour], 2, 1)
    state.truces = {(0, 1): 1, (1, 0): 1}
    targets = {int(a[2]) for a in engine.legal_actions(state) if a[0] == "attack"}
    assert targets == {neighbour}


def test_conquest_moves_chosen_boars_scores_and_bottino_draws(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine, "bottino")
    cagliari = _give(state, tables, "cagliari", 0, 30)
    target = int(next(a for a in engine.legal_actions(state) if a[0] == "attack")[2])
    engine.apply(state, ("attack", cagliari, target, 3))
    while state.phase is Phase.BATTLE:
        engine.apply(state, ("roll", 3))
    assert state.phase is Phase.OCCUPY
    left = state.boars[cagliari]
    assert engine.legal_actions(state) == [("occupy", n) for n in range(1, left)]
    engine.apply(state, ("occupy", 4))
    assert state.owner[target] == 0 and state.boars[target] == 4
    assert state.boars[cagliari] == left - 4
    assert state.conquests[0] == 1 and len(state.hands[0]) == 1
    assert engine.scores(state)[0][1] == 2


def test_dice_cards_open_their_windows_and_one_card_per_turn(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine)
    cagliari = _give(state, tables, "cagliari", 0, 9)
    state.hands = [["zannata", "carica"], ["scorza_dura"], []]
    target = int(next(a for a in engine.legal_actions(state) if a[0] == "attack")[2])
    engine.apply(state, ("attack", cagliari, target, 3))
    assert state.phase is Phase.ATTACK_CARD
    assert engine.legal_actions(state) == [("card", ""), ("card", "carica"),
                                           ("card", "zannata")]
    engine.apply(state, ("card", "zannata"))
    assert state.phase is Phase.DEFENCE_CARD and state.actor == 1
    engine.apply(state, ("card", "scorza_dura"))
    assert state.hands == [["carica"], [], []]
    assert state.played_card[0] and state.played_card[1]


def test_compulsory_attack_forbids_stopping_before_one_attack(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine, "furia_selvaggia")
    cagliari = _give(state, tables, "cagliari", 0, 9)
    assert ("end_attacks",) not in engine.legal_actions(state)
    target = int(next(a for a in engine.legal_actions(state) if a[0] == "attack")[2])
    engine.apply(state, ("attack", cagliari, target, 1))
    if state.phase is Phase.BATTLE:
        engine.apply(state, ("retreat",))
    assert state.phase is Phase.OCCUPY or ("end_attacks",) in engine.legal_actions(state)


def test_after_each_roll_the_attacker_rolls_again_or_retreats(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine)
    cagliari = _give(state, tables, "cagliari", 0, 30)
    target = int(next(a for a in engine.legal_actions(state) if a[0] == "attack")[2])
    state.boars[target] = 30
    engine.apply(state, ("attack", cagliari, target, 2))
    assert state.phase is Phase.DEFEND and state.battle is not None
    assert engine.legal_actions(state) == [("defend", 1), ("defend", 2), ("defend", 3)]
    engine.apply(state, ("defend", 3))
    assert state.phase is Phase.BATTLE and state.battle is not None
    assert engine.legal_actions(state) == [("retreat",), ("roll", 1), ("roll", 2), ("roll", 3)]
    state.boars[cagliari] = 3
    state.legal = None
    assert engine.legal_actions(state) == [("retreat",), ("roll", 1), ("roll", 2)]
    engine.apply(state, ("retreat",))
    assert state.phase is Phase.ATTACK and state.battle is None
    state.boars[cagliari] = 2
    state.legal = None
    engine.apply(state, ("attack", cagliari, target, 1))
    while state.phase in (Phase.BATTLE, Phase.DEFEND):
        engine.apply(state, ("roll", 1) if state.phase is Phase.BATTLE else ("defend", 1))
    assert state.boars[cagliari] == 1 and state.battle is None
    assert state.phase is not Phase.BATTLE


def test_objective_complete_wins_at_once(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = _attack_position(engine)
    _, entries = tables.objectives[state.objectives[0]]
    targets = {t for t, _ in entries}
    last, origin = next((t, n) for t, _ in entries for n, kind in tables.neighbours[t]
                        if kind < 0 and n not in targets)
    for territory in targets - {last}:
        state.set_owner(territory, 0)
    state.set_owner(origin, 0)
    state.boars[origin], state.boars[last] = 40, 1
    state.legal = None
    engine.apply(state, ("attack", origin, last, 3))
    while state.phase in (Phase.BATTLE, Phase.DEFEND):
        engine.apply(state, ("roll", 3) if state.phase is Phase.BATTLE else ("defend", 1))
    engine.apply(state, ("occupy", 1))
    assert state.phase is Phase.OVER and state.end == "objective" and state.winners == (0,)


def _play_to_end(engine: ConquestEngine, seed: int) -> State:
    state = engine.new_game(3, random.Random(seed))
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        actions = engine.legal_actions(state)
        peaceful = [a for a in actions if a[0] not in ("attack", "truce")] or actions
        engine.apply(state, rng.choice(peaceful))
    return state


def test_without_conquests_the_game_ends_after_twelve_events_and_the_icons(
        tables: Tables) -> None:
    engine = ConquestEngine(tables)
    for seed in range(5):
        state = _play_to_end(engine, seed)
        assert state.end == "points"
        assert state.round >= 12
        extra = state.round - 12
        assert extra == 0 or state.extra_rounds


def test_scorza_dura_plays_past_the_event_deck(tables: Tables) -> None:
    engine = ConquestEngine(tables, scorza_dura=True, round_cap=30)
    state = _play_to_end(engine, 1)
    assert state.end == "round_cap" and state.round == 30


def test_peste_suina_never_empties_a_territory_and_hands_keep_the_limit(
        tables: Tables) -> None:
    engine = ConquestEngine(tables)
    for seed in range(20):
        state = engine.new_game(4, random.Random(seed))
        rng = random.Random(seed)
        while state.phase is not Phase.OVER:
            engine.apply(state, rng.choice(engine.legal_actions(state)))
            # A seat over the limit has its discard queued (round-start tasks run in turn).
            discarding = {task.seat for task in state.tasks if task.phase is Phase.DISCARD}
            assert state.phase is Phase.OVER or all(
                len(hand) <= tables.hand_limit or seat in discarding
                for seat, hand in enumerate(state.hands))
            if state.phase is not Phase.OCCUPY:  # a conquered territory waits for boars
                assert all(b >= 1 for o, b in zip(state.owner, state.boars, strict=True)
                           if o >= 0)


@pytest.mark.parametrize("game_id", ["sgrunt", "mugrugni"])
def test_a_record_replays_to_the_same_result(game_id: str) -> None:
    game = load_game(game_id)
    for seed, agents in ((3, ("random",) * 4), (4, ("greedy", "random", "greedy"))):
        record: list[Mapping[str, object]] = []
        played = play(game, Table(agents), random.Random(seed), record)
        lines = [json.loads(json.dumps(line)) for line in record]
        again = replay(game, lines)
        assert (again.winners, again.end, again.turns, again.steps, again.counters) == \
            (played.winners, played.end, played.turns, played.steps, played.counters)
        assert [s.score for s in again.seats] == [s.score for s in played.seats]


def test_factions_are_dealt_not_fixed_to_seats(tables: Tables) -> None:
    """Rulebook (SGRUNT, Preparazione): each player takes the boars "in base al colore della
    fazione scelta": a faction is the player's choice, not its seat's. The engine deals
    them at random, so a seat's win rate and a faction's are different figures."""
    engine = ConquestEngine(tables)
    dealt = [engine.new_game(4, random.Random(seed)).factions for seed in range(30)]
    assert all(len(set(f)) == 4 for f in dealt)
    assert all(set(f) <= set(range(len(tables.faction_ids))) for f in dealt)
    for seat in range(4):
        assert len({f[seat] for f in dealt}) == len(tables.faction_ids), seat
    game = load_game("sgrunt")
    result = play(game, Table(("random",) * 4), random.Random(3), None)
    state = engine.new_game(4, random.Random(random.Random(3).getrandbits(64)))
    assert [s.labels["faction"] for s in result.seats] == [
        tables.faction_ids[f] for f in state.factions]


def test_claims_list_every_unclaimed_territory_in_order(tables: Tables) -> None:
    from stamperia.rules.conquest.positions import copy_state

    engine = ConquestEngine(tables)
    state = engine.new_game(4, random.Random(2))
    rng = random.Random(9)
    while state.phase is Phase.CLAIM:
        expected = [("claim", t) for t, owner in enumerate(state.owner) if owner < 0]
        assert engine.legal_actions(state) == expected
        copied = copy_state(state, random.Random(1)).claims
        assert [engine.decode(c) for c in copied] == expected
        engine.apply(state, rng.choice(expected))
    assert state.claims == [] and state.unclaimed == []


def _joined_moves(tables: Tables, state: State, seat: int) -> list[tuple[str | int, ...]]:
    """The end-of-turn moves by their definition: from each of the seat's territories with
    boars to spare to each other one reached through the seat's own territories."""
    mine = [t for t, o in enumerate(state.owner) if o == seat]
    found: list[tuple[str | int, ...]] = []
    for a in mine:
        if state.boars[a] < 2:
            continue
        reached, frontier = {a}, [a]
        while frontier:
            here = frontier.pop()
            for there, _ in tables.neighbours[here]:
                if state.owner[there] == seat and there not in reached:
                    reached.add(there)
                    frontier.append(there)
        found += [("move", a, b) for b in mine if b != a and b in reached]
    return found


def test_moves_join_every_pair_linked_by_the_seats_own_territories(tables: Tables) -> None:
    """On the move decisions of whole random games, and as territories change hands, the
    listed moves are exactly the definition's, in order; setting owners by hand keeps
    each seat's territories in order."""
    engine = ConquestEngine(tables)
    rng = random.Random(3)
    checked = 0
    for game in range(6):
        state = engine.new_game(3 + game % 3, random.Random(game))
        while state.phase is not Phase.OVER:
            if state.phase is Phase.MOVE:
                listed = engine.legal_actions(state)
                assert listed[0] == ("no_move",)
                assert listed[1:] == _joined_moves(tables, state, state.actor)
                checked += 1
            engine.apply(state, rng.choice(engine.legal_actions(state)))
        for seat in range(state.players):
            assert state.owned[seat] == [t for t, o in enumerate(state.owner) if o == seat]
    assert checked > 100
