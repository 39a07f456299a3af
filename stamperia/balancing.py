"""A check's balance stage, played in two processes beside the kit checks.

Why: on some games the balance stage (whole simulated games) takes longer than the rest of
the check together, so one child playing all of it is the check's longest path. Its games
do not depend on one another (rules.balance.play_part), so the stage's child forks one
more (stamperia.overlap): each plays every other game, and the first makes the findings
from both halves in the stage's order. The report is the one a single process gives,
failures included (the earliest failure in the stage's order is the one reported); where
there is no fork, the halves are played one after the other. The check's own process
neither waits for nor imports any of this before the kit checks are done.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from content.errors import ContentError, missed_check
from content.model import Game
from stamperia.overlap import Overlapped

if TYPE_CHECKING:
    from rules.registry import BalanceFindings
    from rules.simulation.result import GameResult, Simulator
    from rules.simulation.runner import SimulationRequest

PARTS = 2
"""Processes playing the stage's games: with the kit checks, one per core of a usual
runner and one more."""

Failed = tuple[tuple[int, bool], ContentError]
"""Where in the stage a part failed (rules.balance.StageFailure.place), and the failure."""


def stage_failure(game: Game, stage: str, error: Exception) -> ContentError:
    """A stage after loading that failed anyway, reported against the game's manifest."""
    return missed_check(game.origin, f"the {stage} stage could not handle this content", error)


def _part(game: Game, simulator: Simulator, requests: tuple[SimulationRequest, ...],
          part: int, parts: int) -> list[GameResult] | Failed:
    from rules.balance import StageFailure, play_part

    try:
        return play_part(game, simulator, requests, part, parts)
    except StageFailure as failure:
        return failure.place, stage_failure(game, "rules", failure.error)
    except Exception as error:  # noqa: BLE001 - before any game: every part meets it
        return (-1, False), stage_failure(game, "rules", error)


def play_balance(game: Game, simulator: Simulator, seed: int, games: int | None,
                 parts: int = PARTS) -> BalanceFindings | ContentError:
    """The balance stage's findings (`games` per player count and line-up, None: its
    BALANCE_GAMES), or its failure as the rules stage's (it is part of
    rules.registry.check_game); its games played in `parts` processes, this one and
    forked children."""
    from rules.balance import BALANCE_GAMES, balance_requests, stage_findings

    try:
        requests = balance_requests(game, simulator, seed,
                                    BALANCE_GAMES if games is None else games)
        others = [Overlapped(partial(_part, game, simulator, requests, part, parts))
                  for part in range(1, parts)]
        outcomes = [_part(game, simulator, requests, 0, parts),
                    *(other.result() for other in others)]
        failures = [outcome for outcome in outcomes if isinstance(outcome, tuple)]
        if failures:
            return min(failures, key=lambda failed: failed[0])[1]
        played = [outcome for outcome in outcomes if isinstance(outcome, list)]
        return stage_findings(game, simulator, requests, played)
    except Exception as error:  # noqa: BLE001 - any failure is reported against the content
        return stage_failure(game, "rules", error)
