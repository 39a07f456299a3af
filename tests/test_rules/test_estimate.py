"""A run's cost said before it starts (rules/simulation/estimate.py)."""

from __future__ import annotations

from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.rules.simulation.estimate import CostEstimate, duration


def test_the_estimate_reads_in_the_unit_a_person_reads() -> None:
    assert duration(40) == "40 CPU seconds"
    assert duration(40 * 60) == "40 CPU minutes"
    assert duration(3 * 3600) == "3.0 CPU hours"
    cost = CostEstimate(4000, ("mcts:20",), 3, 0.6)
    assert cost.line() == ("estimate: 4,000 games at mcts:20 ≈ 40 CPU minutes (from 3 "
                           "calibration game(s), 0.6 CPU s each)")


def test_simulate_estimate_prices_the_run_without_playing_it() -> None:
    result = CliRunner().invoke(cli, ["simulate", "splut", "--players", "2", "--games",
                                      "100000", "--estimate"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("estimate: 100,000 games at random ≈ ")
    assert "(from 3 calibration game(s)" in result.output or \
        "calibration game(s)" in result.output
