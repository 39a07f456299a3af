"""IWARI's setup choices that are variants of a game, not moves (docs/rulesets/iwari.md,
Player choices): "Scegliete uno dei due lati della Plancia Mappa" (iwari.txt 73)."""

from __future__ import annotations

import random

from stamperia.content.loader import load_game
from stamperia.rules.iwari.board import iwari_parts
from stamperia.rules.iwari.simulate import IwariGames
from stamperia.rules.simulation.result import Table


def test_the_map_side_is_the_tables_choice() -> None:
    """The first side by default, the second with the `second_side` variant: the players'
    choice of side is the simulation's option, recorded in the setup line."""
    game = load_game("iwari")
    sides = [s.id for s in iwari_parts(game)[1].sides]
    engine = IwariGames(game)
    first = engine.setup(engine.new_game(Table(("random",) * 3), random.Random(1)))
    second = engine.setup(engine.new_game(Table(("random",) * 3, ("second_side",)),
                                          random.Random(1)))
    assert len(sides) == 2
    assert (first["side"], second["side"]) == (sides[0], sides[1])
