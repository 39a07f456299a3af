"""The WARLAND ruleset's rules-side entry."""

from __future__ import annotations

from rules.positions import PositionFormat
from rules.ruleset import Ruleset
from rules.simulation.result import Simulator
from rules.warland.check import check_warland
from rules.warland.tools import odds


def _simulator() -> Simulator:
    from rules.warland.simulate import SIMULATOR

    return SIMULATOR


def _positions() -> PositionFormat:
    from rules.warland.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="warland", check=check_warland, simulator=_simulator, odds=odds,
                  positions=_positions)
