"""The rulebook's targets against what the games measured, as Ludii's IdealDuration
compares a game's length with its ideal: each figure beside its band, inside or not.

The bands are content (the manifest's `targets`, stamperia.content.model.Targets): the
median length in turns, the share of games that end before a turn, the share per end;
the box's minutes are shown but not measured (the simulation has no clock)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.model import Targets


@dataclass(frozen=True)
class BandCheck:
    what: str
    measured: float | None
    low: float
    high: float
    unit: str
    """"share" (shown as a percentage), "turns" or "minutes"."""

    @property
    def inside(self) -> bool | None:
        return None if self.measured is None else self.low <= self.measured <= self.high

    def words(self) -> str:
        def shown(value: float) -> str:
            return f"{value:.0%}" if self.unit == "share" else f"{value:g}"

        band = f"{shown(self.low)}-{shown(self.high)}" + (
            "" if self.unit == "share" else f" {self.unit}")
        if self.measured is None:
            return f"{self.what}: band {band} (not measured by the simulation)"
        verdict = "inside" if self.inside else "OUTSIDE"
        return f"{self.what}: {shown(self.measured)} against {band}: {verdict}"

    def as_json(self) -> dict[str, object]:
        return {"what": self.what, "measured": None if self.measured is None
                else round(self.measured, 4), "min": self.low, "max": self.high,
                "unit": self.unit, "inside": self.inside}


def band_checks(targets: Targets | None, games: int, median_turns: float,
                turns: Mapping[int, int], ends: Mapping[str, int]) -> tuple[BandCheck, ...]:
    """Each target of the content beside the figure measured over `games` games (game
    lengths counted by turns, games counted by end)."""
    if targets is None or not games:
        return ()
    checks = []
    if targets.turns is not None:
        checks.append(BandCheck("median length", median_turns, targets.turns.low,
                                targets.turns.high, "turns"))
    if targets.early_before is not None and targets.early_most is not None:
        early = sum(n for t, n in turns.items() if t < targets.early_before)
        checks.append(BandCheck(f"games over before turn {targets.early_before}",
                                early / games, 0.0, targets.early_most, "share"))
    for end, band in targets.ends.items():
        checks.append(BandCheck(f"games ending by {end}", ends.get(end, 0) / games,
                                band.low, band.high, "share"))
    if targets.minutes is not None:
        checks.append(BandCheck("playing time", None, targets.minutes.low,
                                targets.minutes.high, "minutes"))
    return tuple(checks)
