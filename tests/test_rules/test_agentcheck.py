"""Agents checked before they are believed (rules/simulation/agentcheck.py)."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.agentcheck import (
    AgentCheck,
    Strength,
    check_agents,
    doubled,
)
from stamperia.rules.simulation.runner import SimulationRequest

KNOWN = ("random", "greedy", "mcts")


def test_a_verdict_needs_agents_that_beat_random_and_end_games_by_the_rules() -> None:
    strong = Strength("greedy", "random", 40, 30, 1 / 3)
    weak = Strength("raider", "random", 40, 15, 1 / 3)  # 38% (24-53%): not shown above 33%
    assert strong.above_fair and not weak.above_fair
    given = AgentCheck(3, ("greedy",), 100, 90, (strong,))
    assert given.verdict == "given" and given.reasons == ()
    capped = AgentCheck(3, ("greedy",), 100, 89, (strong,))
    assert capped.reasons == ("only 89 of 100 games (89%) ended by the rules, not a cap "
                              "(needs 90%)",)
    both = AgentCheck(4, ("raider",), 10, 2, (weak,))
    assert both.verdict == "withheld" and len(both.reasons) == 2
    assert both.reasons[0] == ("raider is not shown to beat random seats at 4 players "
                               "(38% of 40 games, fair share 33%)")
    assert AgentCheck(2, ("random",), 10, 10, ()).reasons == (
        "random seats only: random play says nothing about balance",)


def test_the_skill_trace_doubles_a_playout_budget_only() -> None:
    assert doubled("mcts:100", KNOWN) == "mcts:200"
    assert doubled("mcts", KNOWN) == "mcts:200"  # the default budget, 100
    assert doubled("mcts:250ms", KNOWN) is None
    assert doubled("mcts:60000", KNOWN) is None  # twice would pass the bound
    assert doubled("greedy", KNOWN) is None


def test_greedy_beats_random_in_sgrunt_and_the_check_says_so() -> None:
    game = load_game("sgrunt")
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    simulator = make()
    request = SimulationRequest("sgrunt", 3, 12, 5, ("greedy",))
    check = check_agents(game, simulator, request, {"objective": 7, "points": 5},
                         check_games=12)
    (strength,) = check.strengths
    assert (strength.agent, strength.against, strength.games) == ("greedy", "random", 12)
    assert strength.above_fair and check.verdict == "given"
    assert check.lines()[-1] == ("balance verdict: given (every agent beats random and "
                                 "ends games by the rules)")
    assert check.as_json()["by_rules_share"] == 1.0
