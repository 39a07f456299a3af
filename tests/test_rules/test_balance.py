"""The balance stage plays, for each line-up, exactly the games `stamperia simulate` plays
for the same request, though it binds the content once for all line-ups."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.balance import (
    LineUp,
    _note,
    _verdict_note,
    agent_verdict,
    balance_stage,
    line_up_agents,
)
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest, run


@pytest.mark.parametrize("name", ["sgrunt", "splut"])
def test_each_line_up_is_the_simulation_of_its_request(name: str) -> None:
    game = load_game(name)
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    simulator = make()
    _, notes = balance_stage(game, simulator, 7, games=3)
    low, high = game.players
    expected, checks = [], []
    for players in range(low, high + 1):
        line_ups = []
        for agent in line_up_agents(simulator):
            request = SimulationRequest(game.id, players, 3, 7, (agent,))
            line_ups.append(LineUp(players, agent, run(request, game, simulator).results))
        expected += [_note(line_up) for line_up in line_ups]
        purposeful = line_up_agents(simulator)[-1]
        mixed = SimulationRequest(game.id, players, 1, 7,
                                  (purposeful,) + ("random",) * (players - 1))
        check = LineUp(players, purposeful, run(mixed, game, simulator).results, True)
        checks.append(_verdict_note(agent_verdict(check, line_ups, simulator.capped_ends)))
    assert notes == expected + checks
    assert len(notes) == (high - low + 1) * (len(line_up_agents(simulator)) + 1)


def test_the_purposeful_seat_is_the_rulesets_choice_else_greedy_else_the_first() -> None:
    def simulator(agents: tuple[str, ...], purposeful: str | None) -> Simulator:
        return replace(ruleset_simulator("sgrunt"), agents=agents, purposeful=purposeful)

    assert line_up_agents(simulator(("builder", "random", "greedy"), None)) == (
        "random", "greedy")
    assert line_up_agents(simulator(("builder", "random"), None)) == ("random", "builder")
    assert line_up_agents(simulator(("raider", "random", "greedy"), "raider")) == (
        "random", "raider")


def test_warland_balance_seats_raiders_whose_games_can_end_by_the_rules() -> None:
    """The builder never sends a soldier: its games could only end at the cap."""
    game = load_game("warland")
    simulator = ruleset_simulator("warland")
    assert line_up_agents(simulator) == ("random", "raider")
    _, notes = balance_stage(game, simulator, 0, games=24)
    raiders = next(n for n in notes if n.startswith("balance 3 players, raider"))
    assert "last_castle" in raiders


def ruleset_simulator(name: str) -> Simulator:
    make = ruleset_for(load_game(name).ruleset).simulator
    assert make is not None
    return make()
