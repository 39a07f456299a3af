"""Feeding at the start of a turn: every pawn eats, a pawn left without food dies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Upkeep:
    """What a turn's meal costs: food available, food needed, and who is left unfed."""

    food: int
    needed: int
    starved: Mapping[str, int]

    @property
    def shortfall(self) -> int:
        return max(0, self.needed - self.food)

    @property
    def fed(self) -> bool:
        return self.shortfall == 0


def food_needed(pawns: Mapping[str, int], eats: Mapping[str, int]) -> int:
    return sum(count * eats[pawn] for pawn, count in pawns.items())


def after_starving(food: int, pawns: Mapping[str, int], eats: Mapping[str, int],
                   starve: Mapping[str, int]) -> Upkeep:
    """The meal when the player chooses not to feed `starve`: do the others have enough?"""
    alive = {p: c - starve.get(p, 0) for p, c in pawns.items()}
    if any(c < 0 for c in alive.values()):
        raise ValueError("cannot starve more pawns than are in play")
    return Upkeep(food, food_needed(alive, eats), dict(starve))


def fewest_deaths(food: int, pawns: Mapping[str, int], eats: Mapping[str, int],
                  keep_first: Sequence[str]) -> dict[str, int]:
    """Who starves when food is short and the player loses as few pawns as possible.

    Greedy by appetite (the hungriest die first, which removes the shortfall with the
    fewest pawns); among equal appetites the pawns late in `keep_first` die first.
    """
    shortfall = food_needed(pawns, eats) - food
    order = sorted((p for p in pawns if eats[p] > 0),
                   key=lambda p: (-eats[p], -keep_first.index(p) if p in keep_first else 0))
    starved: dict[str, int] = {}
    for pawn in order:
        while shortfall > 0 and starved.get(pawn, 0) < pawns[pawn]:
            starved[pawn] = starved.get(pawn, 0) + 1
            shortfall -= eats[pawn]
    return starved
