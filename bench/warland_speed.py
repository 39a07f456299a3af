"""Benchmark: WARLAND games compiled against pure, to tell whether compiling it pays.

Plays seeded 3-player games (builder, raider, random) under the installed build (compiled
where it was built so), the checkout as pure Python and a pure baseline revision,
alternately in one run (bench/alternate.py), and prints games per CPU second and the
ratios, and whether every build gave the same results. Asserts nothing.
Run: python bench/warland_speed.py [GAMES] [ROUNDS] [BASELINE-REVISION]
"""

from __future__ import annotations

import random
import sys
import time

from alternate import alternate, child_line

from stamperia.content.loader import load_game
from stamperia.rules.simulation.result import Table
from stamperia.rules.warland.simulate import SIMULATOR

AGENTS = ("builder", "raider", "random")


def child(games: int) -> None:
    """One build's turn for alternate.py: GAMES seeded games in this process."""
    import stamperia.rules.warland.engine as engine

    play = SIMULATOR.bind(load_game("warland"))
    started = time.process_time()
    results = [play(Table(AGENTS), random.Random(index), None) for index in range(games)]
    print(child_line(games, time.process_time() - started, engine.__file__, results))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(int(sys.argv[2]))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"3-player WARLAND games ({', '.join(AGENTS)}), {games} per run, {rounds} rounds, "
          "alternately:")
    alternate([__file__, "--child", str(games)], "games", rounds,
              sys.argv[3] if len(sys.argv) > 3 else "main")


if __name__ == "__main__":
    main()
