"""The WARLAND ruleset's rules-side entry."""

from __future__ import annotations

from content.model import Game
from rules.positions import PositionFormat
from rules.ruleset import OddsQuery, Ruleset, ToolOutput
from rules.simulation.result import Simulator
from rules.warland.check import check_warland


def _simulator() -> Simulator:
    from rules.warland.simulate import SIMULATOR

    return SIMULATOR


def _odds(game: Game, query: OddsQuery) -> ToolOutput:
    from rules.warland.tools import odds

    return odds(game, query)


def _positions() -> PositionFormat:
    from rules.warland.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="warland", check=check_warland, simulator=_simulator, odds=_odds,
                  positions=_positions)
