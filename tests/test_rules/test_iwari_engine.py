"""The IWARI engine: placement legality, the two-player shared tribe, and replays."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.agents import random_place
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import (
    State,
    apply_place,
    choices,
    is_legal,
    options,
    placements,
    plays,
)
from stamperia.rules.iwari.pricing import payments
from stamperia.rules.iwari.setup import deal
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import Table


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def fresh(game: Game, players: int = 4) -> State:
    components, maps = iwari_parts(game)
    side = maps.sides[0]
    return State(index_side(side), components, deal(components, side, players,
                                                    random.Random(1)), feats=True)


def test_payments_follow_the_three_two_one_rule() -> None:
    assert payments(["desert", "desert", "desert"], "desert", 2, 2, 3) == [
        (("desert",), 1), (("desert", "desert"), 2)]
    assert payments(["red", "red", "desert"], "desert", 2, 2, 3) == [
        (("desert",), 1), (("red", "red"), 1), (("desert", "red", "red"), 2)]
    assert payments(["red", "blue", "desert"], "forest", 2, 2, 3) == []


def test_unexplored_territory_takes_one_tent_only(iwari: Game) -> None:
    state = fresh(iwari)
    desert = state.board.territory_index("desert_1")
    options = [p for p in placements(state, 0, ["desert", "desert", "desert"])
               if p.territory == desert]
    assert options and all(len(p.spaces) == 1 and p.totems == 0 for p in options)
    assert len(options) == state.board.space_counts[desert]


def test_explored_territory_takes_two_pieces_and_totems_are_capped(iwari: Game) -> None:
    state = fresh(iwari)
    desert = state.board.territory_index("desert_1")
    first = state.board.first_space[desert]
    apply_place(state, 1, ["desert"], Place(desert, ("desert",), (first,), 0), [])
    options = [p for p in placements(state, 0, ["desert", "desert"]) if p.territory == desert]
    shapes = {(len(p.spaces), p.totems) for p in options}
    assert shapes == {(1, 0), (2, 0), (1, 1), (0, 1)}  # two totems would outnumber 1 tent
    assert all(len(p.spaces) + p.totems <= 2 for p in options)


def test_wild_pair_places_one_piece_in_another_colour(iwari: Game) -> None:
    state = fresh(iwari)
    options = placements(state, 0, ["tundra", "tundra", "glacier"])
    desert = state.board.territory_index("desert_1")
    assert any(p.territory == desert and p.cards == ("tundra", "tundra") for p in options)


def test_one_tent_per_space(iwari: Game) -> None:
    state = fresh(iwari)
    desert = state.board.territory_index("desert_1")
    first = state.board.first_space[desert]
    apply_place(state, 1, ["desert"], Place(desert, ("desert",), (first,), 0), [])
    assert all(first not in p.spaces for p in placements(state, 0, ["desert", "desert"]))


def played_state(game: Game, seed: int) -> State:
    """A mid-game table: 30 random placements by four seats."""
    state = fresh(game)
    rng = random.Random(seed)
    hand = ["desert", "desert", "forest", "forest", "coast", "tundra", "glacier"]
    for turn in range(30):
        legal = plays(state, turn % 4, hand)
        if legal.entries:
            apply_place(state, turn % 4, list(hand), random_place(state, legal, rng), [])
    return state


@pytest.mark.parametrize("seed", range(4))
def test_options_stand_for_exactly_the_concrete_placements(iwari: Game, seed: int) -> None:
    state = played_state(iwari, seed)
    hand = ["desert", "desert", "tundra"]
    concrete = placements(state, 0, hand)
    assert sum(choices(state, o) for o in options(state, 0, hand)) == len(concrete)
    assert plays(state, 0, hand).total() == len(concrete)
    assert [o.ways for o in options(state, 0, hand)] == [choices(state, o)
                                                        for o in options(state, 0, hand)]
    assert len(set(concrete)) == len(concrete)
    assert all(is_legal(state, 0, hand, p) for p in concrete)
    first = concrete[0]
    assert not is_legal(state, 0, hand, Place(first.territory, first.cards, first.spaces,
                                              first.totems + 3))
    taken = next(s for s in range(state.board.spaces) if state.tents[s] != -1)
    assert not is_legal(state, 0, hand, Place(state.board.space_territory[taken], ("desert",),
                                              (taken,), 0))


def test_random_placement_is_uniform_over_concrete_placements(iwari: Game) -> None:
    state = fresh(iwari)
    desert = state.board.territory_index("desert_1")
    first = state.board.first_space[desert]
    apply_place(state, 1, ["desert"], Place(desert, ("desert",), (first,), 0), [])
    hand = ["desert", "desert"]
    concrete = placements(state, 0, hand)
    rng = random.Random(3)
    draws = 200 * len(concrete)
    seen = Counter(random_place(state, plays(state, 0, hand), rng) for _ in range(draws))
    assert set(seen) == set(concrete)
    assert max(seen.values()) < 2 * min(seen.values())


@pytest.mark.parametrize("agents", [("random", "random"), ("greedy", "random", "greedy"),
                                    ("greedy", "greedy", "random", "random")])
def test_replay_gives_the_same_result(iwari: Game, agents: tuple[str, ...]) -> None:
    simulator = simulators()["iwari"]
    record: list[dict[str, object]] = []
    result = simulator.play(iwari, Table(agents), random.Random(7), record)  # type: ignore[arg-type]
    lines = [json.loads(json.dumps(line)) for line in record]
    assert simulator.replay(iwari, lines) == result
    again = simulator.play(iwari, Table(agents), random.Random(7), None)
    assert again == result
    assert set(result.seats[0].score_parts) == {"tents", "totems", "camps", "feats"}
    assert all(s.score == sum(s.score_parts.values()) for s in result.seats)


def test_two_players_share_a_simulated_tribe_that_can_win(iwari: Game) -> None:
    simulator = simulators()["iwari"]
    results = [simulator.play(iwari, Table(("random", "random")), random.Random(seed), None)
               for seed in range(6)]
    assert all(len(r.seats) == 3 and r.seats[2].labels["agent"] == "simulated"
               for r in results)
    for result in results:
        if 2 in result.winners:
            assert result.end == "simulated_tribe"
    assert any(r.counters.get("simulated_tribe_won") for r in results)


def test_a_tampered_record_is_refused(iwari: Game) -> None:
    from stamperia.rules.play.loop import ReplayError

    simulator = simulators()["iwari"]
    record: list[dict[str, object]] = []
    simulator.play(iwari, Table(("random", "random", "random")), random.Random(2), record)  # type: ignore[arg-type]
    turn = next(i for i, line in enumerate(record) if str(line.get("move")).startswith("play"))
    record[turn] = {**record[turn], "move": "play nowhere forest 1"}
    with pytest.raises(ReplayError, match=f"line {turn + 1}: play nowhere forest 1 is not "
                                          "legal here \\(legal: play "):
        simulator.replay(iwari, record)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_draft_variant_deals_hands_by_drafting_from_the_last_player(iwari: Game,
                                                                    players: int) -> None:
    simulator = simulators()["iwari"]
    assert "draft" in simulator.variants
    table = Table(("greedy",) + ("random",) * (players - 1), ("draft",))
    record: list[dict[str, object]] = []
    result = simulator.play(iwari, table, random.Random(5), record)  # type: ignore[arg-type]
    setup = record[0]["setup"]
    assert setup["hands"] == [[]] * players and len(setup["display"]) == 4  # type: ignore[arg-type]
    drafts = record[1:1 + 3 * players]
    assert all(str(line["move"]).startswith("draw ") for line in drafts)
    assert [line["seat"] for line in drafts] == [s for s in reversed(range(players))
                                                 for _ in range(3)]
    # the display is refilled only once a drafter's hand is complete: four slots at most
    taken = 0
    for index, line in enumerate(drafts):
        if index % 3 == 0:
            taken = 0
        move = str(line["move"])
        assert move == "draw deck" or int(move.split()[-1]) <= 4 - taken
        taken += move != "draw deck"
    assert not str(record[1 + 3 * players]["move"]).startswith("draw ")
    lines = [json.loads(json.dumps(line)) for line in record]
    assert simulator.replay(iwari, lines) == result
