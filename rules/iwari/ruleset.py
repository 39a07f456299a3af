"""The IWARI ruleset's rules-side entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.iwari.check import check_iwari
from stamperia.rules.positions import PositionFormat
from stamperia.rules.ruleset import Ruleset, ToolOutput
from stamperia.rules.simulation.result import Simulator


def _simulator() -> Simulator:
    from stamperia.rules.iwari.simulate import SIMULATOR

    return SIMULATOR


def _score(game: Game, data: Mapping[str, Any], origin: Origin
           ) -> ToolOutput | list[ContentError]:
    from stamperia.rules.iwari.tools import score_position

    return score_position(game, data, origin)


def _positions() -> PositionFormat:
    from stamperia.rules.iwari.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="iwari", check=check_iwari, simulator=_simulator, positions=_positions,
                  score=_score, score_kind="iwari_state")
