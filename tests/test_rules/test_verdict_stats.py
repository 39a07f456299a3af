"""The statistics of a balance verdict against published values: Holm and
Benjamini–Hochberg adjustments (R's p.adjust), Wilson intervals, the one-sample
proportion sample size (194 games for 50% against 60%) and O'Brien–Fleming spending."""

from __future__ import annotations

import pytest

from stamperia.rules.simulation.wilson import wilson
from stamperia.rules.verdict.stats import (
    benjamini_hochberg,
    detectable_effect,
    games_needed,
    holm,
    look_levels,
    one_sided_p,
    score_z,
    spent,
    two_sided_p,
)


def test_holm_matches_r_p_adjust() -> None:
    # p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm")
    assert holm([0.01, 0.02, 0.03, 0.04, 0.05]) == pytest.approx([0.05, 0.08, 0.09, 0.09, 0.09])
    # unsorted input keeps its order: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.6, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1
    assert holm([]) == []


def test_benjamini_hochberg_matches_r_p_adjust() -> None:
    # p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "BH")
    assert benjamini_hochberg([0.01, 0.02, 0.03, 0.04, 0.05]) == pytest.approx([0.05] * 5)
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx(
        [0.02, 0.04, 0.04, 0.02])
    # BH never adjusts more than Holm
    pvalues = [0.001, 0.2, 0.013, 0.04, 0.5, 0.0004]
    assert all(b <= h for b, h in zip(benjamini_hochberg(pvalues), holm(pvalues), strict=True))


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (8, 10, 0.4902, 0.9433),
    (0, 10, 0.0, 0.2775),
    (50, 100, 0.4038, 0.5962),
    (1, 3, 0.0615, 0.7923),
])
def test_wilson_interval_values(successes: int, trials: int, low: float, high: float) -> None:
    assert wilson(successes, trials) == pytest.approx((low, high), abs=5e-5)


def test_score_test_p_values() -> None:
    assert score_z(60, 100, 0.5) == pytest.approx(2.0)
    assert two_sided_p(1.959964) == pytest.approx(0.05, abs=1e-6)
    assert two_sided_p(-2.575829) == pytest.approx(0.01, abs=1e-6)
    assert one_sided_p(1.644854) == pytest.approx(0.05, abs=1e-6)
    assert two_sided_p(10.0) == pytest.approx(1.524e-23, rel=1e-3)  # erfc, not 1 - cdf


def test_games_needed_against_the_textbook_table() -> None:
    # one-sample proportion, 50% against 60%, two-sided 5%, power 80%: 194 (Chow et al.)
    assert games_needed(0.5, 0.10, alpha=0.05, power=0.8) == 194
    assert games_needed(0.5, 0.10, alpha=0.05, power=0.9) == 259
    # the harder side decides: 20% against 30% needs more than 20% against 10%
    assert games_needed(0.2, 0.10, alpha=0.05, power=0.8) == 137
    # a stricter level or a smaller effect needs more games
    assert games_needed(0.5, 0.10, alpha=0.01) > 194
    assert games_needed(0.5, 0.05, alpha=0.05) > 4 * 190


def test_detectable_effect_inverts_games_needed() -> None:
    effect = detectable_effect(194, 0.5, alpha=0.05)
    assert effect == pytest.approx(0.10, abs=0.002)
    assert games_needed(0.5, effect, alpha=0.05) <= 194
    assert detectable_effect(4, 1 / 3) == 1.0  # four deals can detect nothing


def test_obrien_fleming_spending() -> None:
    # Lan-DeMets O'Brien-Fleming type: alpha 0.05 at half the information spends 0.0056
    assert spent(0.05, 0.5) == pytest.approx(0.00557, abs=1e-5)
    assert spent(0.05, 1.0) == pytest.approx(0.05)
    assert spent(0.05, 0.0) == 0.0
    levels = look_levels(0.01, 5)
    assert sum(levels) == pytest.approx(0.01)
    assert levels == sorted(levels)  # almost nothing early, most at the end
    assert levels[0] < 1e-5
