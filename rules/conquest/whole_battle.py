"""Exact odds of a whole battle, by dynamic programming over the (attackers, defenders)
states, from the roll tables of battle.py.

Probabilities are held as numerator / 6^exponent and turned into Fractions only when
asked: sums need no gcd, which keeps a thousand-boar battle within seconds. The attacker
keeps attacking while it has 2 or more boars and rolls as many dice as it may; the
defender declares its dice on every roll (as many as it may, or a fixed number).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from stamperia.rules.conquest.battle import (
    MAX_DICE,
    NO_BONUS,
    SIDES,
    BattleCalculator,
    DiceBonus,
    Losses,
)

DefenceDice = int | None
"""How many dice the defender declares on each roll: a number (capped by its boars and by
3), or None for as many as it may."""


def defence_dice(defenders: int, declared: DefenceDice) -> int:
    """The dice the defender rolls with `defenders` boars when it declares `declared`."""
    most = min(MAX_DICE, defenders)
    return most if declared is None else min(most, declared)


@dataclass(frozen=True)
class Exact:
    """An exact probability numerator / 6^exponent, not yet in lowest terms."""

    numerator: int
    exponent: int

    @property
    def denominator(self) -> int:
        power: int = SIDES ** self.exponent
        return power

    def fraction(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)

    def plus(self, other: Exact) -> Exact:
        top = max(self.exponent, other.exponent)
        return Exact(self.numerator * SIDES ** (top - self.exponent)
                     + other.numerator * SIDES ** (top - other.exponent), top)


@dataclass(frozen=True)
class BattleOutcome:
    """The end of a battle: boars left on each side, and its probability."""

    attackers: int
    defenders: int
    exact: Exact

    @property
    def conquered(self) -> bool:
        return self.defenders == 0

    @property
    def probability(self) -> Fraction:
        return self.exact.fraction()


@dataclass(frozen=True)
class BattleOdds:
    attackers: int
    defenders: int
    defence_dice: DefenceDice
    first_roll: dict[Losses, Fraction]
    outcomes: tuple[BattleOutcome, ...]

    @property
    def conquest_exact(self) -> Exact:
        total = Exact(0, 0)
        for outcome in self.outcomes:
            if outcome.conquered:
                total = total.plus(outcome.exact)
        return total

    @property
    def conquest(self) -> Fraction:
        return self.conquest_exact.fraction()


Mass = tuple[int, int]
"""An exact probability as (numerator, exponent): numerator / 6^exponent. Sums never need a
gcd, which keeps a thousand-boar battle within the time budget; Fractions come at the end."""


def _add(masses: dict[int, Mass], key: int, numerator: int, exponent: int) -> None:
    held = masses.get(key)
    if held is None:
        masses[key] = (numerator, exponent)
    elif held[1] == exponent:
        masses[key] = (held[0] + numerator, exponent)
    elif held[1] < exponent:
        masses[key] = (held[0] * SIDES ** (exponent - held[1]) + numerator, exponent)
    else:
        masses[key] = (held[0] + numerator * SIDES ** (held[1] - exponent), held[1])


def _convolve(column: list[int], weights: tuple[int, ...]) -> list[int]:
    """result[i] = sum_k weights[k] * padded[i + k], the column padded with zeros on both
    sides: one level of the interior in one comprehension, the hot loop of a large battle."""
    padded = [0] * (len(weights) - 1) + column + [0] * (len(weights) - 1)
    if len(weights) == 4:
        w0, w1, w2, w3 = weights
        return [w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 for x0, x1, x2, x3
                in zip(padded, padded[1:], padded[2:], padded[3:], strict=False)]
    if len(weights) == 3:
        w0, w1, w2 = weights
        return [w0 * x0 + w1 * x1 + w2 * x2 for x0, x1, x2
                in zip(padded, padded[1:], padded[2:], strict=False)]
    w0, w1 = weights
    return [w0 * x0 + w1 * x1 for x0, x1 in zip(padded, padded[1:], strict=False)]


def _into_column(interior: dict[int, tuple[int, int, list[int]]], total: int, attackers: int,
                 exponent: int, numerator: int) -> None:
    """Add one state's mass to a level's interior column (only the first roll does)."""
    low, held, column = interior.get(total, (attackers, exponent, []))
    assert held == exponent
    start = min(low, attackers)
    column = [0] * (low - start) + column
    column += [0] * (attackers - start + 1 - len(column))
    column[attackers - start] += numerator
    interior[total] = (start, exponent, column)


def battle_ends(calculator: BattleCalculator, attackers: int, defenders: int,
                declared: DefenceDice = None) -> dict[tuple[int, int], Exact]:
    """Distribution of the final (attackers, defenders) of a battle fought to the end.

    Dynamic programming over the (attackers, defenders) states: every roll costs the two
    sides at least one boar together, so the states are visited once, level by level of
    their total, pushing each state's probability to the states its roll leads to. Only a
    few levels are held at a time, so memory stays bounded by the counts of boars.

    In the interior (3 attacking dice, the defender's usual count m) every roll is the same
    table and costs exactly m boars, and the interior is fed only by itself: a level's
    interior moves in one convolution. The edges (few boars on a side) take the general
    path, state by state.
    """
    top = attackers + defenders
    inner_dice = defence_dice(MAX_DICE, declared)
    weights = [0] * (inner_dice + 1)
    for lost_a, _, count in calculator.counts(MAX_DICE, inner_dice, False):
        weights[lost_a] = count
    levels: dict[int, dict[int, Mass]] = {top: {attackers: (1, 0)}}
    interior: dict[int, tuple[int, int, list[int]]] = {}
    """Per level: (lowest attackers, exponent, masses by attackers from there)."""
    ends: dict[tuple[int, int], Mass] = {}
    tables: dict[tuple[int, int, bool], tuple[tuple[int, int, int], ...]] = {}
    for total in range(top, 0, -1):
        for a, (numerator, exponent) in levels.pop(total, {}).items():
            d = total - a
            if d == 0 or a < 2:
                ends[(a, d)] = (numerator, exponent)
                continue
            first = total == top
            if not first and a > MAX_DICE and d >= inner_dice:
                # Only the start can put interior mass in the dict: never reached.
                raise AssertionError("interior state outside the interior column")
            key = (min(MAX_DICE, a - 1), defence_dice(d, declared), first)
            table = tables.get(key)
            if table is None:
                table = tables[key] = calculator.counts(*key)
            after = exponent + key[0] + key[1]
            for lost_a, lost_d, count in table:
                lands_a, lands_total = a - lost_a, total - lost_a - lost_d
                if lands_a > MAX_DICE and lands_total - lands_a >= inner_dice:
                    _into_column(interior, lands_total, lands_a, after, numerator * count)
                else:
                    _add(levels.setdefault(lands_total, {}), lands_a, numerator * count,
                         after)
        if total not in interior:
            continue
        low, exponent, column = interior.pop(total)
        after = exponent + MAX_DICE + inner_dice
        landed = _convolve(column, tuple(weights))
        below = total - inner_dice
        # Interior on the level below: more than MAX_DICE attackers, and at least
        # inner_dice defenders.
        first_inside = max(low - inner_dice, MAX_DICE + 1)
        last_inside = min(low + len(landed) - 1 - inner_dice, below - inner_dice)
        if first_inside <= last_inside:
            start = first_inside - (low - inner_dice)
            interior[below] = (first_inside, after,
                               landed[start:start + last_inside - first_inside + 1])
        target = levels.setdefault(below, {})
        for offset, numerator in enumerate(landed):
            lands_a = low - inner_dice + offset
            if numerator and not first_inside <= lands_a <= last_inside:
                _add(target, lands_a, numerator, after)
    return {state: Exact(*mass) for state, mass in ends.items()}


def battle_odds(attackers: int, defenders: int, attacker: DiceBonus = NO_BONUS,
                defender: DiceBonus = NO_BONUS, declared: DefenceDice = None
                ) -> BattleOdds:
    """Exact odds of the first roll and of the whole battle, for any counts of boars;
    the defender declares `declared` dice on every roll (None: as many as it may)."""
    if attackers < 2:
        raise ValueError("an attack needs at least 2 boars in the attacking territory")
    if defenders < 1:
        raise ValueError("the defending territory holds at least 1 boar")
    calculator = BattleCalculator(attacker, defender)
    first = calculator.roll(min(MAX_DICE, attackers - 1), defence_dice(defenders, declared),
                            True)
    ends = battle_ends(calculator, attackers, defenders, declared)
    outcomes = tuple(BattleOutcome(a, d, p) for (a, d), p in
                     sorted(ends.items(), key=lambda item: (item[0][1], -item[0][0])))
    return BattleOdds(attackers, defenders, declared, first, outcomes)

