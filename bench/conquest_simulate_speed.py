"""Benchmark: whole 4-player SGRUNT games with random agents, one worker and two.

Goal (issue 5): 1,000 games/s per core, under 100 MB per worker, `--workers 2` close to
twice as fast. Prints games/s, turns/s, decisions/s, the speed-up with two workers and the
peak memory of a worker; asserts nothing (machines are shared and noisy). The speed-up is
measured again on at least SCALING_GAMES games, round after round in turn with this
machine's own ceiling: two independent one-worker processes side by side against one.

As a reference measured in the same run it times the leanest possible decision in this
interpreter (list 16 options, pick one with the generator, apply it to a list), and the
games/s a game of as many decisions would reach if it did nothing else: the ceiling for
any pure-Python engine that asks its agents as often as the rules give them a choice.
Compiled against pure (issue 20): random 4-player SGRUNT games per core under the installed
build (compiled where a C compiler was there), the checkout's sources as pure Python and
the pure sources of a baseline revision, run alternately in one run (bench/alternate.py),
with their ratios and whether all gave the same results. Goal: 1,000 games/s compiled.
Run: python bench/conquest_simulate_speed.py [GAMES] [ROUNDS] [BASELINE-REVISION]
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time

from alternate import alternate, child_line

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.simulation.runner import SimulationRequest, run, tally_games


def lean_decision_seconds(decisions: int = 200_000) -> float:
    """Seconds per decision of a loop that does nothing but decide."""
    rng = random.Random(1)
    options = [("attack", origin, origin + 1, 3) for origin in range(16)]
    boars = [2] * 40
    started = time.perf_counter()
    for _ in range(decisions):
        legal = [option for option in options if boars[option[1]] > 1]
        choice = legal[int(rng.random() * len(legal))]
        boars[choice[2]] += 1
    return (time.perf_counter() - started) / decisions


def child(games: int) -> None:
    """One build's turn: GAMES games in this process, as one JSON line for alternate.py."""
    import stamperia.rules.conquest.engine as engine

    game = load_game("sgrunt")
    simulator = simulators()["conquest"]
    request = SimulationRequest("sgrunt", 4, games, 1, ("random",), workers=1)
    started = time.process_time()
    done = run(request, game, simulator)
    cpu = time.process_time() - started
    print(child_line(games, cpu, engine.__file__, done.results))


def compare(games: int, rounds: int, baseline: str) -> None:
    print(f"random 4-player SGRUNT games, {games} per run, {rounds} rounds, alternately:")
    alternate([__file__, "--child", str(games)], "games", rounds, baseline)


SCALING_GAMES = 2000
"""Games for the two-worker speed-up at least: fewer make the pool's start a visible share."""


def scaling(game: Game, simulator: Simulator, games: int, rounds: int) -> None:
    """Two workers against one, beside the machine's own ceiling measured in turn with
    them: two independent one-worker processes side by side against one alone. On shared
    or virtual cores that ceiling is below x2, and it moves with the load; the workers'
    speed-up is read against it. Both ways the runner plays: `stamperia simulate`'s, each
    worker tallying its chunks and the parent merging the tallies (`tally_games`), and the
    Python API's `run`, which sends every game's result back to the parent (pickled)."""
    command = [sys.executable, __file__, "--child", str(games)]
    speedups, tallied_speedups, ceilings = [], [], []
    for index in range(rounds):
        seconds, tallied = {}, {}
        for workers in (1, 2):
            request = SimulationRequest("sgrunt", 4, games, 1, ("random",), workers=workers)
            tallied[workers] = tally_games(request, game, simulator).seconds
            seconds[workers] = run(request, game, simulator).seconds
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        alone = time.perf_counter() - started
        started = time.perf_counter()
        pair = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(2)]
        for process in pair:
            process.wait()
        side_by_side = time.perf_counter() - started
        speedups.append(seconds[1] / seconds[2])
        tallied_speedups.append(tallied[1] / tallied[2])
        ceilings.append(2 * alone / side_by_side)
        print(f"scaling round {index + 1}/{rounds}: 2 workers x{tallied_speedups[-1]:.2f} "
              f"tallied (simulate), x{speedups[-1]:.2f} with every result returned (run), "
              f"two processes side by side x{ceilings[-1]:.2f}")
    ceiling = statistics.median(ceilings)
    for way, found in (("tallied, as `stamperia simulate`", tallied_speedups),
                       ("every result returned, as `run`", speedups)):
        speedup = statistics.median(found)
        print(f"{games} games, {way}: 2 workers x{speedup:.2f} (median), this machine's "
              f"two-process ceiling x{ceiling:.2f}, workers at {speedup / ceiling:.2f} of it "
              f"(goal x1.9 on 2 free cores)")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(int(sys.argv[2]))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    compare(games, rounds, sys.argv[3] if len(sys.argv) > 3 else "main")
    print()
    print("the installed build in this process:")
    game = load_game("sgrunt")
    simulator = simulators()["conquest"]
    runs = {}
    for workers in (1, 2):
        request = SimulationRequest("sgrunt", 4, games, 1, ("random",), workers=workers)
        runs[workers] = run(request, game, simulator)
    one = runs[1]
    two = runs[2]
    game_rounds = sum(r.turns for r in one.results)
    turns = sum(r.counters.get("player_turns", 0) for r in one.results)
    steps = sum(r.steps for r in one.results)
    print(f"{games} games, 4 players, random agents, 1 worker: "
          f"{games / one.seconds:.0f} games/s, {game_rounds / one.seconds:.0f} rounds/s, "
          f"{turns / one.seconds:.0f} player turns/s, {steps / one.seconds:.0f} decisions/s")
    print(f"mean per game: {game_rounds / games:.1f} rounds, {turns / games:.1f} player turns, "
          f"{steps / games:.0f} decisions")
    print(f"2 workers: {games / two.seconds:.0f} games/s, speed-up x{one.seconds / two.seconds:.2f}"
          f" (same results: {one.results == two.results})")
    self_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory: this process {self_peak:.0f} MB, largest worker {child_peak:.0f} MB "
          f"(goal < 100 MB)")
    lean = lean_decision_seconds()
    ceiling = 1 / (lean * steps / games)
    print(f"reference, the leanest decision: {lean * 1e6:.2f} us; {steps / games:.0f} of them "
          f"alone allow {ceiling:.0f} games/s (engine at {games / one.seconds / ceiling:.2f} "
          f"of that ceiling)")
    rate = games / one.seconds
    print(f"goal 1,000 games/s per core: {'met' if rate >= 1000 else 'NOT met'} "
          f"(ratio {rate / 1000:.2f})")
    # last: the ceiling's processes would count as workers in the peak memory above
    scaling(game, simulator, max(games, SCALING_GAMES), rounds)


if __name__ == "__main__":
    main()
