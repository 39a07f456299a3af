"""Games on a Dask cluster (`--scheduler ADDRESS`, or `local` for a cluster on this machine).

The games go out in the same chunks as with --workers, and come back in index order, so
the results, and the report, are the same as on one process for a seed: each game's seed
depends only on the master seed and its index. dask.distributed is an optional extra
(`pip install 'stamperia[lab]'`), imported only here and only when asked for.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any

from content.model import Game
from rules.simulation.result import GameResult, Simulator, Table

CONNECT_SECONDS = 5
"""How long to wait for a remote scheduler (the issue asks for an error within 10 s)."""
LOCAL = "local"
LOCAL_WORKERS = 2


class ClusterError(Exception):
    """No dask.distributed, or a scheduler that cannot be reached."""


def _play_chunk(game: Game, simulator: Simulator, agents: Sequence[tuple[str, ...]],
                variants: tuple[str, ...], turn_limit: int | None,
                seeds: Sequence[int]) -> list[GameResult]:
    """One chunk of games on a worker: the game compiled once for the chunk."""
    play = simulator.bind(game)
    return [play(Table(seated, variants, turn_limit), random.Random(seed), None)
            for seated, seed in zip(agents, seeds, strict=True)]


def _client(address: str, stack: ExitStack) -> Any:
    """A client of the scheduler (closed with the stack, before a local cluster is)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--scheduler needs dask.distributed: pip install "
                           "'stamperia[lab]'") from None
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
                    chunks: Sequence[tuple[Sequence[tuple[str, ...]], Sequence[int]]],
                    variants: tuple[str, ...], turn_limit: int | None,
                    progress: Callable[[int], None] | None) -> list[GameResult]:
    """The chunks' results in chunk order; ClusterError when no cluster can be used."""
    with ExitStack() as stack:
        client = _client(address, stack)
        shared_game, shared_simulator = client.scatter([game, simulator], broadcast=True)
        futures = [client.submit(_play_chunk, shared_game, shared_simulator, agents,
                                 variants, turn_limit, seeds, pure=False)
                   for agents, seeds in chunks]
        results: list[GameResult] = []
        for future in futures:
            part = future.result()
            results.extend(part)
            if progress is not None:
                progress(len(part))
        return results
