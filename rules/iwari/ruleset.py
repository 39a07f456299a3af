"""The IWARI ruleset's rules-side entry."""

from __future__ import annotations

from rules.iwari.check import check_iwari
from rules.iwari.tools import score_position
from rules.positions import PositionFormat
from rules.ruleset import Ruleset
from rules.simulation.result import Simulator


def _simulator() -> Simulator:
    from rules.iwari.simulate import SIMULATOR

    return SIMULATOR


def _positions() -> PositionFormat:
    from rules.iwari.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="iwari", check=check_iwari, simulator=_simulator, positions=_positions,
                  score=score_position, score_kind="iwari_state")
