"""Simulated rolls are drawn from the exact one-roll distribution (rules/conquest/dice.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from stamperia.rules.conquest.battle import BattleCalculator, DiceBonus
from stamperia.rules.conquest.dice import Dice, roll_table


class EveryPoint(random.Random):
    """A generator whose random() walks the midpoints (i + 1/2) / total: each draw once."""

    def __init__(self, total: int) -> None:
        super().__init__(0)
        self.total = total
        self.next_point = 0

    def random(self) -> float:
        point = (self.next_point + 0.5) / self.total
        self.next_point += 1
        return point


@pytest.mark.parametrize("attacker", [(0, 0), (1, 0), (0, 1)])
@pytest.mark.parametrize("defender", [(0, 0), (0, 1)])
@pytest.mark.parametrize("attack_dice", [1, 2, 3])
@pytest.mark.parametrize("defence_dice", [1, 2, 3])
def test_drawing_at_every_point_gives_the_enumerated_counts(
        attacker: tuple[int, int], defender: tuple[int, int], attack_dice: int,
        defence_dice: int) -> None:
    table = roll_table(attack_dice, defence_dice, attacker, defender)
    rng = EveryPoint(table.total)
    counts: dict[tuple[int, int], int] = {}
    for _ in range(table.total):
        losses = table.draw(rng)
        counts[losses] = counts.get(losses, 0) + 1
    exact = BattleCalculator(DiceBonus(all_first=attacker[0], highest_first=attacker[1]),
                             DiceBonus(all_first=defender[0], highest_first=defender[1])
                             ).roll(attack_dice, defence_dice, True)
    assert {k: Fraction(v, table.total) for k, v in counts.items()} == exact


def test_the_same_generator_state_draws_the_same_rolls() -> None:
    dice = Dice()
    first = [dice.roll(random.Random(9), 3, 2, (0, 0), (0, 1)) for _ in range(3)]
    rng = random.Random(9)
    again = [dice.roll(rng, 3, 2, (0, 0), (0, 1))]
    assert first[0] == again[0] and len(set(first)) == 1
