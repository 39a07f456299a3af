"""A check's balance stage, played in a forked child and, once its kit checks are done,
by the check's own process too.

Why: on some games the balance stage (whole simulated games) takes longer than the kit
checks, so the child playing all of it is the check's longest path; on others the kit
checks are longer and the child is done first. The stage's games do not depend on one
another (stamperia.rules.balance.play_claimed), so the child puts their numbers in a pipe, both
processes take the next one until none is left, and the parent, done with its kit checks,
sends what it played back to the child, which makes the findings in the stage's order.
Two processes on two cores whichever stage is longer, and none waiting for the other.
The report is the one a single process gives: a game's result is the same wherever it is
played, and games are taken in order, so the earliest failure is the one the whole stage
meets first. Where there is no fork (stamperia.checks.overlap), all of it is played here.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from stamperia.checks.overlap import Overlapped, can_fork
from stamperia.content.errors import ContentError, missed_check
from stamperia.content.model import Game

if TYPE_CHECKING:
    from stamperia.rules.registry import BalanceFindings
    from stamperia.rules.simulation.result import GameResult, Simulator
    from stamperia.rules.simulation.runner import SimulationRequest

_NUMBER = struct.Struct("<I")
SHARED_GAMES = 8192
"""At most this many game numbers go through the pipe (well under a pipe's 64 KiB, so the
child writes them at once); a longer stage is played by the child alone."""

Failed = tuple[tuple[int, bool], ContentError]
"""Where in the stage a process failed (rules.balance.StageFailure.place), and the failure."""
Played = tuple[dict[int, "GameResult"], Failed | None]
"""The games one process played, by number, and where it stopped failing (None: it did not)."""


def stage_failure(game: Game, stage: str, error: Exception) -> ContentError:
    """A stage after loading that failed anyway, reported against the game's manifest."""
    return missed_check(game.origin, f"the {stage} stage could not handle this content", error)


def _claims(queue: int) -> Callable[[], int | None]:
    """The next game number from the shared pipe (None when it is empty and closed): reads
    of one number's four bytes do not interleave between the processes."""
    def claim() -> int | None:
        data = os.read(queue, _NUMBER.size)
        while data and len(data) < _NUMBER.size:  # not seen on Linux; cheap to be sure
            more = os.read(queue, _NUMBER.size - len(data))
            if not more:
                raise EOFError("a game number was cut short in the claim pipe")
            data += more
        return _NUMBER.unpack(data)[0] if data else None
    return claim


def _after(first: int, claim: Callable[[], int | None]) -> Callable[[], int | None]:
    """`first`, then what `claim` hands out."""
    pending = [first]

    def claim_next() -> int | None:
        return pending.pop() if pending else claim()
    return claim_next


def _play(game: Game, simulator: Simulator, requests: tuple[SimulationRequest, ...],
          claim: Callable[[], int | None]) -> Played:
    from stamperia.rules.balance import StageFailure, play_claimed

    try:
        return play_claimed(game, simulator, requests, claim), None
    except StageFailure as failure:
        return {}, (failure.place, stage_failure(game, "rules", failure.error))
    except Exception as error:  # noqa: BLE001 - not in a game: every process meets it first
        return {}, ((-1, False), stage_failure(game, "rules", error))


def _findings(game: Game, simulator: Simulator, requests: tuple[SimulationRequest, ...],
              parts: list[Played]) -> BalanceFindings | ContentError:
    from stamperia.rules.balance import stage_findings

    failures = [failed for _, failed in parts if failed is not None]
    if failures:
        return min(failures, key=lambda failed: failed[0])[1]
    played: dict[int, GameResult] = {}
    for games, _ in parts:
        played.update(games)
    return stage_findings(game, simulator, requests, played)


def _requests(game: Game, simulator: Simulator, seed: int, games: int | None
              ) -> tuple[SimulationRequest, ...]:
    from stamperia.rules.balance import BALANCE_GAMES, balance_requests

    return balance_requests(game, simulator, seed, BALANCE_GAMES if games is None else games)


def play_balance(game: Game, simulator: Simulator, seed: int, games: int | None
                 ) -> BalanceFindings | ContentError:
    """The balance stage played here, every game: its findings (`games` per player count
    and line-up, None: its BALANCE_GAMES), or its failure as the rules stage's (it is
    part of stamperia.rules.registry.check_game)."""
    from stamperia.rules.balance import in_order

    try:
        requests = _requests(game, simulator, seed, games)
        total = sum(request.games for request in requests)
        return _findings(game, simulator, requests,
                         [_play(game, simulator, requests, in_order(total))])
    except Exception as error:  # noqa: BLE001 - any failure is reported against the content
        return stage_failure(game, "rules", error)


def _child(game: Game, simulator: Simulator, seed: int, games: int | None, parent: int,
           pipes: tuple[int, int, int, int]) -> BalanceFindings | ContentError:
    """The child's side: number the games into the queue, play from it, then read what
    the parent played and make the findings. Run here instead (no fork, or the child
    died), it plays every game."""
    queue_out, queue_in, back_out, back_in = pipes
    if os.getpid() == parent:
        return play_balance(game, simulator, seed, games)
    os.close(back_in)
    try:
        requests = _requests(game, simulator, seed, games)
        total = sum(request.games for request in requests)
        if total <= SHARED_GAMES:
            os.write(queue_in, b"".join(_NUMBER.pack(n) for n in range(total)))
            os.close(queue_in)
            mine = _play(game, simulator, requests, _claims(queue_out))
        else:
            from stamperia.rules.balance import in_order

            os.close(queue_in)
            mine = _play(game, simulator, requests, in_order(total))
        import pickle  # imported by stamperia.checks.overlap before the fork: not at start-up

        with os.fdopen(back_out, "rb") as back:
            data = back.read()
        theirs: Played = pickle.loads(data) if data else ({}, None)  # the parent's bytes
        return _findings(game, simulator, requests, [mine, theirs])
    except Exception as error:  # noqa: BLE001 - any failure is reported against the content
        return stage_failure(game, "rules", error)


class Balancing:
    """The balance stage, started now in a forked child (or played here at once when there
    is no fork); `result()` plays what is left of it here, then waits for its findings,
    or for its failure as the rules stage's."""

    def __init__(self, game: Game, simulator: Simulator, seed: int, games: int | None,
                 fork: bool = True) -> None:
        self._game, self._simulator, self._seed, self._games = game, simulator, seed, games
        self._pipes: tuple[int, int, int, int] | None = None
        if not (fork and can_fork()):
            self._child = Overlapped(partial(play_balance, game, simulator, seed, games),
                                     fork=False)
            return
        queue_out, queue_in = os.pipe()
        back_out, back_in = os.pipe()
        pipes = (queue_out, queue_in, back_out, back_in)
        self._child = Overlapped(partial(_child, game, simulator, seed, games, os.getpid(),
                                         pipes))
        for end in (queue_in, back_out):
            os.close(end)
        self._pipes = pipes

    def result(self) -> BalanceFindings | ContentError:
        if self._pipes is not None:
            queue_out, _, _, back_in = self._pipes
            self._pipes = None
            claim = _claims(queue_out)
            first = claim()
            played: Played = ({}, None)
            if first is not None:  # games are left: play them here too
                played = self._help(_after(first, claim))
            os.close(queue_out)
            import pickle  # imported by stamperia.checks.overlap when it forked

            try:
                with os.fdopen(back_in, "wb") as back:
                    back.write(pickle.dumps(played, pickle.HIGHEST_PROTOCOL))
            except BrokenPipeError:
                pass  # the child is gone: its work runs here (stamperia.checks.overlap)
        return self._child.result()

    def _help(self, claim: Callable[[], int | None]) -> Played:
        try:
            requests = _requests(self._game, self._simulator, self._seed, self._games)
        except Exception:  # noqa: BLE001 - the child meets it too and reports it
            return {}, None
        return _play(self._game, self._simulator, requests, claim)
