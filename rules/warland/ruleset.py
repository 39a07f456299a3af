"""The WARLAND ruleset's rules-side entry."""

from __future__ import annotations

from stamperia.content.model import Game
from stamperia.rules.positions import PositionFormat
from stamperia.rules.ruleset import OddsQuery, Ruleset, ToolOutput
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.warland.check import check_warland


def _simulator() -> Simulator:
    from stamperia.rules.warland.simulate import SIMULATOR

    return SIMULATOR


def _odds(game: Game, query: OddsQuery) -> ToolOutput:
    from stamperia.rules.warland.tools import odds

    return odds(game, query)


def _positions() -> PositionFormat:
    from stamperia.rules.warland.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="warland", check=check_warland, simulator=_simulator, odds=_odds,
                  positions=_positions)
