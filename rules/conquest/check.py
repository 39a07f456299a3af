"""All checks of the conquest ruleset, in the order a designer fixes things."""

from __future__ import annotations

import random

from content.errors import ContentError
from content.model import Game
from rules.checks.board import check_board
from rules.checks.cards import check_decks, check_objectives, objective_spread
from rules.conquest.setup import simulate_setup


def check_conquest(game: Game, seed: int) -> tuple[list[ContentError], list[str]]:
    """Problems found and the summary lines (setup per player count, objective spread)."""
    problems: list[ContentError] = []
    notes: list[str] = []
    if game.board is None:
        problems.append(game.origin.error("the conquest ruleset needs a board", "",
                                          "/parts/board"))
        return problems, notes
    problems += check_board(game.board)
    problems += check_decks(game)
    if game.objectives is not None:
        problems += check_objectives(game.objectives)
        spread = objective_spread(game.objectives)
        if spread is not None:
            limit = f" (limit {spread.limit})" if spread.limit is not None else ""
            notes.append(f"objectives: {len(game.objectives.cards)} cards, totals "
                         f"{spread.lowest}..{spread.highest}, spread {spread.spread}{limit}")
    low, high = game.players
    for players in range(low, high + 1):
        result = simulate_setup(game, players, random.Random(f"{seed}:{players}"))
        problems += result.problems
        notes.append(result.summary())
    return problems, notes
