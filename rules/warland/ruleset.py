"""The WARLAND ruleset's rules-side entry."""

from __future__ import annotations

from stamperia.content.model import Game
from stamperia.rules.positions import PositionFormat
from stamperia.rules.ruleset import OddsOption, OddsQuery, OddsTool, Ruleset, ToolOutput
from stamperia.rules.simulation.result import Simulator
from stamperia.rules.warland.check import check_warland


def _simulator() -> Simulator:
    from stamperia.rules.warland.simulate import SIMULATOR

    return SIMULATOR


MAX_STRENGTH = 100
"""Bound of --strength and --against: far beyond any army a game can raise."""


def _odds(game: Game, query: OddsQuery) -> ToolOutput:
    from stamperia.rules.warland.tools import odds

    return odds(game, query)


ODDS = OddsTool(
    summary="Building and soldier fights: --strength S and either --resistance R or "
            "--against S2.",
    options=(
        OddsOption("--strength", "strength",
                   f"Strength of the attacking soldier(s), 1..{MAX_STRENGTH}.",
                   (1, MAX_STRENGTH)),
        OddsOption("--resistance", "resistance",
                   "Resistance to beat: a number or a building id/name."),
        OddsOption("--against", "against",
                   f"Strength of the defending soldier(s), 1..{MAX_STRENGTH}.",
                   (1, MAX_STRENGTH)),
    ),
    answer=_odds)
"""`stamperia odds` of a WARLAND game: a demolition, an attack on pawns or a soldier duel."""


def _positions() -> PositionFormat:
    from stamperia.rules.warland.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="warland", check=check_warland, simulator=_simulator, odds=ODDS,
                  positions=_positions)
