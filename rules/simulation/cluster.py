"""Games on a Dask cluster (`--cluster ADDRESS`, or `local` for a cluster on this machine).

The games go out in the same chunks as with --workers; each game's seed depends only on
the master seed and its index, so the results, and the report, are the same as on one
process for a seed. dask.distributed is an optional extra (the `cluster` extra), imported
only here and only when asked for.

Safely: before any game, a handshake asks every worker which stamperia it runs and what
the game's files hold where it runs (their content hash, if it has them): a worker with
another version, or other content, is refused (no chunk goes to it), and a run with no
worker left is an error. Chunks in flight follow the cluster's threads (IN_FLIGHT_PER_THREAD
each, re-read as workers come and go), and come back in any order: a tally merges in any
order to the same exact totals, and results are put back in chunk order, so the report is
the same for any number of workers.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from typing import Any, TypeVar

from stamperia.content.extras import needs_extra
from stamperia.content.fingerprint import content_hash, files_hash
from stamperia.content.model import Game
from stamperia.rules.simulation.result import GameResult, Simulator, Table
from stamperia.rules.simulation.tally import Tally

Part = TypeVar("Part", list[GameResult], Tally)

CONNECT_SECONDS = 5
"""How long to wait for a remote scheduler (the issue asks for an error within 10 s)."""
LOCAL = "local"
LOCAL_WORKERS = 2
IN_FLIGHT_PER_THREAD = 2
"""Chunks in flight per worker thread: one running, one waiting, so no thread idles
between chunks, and the parent never holds every chunk's seeds or parts at once."""
IN_FLIGHT_LEAST = 2


class ClusterError(Exception):
    """No dask.distributed, or a scheduler that cannot be reached."""


def _play_chunk(game: Game, simulator: Simulator, agents: Sequence[tuple[str, ...]],
                options: tuple[tuple[str, ...], int | None, int],
                seeds: Sequence[int]) -> list[GameResult]:
    """One chunk of games on a worker: the game compiled once for the chunk. `options`:
    the variants, the turn limit and the oracle's rollouts (result.Table)."""
    play = simulator.bind(game)
    variants, turn_limit, oracle = options
    return [play(Table(seated, variants, turn_limit, oracle), random.Random(seed), None)
            for seated, seed in zip(agents, seeds, strict=True)]


def _tally_chunk(game: Game, simulator: Simulator, agents: Sequence[tuple[str, ...]],
                 options: tuple[tuple[str, ...], int | None, int],
                 seeds: Sequence[int]) -> Tally:
    """One chunk of games on a worker, sent back as their tally (not the games)."""
    return Tally.of(_play_chunk(game, simulator, agents, options, seeds))


def identity(files: Sequence[str]) -> tuple[str, str | None]:
    """What a worker answers the handshake: the stamperia it runs, and the content hash of
    the game's files where it runs (None: it has none of them, and plays the model sent)."""
    from pathlib import Path

    mine = running_version()
    if not any(Path(name).is_file() for name in files):
        return mine, None
    return mine, files_hash(files)


def running_version() -> str:
    """The stamperia this process runs ("unknown" from a checkout never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("stamperia")
    except PackageNotFoundError:
        return "unknown"


def accepted_workers(answers: dict[str, tuple[str, str | None]], version: str,
                     fingerprint: str) -> tuple[list[str], list[str]]:
    """The workers whose answer matches this process (same stamperia, the same content
    or none of its files), and a line for each refused one."""
    accepted, refused = [], []
    for address, (theirs, their_hash) in sorted(answers.items()):
        if theirs != version:
            refused.append(f"{address} runs stamperia {theirs}, not {version}")
        elif their_hash is not None and their_hash != fingerprint:
            refused.append(f"{address} holds other content for this game (content hash "
                           f"{their_hash}, here {fingerprint})")
        else:
            accepted.append(address)
    return accepted, refused


def _client(address: str, stack: ExitStack) -> Any:
    """A client of the scheduler (closed with the stack, before a local cluster is)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(needs_extra("--cluster", "dask.distributed", "cluster")) from None
    try:
        if address == LOCAL:
            cluster = stack.enter_context(LocalCluster(
                n_workers=LOCAL_WORKERS, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL))
            return stack.enter_context(Client(cluster))
        return stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} within "
                           f"{CONNECT_SECONDS} s: {error}") from None


Options = tuple[tuple[str, ...], int | None, int]
"""What every game of a run shares: the variants, the turn limit, the oracle's rollouts."""
Chunks = Iterable[tuple[Sequence[tuple[str, ...]], Sequence[int]]]


def play_on_cluster(address: str, game: Game, simulator: Simulator, chunks: Chunks,
                    options: Options, progress: Callable[[int], None] | None,
                    notice: Callable[[str], None] | None = None) -> list[GameResult]:
    """The chunks' results in chunk order; ClusterError when no cluster can be used."""
    results: list[GameResult] = []
    waiting: dict[int, list[GameResult]] = {}
    following = [0]
    """The next chunk `results` takes (chunks are numbered in order from 0)."""

    def take(index: int, part: list[GameResult]) -> int:
        waiting[index] = part
        while following[0] in waiting:
            results.extend(waiting.pop(following[0]))
            following[0] += 1
        return len(part)
    _gather(address, game, simulator, chunks, options, progress, _play_chunk, take, notice)
    return results


def tally_on_cluster(address: str, game: Game, simulator: Simulator, chunks: Chunks,
                     options: Options, progress: Callable[[int], None] | None,
                     notice: Callable[[str], None] | None = None) -> Tally:
    """The chunks' games as one tally, merged from the workers' tallies as they come, in
    any order (exact sums: the same tally whatever the order)."""
    total = Tally()

    def take(index: int, part: Tally) -> int:
        total.merge(part)
        return part.games
    _gather(address, game, simulator, chunks, options, progress, _tally_chunk, take, notice)
    return total


def handshake(client: Any, game: Game) -> list[str]:
    """The workers that run this stamperia and hold this game's content (or none of its
    files); ClusterError when none does, naming why each was refused."""
    answers = client.run(identity, list(game.files))
    accepted, refused = accepted_workers(answers, running_version(), content_hash(game))
    if not accepted:
        raise ClusterError("no worker of the cluster can play this run: "
                           + ("; ".join(refused) or "the cluster has no workers"))
    return accepted + [f"refused: {line}" for line in refused]


def in_flight(client: Any, workers: Sequence[str]) -> int:
    """Chunks to keep in flight now: IN_FLIGHT_PER_THREAD per thread of the accepted
    workers still in the cluster."""
    info = client.scheduler_info().get("workers", {})
    threads = sum(int(info[w].get("nthreads", 1)) for w in workers if w in info)
    return max(IN_FLIGHT_LEAST, IN_FLIGHT_PER_THREAD * threads)


def _gather(address: str, game: Game, simulator: Simulator, chunks: Chunks,
            options: Options, progress: Callable[[int], None] | None,
            task: Callable[..., Part], take: Callable[[int, Part], int],
            notice: Callable[[str], None] | None) -> None:
    """Run `task` on every chunk on the accepted workers and hand each part to `take`
    with its chunk's index as it comes back, in any order, dropping it then, so the
    parent holds only the parts of the chunks in flight."""
    with ExitStack() as stack:
        client = _client(address, stack)  # ClusterError without dask.distributed
        from dask.distributed import as_completed

        answers = handshake(client, game)
        workers = [a for a in answers if not a.startswith("refused: ")]
        if notice is not None:
            for line in answers:
                if line.startswith("refused: "):
                    notice(f"stamperia: cluster worker {line}")
        shared_game, shared_simulator = client.scatter([game, simulator], broadcast=True,
                                                       workers=workers)
        waiting = iter(enumerate(chunks))
        running = as_completed()
        chunk_of: dict[str, int] = {}
        done = False
        while True:
            wanted = in_flight(client, workers)
            while not done and len(chunk_of) < wanted:
                item = next(waiting, None)
                if item is None:
                    done = True
                    break
                index, (agents, seeds) = item
                future = client.submit(task, shared_game, shared_simulator, agents,
                                       options, seeds, pure=False, workers=workers,
                                       allow_other_workers=False)
                chunk_of[future.key] = index
                running.add(future)
            if not chunk_of:
                return
            future = next(running)
            played = take(chunk_of.pop(future.key), future.result())
            if progress is not None:
                progress(played)
