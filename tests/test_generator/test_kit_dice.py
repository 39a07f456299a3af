"""The dice each shipped game is played with, read from its content by its kit."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.generator.export.components import Dice
from stamperia.generator.kit import kit_dice

BLACK_AND_WHITE = (Dice("attack", "#111111", 3, 6), Dice("defence", "#ffffff", 3, 6))


@pytest.mark.parametrize(("game", "dice"), [
    ("sgrunt", BLACK_AND_WHITE),  # "3 dadi neri e 3 bianchi"
    ("mugrugni", BLACK_AND_WHITE),
    ("warland", (Dice("d6", "#ffffff", 2, 6),)),  # "tira due d6"
    ("iwari", ()),
    ("splut", ()),
])
def test_each_game_has_the_dice_its_rulebook_names(game: str, dice: tuple[Dice, ...]) -> None:
    assert kit_dice(load_game(game)) == dice
