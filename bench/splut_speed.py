"""Benchmark: random 4-player SPLUT! playouts on one core, through the public play().

Goal (issue 6): at least 50,000 steps per second per core. Prints figures and the ratio
to the goal; asserts nothing (machines are shared and noisy).
Then compiled against pure: a fixed number of playouts under the installed build, the
checkout as pure Python and a pure baseline revision, alternately in one run
(bench/alternate.py), in steps per CPU second.
Run: python bench/splut_speed.py [SECONDS] [ROUNDS] [BASELINE-REVISION[,REVISION...]]
"""

from __future__ import annotations

import random
import sys
import time

from alternate import alternate, child_line

from content.loader import load_game
from rules.simulation.result import Table
from rules.splut.play import play

GOAL_STEPS_PER_SECOND = 50_000


CHILD_GAMES = 100


def child() -> None:
    """One build's turn for alternate.py: CHILD_GAMES seeded playouts, counted in steps."""
    import rules.splut.moves as moves

    game = load_game("splut")
    table = Table(("random",) * 4)
    rng = random.Random(2026)
    started = time.process_time()
    results = [play(game, table, rng, None) for _ in range(CHILD_GAMES)]
    cpu = time.process_time() - started
    print(child_line(sum(r.steps for r in results), cpu, moves.__file__, results))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child()
        return
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
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"random 4-player SPLUT! playouts, {CHILD_GAMES} per run, {rounds} rounds, "
          "alternately:")
    alternate([__file__, "--child"], "steps", rounds,
              sys.argv[3] if len(sys.argv) > 3 else "main")


if __name__ == "__main__":
    main()
