"""The rules side of a ruleset plug-in: checks, simulator, odds, score and positions.

Every command that asks a ruleset something (check, simulate, odds, score, moves, apply)
goes through this one interface, so the CLI never names a ruleset. Tools return a
`ToolOutput` (text lines and a JSON payload) and raise `ToolUsage` for options that do not
apply; only the CLI turns those into click errors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.simulation.result import Simulator

if TYPE_CHECKING:  # the position formats are imported only by what reads positions
    from stamperia.rules.positions import PositionFormat

Checker = Callable[[Game, int], tuple[list[ContentError], list[str]]]
"""(game, seed) -> (problems, notes)."""


class ToolUsage(Exception):
    """An option a tool cannot use: the message, and the option it is about (or None)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


@dataclass(frozen=True)
class OddsQuery:
    """Every option of `stamperia odds`; each ruleset reads the ones it knows and refuses
    the others with a ToolUsage."""

    attackers: int | None = None
    defenders: int | None = None
    attacker_card: str | None = None
    defender_card: str | None = None
    strength: int | None = None
    resistance: str | None = None
    against: int | None = None
    defender_dice: str | None = None


@dataclass(frozen=True)
class ToolOutput:
    """What a tool answers: text lines for people, a payload for --json (or a function
    building it, when building it costs more than the text, as huge exact fractions do)."""

    lines: tuple[str, ...]
    payload: Mapping[str, object] | Callable[[], Mapping[str, object]]

    def data(self) -> Mapping[str, object]:
        return self.payload() if callable(self.payload) else self.payload


Odds = Callable[[Game, OddsQuery], ToolOutput]
Score = Callable[[Game, Mapping[str, Any], Origin], "ToolOutput | list[ContentError]"]
"""(game, schema-valid position data, its origin) -> the scores, or the position's problems."""


@dataclass(frozen=True)
class Ruleset:
    """One ruleset's rules-side entry; engines are imported only when asked for."""

    id: str
    check: Checker
    simulator: Callable[[], Simulator] | None = None
    positions: Callable[[], PositionFormat] | None = None
    odds: Odds | None = None
    score: Score | None = None
    score_kind: str | None = None
    """The schema kind of the positions `score` reads."""
