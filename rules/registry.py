"""Rulesets by id, as each ruleset's content plug-in names them (`RulesetPlugin.rules`).

This module names no ruleset: the content registry (its built-in list and the
`stamperia.rulesets` entry points) says where each ruleset's rules live.
"""

from __future__ import annotations

from content.errors import coded
from content.findings import RULES_VIOLATION, UNKNOWN_RULESET
from content.model import Game
from content.rulesets.registry import load_object, plugin, plugins
from rules.report import GameReport
from rules.ruleset import Ruleset
from rules.simulation.result import Simulator


class NoRuleset(LookupError):
    """A ruleset id no installed plug-in provides."""


def ruleset_for(ruleset_id: str) -> Ruleset:
    found = plugin(ruleset_id)
    if found is None:
        raise NoRuleset(f"no ruleset {ruleset_id!r} is installed (known: "
                        f"{', '.join(sorted(plugins()))})")
    rules = load_object(found.rules)
    if not isinstance(rules, Ruleset):
        raise NoRuleset(f"ruleset {ruleset_id!r}: {found.rules} is not a rules Ruleset")
    return rules


def check_game(game: Game, seed: int = 0, balance: bool = True,
               balance_games: int | None = None) -> GameReport:
    """Every rules check of one loaded game, reproducible for a seed; then, when the rules
    found no error, the balance stage (rules.balance) unless `balance` is False, playing
    `balance_games` per player count and line-up (None: its BALANCE_GAMES)."""
    try:
        rules = ruleset_for(game.ruleset)
    except NoRuleset as error:
        problem = game.origin.error(str(error), "install the package that provides it",
                                    "/ruleset", UNKNOWN_RULESET)
        return GameReport(game.id, (problem,), ())
    checked, notes = rules.check(game, seed)
    problems = coded(checked, RULES_VIOLATION)
    if balance and rules.simulator is not None and not any(
            p.severity == "error" for p in problems):
        from rules.balance import BALANCE_GAMES, balance_stage

        games = BALANCE_GAMES if balance_games is None else balance_games
        balance_problems, balance_notes = balance_stage(game, rules.simulator(), seed, games)
        problems = [*problems, *balance_problems]
        notes = [*notes, *balance_notes]
    return GameReport(game.id, tuple(sorted(problems)), tuple(notes))


def simulators() -> dict[str, Simulator]:
    """Every installed ruleset's simulator by ruleset id (imports every engine)."""
    found: dict[str, Simulator] = {}
    for ruleset_id in plugins():
        simulator = ruleset_for(ruleset_id).simulator
        if simulator is not None:
            found[ruleset_id] = simulator()
    return found
