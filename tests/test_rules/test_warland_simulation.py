"""The WARLAND economy simulation: reproducible, replayable, and reporting its curves."""

from __future__ import annotations

import json
import random

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import Table

TABLES = [("builder", "builder", "builder"), ("raider", "builder", "raider", "builder"),
          ("random", "random", "raider", "random")]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


@pytest.mark.parametrize("agents", TABLES)
def test_replay_gives_the_same_result(game: Game, agents: tuple[str, ...]) -> None:
    simulator = simulators()["warland"]
    record: list = []
    result = simulator.play(game, Table(agents, turn_limit=20), random.Random(5), record)
    lines = [json.loads(json.dumps(line)) for line in record]
    assert simulator.replay(game, lines) == result
    again = simulator.play(game, Table(agents, turn_limit=20), random.Random(5), None)
    assert again == result


def test_result_counters_and_curves(game: Game) -> None:
    result = simulators()["warland"].play(
        game, Table(("raider", "builder", "raider", "builder"), turn_limit=6),
        random.Random(1), None)
    assert result.counters["rounds"] == 6
    assert result.turns == 24  # no castle falls in six rounds: every seat plays each
    assert "castle.destroyed" in result.counters
    assert [f"curve.food.t{n:02d}" in result.counters for n in range(1, 7)] == [True] * 6
    assert result.counters["curve.food.t01"] == 4 * 5  # four castles, 5 food each
    assert sum(v for k, v in result.counters.items() if k.startswith("built.")) > 0
    assert [s.labels["faction"] for s in result.seats] == ["rossi", "blu", "verdi", "gialli"]


def test_wrong_player_count_is_refused(game: Game) -> None:
    with pytest.raises(ValueError, match="seats 3 to 4 players"):
        simulators()["warland"].play(game, Table(("builder",) * 5), random.Random(0), None)


def test_the_engine_keeps_the_pawn_supply(game: Game) -> None:
    """`limits.pawn_supply: tokens`: with its 8 strength-1 soldier tokens in play, a seat
    may not recruit another at the Caserma; without the limit it may."""
    from stamperia.rules.warland.engine import legal_actions
    from stamperia.rules.warland.state import Placed, Rules, Seat, State, TurnFlags
    from stamperia.rules.warland.supply import supply, tokens

    rules = Rules.of(game)
    assert rules.forces.limits.pawn_supply == "tokens" and tokens(rules) == supply(rules)
    assert supply(rules).soldier(1) == 8

    def recruits(soldiers: list[int], limited: bool) -> bool:
        seat = Seat("rossi", "", resources=50, carpenters=1, soldiers=soldiers,
                    buildings=[Placed("castello", True), Placed("caserma", True)])
        other = Seat("blu", "", carpenters=1, buildings=[Placed("castello", True)])
        state = State(rules, [seat, other], {(0, 1): 2, (1, 0): 2},
                      tokens=tokens(rules) if limited else None)
        return any(a.do == "recruit" for a in legal_actions(state, 0, TurnFlags()))

    assert recruits([1] * 7, limited=True)
    assert not recruits([1] * 8, limited=True)
    assert recruits([1] * 8, limited=False)
