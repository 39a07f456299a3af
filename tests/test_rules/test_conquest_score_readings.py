"""`stamperia score` ranks an end position by the game's own readings, as a simulated
game ends (turns.finish_on_points): `scoring.tie_margin` and `scoring.eliminated`."""

from __future__ import annotations

from typing import Any

import pytest

from stamperia.content.editions.overrides import Override
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.conquest.scoring import EndPosition, Holding, PlayerEnd, score


def _game(**scoring: Any) -> Game:
    return load_game("sgrunt", [Override("game.json", "/scoring",
                                         {"points_per_conquest": 2, **scoring})])


def _position(game: Game, held: dict[str, int], conquests: dict[str, int]) -> EndPosition:
    """Seats verdi and blu with the first and third objective cards (the first two are
    complements: together they list every territory); each holds `held[faction]`
    territories that are on neither card (so no objective points), 3 boars on each."""
    conquest = game.part(Conquest)
    assert conquest.objectives is not None and conquest.board is not None
    cards = conquest.objectives.cards[0:3:2]
    on_cards = {e.territory for card in cards for e in card.entries}
    free = iter(t.id for t in conquest.board.territories if t.id not in on_cards)
    factions = [f.id for f in conquest.factions][:2]
    holdings = {next(free): Holding(faction, 3)
                for faction in factions for _ in range(held[faction])}
    return EndPosition(holdings, tuple(PlayerEnd(f, c.id, conquests[f])
                                       for f, c in zip(factions, cards, strict=True)))


def _ranking(game: Game, held: list[int], conquests: list[int]) -> list[tuple[str, int]]:
    factions = [f.id for f in game.part(Conquest).factions][:2]
    position = _position(game, dict(zip(factions, held, strict=True)),
                         dict(zip(factions, conquests, strict=True)))
    return [(factions.index(s.faction), s.total) for s in score(game, position)]


def test_without_a_tie_margin_the_higher_score_wins() -> None:
    """10 points against 8: the 10 wins, though the 8 holds more territories."""
    assert _ranking(_game(), held=[1, 3], conquests=[5, 4]) == [(0, 10), (1, 8)]


@pytest.mark.parametrize(("margin", "first"), [(1, 0), (2, 1), (5, 1)])
def test_within_the_tie_margin_territories_decide(margin: int, first: int) -> None:
    """"punteggio simile" within `tie_margin`: 10 and 8 tie from a margin of 2, and the
    seat holding 3 territories beats the one holding 1."""
    ranking = _ranking(_game(tie_margin=margin), held=[1, 3], conquests=[5, 4])
    assert ranking[0][0] == first


def test_an_eliminated_seat_keeps_its_points_by_default() -> None:
    assert _ranking(_game(), held=[0, 2], conquests=[5, 4]) == [(0, 10), (1, 8)]


def test_with_eliminated_out_a_seat_holding_nothing_cannot_win() -> None:
    assert _ranking(_game(eliminated="out"), held=[0, 2], conquests=[5, 4]) == [
        (1, 8), (0, 10)]
