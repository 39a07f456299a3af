"""`stamperia odds` and `stamperia score` for conquest games: compute and format."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest, Effect
from stamperia.rules.conquest.battle import MAX_DICE, SIDES, DiceBonus, UnknownCard, card_bonus
from stamperia.rules.conquest.scoring import PlayerScore, read_position, score
from stamperia.rules.conquest.whole_battle import (
    BattleOdds,
    DefenceDice,
    Exact,
    battle_odds,
    defence_dice,
)
from stamperia.rules.probability import odds_table, percent, percent_number, with_percent
from stamperia.rules.ruleset import OddsQuery, ToolOutput, ToolUsage


def _cards(game: Game) -> list[tuple[str, str, tuple[Effect, ...]]]:
    return [(card.id, game.text(game.source_locale, f"card.{deck.id}.{card.id}.name"),
             card.effects) for deck in game.part(Conquest).decks for card in deck.cards]


@dataclass(frozen=True)
class OddsRequest:
    attackers: int
    defenders: int
    attacker_card: str | None
    defender_card: str | None
    defender_dice: DefenceDice = None
    """Dice the defender declares on every roll; None: as many as it may."""


SHORT_FRACTION = 60
"""Longest fraction printed in full in the text output; --json always prints it whole."""
LONG_FRACTION = "(too long: see --json)"


def read_defender_dice(value: str | None) -> DefenceDice:
    """`--defender-dice`: a number of dice (1 to 3) or 'max' (as many as it may)."""
    if value is None or value == "max":
        return None
    if value.isdigit() and 1 <= int(value) <= MAX_DICE:
        return int(value)
    raise ToolUsage(f"--defender-dice takes 1 to {MAX_DICE} or 'max', not {value!r}",
                    "--defender-dice")


def compute_odds(game: Game, request: OddsRequest) -> tuple[BattleOdds, str, str]:
    """The odds and the printed names of the cards played (or '-')."""
    if request.attackers < 2:
        raise ToolUsage("the attacking territory needs at least 2 boars", "--attack")
    if request.defenders < 1:
        raise ToolUsage("the defending territory holds at least 1 boar", "--defend")
    bonuses = []
    for name, side, hint in ((request.attacker_card, "attacker", "--attacker-card"),
                             (request.defender_card, "defender", "--defender-card")):
        if name is None:
            bonuses.append(("-", DiceBonus()))
            continue
        try:
            bonuses.append(card_bonus(_cards(game), name, side))
        except UnknownCard as error:
            raise ToolUsage(str(error), hint) from None
    odds = battle_odds(request.attackers, request.defenders, bonuses[0][1], bonuses[1][1],
                       request.defender_dice)
    return odds, bonuses[0][0], bonuses[1][0]


def _row(what: str, exact: Exact) -> tuple[str, str, str]:
    """A row of the whole battle's table: the fraction when it is short (else where to
    find it), and the percentage."""
    shown = LONG_FRACTION
    if exact.exponent * math.log10(SIDES) <= SHORT_FRACTION:
        value = exact.fraction()
        if len(f"{value.numerator}/{value.denominator}") <= SHORT_FRACTION:
            shown = f"{value.numerator}/{value.denominator}"
    return what, shown, percent(exact.numerator, exact.denominator)


def exact_digits(value: int) -> str:
    """The decimal digits of an integer of any size, without lifting Python's limit on
    int-to-str conversion (a process-wide setting): halves are converted separately."""
    if value.bit_length() < 12_000:
        return str(value)
    half = int(value.bit_length() * math.log10(2)) // 2
    high, low = divmod(value, 10 ** half)
    return exact_digits(high) + exact_digits(low).zfill(half)


def _dice_text(dice: int, declared: DefenceDice) -> str:
    return f"{dice} dice" if declared is None else f"{dice} dice, declaring {declared}"


def odds_lines(game: Game, odds: BattleOdds, attacker_card: str, defender_card: str
               ) -> list[str]:
    attack_dice = min(MAX_DICE, odds.attackers - 1)
    defending = defence_dice(odds.defenders, odds.defence_dice)
    lines = [f"{game.id}: {odds.attackers} attacking boars ({attack_dice} dice, card "
             f"{attacker_card}) against {odds.defenders} "
             f"({_dice_text(defending, odds.defence_dice)}, card {defender_card})",
             "first roll:"]
    for (lost_a, lost_d), chance in odds.first_roll.items():
        lines.append(f"  attacker loses {lost_a}, defender loses {lost_d}: "
                     f"{with_percent(chance)}")
    lines.append("whole battle (the attacker rolls while it has 2 or more boars):")
    rows = [_row("conquest", odds.conquest_exact)]
    for outcome in odds.outcomes:
        rows.append(_row(f"conquered with {_counted(outcome.attackers, 'boar')} left"
                         if outcome.conquered
                         else f"stopped with {_counted(outcome.defenders, 'defender')} left",
                         outcome.exact))
    return lines + odds_table(rows)


def _counted(count: int, noun: str) -> str:
    """`1 defender`, `2 defenders`: the table's English words."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def odds_json(game: Game, odds: BattleOdds, attacker_card: str, defender_card: str
              ) -> dict[str, object]:
    def fraction(value: Fraction) -> dict[str, object]:
        return {"fraction": f"{exact_digits(value.numerator)}/"
                            f"{exact_digits(value.denominator)}",
                "decimal": float(value),
                "percent": percent_number(value.numerator, value.denominator)}

    return {
        "game": game.id, "attackers": odds.attackers, "defenders": odds.defenders,
        "attacker_card": attacker_card, "defender_card": defender_card,
        "defender_dice": "max" if odds.defence_dice is None else odds.defence_dice,
        "first_roll": [{"attacker_loses": a, "defender_loses": d, **fraction(p)}
                       for (a, d), p in odds.first_roll.items()],
        "conquest": fraction(odds.conquest),
        "outcomes": [{"attackers_left": o.attackers, "defenders_left": o.defenders,
                      **fraction(o.probability)} for o in odds.outcomes],
    }


def score_position(game: Game, data: Mapping[str, Any], origin: Origin
                   ) -> ToolOutput | list[ContentError]:
    """Scores of an end position, or the problems found in it."""
    conquest = game.part(Conquest)
    if conquest.objectives is None or conquest.board is None:
        raise ToolUsage(f"{game.id} has no objectives or no board to score")
    position, problems = read_position(game, data, origin)
    if position is None:
        return problems
    scores = score(game, position)
    return ToolOutput(tuple(score_lines(game, scores)), score_json(game, scores))


def score_lines(game: Game, scores: tuple[PlayerScore, ...]) -> list[str]:
    lines = []
    for rank, entry in enumerate(scores, start=1):
        held = ", ".join(f"{t} {v}" for t, v in entry.held_objective_territories) or "none"
        status = "objective complete: wins by objective" if entry.objective_complete else (
            f"missing {', '.join(entry.missing_objective_territories)}")
        lines += [
            f"{rank}. {entry.faction}: {entry.total} points "
            f"(objective {entry.objective_points} + conquests {entry.conquests} x "
            f"{game.part(Conquest).points_per_conquest} = {entry.conquest_points}); "
            f"tiebreak: {entry.territories_held} territories, {entry.pieces_on_board} boars",
            f"   {entry.objective}: {len(entry.held_objective_territories)} territories held "
            f"({held}); {status}",
        ]
    return lines


def score_json(game: Game, scores: tuple[PlayerScore, ...]) -> dict[str, object]:
    return {"game": game.id, "ranking": [
        {"rank": rank, "faction": s.faction, "total": s.total,
         "objective": s.objective, "objective_points": s.objective_points,
         "held_objective_territories": [{"territory": t, "value": v}
                                        for t, v in s.held_objective_territories],
         "missing_objective_territories": list(s.missing_objective_territories),
         "objective_complete": s.objective_complete, "conquests": s.conquests,
         "conquest_points": s.conquest_points, "territories_held": s.territories_held,
         "pieces_on_board": s.pieces_on_board}
        for rank, s in enumerate(scores, start=1)]}


def odds(game: Game, query: OddsQuery) -> ToolOutput:
    """`stamperia odds` for a conquest game: --attack, --defend and the card options
    (declared in stamperia.rules.conquest.ruleset.ODDS)."""
    attackers, defenders = query.number("attackers"), query.number("defenders")
    if attackers is None or defenders is None:
        missing = "--attack" if attackers is None else "--defend"
        raise ToolUsage(f"Missing option '{missing}'.")
    request = OddsRequest(attackers, defenders, query.text("attacker_card"),
                          query.text("defender_card"),
                          read_defender_dice(query.text("defender_dice")))
    result, attack_name, defence_name = compute_odds(game, request)
    return ToolOutput(tuple(odds_lines(game, result, attack_name, defence_name)),
                      lambda: odds_json(game, result, attack_name, defence_name))
