"""From a flag to its cause: which places (territories, zones) drive a label's wins.

For the seats that carried a flagged label (an objective card, a faction), each place is
judged by the win share of those seats when they held it at the end against when they did
not. A card that is too strong wins mostly through a few places; lowering what they are
worth on the card, or moving them to another card, is the edit to test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stamperia.rules.simulation.result import GameResult

TOP = 5
"""Places shown per flagged label."""

MIN_SEEN = 10
"""A place must be held, and not held, by at least this many of the label's seats."""


@dataclass(frozen=True)
class Driver:
    place: str
    held: int
    held_wins: float
    not_held: int
    not_held_wins: float

    @property
    def held_rate(self) -> float:
        return self.held_wins / self.held if self.held else 0.0

    @property
    def not_held_rate(self) -> float:
        return self.not_held_wins / self.not_held if self.not_held else 0.0

    @property
    def lift(self) -> float:
        """Win share when held minus win share when not."""
        return self.held_rate - self.not_held_rate

    def words(self, names: Mapping[str, str]) -> str:
        name = names.get(self.place, self.place.replace("_", " ").title())
        return (f"{name}: wins {self.held_rate:.0%} of {self.held} games held, "
                f"{self.not_held_rate:.0%} of {self.not_held} not held "
                f"({100 * self.lift:+.0f} points)")

    def as_json(self) -> dict[str, object]:
        return {"place": self.place, "held": self.held, "held_rate": round(self.held_rate, 4),
                "not_held": self.not_held, "not_held_rate": round(self.not_held_rate, 4),
                "lift": round(self.lift, 4)}


def drivers(results: Iterable[GameResult], group: str, value: str,
            top: int = TOP) -> list[Driver]:
    """The places whose holding moves the label's win share most, strongest lift first
    (for a label that wins too much) among those seen often enough both ways."""
    seen = 0
    wins = 0.0
    held: dict[str, list[float]] = {}
    for result in results:
        credit = {seat: 1 / len(result.winners) for seat in result.winners}
        for seat, seat_result in enumerate(result.seats):
            if seat_result.labels.get(group) != value:
                continue
            won = credit.get(seat, 0.0)
            seen += 1
            wins += won
            for place in seat_result.holds:
                entry = held.setdefault(place, [0.0, 0.0])
                entry[0] += 1
                entry[1] += won
    found = [Driver(place, int(n), w, seen - int(n), wins - w)
             for place, (n, w) in held.items()
             if n >= MIN_SEEN and seen - n >= MIN_SEEN]
    found.sort(key=lambda d: (-d.lift, d.place))
    return found[:top]
