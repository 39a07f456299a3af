"""Benchmark: IWARI scoring of a full end position, and random 4-player games on one core.

Goals: scoring a full end position in under 1 ms (issue 7); random 4-player games at least
1,000 per second per core compiled (issue 20; 200 pure was issue 7's). Prints figures and
the ratio to each goal; asserts nothing
(machines are shared and noisy: the games/s per CPU second of this process is printed too,
as other people's load lowers the wall-clock figure).
Then compiled against pure: the same games under the installed build, the checkout as pure
Python and a pure baseline revision, alternately in one run (bench/alternate.py).
Run: python bench/iwari_speed.py [GAMES] [ROUNDS] [BASELINE-REVISION]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from alternate import alternate, child_line

from stamperia.content.loader import load_game
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.scoring import Position, score
from stamperia.rules.iwari.simulate import SIMULATOR
from stamperia.rules.simulation.result import Table


def full_position(seats: int, rng: random.Random, board_spaces: int, territories: int,
                  connections: list[int]) -> Position:
    """Every tent space taken, a totem per seat in most territories, feats on a few places."""
    return Position(
        seats=seats, tents=tuple(rng.randrange(seats) for _ in range(board_spaces)),
        totems=tuple(tuple(rng.randrange(2) for _ in range(seats)) for _ in range(territories)),
        territory_feats=tuple(rng.choice((0, 0, 0, 2, 3)) for _ in range(territories)),
        connection_feats={n: 4 for n in connections[:2]},
        mountains=frozenset(connections[2:6]))


def child(games: int) -> None:
    """One build's turn for alternate.py: GAMES random 4-player games in this process."""
    import stamperia.rules.iwari.engine as engine

    play = SIMULATOR.bind(load_game("iwari"))
    table = Table(("random",) * 4)
    started = time.process_time()
    results = [play(table, random.Random(index), None) for index in range(games)]
    print(child_line(games, time.process_time() - started, engine.__file__, results))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(int(sys.argv[2]))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    game = load_game("iwari")
    components, maps = iwari_parts(game)
    rng = random.Random(7)
    for side in maps.sides:
        board = index_side(side)
        numbers = [c.number for c in board.connections]
        position = full_position(4, rng, len(board.space_territory), len(board.territory_ids),
                                 numbers)
        runs = 300
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            score(board, components, position, True)
            times.append(time.perf_counter() - start)
        median = statistics.median(times) * 1000
        print(f"scoring a full end position on {side.id}: median {median:.3f} ms over {runs} "
              f"runs (goal < 1 ms: {'met' if median < 1 else 'NOT met'}, "
              f"ratio {median:.2f})")
    table = Table(("random",) * 4)
    play = SIMULATOR.bind(game)  # as `stamperia simulate` plays: boards indexed once
    start = time.perf_counter()
    cpu_start = time.process_time()
    turns = 0
    for index in range(games):
        turns += play(table, random.Random(index), None).turns
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    rate = games / seconds
    import stamperia.rules.iwari.engine as engine

    goal = 200 if str(engine.__file__).endswith(".py") else 1000
    print(f"{games} random 4-player games ({'pure' if goal == 200 else 'compiled'}): "
          f"{rate:.0f} games/s, {turns / seconds:.0f} turns/s "
          f"(goal {goal} games/s: {'met' if rate >= goal else 'NOT met'}, "
          f"ratio {rate / goal:.2f}); per CPU second {games / cpu:.0f} games/s "
          f"(ratio {games / cpu / goal:.2f})")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"random 4-player IWARI games, {games} per run, {rounds} rounds, alternately:")
    alternate([__file__, "--child", str(games)], "games", rounds,
              sys.argv[3] if len(sys.argv) > 3 else "main")


if __name__ == "__main__":
    main()
