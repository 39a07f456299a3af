"""Seed blocks: a run split into blocks with their own seeds, and in how many of them a
flag holds."""

from __future__ import annotations

from stamperia.rules.simulation.result import GameResult, SeatResult
from stamperia.rules.simulation.runner import SimulationRequest
from stamperia.rules.simulation.shares import win_shares
from stamperia.rules.verdict.blocks import block_requests, block_seed, split_blocks, with_blocks

SEATS = (SeatResult({"agent": "a"}), SeatResult({"agent": "a"}))


def test_blocks_split_the_games_evenly_each_from_its_own_seed() -> None:
    request = SimulationRequest("g", 2, 102, 7, ("random",))
    blocks = block_requests(request, 5)
    assert [b.games for b in blocks] == [21, 21, 20, 20, 20]
    assert [b.seed for b in blocks] == [block_seed(7, b) for b in range(5)]
    assert len({b.seed for b in blocks} | {7}) == 6  # none is the master seed
    assert block_requests(request, 1) == (request,)  # one block: the run of the seed
    assert len(block_requests(SimulationRequest("g", 2, 3, 7, ("random",)), 5)) == 3


def test_a_flag_holds_where_its_block_leans_the_same_way() -> None:
    # seat 1 wins 45 of 50 in the first four blocks of 50 games, 25 of 50 in the fifth
    winners = ([(0,)] * 45 + [(1,)] * 5) * 4 + [(0,)] * 25 + [(1,)] * 25
    results = [GameResult(SEATS, w, "points", 10, 100) for w in winners]
    tallies = split_blocks(results, 5)
    assert [t.games for t in tallies] == [50] * 5
    shares = {s.value: s for s in with_blocks(win_shares(tuple(results), 2), tallies, 2)
              if s.group == "seat"}
    assert shares["1"].flagged and (shares["1"].held, shares["1"].blocks) == (4, 5)
    assert shares["2"].flagged and (shares["2"].held, shares["2"].blocks) == (4, 5)
