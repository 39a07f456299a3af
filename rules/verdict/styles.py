"""Verdicts across playing styles: the same games (same seeds) played by each style in
every seat, and which flags hold for all of them.

Why: a card strong for a greedy player may be weak for a cautious one (card win rates
correlate only 0.3-0.7 between styles in a shipped game). A flag that holds for every
style is a fact about the game; one that holds for one style is a fact about that style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stamperia.rules.simulation.report import SimulationReport
from stamperia.rules.simulation.shares import WinShare

MIN_STYLES = 2
MAX_STYLES = 6


def _side(share: WinShare) -> str:
    return "above" if share.rate > share.fair else "below"


@dataclass(frozen=True)
class StyleVerdict:
    reports: tuple[tuple[str, SimulationReport], ...]
    """(style, its report), in the order given."""

    def flags(self) -> dict[tuple[str, str, str], list[str]]:
        """(group, value, side) -> the styles that flag it."""
        found: dict[tuple[str, str, str], list[str]] = {}
        for style, report in self.reports:
            for share in report.flagged:
                found.setdefault((share.group, share.value, _side(share)), []).append(style)
        return found

    @property
    def for_all(self) -> list[tuple[str, str, str]]:
        return sorted(key for key, styles in self.flags().items()
                      if len(styles) == len(self.reports))

    def lines(self) -> list[str]:
        """In words, the groups named as the game prints them (each report's names)."""
        names: dict[tuple[str, str], str] = {}
        for _, report in self.reports:
            names.update(report.names)
        styles = [style for style, _ in self.reports]
        lines = [f"verdict across {len(styles)} playing styles ({', '.join(styles)}), the "
                 "same game seeds for each:"]
        flags = self.flags()
        if not flags:
            lines.append("  no flag for any style")
        for (group, value, side), by in sorted(flags.items()):
            reach = "every style" if len(by) == len(styles) else "only " + ", ".join(by)
            lines.append(f"  {group} {names.get((group, value), value)} {side} its fair "
                         f"share: {reach}")
        holds = [f"{g} {names.get((g, v), v)}" for g, v, _ in self.for_all]
        lines.append("flags that hold for all styles: " + (", ".join(holds) or "none"))
        return lines

    def as_json(self) -> dict[str, object]:
        return {"styles": [style for style, _ in self.reports],
                "flags": [{"group": g, "value": v, "side": side, "styles": by}
                          for (g, v, side), by in sorted(self.flags().items())],
                "for_all": [{"group": g, "value": v, "side": side}
                            for g, v, side in self.for_all],
                "reports": {style: report.as_json() for style, report in self.reports}}


def parse_styles(text: str) -> tuple[str, ...]:
    """`greedy,heuristic:aggressive`: at least MIN_STYLES different agents."""
    styles = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not MIN_STYLES <= len(styles) <= MAX_STYLES:
        raise ValueError(f"give {MIN_STYLES} to {MAX_STYLES} different agents, comma-"
                         f"separated, not {len(styles)}")
    return styles


def verdict(reports: Sequence[tuple[str, SimulationReport]]) -> StyleVerdict:
    return StyleVerdict(tuple(reports))
