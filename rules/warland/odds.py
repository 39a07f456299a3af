"""Exact combat odds: the best of several 2d6 rolls against a resistance or another soldier.

A soldier of strength S rolls the dice S times and keeps the best sum ("Sarà valido sempre
il tiro migliore"). A demolition or an attack on pawns succeeds when that best sum beats (is
greater than) the resistance. Between soldiers the lower result loses; a tie is resolved by a
content parameter. One soldier against one rolls as the content's `duel_roll` says: `sum`
(the rulebook: "tirano una volta due d6 per ogni punto di forza", one roll of all the dice)
or `best`; a group battle always keeps the best roll ("il risultato migliore vale").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache


@dataclass(frozen=True)
class Dice:
    """The dice rolled per point of strength (2d6 in WARLAND)."""

    count: int
    sides: int


@cache
def sum_distribution(dice: Dice) -> dict[int, Fraction]:
    """P(sum = k) for one roll of the dice."""
    dist = {0: Fraction(1)}
    for _ in range(dice.count):
        step: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, dice.sides + 1):
                step[total + face] = step.get(total + face, Fraction(0)) + p / dice.sides
        dist = step
    return dist


def at_most(dice: Dice, value: int) -> Fraction:
    """P(one roll's sum <= value)."""
    return sum((p for total, p in sum_distribution(dice).items() if total <= value), Fraction(0))


def best_distribution(dice: Dice, strength: int) -> dict[int, Fraction]:
    """P(best of `strength` rolls = k): F(k)^S - F(k-1)^S."""
    return {k: at_most(dice, k) ** strength - at_most(dice, k - 1) ** strength
            for k in sorted(sum_distribution(dice))}


def roll_distribution(dice: Dice, strength: int, roll: str) -> dict[int, Fraction]:
    """P(result = k) of a soldier of `strength`: `sum` of one roll of every die, or the
    `best` of `strength` rolls."""
    if roll == "sum":
        return sum_distribution(Dice(dice.count * strength, dice.sides))
    if roll == "best":
        return best_distribution(dice, strength)
    raise ValueError(f"unknown duel roll {roll!r}")


def beat(dice: Dice, strength: int, resistance: int) -> Fraction:
    """P(the best of `strength` rolls is greater than `resistance`)."""
    if strength < 1:
        raise ValueError("strength must be at least 1")
    return 1 - at_most(dice, resistance) ** strength


@dataclass(frozen=True)
class Demolition:
    """Odds against one target; `hits` successes are needed (the Castello needs 2)."""

    strength: int
    resistance: int
    hits: int
    per_attempt: Fraction

    def within(self, attempts: int) -> Fraction:
        """P(at least `hits` successes in `attempts` attempts)."""
        from math import comb
        p = self.per_attempt
        return sum((comb(attempts, k) * p ** k * (1 - p) ** (attempts - k)
                    for k in range(self.hits, attempts + 1)), Fraction(0))

    @property
    def expected_attempts(self) -> Fraction | None:
        """Mean attempts to destroy it (negative binomial: hits / p); None when p = 0."""
        return None if self.per_attempt == 0 else self.hits / self.per_attempt


def demolition(dice: Dice, strength: int, resistance: int, hits: int = 1) -> Demolition:
    return Demolition(strength, resistance, hits, beat(dice, strength, resistance))


@dataclass(frozen=True)
class Duel:
    """One roll of soldier against soldier, and the outcome after the tie rule."""

    attacker: int
    defender: int
    tie_rule: str
    roll: str
    attacker_higher: Fraction
    defender_higher: Fraction
    tie: Fraction
    attacker_wins: Fraction
    defender_wins: Fraction
    both_survive: Fraction
    both_die: Fraction


def duel(dice: Dice, attacker: int, defender: int, tie_rule: str, roll: str = "best"
         ) -> Duel:
    """Soldier (total strength `attacker`) against soldier (`defender`): the lower result
    loses; `roll` is how each side rolls (`best`, or `sum` for a one-to-one duel)."""
    a = roll_distribution(dice, attacker, roll)
    d = roll_distribution(dice, defender, roll)
    higher = sum((pa * pd for ka, pa in a.items() for kd, pd in d.items() if ka > kd),
                 Fraction(0))
    lower = sum((pa * pd for ka, pa in a.items() for kd, pd in d.items() if ka < kd),
                Fraction(0))
    tie = 1 - higher - lower
    zero = Fraction(0)
    if tie_rule == "reroll":
        decided = higher + lower
        return Duel(attacker, defender, tie_rule, roll, higher, lower, tie,
                    higher / decided, lower / decided, zero, zero)
    wins = {"attacker_wins": (higher + tie, lower, zero, zero),
            "defender_wins": (higher, lower + tie, zero, zero),
            "both_survive": (higher, lower, tie, zero),
            "both_die": (higher, lower, zero, tie)}
    if tie_rule not in wins:
        raise ValueError(f"unknown tie rule {tie_rule!r}")
    aw, dw, survive, die = wins[tie_rule]
    return Duel(attacker, defender, tie_rule, roll, higher, lower, tie, aw, dw, survive, die)
