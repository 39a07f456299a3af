"""WARLAND's `mcts` agent: legal whole games, the same for a seed, and blind to what its
seat cannot see (the other seats' resources and food, kept on their own sheets)."""

from __future__ import annotations

import json
import random

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.registry import simulators
from stamperia.rules.search.spec import Budget
from stamperia.rules.simulation.result import Record, Table
from stamperia.rules.warland.flow import Flow
from stamperia.rules.warland.search import MctsAgent, WarlandSearch, clone
from stamperia.rules.warland.simulate import WarlandGames


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def test_mcts_plays_legal_games_the_same_for_a_seed(game: Game) -> None:
    """A replay parses every recorded move back and refuses an illegal one."""
    simulator = simulators()["warland"]
    table = Table(("mcts:3", "raider", "random"), turn_limit=4)
    record: Record = []
    result = simulator.play(game, table, random.Random(2), record)
    lines = [json.loads(json.dumps(line)) for line in record]
    assert simulator.replay(game, lines) == result
    again: Record = []
    assert simulator.play(game, table, random.Random(2), again) == result
    assert again == record
    assert result.seats[0].labels["agent"] == "mcts:3"
    moves = [line["move"] for line in record[1:] if line.get("seat") == 0]
    assert len(set(moves)) > 2


def _midgame(game: Game) -> Flow:
    """A game a few rounds in, at a decision of seat 0 with more than one action."""
    engine = WarlandGames(game)
    rng = random.Random(4)
    table = Table(("raider", "raider", "builder"))
    state = engine.new_game(table, rng)
    agents = engine.agents(table, rng)
    while state.played < 4 or state.pending is not None or state.seat != 0 \
            or len(state.legal) < 3:
        seat = engine.to_move(state)
        action = engine.chance(state, rng) if seat < 0 else \
            agents[seat](state, engine.legal(state), rng)
        engine.apply(state, action)
    return state


def _turn(state: Flow) -> Flow:
    return Flow(state.state, tuple(state.order), state.order.index(state.seat), state.flags,
                0, state.played + 1, state.rounds)


def test_the_search_never_reads_the_other_sheets(game: Game) -> None:
    """The same seed gives the same samples and the same choice whatever the other seats'
    resources and food are; the searching seat's own sheet is kept."""
    state = _midgame(game)
    truth = _turn(state)
    other = clone(truth)
    for seat in other.state.seats[1:]:
        seat.resources += 17
        seat.food += 5
    search = WarlandSearch()
    samples = [search.determinize(t, 0, random.Random(9)) for t in (truth, other)]
    assert samples[0].state == samples[1].state
    assert samples[0].state.seats[0].resources == state.state.seats[0].resources
    agent = MctsAgent(Budget(12))
    assert agent.choose(truth, state.legal, random.Random(3)) == \
        agent.choose(other, state.legal, random.Random(3))


def test_determinizing_changes_only_the_hidden_numbers(game: Game) -> None:
    state = _midgame(game)
    truth = _turn(state)
    sample = WarlandSearch().determinize(truth, 0, random.Random(1))
    assert sample.state.seats[0] == truth.state.seats[0]
    for mine, drawn in zip(truth.state.seats[1:], sample.state.seats[1:], strict=True):
        assert (drawn.buildings, drawn.soldiers, drawn.missions, drawn.carpenters) == \
            (mine.buildings, mine.soldiers, mine.missions, mine.carpenters)
        assert drawn.food == 0
    assert sample.state.seats is not truth.state.seats
