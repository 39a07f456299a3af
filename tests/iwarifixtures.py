"""Helpers for IWARI engine tests: placements played with hands from nowhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.agents import random_place
from stamperia.rules.iwari.engine import State, apply_place, plays
from stamperia.rules.iwari.tally import Tally


def placements_from_nowhere(state: State, tally: Tally, rng: random.Random, turns: int
                            ) -> Iterator[tuple[int, Place]]:
    """Seats in turn each get three random biome cards and play a random legal placement
    (a turn with none is skipped), kept in `tally`; yields the seat and placement after each.
    Every piece goes down, so camps, feats, mountains and majorities all come up; the
    caller may draw from `rng` between placements (its draws stay in the same order)."""
    biomes = [b.id for b in state.components.biomes]
    for turn in range(turns):
        seat = turn % state.seats
        hand = [rng.choice(biomes) for _ in range(3)]
        legal = plays(state, seat, hand)
        if not legal.entries:
            continue
        place = random_place(state, legal, rng)
        apply_place(state, seat, hand, place, [])
        tally.placed(state, seat, place.territory, place.spaces, place.totems)
        yield seat, place
