"""The conquest ruleset's rules-side entry (SGRUNT, MUGRUGNI)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.conquest.check import check_conquest
from stamperia.rules.ruleset import OddsQuery, Ruleset, ToolOutput
from stamperia.rules.simulation.result import Simulator

if TYPE_CHECKING:  # the position formats are imported only by what reads positions
    from stamperia.rules.positions import PositionFormat


def _simulator() -> Simulator:
    from stamperia.rules.conquest.simulate import SIMULATOR

    return SIMULATOR


def _odds(game: Game, query: OddsQuery) -> ToolOutput:
    from stamperia.rules.conquest.tools import odds

    return odds(game, query)


def _score(game: Game, data: Mapping[str, Any], origin: Origin
           ) -> ToolOutput | list[ContentError]:
    from stamperia.rules.conquest.tools import score_position

    return score_position(game, data, origin)


def _positions() -> PositionFormat:
    from stamperia.rules.conquest.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="conquest", check=check_conquest, simulator=_simulator,
                  positions=_positions, odds=_odds, score=_score,
                  score_kind="conquest_state")
