"""Run many seeded games, in one process or several, in a reproducible order.

Each game gets its own seed derived from the master seed and its index, so a game's
outcome does not depend on which worker played it or in what order: the same master seed
gives the same list of results, and so the same report, for any number of workers.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from stamperia.content.errors import ContentError
from stamperia.content.model import Game
from stamperia.rules.search.spec import AgentSpecError, parse_agent
from stamperia.rules.simulation.result import BoundPlay, GameResult, Record, Simulator, Table
from stamperia.rules.simulation.tally import Tally

Part = TypeVar("Part")
"""What a chunk of games comes back as: its results, or their tally."""


class SimulationError(Exception):
    """A request the game cannot play (players out of range, unknown agent or variant)."""


class UnplayableContent(SimulationError):
    """Content the rules cannot play at the requested player count (the ruleset's
    `playable` found problems): a content problem, not a usage one."""

    def __init__(self, problems: Sequence[ContentError]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the content")
        self.problems = tuple(problems)


@dataclass(frozen=True)
class SimulationRequest:
    game: str
    """The game's name as the user gave it (shown in the report)."""
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    """One name for every seat, or one per seat (rotated game by game, see seat_agents)."""
    variants: tuple[str, ...] = ()
    turn_limit: int | None = None
    workers: int = 1
    scheduler: str | None = None
    """A Dask scheduler's address, or `local`: play there (stamperia.rules.simulation.cluster)."""
    oracle: int = 0
    """Rollouts per checkpoint of the win-probability oracle (rules/play/oracle.py)."""


@dataclass(frozen=True)
class SimulationRun:
    request: SimulationRequest
    results: tuple[GameResult, ...]
    seconds: float
    capped_ends: tuple[str, ...] = ()
    """The simulator's ends that mean a cap stopped the game (for the timeouts metric)."""


@dataclass(frozen=True)
class TalliedRun:
    """A run whose games were tallied as they came (stamperia.rules.simulation.tally), not kept:
    what a report needs, in memory that does not grow with the games."""

    request: SimulationRequest
    tally: Tally
    seconds: float
    capped_ends: tuple[str, ...] = ()


def hashed_seed(*parts: object) -> int:
    """A 64-bit seed named by `parts` ("stamperia", then what it seeds): a hash, so seeds
    of neighbouring names are unrelated. Every seed the lab derives is one."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_seed(master: int, index: int) -> int:
    """The seed of game `index`."""
    return hashed_seed("stamperia", master, index)


def seat_agents(agents: tuple[str, ...], players: int, index: int) -> tuple[str, ...]:
    """Agents by seat for game `index`. A mixed line-up is rotated one seat per game, so
    no agent keeps the same seat and seat win rates stay comparable."""
    if len(agents) == 1:
        return agents * players
    shift = index % players
    return agents[shift:] + agents[:shift]


def validate(request: SimulationRequest, game: Game, simulator: Simulator) -> None:
    """Raise SimulationError for a request this game cannot play."""
    low, high = game.players
    if not low <= request.players <= high:
        raise SimulationError(f"{game.id} is for {low}-{high} players, not {request.players}")
    if request.games < 1:
        raise SimulationError("--games must be at least 1")
    if request.workers < 1:
        raise SimulationError("--workers must be at least 1")
    if len(request.agents) not in (1, request.players):
        raise SimulationError(f"give one agent for every seat or {request.players} agents "
                              f"(one per seat), not {len(request.agents)}")
    profiles = simulator.profiles(game) if simulator.profiles is not None else ()
    for agent in request.agents:
        try:
            spec = parse_agent(agent, simulator.agents)
        except AgentSpecError as error:
            raise SimulationError(str(error)) from None
        if spec.profile is not None and spec.profile not in profiles:
            raise SimulationError(f"agent {agent!r}: no profile {spec.profile!r} in "
                                  f"{game.id}'s content (has: "
                                  f"{', '.join(profiles) or 'none'})")
    for variant in request.variants:
        if variant not in simulator.variants:
            known = ", ".join(simulator.variants) or "none"
            raise SimulationError(f"unknown variant {variant!r}: this game has {known}")
    if simulator.playable is not None:
        problems = simulator.playable(game, request.players)
        if problems:
            raise UnplayableContent(problems)


def play_one(play: BoundPlay, request: SimulationRequest, index: int,
             record: Record | None = None) -> GameResult:
    """Game `index` of a request: the unit every worker runs. `play` comes from
    `Simulator.bind`."""
    table = Table(seat_agents(request.agents, request.players, index), request.variants,
                  request.turn_limit, request.oracle)
    return play(table, random.Random(game_seed(request.seed, index)), record)


_WORKER_GAME: dict[str, BoundPlay] = {}
"""Each worker process's game, compiled once by the pool initializer from the pickled model
it receives (sending it with every task would cost more than the games). Written only in
worker processes, never in the parent."""


def _bind_in_worker(name: str, game: Game, simulator: Simulator) -> None:
    _WORKER_GAME[name] = simulator.bind(game)


def _play_chunk(play: BoundPlay, request: SimulationRequest, indexes: Sequence[int]
                ) -> list[GameResult]:
    return [play_one(play, request, i) for i in indexes]


def _tally_chunk(play: BoundPlay, request: SimulationRequest, indexes: Sequence[int]) -> Tally:
    """A chunk's games as their tally: what a worker sends back instead of the games."""
    tally = Tally()
    for index in indexes:
        tally.add(play_one(play, request, index))
    return tally


ChunkTask = Callable[[BoundPlay, SimulationRequest, Sequence[int]], Part]
"""Plays one chunk of a request's games and returns what the parent collects of them."""


def _in_worker(task: ChunkTask[Part], request: SimulationRequest, indexes: Sequence[int]
               ) -> Part:
    return task(_WORKER_GAME[request.game], request, indexes)


CHUNK_MOST = 200
"""Games in a chunk at most: a bound on what a worker holds and sends at once, and the
progress bar keeps moving."""

TAIL_SHARE = 32
"""The smallest chunk is a worker's share of the games over this, so that when one
worker takes the last chunk the others wait at most about that long."""


def chunk_plan(games: int, workers: int) -> list[range]:
    """The games in chunks that shrink towards the end (guided scheduling): each is the
    games left over twice the workers, between a worker's share / TAIL_SHARE and
    CHUNK_MOST. Early chunks are large (few hand-overs); the last ones are small, so the
    workers finish close together (with equal chunks of 1/8 of a share, one worker could
    idle for a whole chunk, 1/8 of the run, while the other finished). One worker has
    nobody to wait for: eighths, for the progress bar."""
    if workers == 1:
        size = max(1, min(CHUNK_MOST, games // 8))
        return [range(start, min(games, start + size)) for start in range(0, games, size)]
    least = max(1, games // (workers * TAIL_SHARE))
    chunks = []
    start = 0
    while start < games:
        left = games - start
        size = min(left, CHUNK_MOST, max(least, -(-left // (2 * workers))))
        chunks.append(range(start, start + size))
        start += size
    return chunks


IN_FLIGHT = 4
"""Chunks submitted ahead per worker: enough to keep every worker busy, few
enough that finished tallies waiting for an earlier chunk stay a handful."""


def _cluster_chunks(request: SimulationRequest
                    ) -> Iterator[tuple[list[tuple[str, ...]], list[int]]]:
    """The chunks as a cluster worker plays them (each game's agents and seed), made as
    they are submitted rather than all at once."""
    for chunk in chunk_plan(request.games, max(2, request.workers)):
        yield ([seat_agents(request.agents, request.players, i) for i in chunk],
               [game_seed(request.seed, i) for i in chunk])


def _options(request: SimulationRequest) -> tuple[tuple[str, ...], int | None, int]:
    """What every game of the request shares (cluster.Options)."""
    return request.variants, request.turn_limit, request.oracle


def _each_part(request: SimulationRequest, game: Game, simulator: Simulator,
               task: ChunkTask[Part], take: Callable[[Part], int],
               progress: Callable[[int], None] | None) -> None:
    """Play the request's games in chunks, here or in a process pool, and hand each
    chunk's part to `take` (which says how many games it held) in chunk order; at most
    IN_FLIGHT chunks per worker wait, so the parent holds only a few finished parts."""
    chunks = iter(chunk_plan(request.games, request.workers))
    if request.workers == 1:
        play = simulator.bind(game)
        for indexes in chunks:
            played = take(task(play, request, indexes))
            if progress is not None:
                progress(played)
        return
    with ProcessPoolExecutor(max_workers=request.workers, initializer=_bind_in_worker,
                             initargs=(request.game, game, simulator)) as pool:
        pending: deque[Future[Part]] = deque()
        while True:
            while len(pending) < IN_FLIGHT * request.workers:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending.append(pool.submit(_in_worker, task, request, chunk))
            if not pending:
                return
            played = take(pending.popleft().result())
            if progress is not None:
                progress(played)


def run(request: SimulationRequest, game: Game, simulator: Simulator,
        progress: Callable[[int], None] | None = None) -> SimulationRun:
    """Play every game of the request; progress gets the number of games just finished."""
    validate(request, game, simulator)
    started = time.perf_counter()
    results: list[GameResult] = []
    if request.scheduler is not None:
        from stamperia.rules.simulation.cluster import ClusterError, play_on_cluster

        try:
            results = play_on_cluster(request.scheduler, game, simulator,
                                      _cluster_chunks(request), _options(request),
                                      progress)
        except ClusterError as error:
            raise SimulationError(str(error)) from None
    else:
        def keep(part: list[GameResult]) -> int:
            results.extend(part)
            return len(part)
        _each_part(request, game, simulator, _play_chunk, keep, progress)
    return SimulationRun(request, tuple(results), time.perf_counter() - started,
                         simulator.capped_ends)


def tally_games(request: SimulationRequest, game: Game, simulator: Simulator,
                progress: Callable[[int], None] | None = None,
                notice: Callable[[str], None] | None = None) -> TalliedRun:
    """Play every game of the request and tally them: each worker tallies its chunks and
    the parent merges the tallies as they arrive, so the parent's memory stays bounded
    however many games are played. The tally is the same for any number of workers.
    `notice` hears of cluster workers the handshake refused."""
    validate(request, game, simulator)
    started = time.perf_counter()
    total = Tally()
    if request.scheduler is not None:
        from stamperia.rules.simulation.cluster import ClusterError, tally_on_cluster

        try:
            total = tally_on_cluster(request.scheduler, game, simulator,
                                     _cluster_chunks(request), _options(request), progress,
                                     notice)
        except ClusterError as error:
            raise SimulationError(str(error)) from None
    else:
        def merge(part: Tally) -> int:
            total.merge(part)
            return part.games
        _each_part(request, game, simulator, _tally_chunk, merge, progress)
    return TalliedRun(request, total, time.perf_counter() - started, simulator.capped_ends)
