"""`stamperia check` as a library function: load each game, run its rules checks."""

from __future__ import annotations

from dataclasses import dataclass

from content.errors import ContentProblems
from content.loader import load_game
from content.model import PrototypeShare
from rules.registry import check_game
from rules.report import GameReport


@dataclass(frozen=True)
class CheckedGame:
    name: str
    report: GameReport
    prototype: PrototypeShare | None


def check_one(name: str, seed: int) -> CheckedGame:
    """Load and check one game; content problems become the report, never an exception."""
    try:
        game = load_game(name)
    except ContentProblems as problems:
        return CheckedGame(name, GameReport(name, tuple(problems.problems), ()), None)
    report = check_game(game, seed)
    return CheckedGame(game.id, report, game.prototype_share)


def prototype_line(share: PrototypeShare) -> str:
    parts = ", ".join(f"{kind} {p}/{t}" for kind, (p, t) in share.by_kind.items())
    return f"prototype data: {share.percent}% ({parts})"


def as_json(checked: list[CheckedGame]) -> dict[str, object]:
    return {
        "games": [
            {
                "game": c.name,
                "errors": c.report.errors,
                "warnings": c.report.warnings,
                "problems": [p.as_dict() for p in c.report.problems],
                "notes": list(c.report.notes),
                "prototype": None if c.prototype is None else {
                    "percent": c.prototype.percent,
                    "by_kind": {k: {"prototype": p, "total": t}
                                for k, (p, t) in c.prototype.by_kind.items()},
                },
            }
            for c in checked
        ],
        "errors": sum(c.report.errors for c in checked),
        "warnings": sum(c.report.warnings for c in checked),
    }
