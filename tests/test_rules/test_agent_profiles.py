"""The `heuristic:<profile>` agents of the shipped games play the style their content
profile describes: measured on small seeded runs, by what each style should do more."""

from __future__ import annotations

from stamperia.content.loader import load_game
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.result import GameResult
from stamperia.rules.simulation.runner import SimulationRequest, run


def _games(name: str, players: int, agent: str, games: int) -> tuple[GameResult, ...]:
    game = load_game(name)
    make = ruleset_for(game.ruleset).simulator
    assert make is not None
    return run(SimulationRequest(name, players, games, 3, (agent,)), game, make()).results


def _per_game(results: tuple[GameResult, ...], counter: str) -> float:
    return sum(r.counters.get(counter, 0) for r in results) / len(results)


def _part(results: tuple[GameResult, ...], part: str) -> float:
    return sum(s.score_parts[part] for r in results for s in r.seats) / len(results)


def test_conquest_aggressive_players_fight_more_often_than_turtling_ones() -> None:
    for name in ("sgrunt", "mugrugni"):
        aggressive = _games(name, 3, "heuristic:aggressive", 8)
        turtling = _games(name, 3, "heuristic:turtling", 8)
        fights = [_per_game(g, "battles") / _per_game(g, "player_turns")
                  for g in (aggressive, turtling)]
        assert fights[0] > 2 * fights[1], (name, fights)
        # Turtling seats attack rarely, so their games run to the round limit more often.
        assert (sum(r.turns for r in turtling) > sum(r.turns for r in aggressive)), name


def test_iwari_campers_score_camps_and_majority_players_score_tents() -> None:
    majority = _games("iwari", 3, "heuristic:majority", 6)
    camper = _games("iwari", 3, "heuristic:camper", 6)
    assert _part(camper, "camps") > 2 * _part(majority, "camps")
    assert _part(majority, "tents") > _part(camper, "tents") + 10


def test_warland_aggressive_players_raid_and_turtling_ones_stay_home() -> None:
    aggressive = _games("warland", 3, "heuristic:aggressive", 6)
    turtling = _games("warland", 3, "heuristic:turtling", 6)
    assert _per_game(aggressive, "sent") >= 5
    assert _per_game(aggressive, "battle") >= 5
    assert _per_game(turtling, "sent") == 0
    assert _per_game(turtling, "recruited.soldato") > 0
