"""The conquest ruleset's rules-side entry (SGRUNT, MUGRUGNI)."""

from __future__ import annotations

from rules.conquest.check import check_conquest
from rules.conquest.tools import odds, score_position
from rules.positions import PositionFormat
from rules.ruleset import Ruleset
from rules.simulation.result import Simulator


def _simulator() -> Simulator:
    from rules.conquest.simulate import SIMULATOR

    return SIMULATOR


def _positions() -> PositionFormat:
    from rules.conquest.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="conquest", check=check_conquest, simulator=_simulator,
                  positions=_positions, odds=odds, score=score_position,
                  score_kind="conquest_state")
