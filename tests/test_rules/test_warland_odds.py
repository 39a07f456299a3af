"""WARLAND odds against an independent enumeration of every roll of the dice."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from gamefixtures import FIXTURES

from stamperia.rules.warland.odds import Dice, beat, best_distribution, demolition, duel

TWO_D6 = Dice(2, 6)
SUMS = [a + b for a, b in itertools.product(range(1, 7), repeat=2)]


def _best_rolls(strength: int) -> list[int]:
    """The best sum of every equally likely sequence of `strength` rolls of 2d6."""
    return [max(rolls) for rolls in itertools.product(SUMS, repeat=strength)]


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_best_roll_table_matches_enumeration(strength: int) -> None:
    rolls = _best_rolls(strength)
    expected = {k: Fraction(rolls.count(k), len(rolls)) for k in range(2, 13)}
    assert best_distribution(TWO_D6, strength) == expected


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_demolition_table_matches_enumeration(strength: int) -> None:
    rolls = _best_rolls(strength)
    for resistance in range(0, 14):
        wins = sum(r > resistance for r in rolls)
        assert beat(TWO_D6, strength, resistance) == Fraction(wins, len(rolls)), resistance


def test_demolition_matches_hand_computed_fixture() -> None:
    cases = json.loads((FIXTURES / "warland" / "odds.json").read_text())["demolition"]
    for case in cases:
        assert beat(TWO_D6, case["strength"], case["resistance"]) == Fraction(case["success"])


def test_castle_must_be_beaten_twice() -> None:
    odds = demolition(TWO_D6, 1, 10, hits=2)
    assert odds.per_attempt == Fraction(1, 12)
    assert odds.within(1) == 0
    assert odds.within(2) == Fraction(1, 144)
    # two successes in three attempts: 3 p^2 (1-p) + p^3
    assert odds.within(3) == 3 * Fraction(1, 144) * Fraction(11, 12) + Fraction(1, 1728)
    assert odds.expected_attempts == 24


@pytest.mark.parametrize(("attacker", "defender"), [(1, 1), (2, 1), (1, 2), (3, 2)])
def test_duel_matches_enumeration(attacker: int, defender: int) -> None:
    a_rolls, d_rolls = _best_rolls(attacker), _best_rolls(defender)
    total = len(a_rolls) * len(d_rolls)
    a_counts = {k: a_rolls.count(k) for k in set(a_rolls)}
    d_counts = {k: d_rolls.count(k) for k in set(d_rolls)}
    higher = sum(ca * cd for ka, ca in a_counts.items() for kd, cd in d_counts.items() if ka > kd)
    lower = sum(ca * cd for ka, ca in a_counts.items() for kd, cd in d_counts.items() if ka < kd)
    tie = total - higher - lower
    reroll = duel(TWO_D6, attacker, defender, "reroll")
    assert (reroll.attacker_higher, reroll.defender_higher, reroll.tie) == (
        Fraction(higher, total), Fraction(lower, total), Fraction(tie, total))
    assert reroll.attacker_wins == Fraction(higher, higher + lower)
    assert reroll.attacker_wins + reroll.defender_wins == 1
    survive = duel(TWO_D6, attacker, defender, "both_survive")
    assert survive.both_survive == Fraction(tie, total)
    defender_wins = duel(TWO_D6, attacker, defender, "defender_wins")
    assert defender_wins.defender_wins == Fraction(lower + tie, total)


def test_even_duel_is_fair_with_rerolls() -> None:
    assert duel(TWO_D6, 2, 2, "reroll").attacker_wins == Fraction(1, 2)


def test_unknown_tie_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie rule"):
        duel(TWO_D6, 1, 1, "coin_flip")


def _summed_rolls(strength: int) -> list[int]:
    """The sum of every equally likely roll of 2 dice per point of strength."""
    return [sum(faces) for faces in itertools.product(range(1, 7), repeat=2 * strength)]


@pytest.mark.parametrize(("attacker", "defender"), [(1, 1), (2, 1), (1, 2), (3, 2)])
def test_single_roll_duel_matches_enumeration(attacker: int, defender: int) -> None:
    """warland.txt, Soldato - Soldato: "tirano una volta due d6 per ogni punto di forza del
    proprio Soldato. Chi ottiene il risultato più basso perde" (`duel_roll: sum`)."""
    a_rolls, d_rolls = _summed_rolls(attacker), _summed_rolls(defender)
    a_counts = {k: a_rolls.count(k) for k in set(a_rolls)}
    d_counts = {k: d_rolls.count(k) for k in set(d_rolls)}
    total = len(a_rolls) * len(d_rolls)
    higher = sum(ca * cd for ka, ca in a_counts.items() for kd, cd in d_counts.items() if ka > kd)
    lower = sum(ca * cd for ka, ca in a_counts.items() for kd, cd in d_counts.items() if ka < kd)
    fight = duel(TWO_D6, attacker, defender, "reroll", "sum")
    assert (fight.attacker_higher, fight.defender_higher) == (Fraction(higher, total),
                                                              Fraction(lower, total))
    assert fight.attacker_wins == Fraction(higher, higher + lower)


def test_the_two_readings_of_two_against_one() -> None:
    """The issue's figures: strength 2 against 1 with rerolled ties is 0.685 as the best of
    two rolls and 0.963 as one roll of 4d6."""
    assert round(float(duel(TWO_D6, 2, 1, "reroll", "best").attacker_wins), 3) == 0.685
    assert round(float(duel(TWO_D6, 2, 1, "reroll", "sum").attacker_wins), 3) == 0.963
    with pytest.raises(ValueError, match="unknown duel roll"):
        duel(TWO_D6, 1, 1, "reroll", "coin")
