"""All checks of the conquest ruleset, in the order a designer fixes things."""

from __future__ import annotations

import random
from collections import Counter

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import (
    COMPONENT_COUNTS,
    MAP_GEOMETRY,
    SETUP_IMPOSSIBLE,
    SIMULATION_STUCK,
)
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.board_check import check_board
from stamperia.rules.conquest.card_check import check_decks, check_objectives, objective_spread
from stamperia.rules.conquest.colour_check import check_colours
from stamperia.rules.conquest.setup import missing_parts, simulate_setup
from stamperia.rules.conquest.simulate import GameDidNotEnd, prepare
from stamperia.rules.simulation.result import Table


def check_conquest(game: Game, seed: int) -> tuple[list[ContentError], list[str]]:
    """Problems found and the summary lines (setup per player count, objective spread)."""
    conquest = game.part(Conquest)
    problems: list[ContentError] = []
    notes: list[str] = []
    missing = missing_parts(game)
    if missing or conquest.board is None:
        return missing, notes
    problems += coded(check_board(conquest.board), MAP_GEOMETRY)
    problems += coded(check_decks(game), COMPONENT_COUNTS)
    if conquest.objectives is not None:
        problems += coded(check_objectives(conquest.objectives), COMPONENT_COUNTS)
        spread = objective_spread(conquest.objectives)
        if spread is not None:
            limit = f" (limit {spread.limit})" if spread.limit is not None else ""
            notes.append(f"objectives: {len(conquest.objectives.cards)} cards, totals "
                         f"{spread.lowest}..{spread.highest}, spread {spread.spread}{limit}")
    low, high = game.players
    for players in range(low, high + 1):
        result = simulate_setup(game, players, random.Random(f"{seed}:{players}"))
        problems += coded(result.problems, SETUP_IMPOSSIBLE)
        notes.append(result.summary())
    if not problems:
        smoke_problems, smoke_note = simulation_smoke(game, seed)
        problems += smoke_problems
        notes.append(smoke_note)
    problems += check_colours(conquest)
    return problems, notes


SMOKE_GAMES = 2
"""Whole games per player count: enough to catch a rule or content change that deadlocks
or never ends a game, cheap enough for every `stamperia check`."""


def simulation_smoke(game: Game, seed: int) -> tuple[list[ContentError], str]:
    """A few seeded random games per player count; every one must end by the rules."""
    problems: list[ContentError] = []
    ends: Counter[str] = Counter()
    rounds = []
    low, high = game.players
    play = prepare(game)
    for players in range(low, high + 1):
        for index in range(SMOKE_GAMES):
            rng = random.Random(f"smoke:{seed}:{players}:{index}")
            try:
                result = play(Table(("random",) * players), rng, None)
            except GameDidNotEnd as stuck:
                problems.append(game.origin.error(
                    f"simulation smoke: a {players}-player game did not end: {stuck}",
                    f"replay it with stamperia simulate {game.id} --players {players} "
                    f"--seed {seed} --games 1 --record game.jsonl", "/turns", SIMULATION_STUCK))
                continue
            ends[result.end] += 1
            rounds.append(result.turns)
    played = sum(ends.values())
    mean = sum(rounds) / len(rounds) if rounds else 0.0
    summary = ", ".join(f"{end} {count}" for end, count in sorted(ends.items()))
    return problems, (f"simulation smoke: {played} random games, {low}-{high} players, "
                      f"mean {mean:.1f} rounds; ends: {summary or 'none'}")
