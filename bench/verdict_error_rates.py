"""Benchmark: how often the balance verdict flags a fair game, how often it catches an
unfair one, and what `--until-sure` spends, on SGRUNT variants kept as test data.

Plays REPORTS seeded reports per variant (greedy in every seat, 3 players):
- fixed: GAMES games each, the report's Holm-corrected flags (familywise 1%);
- until sure: blocks of BLOCK games up to BUDGET (O'Brien-Fleming alpha spending);
on the variant with 16 identical objective cards (any flag is false) and on the one with
card 16 worth five times the points (a flag on it is true). Prints the share of reports
with any flag and with card 16 flagged, each with its 95% Wilson interval, and the mean
games until sure; asserts nothing (tests/test_rules/test_verdict_seeds.py asserts).
Run: python bench/verdict_error_rates.py [REPORTS] [GAMES] [BLOCK] [BUDGET]
  e.g. python bench/verdict_error_rates.py 20 150 100 1000
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from stamperia.content.editions.overrides import Override
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.registry import ruleset_for
from stamperia.rules.simulation.report import SimulationReport, tally_report
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest, tally_games
from stamperia.rules.simulation.wilson import wilson
from stamperia.rules.verdict.sequential import until_sure

VARIANTS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "verdict"


def variant(name: str) -> Game:
    """A JSON file of objectives values set over SGRUNT's, or an edition's folder."""
    if not name.endswith(".json"):
        return load_game(str(VARIANTS / name))
    document = json.loads((VARIANTS / name).read_text(encoding="utf-8"))
    return load_game("sgrunt", tuple(Override("objectives", f"/{key}", value)
                                     for key, value in document.items()))


def fixed(game: Game, simulator: Simulator, seed: int, games: int) -> SimulationReport:
    request = SimulationRequest("sgrunt", 3, games, seed, ("greedy",))
    run = tally_games(request, game, simulator)
    return tally_report(request, run.tally, run.seconds, run.capped_ends)


def share(hits: int, total: int) -> str:
    low, high = wilson(hits, total)
    return f"{hits}/{total} ({hits / total:.0%}, 95% {low:.0%}-{high:.0%})"


def main() -> None:
    reports = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    block = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    budget = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    for name in ("sgrunt_identical_objectives.json", "sgrunt_strong_card"):
        game = variant(name)
        make = ruleset_for(game.ruleset).simulator
        assert make is not None
        simulator = make()
        started = time.perf_counter()
        any_fixed = card_fixed = any_sure = card_sure = spent = 0
        for seed in range(reports):
            report = fixed(game, simulator, seed, games)
            any_fixed += bool(report.flagged)
            card_fixed += any(s.value == "obiettivo_16" and s.rate > s.fair
                              for s in report.flagged)
            sure = until_sure(game, simulator, SimulationRequest(
                "sgrunt", 3, block, 10_000 + seed, ("greedy",)), budget)
            any_sure += bool(sure.report.flagged)
            card_sure += any(s.value == "obiettivo_16" and s.rate > s.fair
                             for s in sure.report.flagged)
            spent += sure.report.games
        print(f"{name}: fixed {games} games: any flag {share(any_fixed, reports)}, "
              f"card 16 flagged {share(card_fixed, reports)}; until sure (blocks of "
              f"{block}, budget {budget}): any flag {share(any_sure, reports)}, card 16 "
              f"flagged {share(card_sure, reports)}, mean {spent / reports:.0f} games; "
              f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
