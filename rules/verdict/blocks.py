"""Seed blocks: one run split into k blocks, each played from its own seed derived from
the master seed, so a flag can say in how many independent blocks it holds.

A flag that rests on one lucky stretch of games shows in one or two blocks; a real effect
shows in most. Block b of a run with master seed S plays from `block_seed(S, b)`, and its
games' seeds are derived from that as any run's are; one block is the run of seed S
itself, as before blocks existed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from stamperia.content.model import Game
from stamperia.rules.simulation.result import GameResult, Simulator
from stamperia.rules.simulation.runner import SimulationRequest, hashed_seed, tally_games
from stamperia.rules.simulation.shares import WinShare, tally_shares
from stamperia.rules.simulation.tally import Tally

BLOCKS = 5
"""Seed blocks of a run by default."""

MAX_BLOCKS = 50

HOLDS_Z = 1.645
"""A block holds an effect when its own score test leans the same way at one-sided 5%."""


def block_seed(master: int, block: int) -> int:
    """The master seed of block `block` (63 bits: a master seed's range)."""
    return hashed_seed("stamperia", "block", master, block) >> 1


def block_requests(request: SimulationRequest, blocks: int) -> tuple[SimulationRequest, ...]:
    """The request split into `blocks` (at most one per game) as even as can be; one
    block is the request itself."""
    blocks = max(1, min(blocks, request.games))
    if blocks == 1:
        return (request,)
    size, extra = divmod(request.games, blocks)
    return tuple(replace(request, games=size + (b < extra), seed=block_seed(request.seed, b))
                 for b in range(blocks))


@dataclass(frozen=True)
class BlockedRun:
    request: SimulationRequest
    tallies: tuple[Tally, ...]
    seconds: float
    capped_ends: tuple[str, ...]

    @property
    def total(self) -> Tally:
        """Every block's games in one tally."""
        whole = Tally()
        for tally in self.tallies:
            whole.merge(tally)
        return whole


def tally_blocks(request: SimulationRequest, game: Game, simulator: Simulator, blocks: int,
                 progress: Callable[[int], None] | None = None,
                 notice: Callable[[str], None] | None = None) -> BlockedRun:
    """Play each block of the request (as `stamperia simulate` plays a request) and keep
    one tally per block; `notice` hears of cluster workers the handshake refused."""
    tallies, seconds, capped = [], 0.0, simulator.capped_ends
    for sub in block_requests(request, blocks):
        run = tally_games(sub, game, simulator, progress, notice)
        tallies.append(run.tally)
        seconds += run.seconds
        capped = run.capped_ends
    return BlockedRun(request, tuple(tallies), seconds, capped)


def split_blocks(results: Sequence[GameResult], blocks: int) -> list[Tally]:
    """Consecutive games in `blocks` tallies as even as can be: blocks of one run whose
    games' seeds are each derived from the master seed and the game's number, so no two
    blocks share a seed (what `check` and `sweep` use, which play one seed)."""
    blocks = max(1, min(blocks, len(results)))
    size, extra = divmod(len(results), blocks)
    bounds = [b * size + min(b, extra) for b in range(blocks + 1)]
    return [Tally.of(results[bounds[b]:bounds[b + 1]]) for b in range(blocks)]


def with_blocks(shares: Sequence[WinShare], tallies: Sequence[Tally],
                players: int) -> tuple[WinShare, ...]:
    """Each share with the number of blocks where its effect holds (its block's score z
    beyond HOLDS_Z on the side of the whole run's effect)."""
    if len(tallies) < 2:
        return tuple(shares)
    per_block = [{(s.group, s.value): s for s in tally_shares(tally, players)}
                 for tally in tallies]
    out = []
    for share in shares:
        side = 1.0 if share.rate >= share.fair else -1.0
        held = 0
        for block in per_block:
            mine = block.get((share.group, share.value))
            if mine is not None and mine.seen and 0 < mine.fair < 1:
                z = (mine.wins - mine.seen * mine.fair) / (
                    mine.seen * mine.fair * (1 - mine.fair)) ** 0.5
                held += side * z >= HOLDS_Z
        out.append(replace(share, held=held, blocks=len(tallies)))
    return tuple(out)
