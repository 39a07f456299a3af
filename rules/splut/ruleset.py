"""The SPLUT! ruleset's rules-side entry."""

from __future__ import annotations

from rules.positions import PositionFormat
from rules.ruleset import Ruleset
from rules.simulation.result import Simulator
from rules.splut.check import check_splut


def _simulator() -> Simulator:
    from rules.splut.play import SIMULATOR

    return SIMULATOR


def _positions() -> PositionFormat:
    from rules.splut.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="splut", check=check_splut, simulator=_simulator, positions=_positions)
