"""Probabilities as people read them and as --json carries them: the exact fraction beside
its percentage, for every ruleset's odds.

Percentages are rounded from the exact fraction with integer arithmetic, never through a
float: a fraction of thousands of digits (a thousand-boar battle) still gets its
percentage, a rare outcome never shows as 0.00% nor a near-certain one as 100.00%, and the
same odds always print the same text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

DECIMALS = 2
"""Decimals of a percentage between 0.01% and 99.99%."""
SIGNIFICANT = 3
"""Significant digits of a percentage below 0.005% (scientific below 0.00001%)."""
MAX_DECIMALS = 12
"""Decimals shown at most for a near-certain outcome; beyond, it is `>99.999999999999%`."""
TABLE_HEADER = ("outcome", "exact fraction", "percentage")


def percent(numerator: int, denominator: int) -> str:
    """The probability numerator/denominator (0 to 1) as a percentage: `41.67%`."""
    if numerator <= 0:
        return "0%"
    if numerator >= denominator:
        return "100%"
    hundred = numerator * 100
    scaled = _rounded(hundred * _ten(DECIMALS), denominator)
    if 0 < scaled < 100 * _ten(DECIMALS):
        return f"{_decimal(scaled, DECIMALS)}%"
    if scaled == 0:
        return _small(hundred, denominator)
    for decimals in range(DECIMALS + 1, MAX_DECIMALS + 1):  # rounds to 100.00: say how near
        scaled = _rounded(hundred * _ten(decimals), denominator)
        if scaled < 100 * _ten(decimals):
            return f"{_decimal(scaled, decimals)}%"
    return f">{_decimal(100 * _ten(MAX_DECIMALS) - 1, MAX_DECIMALS)}%"


def percent_of(value: Fraction) -> str:
    return percent(value.numerator, value.denominator)


def with_percent(value: Fraction) -> str:
    """`5/12 = 41.67%`: the exact fraction and its percentage."""
    return f"{value.numerator}/{value.denominator} = {percent_of(value)}"


def percent_number(numerator: int, denominator: int) -> float:
    """The percentage as a JSON number (correctly rounded, whatever the integers' size)."""
    return numerator * 100 / denominator


def odds_table(rows: Sequence[tuple[str, str, str]]) -> list[str]:
    """Rows of (outcome, exact fraction, percentage) under a header, in aligned columns,
    indented as the lines of an odds report."""
    table = [TABLE_HEADER, *rows]
    widths = [max(len(row[column]) for row in table) for column in range(2)]
    return [f"  {outcome:<{widths[0]}}  {fraction:<{widths[1]}}  {share:>10}".rstrip()
            for outcome, fraction, share in table]


def _rounded(numerator: int, denominator: int) -> int:
    """numerator/denominator rounded half up to an integer."""
    return (2 * numerator + denominator) // (2 * denominator)


def _decimal(scaled: int, decimals: int) -> str:
    """The integer `scaled` read with `decimals` decimal places: (4167, 2) -> 41.67."""
    whole, part = divmod(scaled, _ten(decimals))
    return f"{whole}.{part:0{decimals}d}"


def _small(numerator: int, denominator: int) -> str:
    """A percentage numerator/denominator below 0.005, to SIGNIFICANT digits."""
    exponent = _exponent(numerator, denominator)
    mantissa = _scaled(numerator, denominator, SIGNIFICANT - 1 - exponent)
    if mantissa == _ten(SIGNIFICANT):  # 9.995e-7 rounds to 1.00e-6
        mantissa, exponent = mantissa // 10, exponent + 1
    if exponent >= -5:
        return f"{_decimal(mantissa, SIGNIFICANT - 1 - exponent)}%"
    return f"{_decimal(mantissa, SIGNIFICANT - 1)}e{exponent}%"


def _scaled(numerator: int, denominator: int, power: int) -> int:
    """numerator/denominator * 10**power, rounded half up."""
    if power >= 0:
        return _rounded(numerator * _ten(power), denominator)
    return _rounded(numerator, denominator * _ten(-power))


def _exponent(numerator: int, denominator: int) -> int:
    """floor(log10(numerator/denominator)) for positive integers of any size."""
    guess = math.floor(_log10(numerator) - _log10(denominator))
    while not _at_least(numerator, denominator, guess):
        guess -= 1
    while _at_least(numerator, denominator, guess + 1):
        guess += 1
    return guess


def _at_least(numerator: int, denominator: int, exponent: int) -> bool:
    """numerator/denominator >= 10**exponent."""
    if exponent >= 0:
        return numerator >= denominator * _ten(exponent)
    return numerator * _ten(-exponent) >= denominator


def _log10(value: int) -> float:
    """log10 of a positive integer of any size (a float cannot hold 6^5000)."""
    shift = max(0, value.bit_length() - 64)
    return math.log10(value >> shift) + shift * math.log10(2)


def _ten(power: int) -> int:
    """10**power for power >= 0, typed as the integer it is."""
    value: int = 10**power
    return value
