"""Every ruleset's `mcts` agent plays whole (short) games, the same for a seed."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.runner import SimulationRequest, SimulationRun, run


def _run(name: str, players: int, agents: tuple[str, ...], games: int,
         turns: int | None) -> SimulationRun:
    game = load_game(name)
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    return run(SimulationRequest(name, players, games, 7, agents, turn_limit=turns), game,
               make())


@pytest.mark.parametrize(("name", "players", "agents", "turns"), [
    ("splut", 2, ("mcts:8", "random"), 12),
    ("iwari", 2, ("mcts:2", "greedy"), 2),
    ("sgrunt", 3, ("mcts:2", "greedy", "random"), 1),
])
def test_mcts_games_repeat_for_a_seed(name: str, players: int, agents: tuple[str, ...],
                                      turns: int) -> None:
    first = _run(name, players, agents, 2, turns).results
    assert first == _run(name, players, agents, 2, turns).results
    assert {r.seats[0].labels["agent"] for r in first[:1]} == {agents[0]}


@pytest.mark.slow
def test_mcts_beats_random_in_two_player_splut() -> None:
    """The issue's bar: at least 70% of 2-player games at the default budget."""
    results = _run("splut", 2, ("mcts", "random"), 20, None).results
    wins = sum(1 for index, r in enumerate(results) if (index % 2) in r.winners)
    assert wins >= 14


def test_heuristic_profiles_come_from_the_content() -> None:
    """The same seeds, the profiles' weights swapped: other games."""
    aggressive = _run("splut", 2, ("heuristic:aggressive", "greedy"), 6, 60).results
    careful = _run("splut", 2, ("heuristic:careful", "greedy"), 6, 60).results
    assert [r.steps for r in aggressive] != [r.steps for r in careful]
    assert aggressive[0].seats[0].labels["agent"] == "heuristic:aggressive"
