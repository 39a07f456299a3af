"""Dice rolls drawn from their exact distribution: one random number per roll.

A roll of up to 3 against up to 3 dice, with card bonuses, has at most four outcomes
(attacker losses, defender losses). Drawing the outcome from the enumerated counts (the
same enumeration as `battle.py`) gives the very odds of rolling each die, and costs one
call to the generator instead of six, which matters over a million simulated rolls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from stamperia.rules.conquest.battle import SIDES, Faces, roll_counts

Bonus = tuple[int, int]
"""(added to every die, added to the highest die) on one roll."""


@dataclass(frozen=True)
class RollTable:
    """The outcomes of one roll and the running totals of their counts."""

    total: int
    thresholds: tuple[int, ...]
    losses: tuple[tuple[int, int], ...]

    def draw(self, rng: random.Random) -> tuple[int, int]:
        """(attacker losses, defender losses), each with its exact probability."""
        return self.pick(rng.random())

    def pick(self, uniform: float) -> tuple[int, int]:
        """`draw` with the generator's next `random()` already drawn."""
        pick = int(uniform * self.total)
        thresholds = self.thresholds
        for i in range(len(thresholds)):  # indexes, not zip: compiled, no iterator objects
            if pick < thresholds[i]:
                return self.losses[i]
        return self.losses[-1]


def roll_table(attack_dice: int, defence_dice: int, attacker: Bonus, defender: Bonus,
               faces: Faces | None = None) -> RollTable:
    thresholds = []
    losses = []
    running = 0
    for outcome, count in roll_counts(attack_dice, defence_dice, attacker, defender, faces):
        running += count
        thresholds.append(running)
        losses.append(outcome)
    assert running == SIDES ** (attack_dice + defence_dice)
    return RollTable(running, tuple(thresholds), tuple(losses))


class Dice:
    """Roll tables built on first use; one per combination of dice counts and bonuses."""

    def __init__(self) -> None:
        self._tables: dict[tuple[int, int, Bonus, Bonus], RollTable] = {}
        self._faces: Faces = {}

    def roll(self, rng: random.Random, attack_dice: int, defence_dice: int, attacker: Bonus,
             defender: Bonus) -> tuple[int, int]:
        return self.table(attack_dice, defence_dice, attacker, defender).draw(rng)

    def table(self, attack_dice: int, defence_dice: int, attacker: Bonus, defender: Bonus
              ) -> RollTable:
        key = (attack_dice, defence_dice, attacker, defender)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = roll_table(attack_dice, defence_dice, attacker,
                                                   defender, self._faces)
        return table

    def odds(self, attack_dice: int, defence_dice: int, attacker: Bonus, defender: Bonus
             ) -> dict[tuple[int, int], Fraction]:
        """Each outcome of the roll `roll` would draw, with its exact probability (read
        from the same table, so the two can never disagree)."""
        key = (attack_dice, defence_dice, attacker, defender)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = roll_table(attack_dice, defence_dice, attacker,
                                                   defender, self._faces)
        odds = {}
        below = 0
        for threshold, losses in zip(table.thresholds, table.losses, strict=True):
            odds[losses] = Fraction(threshold - below, table.total)
            below = threshold
        return odds
