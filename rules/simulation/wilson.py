"""Wilson score intervals: a win rate's plausible range that stays inside 0..1 and behaves
for small samples and rates near 0 or 1 (unlike the normal approximation)."""

from __future__ import annotations

import math
from statistics import NormalDist


def z_for(confidence: float) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson interval (low, high) of successes / trials; (0, 1) with no trials.

    centre = (p + z²/2n) / (1 + z²/n); half = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)."""
    if trials <= 0:
        return (0.0, 1.0)
    z = z_for(confidence)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
