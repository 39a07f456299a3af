"""Benchmark: random 4-player SPLUT! playouts on one core, through the public play().

Goal (issue 6): at least 50,000 steps per second per core. Prints figures and the ratio
to the goal; asserts nothing (machines are shared and noisy).
Run: python bench/splut_speed.py [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time

from content.loader import load_game
from rules.simulation.result import Table
from rules.splut.play import play

GOAL_STEPS_PER_SECOND = 50_000


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    game = load_game("splut")
    table = Table(("random",) * 4)
    rng = random.Random(2026)
    games = steps = 0
    ends: dict[str, int] = {}
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        result = play(game, table, rng, None)
        games += 1
        steps += result.steps
        ends[result.end] = ends.get(result.end, 0) + 1
    elapsed = time.perf_counter() - start
    rate = steps / elapsed
    print(f"random 4-player playouts: {games} games, {steps} steps in {elapsed:.2f} s")
    print(f"steps/s: {rate:,.0f}  games/s: {games / elapsed:,.1f}  "
          f"mean steps/game: {steps / games:.0f}")
    print(f"ends: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}")
    print(f"ratio to the goal of {GOAL_STEPS_PER_SECOND:,} steps/s: "
          f"{rate / GOAL_STEPS_PER_SECOND:.2f}")


if __name__ == "__main__":
    main()
