"""Paired differences between two variants played on the same game seeds (a what-if
sweep's common random numbers): how much a seat's or a card's win share moved, with its
interval, from the game-by-game differences rather than from two independent rates.

Why paired: game i of each variant starts from the same seed, so most of the luck is
shared and cancels in the difference; the interval from the per-game differences is
much narrower than one from two independent rates, so a small edit's effect shows in
fewer games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from stamperia.rules.simulation.result import GameResult
from stamperia.rules.simulation.shares import NOT_TESTED
from stamperia.rules.verdict.stats import holm, two_sided_p

Key = tuple[str, str]
"""(group, value): ("seat", "1"), ("objective", "obiettivo_14")..."""


@dataclass(frozen=True)
class Outcomes:
    """Per game, the win credit (1/k of a shared win) of every key its seats carried."""

    games: tuple[tuple[tuple[Key, float, int], ...], ...]
    """Per game: (key, credit won, seats carrying it)."""

    @staticmethod
    def of(results: Iterable[GameResult]) -> Outcomes:
        games = []
        for result in results:
            credit = {seat: 1 / len(result.winners) for seat in result.winners}
            won: dict[Key, list[float]] = {}
            for seat, seat_result in enumerate(result.seats):
                keys = [("seat", str(seat + 1))] + [
                    (group, label) for group, label in sorted(seat_result.labels.items())
                    if group not in NOT_TESTED]
                for key in keys:
                    entry = won.setdefault(key, [0.0, 0])
                    entry[0] += credit.get(seat, 0.0)
                    entry[1] += 1
            games.append(tuple((key, w, int(n)) for key, (w, n) in sorted(won.items())))
        return Outcomes(tuple(games))


@dataclass(frozen=True)
class PairedDifference:
    key: Key
    base: float
    """The key's win share in the base variant."""
    other: float
    difference: float
    low: float
    high: float
    """95% interval of the difference (normal, from the per-game differences)."""
    p: float | None
    adjusted: float | None = None

    def words(self, names: Mapping[Key, str] | None = None) -> str:
        group, value = self.key
        value = (names or {}).get(self.key, value)
        p = "-" if self.adjusted is None else (
            f"{self.adjusted:.2g}" if self.adjusted >= 0.001 else "< 0.001")
        return (f"{group} {value}: {self.base:.1%} -> {self.other:.1%}, "
                f"{100 * self.difference:+.1f} points (95% {100 * self.low:+.1f} to "
                f"{100 * self.high:+.1f}), p {p} (paired, Holm)")

    def as_json(self) -> dict[str, object]:
        return {"group": self.key[0], "value": self.key[1], "base": round(self.base, 4),
                "other": round(self.other, 4), "difference": round(self.difference, 4),
                "interval": [round(self.low, 4), round(self.high, 4)],
                "p_holm": None if self.adjusted is None else float(f"{self.adjusted:.4g}")}


def paired(base: Outcomes, other: Outcomes, keys: Sequence[Key]) -> list[PairedDifference]:
    """Each key's paired difference other - base over the games both played, corrected
    together with Holm."""
    games = min(len(base.games), len(other.games))
    mine_by_game = [{k: (w, n) for k, w, n in game} for game in base.games[:games]]
    theirs_by_game = [{k: (w, n) for k, w, n in game} for game in other.games[:games]]
    found = []
    for key in keys:
        diffs, seen = [], 0
        for index in range(games):
            mine = mine_by_game[index].get(key, (0.0, 0))
            theirs = theirs_by_game[index].get(key, (0.0, 0))
            diffs.append((theirs[0], mine[0]))
            seen += mine[1]
        if not seen:
            continue
        per_game = seen / games
        d = [(a - b) / per_game for a, b in diffs]
        mean = sum(d) / games
        variance = sum((x - mean) ** 2 for x in d) / max(1, games - 1)
        error = math.sqrt(variance / games)
        p = None if error == 0 else two_sided_p(mean / error)
        found.append(PairedDifference(
            key, sum(b for _, b in diffs) / seen, sum(a for a, _ in diffs) / seen, mean,
            mean - 1.96 * error, mean + 1.96 * error, p))
    tested = [i for i, f in enumerate(found) if f.p is not None]
    adjusted = dict(zip(tested, holm([found[i].p or 0.0 for i in tested]), strict=True))
    return [PairedDifference(f.key, f.base, f.other, f.difference, f.low, f.high, f.p,
                             adjusted.get(i)) for i, f in enumerate(found)]
