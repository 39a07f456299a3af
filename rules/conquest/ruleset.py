"""The conquest ruleset's rules-side entry (SGRUNT, MUGRUGNI)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.conquest.check import check_conquest
from stamperia.rules.ruleset import OddsOption, OddsQuery, OddsTool, Ruleset, ToolOutput
from stamperia.rules.simulation.result import Simulator

if TYPE_CHECKING:  # the position formats are imported only by what reads positions
    from stamperia.rules.positions import PositionFormat


def _simulator() -> Simulator:
    from stamperia.rules.conquest.simulate import SIMULATOR

    return SIMULATOR


MAX_BOARS_IN_ODDS = 1000
"""Bound of --attack and --defend: far above any territory a game can fill, and low enough
that the exact odds come back in about two seconds."""


def _odds(game: Game, query: OddsQuery) -> ToolOutput:
    from stamperia.rules.conquest.tools import odds

    return odds(game, query)


ODDS = OddsTool(
    summary="Territory battles: --attack A --defend D [--attacker-card] [--defender-card] "
            "[--defender-dice N]; any count up to the bound is answered exactly in seconds.",
    options=(
        OddsOption("--attack", "attackers", "Boars in the attacking territory (territory "
                   f"battles; 1 to {MAX_BOARS_IN_ODDS}).", (1, MAX_BOARS_IN_ODDS)),
        OddsOption("--defend", "defenders", "Boars in the defending territory (territory "
                   f"battles; 1 to {MAX_BOARS_IN_ODDS}).", (1, MAX_BOARS_IN_ODDS)),
        OddsOption("--defender-dice", "defender_dice",
                   "Dice the defender declares on every roll (territory battles): 1 to 3, "
                   "or 'max' (as many as it may; the default)."),
        OddsOption("--attacker-card", "attacker_card",
                   "An action card the attacker plays (id or name)."),
        OddsOption("--defender-card", "defender_card",
                   "An action card the defender plays (id or name)."),
    ),
    answer=_odds)
"""`stamperia odds` of a conquest game: a territory battle, exactly."""


def _score(game: Game, data: Mapping[str, Any], origin: Origin
           ) -> ToolOutput | list[ContentError]:
    from stamperia.rules.conquest.tools import score_position

    return score_position(game, data, origin)


def _positions() -> PositionFormat:
    from stamperia.rules.conquest.positions import POSITIONS

    return POSITIONS


RULESET = Ruleset(id="conquest", check=check_conquest, simulator=_simulator,
                  positions=_positions, odds=ODDS, score=_score,
                  score_kind="conquest_state")
