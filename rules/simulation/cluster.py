"""Games on a Dask cluster (`--cluster ADDRESS`, or `local` for a cluster on this machine).

The games go out in the same chunks as with --workers, and come back in index order, so
the results, and the report, are the same as on one process for a seed: each game's seed
depends only on the master seed and its index. dask.distributed is an optional extra
(the `cluster` extra), imported only here and only when asked for.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from typing import Any, TypeVar

from stamperia.content.extras import needs_extra
from stamperia.content.model import Game
from stamperia.rules.simulation.result import GameResult, Simulator, Table
from stamperia.rules.simulation.tally import Tally

Part = TypeVar("Part", list[GameResult], Tally)

CONNECT_SECONDS = 5
"""How long to wait for a remote scheduler (the issue asks for an error within 10 s)."""
LOCAL = "local"
LOCAL_WORKERS = 2
IN_FLIGHT = 32
"""Chunks submitted ahead of the one awaited: the cluster stays busy, and the parent never
holds every chunk's seeds or parts at once."""


class ClusterError(Exception):
    """No dask.distributed, or a scheduler that cannot be reached."""


def _play_chunk(game: Game, simulator: Simulator, agents: Sequence[tuple[str, ...]],
                variants: tuple[str, ...], turn_limit: int | None,
                seeds: Sequence[int]) -> list[GameResult]:
    """One chunk of games on a worker: the game compiled once for the chunk."""
    play = simulator.bind(game)
    return [play(Table(seated, variants, turn_limit), random.Random(seed), None)
            for seated, seed in zip(agents, seeds, strict=True)]


def _tally_chunk(game: Game, simulator: Simulator, agents: Sequence[tuple[str, ...]],
                 variants: tuple[str, ...], turn_limit: int | None,
                 seeds: Sequence[int]) -> Tally:
    """One chunk of games on a worker, sent back as their tally (not the games)."""
    return Tally.of(_play_chunk(game, simulator, agents, variants, turn_limit, seeds))


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


def play_on_cluster(address: str, game: Game, simulator: Simulator,
                    chunks: Iterable[tuple[Sequence[tuple[str, ...]], Sequence[int]]],
                    variants: tuple[str, ...], turn_limit: int | None,
                    progress: Callable[[int], None] | None) -> list[GameResult]:
    """The chunks' results in chunk order; ClusterError when no cluster can be used."""
    results: list[GameResult] = []

    def take(part: list[GameResult]) -> int:
        results.extend(part)
        return len(part)
    _gather(address, game, simulator, chunks, variants, turn_limit, progress, _play_chunk,
            take)
    return results


def tally_on_cluster(address: str, game: Game, simulator: Simulator,
                     chunks: Iterable[tuple[Sequence[tuple[str, ...]], Sequence[int]]],
                     variants: tuple[str, ...], turn_limit: int | None,
                     progress: Callable[[int], None] | None) -> Tally:
    """The chunks' games as one tally, merged from the workers' tallies as they come."""
    total = Tally()

    def take(part: Tally) -> int:
        total.merge(part)
        return part.games
    _gather(address, game, simulator, chunks, variants, turn_limit, progress, _tally_chunk,
            take)
    return total


def _gather(address: str, game: Game, simulator: Simulator,
            chunks: Iterable[tuple[Sequence[tuple[str, ...]], Sequence[int]]],
            variants: tuple[str, ...], turn_limit: int | None,
            progress: Callable[[int], None] | None,
            task: Callable[..., Part], take: Callable[[Part], int]) -> None:
    """Run `task` on every chunk and hand each part to `take` in chunk order, dropping it
    then, so the parent holds only the parts of the chunks in flight."""
    with ExitStack() as stack:
        client = _client(address, stack)
        shared_game, shared_simulator = client.scatter([game, simulator], broadcast=True)
        waiting = iter(chunks)
        futures: deque[Any] = deque()
        while True:
            while len(futures) < IN_FLIGHT:
                chunk = next(waiting, None)
                if chunk is None:
                    break
                agents, seeds = chunk
                futures.append(client.submit(task, shared_game, shared_simulator, agents,
                                             variants, turn_limit, seeds, pure=False))
            if not futures:
                return
            played = take(futures.popleft().result())
            if progress is not None:
                progress(played)
