"""The SPLUT! ruleset's rules-side entry."""

from __future__ import annotations

from stamperia.rules.positions import PositionFormat
from stamperia.rules.ruleset import Ruleset
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.splut.check import check_splut


def _simulator() -> Simulator:
    from stamperia.rules.splut.play import SIMULATOR

    return SIMULATOR


def _positions() -> PositionFormat:
    from stamperia.rules.splut.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="splut", check=check_splut, simulator=_simulator, positions=_positions)
