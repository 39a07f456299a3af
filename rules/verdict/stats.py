"""The statistics of a balance verdict, by exact formulas (no SciPy: a normal quantile and
a few sums are all a win-share test needs, and `statistics.NormalDist` has them).

- Each group's win share is tested against its fair share with the binomial score test
  (z = (wins - n·fair) / sqrt(n·fair·(1 - fair)), two-sided).
- The p-values of one report are corrected for the number of groups tested with Holm's
  step-down method, which keeps the chance of *any* false flag (the familywise error) at
  most alpha whatever the groups' dependence. Benjamini–Hochberg is here too, for
  comparison: it controls the share of false flags among the flags, which lets one false
  card through in a report that flags many; a designer acts on each flag, so the lab uses
  Holm.
- "Games needed" is the one-sample proportion sample size for a two-sided test at the
  Holm first-step level, with the given power.
- A sequential run spends its alpha over its looks with the Lan–DeMets O'Brien–Fleming
  spending function; each look tests at the alpha spent at that look, so by the union
  bound the whole run's error stays within alpha however many looks it takes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

ALPHA = 0.01
"""Familywise error of one report: the chance that a fair game gets any flag."""

POWER = 0.8
"""Power of the "games needed" estimate."""

EFFECT = 0.10
"""The effect the "games needed" estimate is for: 10 points of win share."""

MIN_EXPECTED = 5
"""A share is tested only when a fair group's expected wins and losses both reach this
(the normal approximation's rule of thumb)."""

_NORMAL = NormalDist()


def score_z(wins: float, seen: int, fair: float) -> float:
    """The binomial score statistic of `wins` in `seen` trials against `fair`."""
    return (wins - seen * fair) / math.sqrt(seen * fair * (1 - fair))


def two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z (erfc keeps tiny p-values exact)."""
    return math.erfc(abs(z) / math.sqrt(2))


def one_sided_p(z: float) -> float:
    """P(Z >= z)."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given: reject where adjusted <= alpha.

    Sorted ascending, the i-th (from 0) is multiplied by m - i, made non-decreasing and
    capped at 1."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: (pvalues[i], i))
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[index]))
        adjusted[index] = running
    return adjusted


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given.

    Sorted ascending, the i-th (from 1) is p·m/i, made non-decreasing from the largest
    down and capped at 1."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: (pvalues[i], i))
    adjusted = [0.0] * m
    running = 1.0
    for rank in range(m - 1, -1, -1):
        index = order[rank]
        running = min(running, pvalues[index] * m / (rank + 1))
        adjusted[index] = min(1.0, running)
    return adjusted


def games_needed(fair: float, effect: float = EFFECT, alpha: float = ALPHA,
                 power: float = POWER) -> int:
    """Trials for a two-sided test at level `alpha` to detect a share of fair ± effect
    with the given power (the smaller of the two sides' powers):
    n = ((z_{1-alpha/2}·sqrt(p0(1-p0)) + z_power·sqrt(p1(1-p1))) / effect)², rounded up."""
    if not 0 < fair < 1 or effect <= 0:
        raise ValueError("fair share in (0, 1) and a positive effect")
    needed = 0
    for shifted in (fair + effect, fair - effect):
        if not 0 < shifted < 1:
            continue
        top = (_NORMAL.inv_cdf(1 - alpha / 2) * math.sqrt(fair * (1 - fair))
               + _NORMAL.inv_cdf(power) * math.sqrt(shifted * (1 - shifted)))
        needed = max(needed, math.ceil((top / effect) ** 2 - 1e-9))
    return needed


def detectable_effect(trials: int, fair: float, alpha: float = ALPHA,
                      power: float = POWER) -> float:
    """The smallest effect (both sides) `trials` detect with the given power: the
    inverse of games_needed, by bisection; 1.0 when no effect inside 0..1 is, or when
    the trials are too few for the test at all (expected wins or losses under 5)."""
    if trials * fair < MIN_EXPECTED or trials * (1 - fair) < MIN_EXPECTED:
        return 1.0
    low, high = 0.0, max(fair, 1 - fair)
    if games_needed(fair, high - 1e-9, alpha, power) > trials:
        return 1.0
    for _ in range(60):
        middle = (low + high) / 2
        if games_needed(fair, middle, alpha, power) <= trials:
            high = middle
        else:
            low = middle
    return high


def spent(alpha: float, fraction: float) -> float:
    """Alpha spent by information fraction t (Lan–DeMets, O'Brien–Fleming type):
    2 - 2·Φ(z_{1-alpha/2} / sqrt(t)); all of alpha at t = 1, almost none early."""
    if fraction <= 0:
        return 0.0
    fraction = min(1.0, fraction)
    return 2 - 2 * _NORMAL.cdf(_NORMAL.inv_cdf(1 - alpha / 2) / math.sqrt(fraction))


def look_levels(alpha: float, looks: int) -> list[float]:
    """The level each of `looks` equally spaced looks tests at: the alpha spent between
    the look before and this one. They sum to alpha."""
    return [spent(alpha, (i + 1) / looks) - spent(alpha, i / looks) for i in range(looks)]
