"""Rulesets by id, as each ruleset's content plug-in names them (`RulesetPlugin.rules`).

This module names no ruleset: the content registry (its built-in list and the
`stamperia.rulesets` entry points) says where each ruleset's rules live.
"""

from __future__ import annotations

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import RULES_VIOLATION, UNKNOWN_RULESET
from stamperia.content.model import Game
from stamperia.content.rulesets.registry import load_object, plugin, plugins
from stamperia.rules.report import GameReport
from stamperia.rules.ruleset import Ruleset
from stamperia.rules.simulation.result import Simulator


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
    found no error, the balance stage (stamperia.rules.balance) unless `balance` is False, playing
    `balance_games` per player count and line-up (None: its BALANCE_GAMES)."""
    report, simulator = check_rules(game, seed)
    if not balance or simulator is None:
        return report
    return with_balance(report, balance_findings(game, simulator, seed, balance_games))


def check_rules(game: Game, seed: int = 0) -> tuple[GameReport, Simulator | None]:
    """The rules checks of one loaded game, and the simulator its balance stage plays
    with: None when the ruleset has none or the rules found an error (no balance then)."""
    try:
        rules = ruleset_for(game.ruleset)
    except NoRuleset as error:
        problem = game.origin.error(str(error), "install the package that provides it",
                                    "/ruleset", UNKNOWN_RULESET)
        return GameReport(game.id, (problem,), ()), None
    checked, notes = rules.check(game, seed)
    problems = coded(checked, RULES_VIOLATION)
    report = GameReport(game.id, tuple(sorted(problems)), tuple(notes))
    if rules.simulator is None or any(p.severity == "error" for p in problems):
        return report, None
    return report, rules.simulator()


BalanceFindings = tuple[list[ContentError], list[str]]
"""The balance stage's warnings and its notes."""


def balance_findings(game: Game, simulator: Simulator, seed: int,
                     balance_games: int | None = None) -> BalanceFindings:
    """The balance stage (stamperia.rules.balance) with `balance_games` per player count and line-up
    (None: its BALANCE_GAMES)."""
    from stamperia.rules.balance import BALANCE_GAMES, balance_stage

    games = BALANCE_GAMES if balance_games is None else balance_games
    return balance_stage(game, simulator, seed, games)


def with_balance(report: GameReport, found: BalanceFindings) -> GameReport:
    """The rules checks' report with the balance stage's findings after its own notes."""
    problems, notes = found
    return GameReport(report.game, tuple(sorted([*report.problems, *problems])),
                      (*report.notes, *notes))


def simulators() -> dict[str, Simulator]:
    """Every installed ruleset's simulator by ruleset id (imports every engine)."""
    found: dict[str, Simulator] = {}
    for ruleset_id in plugins():
        simulator = ruleset_for(ruleset_id).simulator
        if simulator is not None:
            found[ruleset_id] = simulator()
    return found
