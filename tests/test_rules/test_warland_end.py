"""How a WARLAND game ends (issue 36 point 4): the rulebook names no end, so the end and
the round cap are content parameters (`simulation.castles_standing`,
`simulation.default_rounds`); the purposeful agents end their games by the rules; the
first mover is the roll-off's winner, as the engine says; raid targets tie by the seeded
random source, not by seat."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.editions.overrides import Override
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.metrics import designer_metrics
from stamperia.rules.simulation.result import GameResult, SeatResult, Table
from stamperia.rules.warland.agents import agent
from stamperia.rules.warland.state import Action, Placed, Rules, Seat, State

RUNNER = CliRunner()
SIMULATION = {"default_rounds": 40, "castles_standing": 1, "coin_value": 1,
              "status": "prototype"}


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def _played(game: Game, agents: tuple[str, ...], seed: int, rounds: int | None = None
            ) -> GameResult:
    return simulators()["warland"].play(game, Table(agents, turn_limit=rounds),
                                        random.Random(seed), None)


def test_the_first_mover_is_the_roll_off_winner(game: Game) -> None:
    """"Il giocatore che ottiene il numero più alto inizierà a giocare" (warland.txt
    9-12): the result names the seat whose turn came first, the record's setup too."""
    firsts = set()
    for seed in range(12):
        record: list[dict[str, object]] = []
        result = simulators()["warland"].play(game, Table(("random",) * 3, turn_limit=1),
                                              random.Random(seed), record)
        setup = record[0]["setup"]
        assert isinstance(setup, dict)
        assert result.first == setup["first"]
        firsts.add(result.first)
    assert firsts == {0, 1, 2}


def test_first_player_advantage_reads_the_first_mover() -> None:
    """Seat 2 moved first and won both games: its share 1 is 1/2 above the fair 1/2; seat
    1 (index 0) never won, which a reading of seat 1 would report as -1/2."""
    seats = (SeatResult({"agent": "a"}), SeatResult({"agent": "b"}))
    games = [GameResult(seats, (1,), "last_castle", 4, 4, {}, first=1)] * 2
    metrics = {m.name: m.value for m in designer_metrics(games, 2, ())}
    assert metrics["first_player_advantage"] == pytest.approx(0.5)


def _twin_targets(game: Game) -> State:
    """Rossi with two soldiers at home and food to send them (a Fattoria), and two
    neighbours alike in every way (castle untouched, no soldiers, the same walk): only a
    tie-break tells them apart."""
    rules = Rules.of(game)
    seats = [Seat(f, "", resources=0, carpenters=1, soldiers=[1, 1] if f == "rossi" else [],
                  buildings=[Placed("castello", True)])
             for f in ("rossi", "blu", "verdi")]
    seats[0].buildings.append(Placed("fattoria", True, residents=1))
    travel = {(a, b): 2 for a in range(3) for b in range(3) if a != b}
    return State(rules, seats, travel)


@pytest.mark.parametrize("name", ["raider", "heuristic:aggressive"])
def test_raid_targets_tie_by_the_seeded_random_source(game: Game, name: str) -> None:
    state = _twin_targets(game)
    legal = [Action("send", target=t, count=n, strengths=(1,) * n) for t in (1, 2)
             for n in (1, 2)]
    legal.append(Action("end"))
    chosen = Counter(agent(name)(state, 0, legal, random.Random(seed)).target
                     for seed in range(40))
    assert set(chosen) == {1, 2}
    again = [agent(name)(state, 0, legal, random.Random(seed)) for seed in range(40)]
    assert again == [agent(name)(state, 0, legal, random.Random(seed)) for seed in range(40)]


def test_a_castle_beaten_once_draws_the_raid(game: Game) -> None:
    """Of two neighbours otherwise alike, the one whose Castello is halfway down (one of
    its two hits) is the raid's target, whatever the seed."""
    state = _twin_targets(game)
    state.seats[2].buildings[0].hits = 1
    legal = [Action("send", target=t, count=2, strengths=(1, 1)) for t in (1, 2)]
    legal.append(Action("end"))
    assert {agent("raider")(state, 0, legal, random.Random(s)).target
            for s in range(20)} == {2}


def test_castles_standing_is_the_end(game: Game) -> None:
    """`simulation.castles_standing` 2: a three-player game ends with the round in which
    the first castle falls."""
    early = load_game("warland", [Override("forces.json", "/simulation",
                                           {**SIMULATION, "castles_standing": 2})])
    results = [_played(early, ("raider",) * 3, seed) for seed in range(6)]
    assert [r.counters["castle.destroyed"] for r in results if r.end == "last_castle"] \
        == [1] * sum(r.end == "last_castle" for r in results)
    assert any(r.end == "last_castle" for r in results)
    full = [_played(game, ("raider",) * 3, seed) for seed in range(6)]
    assert {r.counters["castle.destroyed"] for r in full if r.end == "last_castle"} == {2}


def test_the_round_cap_comes_from_the_content(game: Game) -> None:
    short = load_game("warland", [Override("forces.json", "/simulation",
                                           {**SIMULATION, "default_rounds": 3})])
    assert _played(short, ("builder",) * 3, 1).counters["rounds"] == 3
    assert _played(game, ("builder",) * 3, 1).counters["rounds"] == 40


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("name", ["raider", "heuristic:aggressive"])
def test_purposeful_agents_end_nine_games_in_ten_by_the_rules(game: Game, players: int,
                                                              name: str) -> None:
    ends = Counter(_played(game, (name,) * players, seed).end for seed in range(100))
    assert ends["last_castle"] >= 90, ends


@pytest.mark.slow
def test_check_reports_no_cap_warning() -> None:
    """Random seats' games may hit the cap; the raider's do not, so no B004 warning."""
    result = RUNNER.invoke(cli, ["check", "warland"])
    assert result.exit_code == 0, result.output
    assert "hit their cap" not in result.output
    assert "warland: balance 3 players, raider: 24 games" in result.output
