"""The SPLUT! ruleset's rules-side entry."""

from __future__ import annotations

from rules.ruleset import Ruleset
from rules.simulation.result import Simulator
from rules.splut.check import check_splut


def _simulator() -> Simulator:
    from rules.splut.play import SIMULATOR

    return SIMULATOR


RULESET = Ruleset(id="splut", check=check_splut, simulator=_simulator)
