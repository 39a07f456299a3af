"""`stamperia odds` for warland games: demolition, attacks on pawns and soldier duels."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from stamperia.content.model import Game
from stamperia.content.rulesets.warland.buildings import Buildings
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.rules.probability import odds_table, percent_number, percent_of, with_percent
from stamperia.rules.ruleset import OddsQuery, ToolOutput, ToolUsage
from stamperia.rules.warland.odds import Demolition, Dice, Duel, best_distribution, demolition, duel

SHOWN_ATTEMPTS = (2, 3, 4)
MAX_RESISTANCE = 10_000
"""The largest resistance `odds` answers: the best roll of 100 strength points is far below."""


@dataclass(frozen=True)
class WarlandOddsRequest:
    strength: int | None
    resistance: str | None
    against: int | None


@dataclass(frozen=True)
class Target:
    label: str
    resistance: int
    hits: int


def _dice(game: Game) -> Dice:
    combat = game.part(Forces).combat
    return Dice(combat.dice_per_strength, combat.dice_sides)


def _target(game: Game, text: str) -> Target:
    """A number, or a building by id or printed name (its resistance and hits needed)."""
    digits = text.strip().lstrip("-")
    if digits.isdigit():
        value = int(text) if len(digits) <= 6 else MAX_RESISTANCE + 1
        if value < 0 or value > MAX_RESISTANCE:
            raise ToolUsage(f"a resistance is 0 to {MAX_RESISTANCE:,} (no roll of a real game "
                            "comes near more)", "--resistance")
        return Target(f"resistance {value}", value, 1)
    wanted = text.strip().casefold()
    for building in game.part(Buildings).buildings:
        names = {building.id, *(game.text(loc, f"building.{building.id}.name").casefold()
                                for loc in game.locales)}
        if wanted in names:
            name = game.text(game.source_locale, f"building.{building.id}.name")
            return Target(f"{name} (resistance {building.resistance})", building.resistance,
                          building.hits_to_destroy)
    raise ToolUsage(f"{text!r} is neither a number nor a building of {game.id}", "--resistance")


def validate(request: WarlandOddsRequest) -> int:
    """The strength, after checking the options form one question; usage errors exit 2."""
    if request.strength is None:
        raise ToolUsage("Missing option '--strength' (the attacking strength).")
    if request.strength < 1:
        raise ToolUsage("strength is at least 1", "--strength")
    if (request.resistance is None) == (request.against is None):
        raise ToolUsage("give either --resistance R (a building or pawns) or "
                               "--against S2 (a soldier)")
    if request.against is not None and request.against < 1:
        raise ToolUsage("strength is at least 1", "--against")
    return request.strength


def _expected(value: Fraction) -> str:
    """An expected number of attacks (not a probability: no percentage)."""
    return f"{value.numerator}/{value.denominator} = {float(value):.4f}"


def _fraction(value: Fraction) -> dict[str, object]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": float(value)}


def _probability(value: Fraction) -> dict[str, object]:
    return {**_fraction(value), "percent": percent_number(value.numerator, value.denominator)}


def _row(what: str, value: Fraction) -> tuple[str, str, str]:
    return what, f"{value.numerator}/{value.denominator}", percent_of(value)


def _rolls(dice: Dice, strength: int, roll: str = "best") -> str:
    if roll == "sum":
        return f"one roll of {dice.count * strength}d{dice.sides}"
    return f"best of {strength} roll{'s' if strength > 1 else ''} of {dice.count}d{dice.sides}"


def demolition_lines(game: Game, dice: Dice, target: Target, odds: Demolition) -> list[str]:
    lines = [f"{game.id}: strength {odds.strength} ({_rolls(dice, odds.strength)}) against "
             f"{target.label}",
             f"  one attack succeeds (best roll > {odds.resistance}): "
             f"{with_percent(odds.per_attempt)}"]
    if odds.hits > 1:
        lines.append(f"  it must be beaten {odds.hits} times:")
        for attempts in SHOWN_ATTEMPTS:
            if attempts >= odds.hits:
                lines.append(f"  destroyed within {attempts} attacks: "
                             f"{with_percent(odds.within(attempts))}")
    expected = odds.expected_attempts
    lines.append("  expected attacks to destroy it: " +
                 ("never (no roll beats it)" if expected is None else _expected(expected)))
    return lines


def demolition_json(game: Game, dice: Dice, target: Target, odds: Demolition
                    ) -> dict[str, object]:
    expected = odds.expected_attempts
    return {"game": game.id, "strength": odds.strength, "target": target.label,
            "resistance": odds.resistance, "hits_to_destroy": odds.hits,
            "success": _probability(odds.per_attempt),
            "destroyed_within": {str(a): _probability(odds.within(a))
                                 for a in SHOWN_ATTEMPTS if a >= odds.hits},
            "expected_attacks": None if expected is None else _fraction(expected),
            "best_roll": {str(k): _probability(v)
                          for k, v in best_distribution(dice, odds.strength).items()}}


def duel_lines(game: Game, dice: Dice, odds: Duel) -> list[str]:
    lower = "roll" if odds.roll == "sum" else "best roll"
    lines = [f"{game.id}: soldier strength {odds.attacker} "
             f"({_rolls(dice, odds.attacker, odds.roll)}) against soldier strength "
             f"{odds.defender} ({_rolls(dice, odds.defender, odds.roll)}); the lower {lower} "
             f"loses, ties: {odds.tie_rule.replace('_', ' ')}",
             f"  attacker rolls higher: {with_percent(odds.attacker_higher)}",
             f"  defender rolls higher: {with_percent(odds.defender_higher)}",
             f"  tie: {with_percent(odds.tie)}",
             "whole duel:"]
    rows = [_row("attacker wins (defender's soldier dies)", odds.attacker_wins),
            _row("defender wins (attacker's soldier dies)", odds.defender_wins)]
    if odds.tie_rule == "both_survive":
        rows.append(_row("both survive", odds.both_survive))
    if odds.tie_rule == "both_die":
        rows.append(_row("both die", odds.both_die))
    return lines + odds_table(rows)


def duel_json(game: Game, odds: Duel) -> dict[str, object]:
    return {"game": game.id, "attacker": odds.attacker, "defender": odds.defender,
            "tie_rule": odds.tie_rule, "roll": odds.roll,
            "attacker_higher": _probability(odds.attacker_higher),
            "defender_higher": _probability(odds.defender_higher),
            "tie": _probability(odds.tie),
            "attacker_wins": _probability(odds.attacker_wins),
            "defender_wins": _probability(odds.defender_wins),
            "both_survive": _probability(odds.both_survive),
            "both_die": _probability(odds.both_die)}


def odds(game: Game, query: OddsQuery) -> ToolOutput:
    """`stamperia odds` for a warland game: --strength with --resistance or --against
    (declared in stamperia.rules.warland.ruleset.ODDS)."""
    request = WarlandOddsRequest(query.number("strength"), query.text("resistance"),
                                 query.number("against"))
    strength = validate(request)
    dice = _dice(game)
    if request.against is not None:
        combat = game.part(Forces).combat
        fight = duel(dice, strength, request.against, combat.soldier_tie, combat.duel_roll)
        return ToolOutput(tuple(duel_lines(game, dice, fight)), duel_json(game, fight))
    assert request.resistance is not None
    target = _target(game, request.resistance)
    result = demolition(dice, strength, target.resistance, target.hits)
    return ToolOutput(tuple(demolition_lines(game, dice, target, result)),
                      demolition_json(game, dice, target, result))
