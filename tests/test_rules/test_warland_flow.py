"""WARLAND's one turn flow (rules/warland/flow.py): the simulation and the search drive it,
so a copy must play on apart from its original, and the round's curves are the only
thing a copy made for the search leaves out."""

from __future__ import annotations

import random

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.simulation.result import Table
from stamperia.rules.warland.agents import agent
from stamperia.rules.warland.flow import LAST_CASTLE, TURN_LIMIT, Flow, RandomDice, opening
from stamperia.rules.warland.simulate import WarlandGames
from stamperia.rules.warland.state import END, Action


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def _start(game: Game, rounds: int = 6) -> Flow:
    table = Table(("raider", "raider", "raider"), turn_limit=rounds)
    return WarlandGames(game).new_game(table, random.Random(5))


def _play(flow: Flow, rng: random.Random, decisions: int = 10_000) -> None:
    """Raiders decide (the meal too: they feed), the dice roll, until the game ends or
    `decisions` are taken."""
    raider = agent("raider")
    combat = flow.state.rules.forces.combat
    while not flow.over and decisions > 0:
        if flow.pending is not None:
            flow.settle(flow.draw(RandomDice(rng, combat.dice_sides,
                                             combat.dice_per_strength)))
            continue
        flow.decide(raider(flow.state, flow.seat, flow.legal, rng))
        decisions -= 1


def test_a_copy_plays_on_without_changing_its_original(game: Game) -> None:
    flow = _start(game)
    _play(flow, random.Random(1), decisions=40)
    before = flow.copy()
    played = flow.copy()
    _play(played, random.Random(2))
    assert played.over and played.played == 6
    assert played.state.seats != flow.state.seats
    assert flow.state.seats == before.state.seats
    assert flow.flags == before.flags
    assert (flow.round, flow.at, flow.actions, flow.turns, flow.over) == \
        (before.round, before.at, before.actions, before.turns, before.over)
    assert flow.state.counters == before.state.counters
    shared = (played.state.rules, played.state.travel, played.state.tokens)
    assert shared == (flow.state.rules, flow.state.travel, flow.state.tokens)
    assert all(a is b for a, b in zip(shared, (flow.state.rules, flow.state.travel,
                                               flow.state.tokens), strict=True))


def test_a_copy_plays_the_same_game_as_its_original(game: Game) -> None:
    flow = _start(game)
    _play(flow, random.Random(1), decisions=25)
    twin = flow.copy()
    _play(flow, random.Random(3))
    _play(twin, random.Random(3))
    assert twin.state == flow.state
    assert (twin.turns, twin.played, twin.end) == (flow.turns, flow.played, flow.end)
    assert flow.state.counters["curve.buildings.t06"] > 3


def test_a_copy_for_the_search_skips_the_curves_and_the_counters(game: Game) -> None:
    flow = _start(game)
    _play(flow, random.Random(1), decisions=25)
    searched = flow.copy(counting=False)
    assert searched.state.counters == {}
    counted = flow.copy()
    for copy in (searched, counted):
        _play(copy, random.Random(4))
    assert searched.state.seats == counted.state.seats
    assert not any(name.startswith("curve.") for name in searched.state.counters)
    assert sorted(n for n in counted.state.counters if n.startswith("curve.food.")) == \
        [f"curve.food.t{r:02d}" for r in range(1, 7)]


def test_the_round_ends_the_game_when_one_castle_is_left(game: Game) -> None:
    flow = _start(game)
    for index in flow.order[:2]:
        flow.state.seats[index].alive = False
    flow.decide(END)
    assert flow.seat == flow.order[2]
    assert (flow.over, flow.end, flow.played, flow.turns) == (False, TURN_LIMIT, 0, 1)
    flow.decide(END)
    assert (flow.over, flow.end, flow.played, flow.turns) == (True, LAST_CASTLE, 1, 2)


def test_the_turns_follow_the_roll_off_and_skip_the_fallen(game: Game) -> None:
    flow = _start(game)
    order = flow.order
    assert flow.seat == order[0] and flow.round == 1
    flow.state.seats[order[1]].alive = False
    flow.decide(END)
    assert flow.seat == order[2] and flow.round == 1
    flow.decide(END)
    assert flow.seat == order[0] and (flow.round, flow.played, flow.turns) == (2, 1, 2)
    assert flow.legal[0] == Action("feed")
    flow.decide(Action("feed"))
    assert flow.legal[-1] == END


def test_no_round_to_play_is_a_game_already_over(game: Game) -> None:
    state = _start(game).state
    flow = opening(state, 0, 1)
    assert flow.over and flow.played == 0 and flow.end == TURN_LIMIT
