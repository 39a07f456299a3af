"""Benchmark: the parent process's memory per simulated game, kept results against tallies.

Goal (issue 20): a million-game run stays under 200 MB in the parent. The parent's Python
allocations are traced (tracemalloc; the workers are other processes) while it plays
GAMES and then 2 x GAMES games on WORKERS workers, two ways: keeping every GameResult and
building the report from them (as before), and merging the workers' tallies. Each run is
its own process, and its peak resident memory (ru_maxrss of that process alone: the
workers are its children) is read; tracemalloc would slow the forked workers tenfold. The
growth between the two sizes, per game, projected to 1,000,000 games, is the figure. The
two reports must be the same. The largest worker's peak (ru_maxrss of the children) is
printed too (goal <= 100 MB). Prints figures; asserts nothing.
Run: python bench/simulate_memory.py [GAMES] [WORKERS] [GAME PLAYERS AGENT]
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

from stamperia.content.loader import load_game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.report import build_report, tally_report
from stamperia.rules.simulation.runner import SimulationRequest, run, tally_games

MILLION = 1_000_000


def child(way: str, count: int, workers: int, name: str, players: int, agent: str) -> None:
    """Play in this process and print its peak memory and its report without timings."""
    game = load_game(name)
    simulator = simulators()[game.ruleset]
    request = SimulationRequest(name, players, count, 1, (agent,), workers=workers)
    if way == "kept results":
        report = build_report(run(request, game, simulator))
    else:
        done = tally_games(request, game, simulator)
        report = tally_report(done.request, done.tally, done.seconds, done.capped_ends)
    data = report.as_json()
    for key in ("seconds", "games_per_second", "steps_per_second"):
        data.pop(key)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    worker_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"peak": peak_kb * 1024, "worker": worker_kb * 1024,
                      "report": json.dumps(data, sort_keys=True)}))


def measured(way: str, count: int, workers: int, game: tuple[str, int, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, __file__, "--child", way, str(count), str(workers),
                           game[0], str(game[1]), game[2]],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        way, count, workers, name, players, agent = sys.argv[2:8]
        child(way, int(count), int(workers), name, int(players), agent)
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    game = (sys.argv[3], int(sys.argv[4]), sys.argv[5]) if len(sys.argv) > 5 \
        else ("sgrunt", 4, "random")
    figures: dict[str, list[int]] = {"kept results": [], "tallies": []}
    worker_peaks: dict[str, list[int]] = {"kept results": [], "tallies": []}
    reports: dict[tuple[str, int], object] = {}
    started = time.perf_counter()
    for count in (games, 2 * games):
        for way in figures:  # alternately, so the machine's drift hits both ways alike
            out = measured(way, count, workers, game)
            figures[way].append(int(out["peak"]))  # type: ignore[call-overload]
            worker_peaks[way].append(int(out["worker"]))  # type: ignore[call-overload]
            reports[way, count] = out["report"]
    print(f"{game[0]}, {game[1]} players, {game[2]}, {workers} worker(s); {games} and "
          f"{2 * games} games ({time.perf_counter() - started:.0f} s)")
    for way, (small, large) in figures.items():
        per_game = max(0.0, (large - small) / games)
        projected = small + per_game * (MILLION - games)
        print(f"{way:>13}: parent peak {small / 1e6:.1f} MB at {games}, "
              f"{large / 1e6:.1f} MB at {2 * games}; {per_game:,.0f} bytes per game; "
              f"1,000,000 games -> {projected / 1e6:,.0f} MB "
              f"({'under' if projected < 200e6 else 'OVER'} 200 MB)")
    if workers > 1:
        for way, peaks in worker_peaks.items():
            print(f"{way:>13}: largest worker {max(peaks) / 1e6:.1f} MB at {2 * games} games "
                  f"(goal <= 100 MB; a worker holds one chunk at a time, so this does not "
                  f"grow with the games)")
    same = all(reports["kept results", n] == reports["tallies", n] for n in (games, 2 * games))
    print(f"same report both ways: {same}")


if __name__ == "__main__":
    main()
