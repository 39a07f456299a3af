"""`stamperia odds` and `stamperia score` for conquest games: load, compute, format."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import click

from content.document import read_document
from content.errors import ContentError, ContentProblems
from content.loader import load_game
from content.model import Effect, Game
from content.schemas import SchemaSet
from rules.conquest.battle import BattleOdds, DiceBonus, UnknownCard, battle_odds, card_bonus
from rules.conquest.scoring import PlayerScore, read_position, score


def conquest_game(name: str) -> Game | list[ContentError]:
    """The game, or its content problems; a game of another ruleset is a usage error."""
    try:
        game = load_game(name)
    except ContentProblems as problems:
        return problems.problems
    return require_conquest(game)


def require_conquest(game: Game) -> Game:
    """The game itself; a game of another ruleset is a usage error."""
    if game.ruleset != "conquest":
        raise click.UsageError(f"{game.id} uses the {game.ruleset!r} ruleset: this command "
                               "works on conquest games (territories, boars, dice battles)")
    return game


def _cards(game: Game) -> list[tuple[str, str, tuple[Effect, ...]]]:
    return [(card.id, game.text(game.source_locale, f"card.{deck.id}.{card.id}.name"),
             card.effects) for deck in game.decks for card in deck.cards]


@dataclass(frozen=True)
class OddsRequest:
    attackers: int
    defenders: int
    attacker_card: str | None
    defender_card: str | None


def compute_odds(game: Game, request: OddsRequest) -> tuple[BattleOdds, str, str]:
    """The odds and the printed names of the cards played (or '-')."""
    if request.attackers < 2:
        raise click.BadParameter("the attacking territory needs at least 2 boars",
                                 param_hint="--attack")
    if request.defenders < 1:
        raise click.BadParameter("the defending territory holds at least 1 boar",
                                 param_hint="--defend")
    bonuses = []
    for name, side, hint in ((request.attacker_card, "attacker", "--attacker-card"),
                             (request.defender_card, "defender", "--defender-card")):
        if name is None:
            bonuses.append(("-", DiceBonus()))
            continue
        try:
            bonuses.append(card_bonus(_cards(game), name, side))
        except UnknownCard as error:
            raise click.BadParameter(str(error), param_hint=hint) from None
    odds = battle_odds(request.attackers, request.defenders, bonuses[0][1], bonuses[1][1])
    return odds, bonuses[0][0], bonuses[1][0]


def _p(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator} = {float(value):.4f}"


def odds_lines(game: Game, odds: BattleOdds, attacker_card: str, defender_card: str
               ) -> list[str]:
    attack_dice = min(3, odds.attackers - 1)
    defence_dice = min(3, odds.defenders)
    lines = [f"{game.id}: {odds.attackers} attacking boars ({attack_dice} dice, card "
             f"{attacker_card}) against {odds.defenders} ({defence_dice} dice, card "
             f"{defender_card})", "first roll:"]
    for (lost_a, lost_d), chance in odds.first_roll.items():
        lines.append(f"  attacker loses {lost_a}, defender loses {lost_d}: {_p(chance)}")
    lines.append("whole battle (the attacker rolls while it has 2 or more boars):")
    lines.append(f"  conquest: {_p(odds.conquest)}")
    for outcome in odds.outcomes:
        what = (f"conquered with {outcome.attackers} boars left" if outcome.conquered else
                f"stopped with {outcome.defenders} defenders left")
        lines.append(f"  {what}: {_p(outcome.probability)}")
    return lines


def odds_json(game: Game, odds: BattleOdds, attacker_card: str, defender_card: str
              ) -> dict[str, object]:
    def fraction(value: Fraction) -> dict[str, object]:
        return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": float(value)}

    return {
        "game": game.id, "attackers": odds.attackers, "defenders": odds.defenders,
        "attacker_card": attacker_card, "defender_card": defender_card,
        "first_roll": [{"attacker_loses": a, "defender_loses": d, **fraction(p)}
                       for (a, d), p in odds.first_roll.items()],
        "conquest": fraction(odds.conquest),
        "outcomes": [{"attackers_left": o.attackers, "defenders_left": o.defenders,
                      **fraction(o.probability)} for o in odds.outcomes],
    }


def score_state(game: Game, path: Path) -> tuple[PlayerScore, ...] | list[ContentError]:
    """Scores of an end position file, or the problems found in it."""
    if game.objectives is None or game.board is None:
        raise click.UsageError(f"{game.id} has no objectives or no board to score")
    problems: list[ContentError] = []
    document = read_document(path, "conquest_state", SchemaSet(), problems)
    if document is None:
        return problems
    position, problems = read_position(game, document.data, document.origin())
    if position is None:
        return problems
    return score(game, position)


def score_lines(game: Game, scores: tuple[PlayerScore, ...]) -> list[str]:
    lines = []
    for rank, entry in enumerate(scores, start=1):
        held = ", ".join(f"{t} {v}" for t, v in entry.held_objective_territories) or "none"
        status = "objective complete: wins by objective" if entry.objective_complete else (
            f"missing {', '.join(entry.missing_objective_territories)}")
        lines += [
            f"{rank}. {entry.faction}: {entry.total} points "
            f"(objective {entry.objective_points} + conquests {entry.conquests} x "
            f"{game.points_per_conquest} = {entry.conquest_points}); "
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
