"""Percentages of exact probabilities: rounded exactly, never 0.00% for a possible outcome
nor 100.00% for an uncertain one, for fractions of any size."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stamperia.rules.probability import odds_table, percent, percent_number, with_percent


@pytest.mark.parametrize(("numerator", "denominator", "shown"), [
    (0, 7, "0%"),
    (7, 7, "100%"),
    (5, 12, "41.67%"),
    (1, 8, "12.50%"),
    (1, 400, "0.25%"),
    (1, 20_000, "0.01%"),  # 0.005% rounds half up
    (1, 20_001, "0.00500%"),  # just below: three significant digits
    (1, 46_656, "0.00214%"),  # 1/6^6
    (1, 10**7, "0.0000100%"),
    (1, 10**8, "1.00e-6%"),  # scientific below 0.00001%
    (1, 10**12, "1.00e-10%"),
    (9_994, 10**13, "9.99e-8%"),
    (9_995, 10**13, "1.00e-7%"),  # the mantissa rounds up to 10.0
    (999_999, 10**6, "99.9999%"),  # not 100.00%
    (10**9 - 1, 10**9, "99.9999999%"),
    (10**20 - 1, 10**20, ">99.999999999999%"),
])
def test_percent(numerator: int, denominator: int, shown: str) -> None:
    assert percent(numerator, denominator) == shown


def test_percent_of_fractions_too_large_for_a_float() -> None:
    denominator = 6**5000
    assert percent(1, denominator) == "1.75e-3889%"
    assert percent(denominator - 1, denominator) == ">99.999999999999%"
    assert percent(denominator // 3, denominator) == "33.33%"
    assert percent_number(denominator // 4, denominator) == 25.0


def test_with_percent_and_the_table() -> None:
    assert with_percent(Fraction(7, 12)) == "7/12 = 58.33%"
    assert odds_table([("win", "5/12", "41.67%"), ("loss with 3 left", "7/12", "58.33%")]) == [
        "  outcome           exact fraction  percentage",
        "  win               5/12                41.67%",
        "  loss with 3 left  7/12                58.33%"]
