"""Reports from tallies: merged in any chunking and order, the report is the one-process
report, byte for byte."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.report import build_report, tally_report
from stamperia.rules.simulation.result import GameResult, SeatResult, Trace
from stamperia.rules.simulation.runner import SimulationRequest, SimulationRun, run, tally_games
from stamperia.rules.simulation.tally import Tally


def report_bytes(request: SimulationRequest, tally: Tally) -> str:
    return json.dumps(tally_report(request, tally, 1.0, ("cap",)).as_json(), sort_keys=True)


def merged(results: list[GameResult], cuts: list[int], reverse: bool) -> Tally:
    """The results tallied in chunks ending at `cuts`, merged in order or in reverse."""
    bounds = [0, *cuts, len(results)]
    parts = [Tally.of(results[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
    total = Tally()
    for part in reversed(parts) if reverse else parts:
        total.merge(part)
    return total


def synthetic(count: int) -> list[GameResult]:
    """Games whose floats add up differently in different orders: shared wins of three,
    scores of 1e16, 1 and -1e16 at the same checkpoint, fractional points."""
    rng = random.Random(4)
    games = []
    for index in range(count):
        winners = [(0,), (1, 2), (0, 1, 2), ()][index % 4]
        big = (1e16, 1.0, -1e16)[index % 3]
        scores = tuple((big, 0.1 * k, 0.3) for k in range(1 + index % 5))
        seats = tuple(SeatResult({"agent": "a" if s else "b", "faction": f"f{index % 3}"},
                                 rng.randrange(9), {"points": rng.randrange(9)})
                      for s in range(3))
        games.append(GameResult(seats, winners, ("cap", "points", "wipe")[index % 3],
                                5 + index % 7, 40 + index, {"event.x": index % 2},
                                Trace(10 + index % 4, 5 + index % 3, 30 + index, scores)))
    return games


REQUEST = SimulationRequest("g", 3, 30, 1, ("a", "b", "a"))


@pytest.mark.parametrize("cuts", [[], [1], [7, 8, 20], list(range(1, 30))])
@pytest.mark.parametrize("reverse", [False, True])
def test_any_chunking_gives_the_same_report(cuts: list[int], reverse: bool) -> None:
    results = synthetic(30)
    whole = report_bytes(REQUEST, Tally.of(results))
    assert report_bytes(REQUEST, merged(results, cuts, reverse)) == whole
    shuffled = list(results)
    random.Random(1).shuffle(shuffled)
    assert report_bytes(REQUEST, Tally.of(shuffled)) == whole


def test_tally_report_reads_the_exact_values() -> None:
    report = json.loads(report_bytes(REQUEST, Tally.of(synthetic(30))))
    # checkpoint 0 holds 1e16, 1 and -1e16 ten times each: the exact mean is 1/3
    assert report["charts"]["score_curve"][0][0] == 0.333
    seat_one = next(s for s in report["win_rates"] if s["group"] == "seat" and s["value"] == "1")
    assert seat_one["wins"] == round(8 + 7 / 3, 4)  # 8 sole wins, 7 shared by three


def test_tallied_simulation_is_the_one_process_report() -> None:
    game = load_game("splut")
    simulator = simulators()["splut"]
    request = SimulationRequest("splut", 2, 12, 5, ("random",), turn_limit=40)
    kept = run(request, game, simulator)
    one = build_report(SimulationRun(request, kept.results, 1.0, kept.capped_ends))
    for workers in (1, 2):
        tallied = tally_games(SimulationRequest("splut", 2, 12, 5, ("random",),
                                                turn_limit=40, workers=workers),
                              game, simulator)
        report = tally_report(request, tallied.tally, 1.0, tallied.capped_ends)
        assert json.dumps(report.as_json()) == json.dumps(one.as_json())


def test_score_curve_sums_are_exact_for_whole_and_fractional_scores() -> None:
    """Whole scores add as ints (the fast path), fractional ones as exact fractions, and a
    seat's sum turns into a fraction from the first fractional score on."""
    rows = [((2.0, 1.0), (0.0, 3.0)), ((0.5, 1.0), (1.0, -2.0)), ((4.0, 0.1), (2.0, 2.0))]
    seats = (SeatResult({"agent": "a"}), SeatResult({"agent": "b"}))
    games = [GameResult(seats, (0,), "points", 2, 2, {}, Trace(2, 2, 4, row)) for row in rows]
    curve = Tally.of(games).curve
    expected = [tuple(sum(Fraction(row[i][s]) for row in rows) for s in range(2))
                for i in range(2)]
    assert [sums for _, sums in (curve[0], curve[1])] == expected
    assert [type(v) for v in curve[1][1]] == [int, int]
    assert [type(v) for v in curve[0][1]] == [Fraction, Fraction]
    assert (curve[0][0], curve[1][0]) == (3, 3)


def test_score_curve_with_repeated_checkpoints() -> None:
    """A checkpoint that repeats the previous one's scores (whole or not) adds the same."""
    traces = [((1.0, 2.0), (1.0, 2.0), (0.5, 1.0), (0.5, 1.0), (3.0, 1.0)),
              ((0.25, 2.0), (0.25, 2.0), (2.0, 2.0), (2.0, 2.0), (2.0, 2.0))]
    seats = (SeatResult({"agent": "a"}), SeatResult({"agent": "b"}))
    games = [GameResult(seats, (1,), "points", 5, 5, {}, Trace(5, 5, 10, rows))
             for rows in traces]
    curve = Tally.of(games).curve
    assert [curve[i][1] for i in range(5)] == [
        tuple(Fraction(a[i][s]) + Fraction(b[i][s]) for s in range(2))
        for a, b in [traces] for i in range(5)]
    assert [type(v) for v in curve[4][1]] == [int, int]
