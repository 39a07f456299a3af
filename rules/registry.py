"""Rulesets by id: the one place that maps a game's `ruleset` to its engine and checks."""

from __future__ import annotations

from collections.abc import Callable

from content.errors import ContentError
from content.model import Game
from rules.conquest.check import check_conquest
from rules.report import GameReport
from rules.simulation.result import Simulator
from rules.warland.check import check_warland

Checker = Callable[[Game, int], tuple[list[ContentError], list[str]]]

CHECKERS: dict[str, Checker] = {"conquest": check_conquest, "warland": check_warland}


def check_game(game: Game, seed: int = 0) -> GameReport:
    """Every rules check of one loaded game, reproducible for a seed."""
    checker = CHECKERS.get(game.ruleset)
    if checker is None:
        problem = game.origin.error(f"unknown ruleset {game.ruleset!r}",
                                    f"known: {', '.join(sorted(CHECKERS))}", "/ruleset")
        return GameReport(game.id, (problem,), ())
    problems, notes = checker(game, seed)
    return GameReport(game.id, tuple(sorted(problems)), tuple(notes))


def simulators() -> dict[str, Simulator]:
    """Simulators by ruleset id; engines are imported only when a simulation runs."""
    from rules.conquest.simulate import SIMULATOR as conquest
    from rules.warland.simulate import SIMULATOR as warland

    return {"conquest": conquest, "warland": warland}
