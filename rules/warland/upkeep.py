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


Starving = tuple[tuple[str, int], ...]
"""Pawns left unfed, as (pawn kind, count) pairs in the content's pawn order."""


def starvation_choices(shortfall: int, pawns: Mapping[str, int], eats: Mapping[str, int],
                       limit: int = 0) -> list[Starving]:
    """Every way to leave pawns unfed so that the rest eat, none wasteful: "Tu scegli
    quale Abitante sacrificare" (warland.txt 40-43).

    A choice is a multiset of pawn kinds, not of pawns (pawns of one kind eat alike), and
    only the minimal ones are listed: sparing any pawn of a choice would leave the others
    short. So a kind contributes at most ceil(shortfall / eats) pawns and the choices are
    bounded by the shortfall, not by the pawns in play. Fewest pawns first, then the
    content's pawn order. With a `limit`, the search stops past that many (the caller
    sees more than `limit` and knows there are too many to list)."""
    if shortfall <= 0:
        return [()]
    kinds = [p for p in pawns if pawns[p] > 0 and eats.get(p, 0) > 0]
    found: list[Starving] = []

    def walk(at: int, chosen: list[tuple[str, int]], covered: int) -> None:
        if limit and len(found) > limit:
            return
        if covered >= shortfall:
            if all(covered - eats[p] < shortfall for p, _ in chosen):
                found.append(tuple(chosen))
            return
        if at == len(kinds):
            return
        kind = kinds[at]
        most = min(pawns[kind], -(-(shortfall - covered) // eats[kind]))
        for count in range(most, -1, -1):
            walk(at + 1, [*chosen, (kind, count)] if count else chosen,
                 covered + count * eats[kind])

    walk(0, [], 0)
    order = {p: i for i, p in enumerate(pawns)}
    return sorted(found, key=lambda c: (sum(n for _, n in c),
                                        [(order[p], -n) for p, n in c]))
