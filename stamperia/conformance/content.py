"""A game of the plug-in loads and checks with no error, as `stamperia check` runs it."""

from __future__ import annotations

from pathlib import Path

from stamperia.conformance.failure import fail, listed
from stamperia.conformance.subjects import game_ruleset
from stamperia.content.locate import UnknownGame, game_folder
from stamperia.rules.report import GameReport


def check_clean(ruleset: str, game: str, seed: int = 0, balance_games: int | None = None
                ) -> GameReport:
    """`stamperia check GAME` finds no error, and the game is of `ruleset`. The balance stage
    runs with `balance_games` per player count and line-up; None leaves it out (it only
    warns, and costs seconds)."""
    from stamperia.checks.run import check_one

    try:
        folder = game_folder(game)
    except UnknownGame as error:
        fail(str(error))
    found = game_ruleset(Path(folder))
    if found != ruleset:
        fail(f"{game} is a game of ruleset {found!r}, not {ruleset!r}")
    checked = check_one(game, seed, balance=balance_games is not None,
                        balance_games=balance_games, overlap=False)
    errors = [p for p in checked.report.problems if p.severity == "error"]
    if errors:
        fail(f"stamperia check {game}: {len(errors)} error(s):\n{listed(errors)}")
    return checked.report
