"""The greedy and heuristic agents on ints (greedy.py) pick the very action the tuple
agents (agents.py) pick, on every decision of whole games."""

from __future__ import annotations

import functools
import random

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.conquest.agents import ReadableAgent, greedy_agent, int_agent, weighted_action
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.greedy import IntGreedy, Weights
from stamperia.rules.conquest.state import Phase
from stamperia.rules.conquest.tables import compile_tables

PROFILES = [None, Weights(1, 0, 3, 1, 50), Weights(3, 2, 0, 2, 75), Weights(0, -1, 1, 0, 10)]


@pytest.mark.parametrize("game_id", ["sgrunt", "mugrugni"])
def test_int_agents_choose_what_the_tuple_agents_choose(game_id: str) -> None:
    engine = ConquestEngine(compile_tables(load_game(game_id)))
    phases: set[Phase] = set()
    for game in range(4):
        state = engine.new_game(3 + game % 2, random.Random(game))
        agents = [IntGreedy(engine, PROFILES[(game + seat) % len(PROFILES)])
                  for seat in range(state.players)]
        readable = [ReadableAgent(greedy_agent if w is None
                                  else functools.partial(weighted_action, w), engine)
                    for w in (PROFILES[(game + seat) % len(PROFILES)]
                              for seat in range(state.players))]
        rng = random.Random(game)
        while state.phase is not Phase.OVER:
            actions = None if state.phase is Phase.PLACE else engine.legal_ints(state)
            seat = state.actor
            draws = rng.getstate()
            chosen = agents[seat](state, actions, rng)
            after = rng.getstate()
            rng.setstate(draws)
            assert readable[seat](state, actions, rng) == chosen, (state.phase, state.steps)
            assert rng.getstate() == after
            phases.add(state.phase)
            engine.apply_int(state, chosen)
    assert {Phase.CLAIM, Phase.PLACE, Phase.ATTACK, Phase.BATTLE, Phase.DEFEND,
            Phase.OCCUPY, Phase.MOVE, Phase.MOVE_COUNT} <= phases


def test_greedy_and_heuristic_names_give_int_agents() -> None:
    engine = ConquestEngine(compile_tables(load_game("sgrunt")))
    assert isinstance(int_agent("greedy", engine), IntGreedy)
    profile = engine.tables.agent_profiles[0].id
    assert isinstance(int_agent(f"heuristic:{profile}", engine), IntGreedy)
    assert not isinstance(int_agent("mcts:20", engine), ReadableAgent)  # ISMCTS on ints


@pytest.mark.parametrize("profile", [None, Weights(1, 0, 3, 1, 50)])
def test_equally_good_actions_are_drawn_not_taken_in_list_order(profile: Weights | None
                                                                ) -> None:
    """Where several places, attacks or cards are as good, the seat's generator decides
    among them (issue 36), the tuple agent drawing the same one from the same draws."""
    engine = ConquestEngine(compile_tables(load_game("sgrunt")))
    state = engine.new_game(3, random.Random(5))
    agent = IntGreedy(engine, profile)
    readable = ReadableAgent(greedy_agent if profile is None
                             else functools.partial(weighted_action, profile), engine)
    rng = random.Random(5)
    drawn = 0
    while state.phase is not Phase.OVER and drawn < 3:
        if state.phase is not Phase.CLAIM:  # claims are drawn by design
            listed = None if state.phase is Phase.PLACE else engine.legal_ints(state)
            picks = [agent(state, listed, random.Random(seed)) for seed in range(12)]
            assert picks == [readable(state, listed, random.Random(seed))
                             for seed in range(12)]
            drawn += len(set(picks)) > 1
        engine.apply_int(state, agent(state, engine.legal_ints(state), rng))
    assert drawn == 3
