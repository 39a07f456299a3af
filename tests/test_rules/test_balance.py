"""The balance stage plays, for each line-up, exactly the games `stamperia simulate` plays
for the same request, though it binds the content once for all line-ups."""

from __future__ import annotations

import pytest

from content.loader import load_game
from rules.balance import LineUp, _note, balance_stage, line_up_agents
from rules.registry import ruleset_for
from rules.simulation.runner import SimulationRequest, run


@pytest.mark.parametrize("name", ["sgrunt", "splut"])
def test_each_line_up_is_the_simulation_of_its_request(name: str) -> None:
    game = load_game(name)
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    simulator = make()
    _, notes = balance_stage(game, simulator, 7, games=3)
    low, high = game.players
    expected = []
    for players in range(low, high + 1):
        for agent in line_up_agents(simulator):
            request = SimulationRequest(game.id, players, 3, 7, (agent,))
            expected.append(_note(LineUp(players, agent,
                                         run(request, game, simulator).results)))
    assert notes == expected
    assert len(notes) == (high - low + 1) * len(line_up_agents(simulator))
