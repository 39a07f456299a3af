"""The one play/record/replay loop (rules/play/loop.py), through every shipped game."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.iwari.simulate import IwariGames
from stamperia.rules.play.engine import Agent, Engine, Hosted, NativeEngine, native
from stamperia.rules.play.loop import ReplayError, play, replay
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import GameResult, JsonValue, Record, Table, Trace
from stamperia.rules.splut.play import SplutGames
from stamperia.rules.warland.simulate import WarlandGames

GAMES = [("sgrunt", 3), ("mugrugni", 4), ("warland", 3), ("warland", 4), ("splut", 2),
         ("splut", 4), ("iwari", 2), ("iwari", 5)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_simulate_record_then_replay_gives_the_same_results(tmp_path: Path, game: str,
                                                            players: int) -> None:
    record = tmp_path / "games.jsonl"
    runner = CliRunner()
    played = runner.invoke(cli, ["simulate", game, "--players", str(players), "--games", "3",
                                 "--seed", "7", "--record", str(record), "--json"])
    assert played.exit_code == 0, played.output
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    moves = [line for line in lines if "move" in line]
    assert moves and all(isinstance(m["seat"], int) and isinstance(m["move"], str)
                         for m in moves)
    replayed = runner.invoke(cli, ["replay", game, str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert [line.split(": ")[1] for line in replayed.output.splitlines()] == ["same"] * 3


@pytest.mark.parametrize("game", ["sgrunt", "warland", "splut", "iwari"])
def test_every_ruleset_has_a_trace(game: str) -> None:
    """Decisions, choices, legal moves and checkpoints are counted by the loop."""
    model = load_game(game)
    players = model.players[0]
    result = simulators()[model.ruleset].play(model, Table(("random",) * players),
                                              random.Random(4), None)
    trace = result.trace
    assert trace.decisions > 0 and 0 < trace.choices <= trace.decisions
    assert trace.legal >= trace.decisions
    assert trace.scores and all(len(s) >= players for s in trace.scores)


def test_warland_reports_its_decision_metrics() -> None:
    result = CliRunner().invoke(cli, ["simulate", "warland", "--players", "3", "--games", "4",
                                      "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    metrics = {name: m["value"] for name, m in report["metrics"].items()}
    assert metrics["branching_factor"] is not None and metrics["branching_factor"] > 1
    assert metrics["duration_decisions_mean"] > 0
    assert metrics["stability"] is not None
    assert metrics["lead_changes"] is None  # it reads the oracle: --oracle N
    curve = report["charts"]["score_curve"]
    assert curve and len(curve[0]) == 3


def test_warland_rolls_are_chance_lines_and_a_changed_outcome_is_refused() -> None:
    game = load_game("warland")
    simulator = simulators()["warland"]
    record: list[dict[str, object]] = []
    played = simulator.play(game, Table(("raider",) * 3, turn_limit=20), random.Random(2),
                            record)  # type: ignore[arg-type]
    rolls = [i for i, line in enumerate(record) if "chance" in line]
    assert rolls and all(str(record[i]["chance"]).startswith("outcome ") for i in rolls)
    assert simulator.replay(game, record) == played  # type: ignore[arg-type]
    record[rolls[0]] = {"chance": "outcome nothing"}
    with pytest.raises(ReplayError, match=f"line {rolls[0] + 1}: outcome nothing is not "
                                          "legal here \\(legal: outcome "):
        simulator.replay(game, record)  # type: ignore[arg-type]


def test_a_record_cut_short_is_refused() -> None:
    game = load_game("splut")
    simulator = simulators()["splut"]
    record: list[dict[str, object]] = []
    simulator.play(game, Table(("random", "random")), random.Random(3), record)  # type: ignore[arg-type]
    with pytest.raises(ReplayError, match="the record ends before the game does"):
        simulator.replay(game, record[:-1])  # type: ignore[arg-type]
    with pytest.raises(ReplayError, match="line 1: a game's record starts with its setup"):
        simulator.replay(game, record[1:])  # type: ignore[arg-type]


class _Forwarded(Engine[Any, Any, Any]):
    """A shipped engine seen as a publisher's plain-Python Engine: every method of the
    protocol forwarded except mover and advance, which the Engine base builds from over,
    to_move, apply and clock. Played through Hosted, as a ruleset from a package is."""

    def __init__(self, inner: NativeEngine[Any, Any, Any]) -> None:
        self.inner = inner

    def new_game(self, table: Table, rng: random.Random) -> Any:
        return self.inner.new_game(table, rng)

    def setup(self, state: Any) -> dict[str, JsonValue]:
        return self.inner.setup(state)

    def restart(self, setup: Mapping[str, JsonValue]) -> Any:
        return self.inner.restart(setup)

    def agents(self, table: Table, rng: random.Random) -> list[Agent[Any, Any, Any]]:
        return self.inner.agents(table, rng)

    def to_move(self, state: Any) -> int:
        return self.inner.to_move(state)

    def legal(self, state: Any) -> Any:
        return self.inner.legal(state)

    def width(self, state: Any, legal: Any) -> int:
        return self.inner.width(state, legal)

    def chance(self, state: Any, rng: random.Random) -> Any:
        return self.inner.chance(state, rng)

    def apply(self, state: Any, action: Any) -> None:
        self.inner.apply(state, action)

    def over(self, state: Any) -> bool:
        return self.inner.over(state)

    def clock(self, state: Any) -> int:
        return self.inner.clock(state)

    def estimate(self, state: Any) -> Sequence[float]:
        return self.inner.estimate(state)

    def result(self, state: Any, agents: tuple[str, ...], trace: Trace) -> GameResult:
        return self.inner.result(state, agents, trace)

    def notation(self, state: Any, action: Any) -> str:
        return self.inner.notation(state, action)

    def parse(self, state: Any, move: str) -> Any:
        return self.inner.parse(state, move)

    def legal_moves(self, state: Any) -> list[str]:
        return self.inner.legal_moves(state)


MakeNative = Callable[[Game], NativeEngine[Any, Any, Any]]
ENGINES: list[tuple[str, MakeNative, tuple[str, ...], int | None]] = [
    ("splut", SplutGames, ("random", "greedy", "random", "heuristic:careful"), None),
    ("splut", SplutGames, ("greedy", "random"), 6),
    ("sgrunt", ConquestGames, ("random",) * 3, None),
    ("warland", WarlandGames, ("random",) * 3, 30),
    ("iwari", IwariGames, ("random",) * 3, None),
]


@pytest.mark.parametrize(("game", "make", "agents", "turns"), ENGINES)
def test_the_native_and_the_hosted_paths_play_and_replay_alike(
        game: str, make: MakeNative, agents: tuple[str, ...], turns: int | None) -> None:
    """A shipped engine's own mover and advance (its fast path) against the Engine base's
    defaults through Hosted: the same seed gives the same record and result, and each
    path replays the other's record."""
    model = load_game(game)
    direct = make(model)
    hosted = native(_Forwarded(make(model)))
    assert isinstance(hosted, Hosted)
    for seed in range(3):
        table = Table(agents, turn_limit=turns)
        records: list[Record] = [[], []]
        results = [play(engine, table, random.Random(seed), record)
                   for engine, record in zip((direct, hosted), records, strict=True)]
        assert results[0] == results[1] and records[0] == records[1]
        assert results[0].trace.decisions > 0
        assert replay(hosted, records[0]) == replay(direct, records[1])


def test_conquest_counts_the_decisions_its_engine_plays_itself() -> None:
    """Single-move decisions the engine plays without asking are decisions too (Ludii's
    DecisionMoves counts every move): not every decision has a choice."""
    engine = native(ConquestGames(load_game("sgrunt")))
    result = play(engine, Table(("greedy",) * 3), random.Random(2))
    trace = result.trace
    assert 0 < trace.choices < trace.decisions
    assert trace.legal > trace.decisions


@pytest.mark.parametrize(("make", "game", "seats"),
                         [(ConquestGames, "sgrunt", 3), (SplutGames, "splut", 2)])
def test_the_oracle_reads_win_chances_without_changing_the_game(
        make: Callable[[Game], Any], game: str, seats: int) -> None:
    engine = native(make(load_game(game)))
    plain = play(engine, Table(("greedy",) * seats), random.Random(5))
    told = play(engine, Table(("greedy",) * seats, oracle=2), random.Random(5))
    assert told == plain and told.trace.scores == plain.trace.scores
    assert plain.trace.chances == ()
    chances = told.trace.chances
    assert len(chances) == len(told.trace.scores)
    assert all(len(row) == seats and abs(sum(row) - 1) < 1e-9 for row in chances)
    again = play(engine, Table(("greedy",) * seats, oracle=2), random.Random(5))
    assert again.trace.chances == chances  # seeded
