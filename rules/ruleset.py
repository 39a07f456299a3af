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
class OddsOption:
    """One option of `stamperia odds GAME`, declared by GAME's ruleset: its flag
    (`--attack`), the key its answer reads it by, its help, and for a whole number its
    bounds, which the CLI checks before the ruleset is asked. Without bounds the option
    takes a text that the ruleset reads itself. Every option takes one value."""

    flag: str
    key: str
    help: str
    bounds: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not self.flag.startswith("--") or not self.key.isidentifier():
            raise ValueError(f"odds option {self.flag!r} ({self.key!r}): a flag is --name "
                             "and a key a Python identifier")


@dataclass(frozen=True)
class OddsQuery:
    """The values given to the options of one ruleset's odds, by key; None when not given."""

    values: Mapping[str, int | str | None]

    def number(self, key: str) -> int | None:
        value = self.values.get(key)
        if value is not None and not isinstance(value, int):
            raise TypeError(f"odds option {key!r} holds {value!r}, not a whole number")
        return value

    def text(self, key: str) -> str | None:
        value = self.values.get(key)
        if value is not None and not isinstance(value, str):
            raise TypeError(f"odds option {key!r} holds {value!r}, not a text")
        return value


@dataclass(frozen=True)
class ToolOutput:
    """What a tool answers: text lines for people, a payload for --json (or a function
    building it, when building it costs more than the text, as huge exact fractions do)."""

    lines: tuple[str, ...]
    payload: Mapping[str, object] | Callable[[], Mapping[str, object]]

    def data(self) -> Mapping[str, object]:
        return self.payload() if callable(self.payload) else self.payload


Odds = Callable[[Game, OddsQuery], ToolOutput]


@dataclass(frozen=True)
class OddsTool:
    """A ruleset's `stamperia odds`: the options it reads (the CLI builds the command's
    options of a game of this ruleset from them, so no shared module knows their words),
    a paragraph of help on what it answers, and the answer (text lines and --json payload).
    The answer raises ToolUsage for values that do not form a question."""

    summary: str
    options: tuple[OddsOption, ...]
    answer: Odds

Score = Callable[[Game, Mapping[str, Any], Origin], "ToolOutput | list[ContentError]"]
"""(game, schema-valid position data, its origin) -> the scores, or the position's problems."""


@dataclass(frozen=True)
class Ruleset:
    """One ruleset's rules-side entry; engines are imported only when asked for."""

    id: str
    check: Checker
    simulator: Callable[[], Simulator] | None = None
    positions: Callable[[], PositionFormat] | None = None
    odds: OddsTool | None = None
    score: Score | None = None
    score_kind: str | None = None
    """The schema kind of the positions `score` reads."""
