"""Rulesets by id: the one place that maps a game's `ruleset` to its engine and checks."""

from __future__ import annotations

from collections.abc import Callable

from content.errors import ContentError
from content.model import Game
from rules.conquest.check import check_conquest
from rules.iwari.check import check_iwari
from rules.report import GameReport
from rules.simulation.result import Simulator
from rules.splut.check import check_splut
from rules.warland.check import check_warland

Checker = Callable[[Game, int], tuple[list[ContentError], list[str]]]

CHECKERS: dict[str, Checker] = {"conquest": check_conquest, "iwari": check_iwari,
                               "splut": check_splut, "warland": check_warland}


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
    from rules.conquest.simulate import SIMULATOR as CONQUEST
    from rules.iwari.simulate import SIMULATOR as IWARI
    from rules.splut.play import SIMULATOR as SPLUT
    from rules.warland.simulate import SIMULATOR as WARLAND

    return {"conquest": CONQUEST, "iwari": IWARI, "splut": SPLUT, "warland": WARLAND}
