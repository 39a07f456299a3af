"""IWARI feats: earned by the rules, placed where the player chooses; records replay them."""

from __future__ import annotations

import json
import random

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.agents import GreedyAgent, RandomAgent
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import State, apply_place
from stamperia.rules.iwari.feats import Earned, earned, place_feat
from stamperia.rules.iwari.setup import deal
from stamperia.rules.play.loop import ReplayError
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import Table


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def fresh(game: Game) -> State:
    components, maps = iwari_parts(game)
    side = maps.sides[0]
    return State(index_side(side), components, deal(components, side, 4, random.Random(1)),
                 feats=True)


def fill(state: State, territory: str, seats: list[int]) -> tuple[int, Place]:
    """Put tents of `seats` on the territory's spaces in order; returns the last placement."""
    index = state.board.territory_index(territory)
    first = state.board.first_space[index]
    place = Place(index, (), (), 0)
    for offset, seat in enumerate(seats):
        place = Place(index, (), (first + offset,), 0)
        apply_place(state, seat, [], place, [])
    return index, place


def test_scoperta_may_go_anywhere_but_the_filled_territory(iwari: Game) -> None:
    state = fresh(iwari)
    desert = state.board.territory_index("desert_1")
    size = state.board.space_counts[desert]
    index, place = fill(state, "desert_1", [1] * (size - 1) + [0])
    found = earned(state, 0, place)
    scoperta = next(f for f in found if f.feat == "scoperta")
    assert scoperta.on == "territory"
    assert scoperta.where == tuple(t for t in range(state.board.territories) if t != index)
    assert state.feats_left["scoperta"] == 1 and state.feat_holders["scoperta"] == {0}
    assert earned(state, 0, place) == []  # one feat of a kind per player


def test_greedy_puts_a_tent_feat_where_it_scores_most(iwari: Game) -> None:
    state = fresh(iwari)
    fill(state, "forest_1", [0, 0, 0, 1])
    fill(state, "tundra_1", [0, 1, 1])
    forest = state.board.territory_index("forest_1")
    tundra = state.board.territory_index("tundra_1")
    feat = Earned("scoperta", 0, "territory", (tundra, forest))
    assert GreedyAgent(random.Random(0)).feat(state, 0, feat) == forest
    assert GreedyAgent(random.Random(0)).feat(state, 1, feat) == tundra
    picks = {RandomAgent(random.Random(seed)).feat(state, 0, feat) for seed in range(20)}
    assert picks == {tundra, forest}
    place_feat(state, feat, forest)
    assert state.territory_feats[forest] == 1
    with pytest.raises(ValueError):
        place_feat(state, feat, 0)


def _territory_feat(line: dict[str, object]) -> bool:
    """A feat placed on a territory (`feat <feat> <territory>`; a connection is a number)."""
    words = str(line.get("move", "")).split(" ")
    return words[0] == "feat" and not words[-1].isdigit()


def feat_record(game: Game) -> list[dict[str, object]]:
    simulator = simulators()["iwari"]
    for seed in range(40):
        record: list[dict[str, object]] = []
        simulator.play(game, Table(("random",) * 4), random.Random(seed), record)  # type: ignore[arg-type]
        if any(_territory_feat(line) for line in record):
            return [json.loads(json.dumps(line)) for line in record]
    raise AssertionError("no game with a territory feat choice in 40 seeds")


def test_feat_choices_are_recorded_and_replayed(iwari: Game) -> None:
    simulator = simulators()["iwari"]
    record = feat_record(iwari)
    result = simulator.replay(iwari, record)  # type: ignore[arg-type]
    at = next(i for i, line in enumerate(record) if _territory_feat(line))
    assert set(record[at]) == {"seat", "move"}
    feat = str(record[at]["move"]).split(" ")[1]
    record[at] = {**record[at], "move": f"feat {feat} atlantis"}
    with pytest.raises(ReplayError, match=f"line {at + 1}: feat {feat} atlantis is not "
                                          f"legal here \\(legal: feat {feat} "):
        simulator.replay(iwari, record)  # type: ignore[arg-type]
    assert result.counters.get("feat.unione", 0) + result.counters.get("feat.scoperta", 0)


def test_unione_goes_in_a_territory_of_the_camp_just_made(iwari: Game) -> None:
    state = fresh(iwari)
    board = state.board
    chain = [0]
    while len(chain) < 4:  # a path of four tent spaces joined along paths
        chain.append(next(s for s in board.space_links[chain[-1]] if s not in chain))
    for space in chain[:3]:
        place = Place(board.space_territory[space], (), (space,), 0)
        apply_place(state, 0, [], place, [])
        assert [f.feat for f in earned(state, 0, place)] == []
    last = Place(board.space_territory[chain[3]], (), (chain[3],), 0)
    apply_place(state, 0, [], last, [])
    unione = next(f for f in earned(state, 0, last) if f.feat == "unione")
    assert unione.where == tuple(sorted({board.space_territory[s] for s in chain}))


def test_greedy_draws_among_equal_feat_places_whatever_their_order(iwari: Game) -> None:
    """On an empty map every place is worth the same: the choice is a seeded draw, not
    the first or lowest listed (before, the lowest index every time)."""
    state = fresh(iwari)
    places = tuple(range(6))
    for order in (places, tuple(reversed(places))):
        feat = Earned("scoperta", 0, "territory", order)
        picks = [order.index(GreedyAgent(random.Random(seed)).feat(state, 0, feat))
                 for seed in range(300)]
        assert all(0.09 < picks.count(position) / 300 < 0.25 for position in range(6))
