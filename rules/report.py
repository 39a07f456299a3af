"""The result of checking one game: problems, plus the figures a designer reads."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.content.errors import ContentError


@dataclass(frozen=True)
class GameReport:
    """One game's findings and notes, as every report format prints them."""

    game: str
    problems: tuple[ContentError, ...]
    notes: tuple[str, ...]

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.severity == "warning")
