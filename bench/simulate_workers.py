"""Benchmark: where the time of a simulation on two workers goes, in CPU seconds.

Goal (issue 20): x1.9 or better with 2 workers on 2 free cores. Shared machines have no
free cores, so wall time says little; this measures in CPU seconds what decides the
speed-up and projects it:
- one process: every game's CPU, timed one by one (play and tally, or play and keep);
- 2 workers (the runner as it is): the parent's CPU, each worker's start-up (fork and the
  initializer's bind, up to its first chunk), its chunks, games and CPU, and its CPU
  between chunks (sending a chunk's part back, taking the next); workers are forked, so
  they run this file's timed wrapper of the runner's chunk task;
- the projection on 2 free cores: the runner's chunks and, for comparison, equal chunks
  of 1/8 of a worker's share (the runner's earlier plan), each costing its games' CPU in
  one process plus the measured CPU per hand-over, handed in order to whichever worker is
  free first; the run takes the worker start-up plus max(that, (parent + workers) / 2),
  and the speed-up is one process's CPU over it. The workers' own CPU for the same games
  is printed beside it: on a shared machine it is higher (the other processes and the
  two workers share caches and memory bandwidth), which no free core would see.
WAY `tally` times tally_games() (`stamperia simulate`), `kept` run() (every GameResult
sent to the parent, as the balance report and bench/conquest_simulate_speed.py do).
Prints figures; asserts nothing but that one process and 2 workers give the same.
Run: python bench/simulate_workers.py [GAMES] [GAME PLAYERS AGENT] [tally|kept]
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import stamperia.rules.simulation.runner as runner
from stamperia.content.loader import load_game
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import BoundPlay, GameResult
from stamperia.rules.simulation.runner import SimulationRequest, play_one, run, tally_games
from stamperia.rules.simulation.tally import Tally

LOG = Path(tempfile.gettempdir()) / f"simulate_workers.{os.getpid()}.jsonl"
_tally_chunk = runner._tally_chunk
_play_chunk = runner._play_chunk


def _log(before: float, games: int) -> None:
    with LOG.open("a") as log:
        log.write(json.dumps({"pid": os.getpid(), "start": before, "end": time.process_time(),
                              "games": games}) + "\n")


def timed_tally_chunk(play: BoundPlay, request: SimulationRequest, indexes: Sequence[int]
                      ) -> Tally:
    """The runner's chunk task, logging this process's CPU before and after it."""
    before = time.process_time()
    tally = _tally_chunk(play, request, indexes)
    _log(before, len(indexes))
    return tally


def timed_play_chunk(play: BoundPlay, request: SimulationRequest, indexes: Sequence[int]
                     ) -> list[GameResult]:
    before = time.process_time()
    results = _play_chunk(play, request, indexes)
    _log(before, len(indexes))
    return results


def wrap_chunk_tasks() -> None:
    """Put the timed tasks where the runner looks its tasks up (pickled by that name)."""
    for name, task in (("_tally_chunk", timed_tally_chunk), ("_play_chunk", timed_play_chunk)):
        setattr(runner, name, task)
        task.__module__, task.__qualname__ = runner.__name__, name


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def equal_eighths(games: int, workers: int) -> list[range]:
    """The runner's earlier plan: equal chunks of 1/8 of a worker's share, at most 200."""
    size = max(1, min(200, games // (workers * 8) or 1))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def makespan(chunks: list[range], costs: list[float], hand_over: float, workers: int
             ) -> tuple[float, float]:
    """When the last worker finishes and how long before it the first one did, with each
    chunk handed in order to whichever worker is free first."""
    free = [0.0] * workers
    for chunk in chunks:
        first = free.index(min(free))
        free[first] += sum(costs[i] for i in chunk) + hand_over
    return max(free), max(free) - min(free)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    name, players, agent = (sys.argv[2], int(sys.argv[3]), sys.argv[4]) if len(sys.argv) > 4 \
        else ("sgrunt", 4, "random")
    way = sys.argv[5] if len(sys.argv) > 5 else "tally"
    game = load_game(name)
    simulator = simulators()[game.ruleset]
    wrap_chunk_tasks()
    one_request = SimulationRequest(name, players, games, 1, (agent,), workers=1)
    runner.validate(one_request, game, simulator)
    play = simulator.bind(game)
    costs = []
    one_results = []
    tally = Tally()
    for index in range(games):
        started = time.process_time()
        result = play_one(play, one_request, index)
        if way == "kept":
            one_results.append(result)
        else:
            tally.add(result)
        costs.append(time.process_time() - started)
    one_cpu = sum(costs)
    one: object = tuple(one_results) if way == "kept" else tally

    two_request = SimulationRequest(name, players, games, 1, (agent,), workers=2)
    LOG.unlink(missing_ok=True)
    parent_before, children_before = time.process_time(), children_cpu()
    two: object = (run(two_request, game, simulator).results if way == "kept"
                   else tally_games(two_request, game, simulator).tally)
    parent = time.process_time() - parent_before
    workers_cpu = children_cpu() - children_before
    chunks = [json.loads(line) for line in LOG.read_text().splitlines()]
    LOG.unlink()
    print(f"{name}, {players} players, {agent}, {games} games, {way}; load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"one process: {one_cpu:.2f} CPU s for the games ({one_cpu / games * 1e3:.2f} ms "
          f"per game)")
    by_worker: dict[int, list[dict[str, float]]] = {}
    for chunk in chunks:
        by_worker.setdefault(int(chunk["pid"]), []).append(chunk)
    start_ups = []
    between = 0.0
    for number, (_, done) in enumerate(sorted(by_worker.items()), start=1):
        start_up = min(c["start"] for c in done)
        in_games = sum(c["end"] - c["start"] for c in done)
        gaps = max(c["end"] for c in done) - start_up - in_games
        start_ups.append(start_up)
        between += gaps
        print(f"worker {number}: start-up {start_up * 1e3:.0f} ms CPU, {len(done)} chunks, "
              f"{sum(int(c['games']) for c in done)} games in {in_games:.2f} CPU s, "
              f"{gaps * 1e3:.0f} ms CPU between chunks")
    hand_over = between / max(1, len(chunks) - len(by_worker))
    in_chunks = sum(c["end"] - c["start"] for c in chunks)
    print(f"2 workers: parent {parent:.2f} CPU s, workers {workers_cpu:.2f} CPU s in all "
          f"(start-up and shutdown included), {hand_over * 1e3:.1f} ms CPU per hand-over; "
          f"the games took {in_chunks / one_cpu - 1:+.0%} CPU in the workers than in one "
          f"process")
    for label, plan in (("runner's chunks", runner.chunk_plan(games, 2)),
                        ("equal eighths", equal_eighths(games, 2))):
        span, apart = makespan(plan, costs, hand_over, 2)
        everything = parent + one_cpu + hand_over * len(plan)
        bound = max(start_ups) + max(span, everything / 2)
        print(f"on 2 free cores, {label} ({len(plan)}, {len(plan[0])} to {len(plan[-1])} "
              f"games): workers finish {apart * 1e3:.0f} ms apart, projected speed-up "
              f"x{one_cpu / bound:.2f} (goal x1.9)")
    print(f"same {'results' if way == 'kept' else 'tally'} from one process and 2 workers: "
          f"{one == two}")


if __name__ == "__main__":
    main()
