"""Band checks: each target of the content beside the figure measured, inside or not."""

from __future__ import annotations

from stamperia.content.errors import Origin
from stamperia.content.model import Band, Targets
from stamperia.rules.verdict.targets import band_checks

TARGETS = Targets("prototype", "box", Band(90, 120), Band(10, 16), 3, 0.05,
                  {"objective": Band(0.05, 0.5)}, Origin("game.json", "/targets", 1))


def test_each_band_beside_its_figure() -> None:
    # 40 games: 2 over in turn 1, 1 in turn 2 (3 before turn 3: 7.5%), 30 by objective
    checks = band_checks(TARGETS, 40, 12, {1: 2, 2: 1, 12: 37}, {"objective": 30,
                                                                 "points": 10})
    assert [c.words() for c in checks] == [
        "median length: 12 against 10-16 turns: inside",
        "games over before turn 3: 8% against 0%-5%: OUTSIDE",
        "games ending by objective: 75% against 5%-50%: OUTSIDE",
        "playing time: band 90-120 minutes (not measured by the simulation)"]
    assert [c.inside for c in checks] == [True, False, False, None]


def test_no_targets_no_checks() -> None:
    assert band_checks(None, 40, 12, {12: 40}, {"points": 40}) == ()
