"""Benchmark: random 4-player SPLUT! playouts on one core, through the public play().

Goal (issue 6): at least 50,000 steps per second per core. Prints figures and the ratio
to the goal; asserts nothing about speed (machines are shared and noisy).
Against python-chess (issue 20): SPLUT! steps per CPU second of the installed build (compiled
where it was built so) against python-chess's perft(4) nodes per CPU second from the start
position, alternately in this process, round after round; goal: a ratio of at least 1.
python-chess is the `bench` extra (pip install 'stamperia[bench]', or '.[bench]' in a
checkout); without it that part says so in one line and the rest still runs. The perft
count (197,281) is asserted, so a changed python-chess cannot pass for a faster one.
Then compiled against pure: a fixed number of playouts under the installed build, the
checkout as pure Python and a pure baseline revision, alternately in one run
(bench/alternate.py), in steps per CPU second.
Run: python bench/splut_speed.py [SECONDS] [ROUNDS] [BASELINE-REVISION[,REVISION...]]
"""

from __future__ import annotations

import hashlib
import random
import statistics
import sys
import time
from typing import Any

from alternate import alternate, child_line

from stamperia.content.extras import needs_extra
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.simulation.result import Table
from stamperia.rules.splut.play import play

GOAL_STEPS_PER_SECOND = 50_000

CHILD_GAMES = 100
"""Playouts per build in the compiled-against-pure comparison."""

CHESS_GAMES = 400
"""Playouts per round against python-chess: about as many CPU seconds as its perft(4)."""

PERFT_DEPTH = 4
PERFT_NODES = 197_281
"""Leaf nodes of perft(4) from the chess start position (the published count)."""


def child() -> None:
    """One build's turn for alternate.py: CHILD_GAMES seeded playouts, counted in steps."""
    import stamperia.rules.splut.moves as moves

    game = load_game("splut")
    table = Table(("random",) * 4)
    rng = random.Random(2026)
    started = time.process_time()
    results = [play(game, table, rng, None) for _ in range(CHILD_GAMES)]
    cpu = time.process_time() - started
    print(child_line(sum(r.steps for r in results), cpu, moves.__file__, results))


def perft(board: Any, depth: int) -> int:
    """Standard perft: leaf nodes `depth` plies ahead, over legal_moves with push and pop."""
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def chess_perft() -> tuple[int, float]:
    """python-chess perft(4) from the start position: nodes and CPU seconds."""
    import chess

    board = chess.Board()
    started = time.process_time()
    nodes = perft(board, PERFT_DEPTH)
    cpu = time.process_time() - started
    assert nodes == PERFT_NODES, f"perft({PERFT_DEPTH}) gave {nodes}, not {PERFT_NODES}"
    return nodes, cpu


def splut_playouts(game: Game, games: int) -> tuple[int, float, str]:
    """`games` seeded random 4-player playouts: steps, CPU seconds, a digest of results."""
    table = Table(("random",) * 4)
    rng = random.Random(2026)
    started = time.process_time()
    results = [play(game, table, rng, None) for _ in range(games)]
    cpu = time.process_time() - started
    digest = hashlib.sha256(repr(results).encode()).hexdigest()
    return sum(r.steps for r in results), cpu, digest


def against_chess(game: Game, rounds: int) -> None:
    """SPLUT! steps/s against python-chess perft nodes/s, alternately, in CPU seconds."""
    try:
        import chess
    except ImportError:
        print(f"{needs_extra('the chess reference', 'python-chess', 'bench')}; this run "
              "has none")
        return
    import stamperia.rules.splut.moves as moves

    engine = "python" if str(moves.__file__).endswith(".py") else "compiled"
    print(f"SPLUT! ({engine}, {CHESS_GAMES} playouts) against python-chess {chess.__version__} "
          f"perft({PERFT_DEPTH}), {rounds} rounds, alternately, per CPU second:")
    chess_rates: list[float] = []
    splut_rates: list[float] = []
    digests: set[str] = set()
    for number in range(rounds):
        nodes, chess_cpu = chess_perft()
        steps, splut_cpu, digest = splut_playouts(game, CHESS_GAMES)
        chess_rates.append(nodes / chess_cpu)
        splut_rates.append(steps / splut_cpu)
        digests.add(digest)
        print(f"round {number + 1}/{rounds}: python-chess {nodes:,} nodes in "
              f"{chess_cpu:.2f} s, {chess_rates[-1]:,.0f} nodes/s; SPLUT! {steps:,} steps in "
              f"{splut_cpu:.2f} s, {splut_rates[-1]:,.0f} steps/s", flush=True)
    chess_rate = statistics.median(chess_rates)
    splut_rate = statistics.median(splut_rates)
    ratio = splut_rate / chess_rate
    print(f"python-chess perft({PERFT_DEPTH}): {PERFT_NODES:,} nodes (checked), "
          f"{chess_rate:,.0f} nodes/s (median)")
    print(f"SPLUT! {engine}: {splut_rate:,.0f} steps/s (median), same games every round: "
          f"{len(digests) == 1}")
    print(f"ratio SPLUT! steps/s to python-chess nodes/s: {ratio:.2f} "
          f"(goal >= 1: {'met' if ratio >= 1 else 'NOT met'})")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child()
        return
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
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
    print()
    against_chess(game, rounds)
    print()
    print(f"random 4-player SPLUT! playouts, {CHILD_GAMES} per run, {rounds} rounds, "
          "alternately:")
    alternate([__file__, "--child"], "steps", rounds,
              sys.argv[3] if len(sys.argv) > 3 else "main")


if __name__ == "__main__":
    main()
