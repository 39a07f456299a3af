"""The IWARI ruleset's rules-side entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from content.errors import ContentError, Origin
from content.model import Game
from rules.iwari.check import check_iwari
from rules.positions import PositionFormat
from rules.ruleset import Ruleset, ToolOutput
from rules.simulation.result import Simulator


def _simulator() -> Simulator:
    from rules.iwari.simulate import SIMULATOR

    return SIMULATOR


def _score(game: Game, data: Mapping[str, Any], origin: Origin
           ) -> ToolOutput | list[ContentError]:
    from rules.iwari.tools import score_position

    return score_position(game, data, origin)


def _positions() -> PositionFormat:
    from rules.iwari.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="iwari", check=check_iwari, simulator=_simulator, positions=_positions,
                  score=_score, score_kind="iwari_state")
