"""Setup for a player count: deck trimmed per colour, hands, display, mountains, seats."""

from __future__ import annotations

import random
from dataclasses import dataclass

from stamperia.content.rulesets.iwari.model import IwariSet, MapSide
from stamperia.rules.draws import pick, shuffle


class SetupError(ValueError):
    """The content cannot set up this player count (the check reports it as a problem)."""


# Made for every game, never changed once made: not frozen and with its own __init__,
# because compiled, the __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Deal:
    """The table after setup. Seats are tribe ids; the simulated tribe, if any, sits last."""

    players: int
    side: str
    seats: tuple[str, ...]
    simulated: int | None
    mountains: tuple[int, ...]
    removed: tuple[str, ...]
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    display: tuple[str, ...]

    def __init__(self, players: int, side: str, seats: tuple[str, ...], simulated: int | None,
                 mountains: tuple[int, ...], removed: tuple[str, ...], deck: tuple[str, ...],
                 hands: tuple[tuple[str, ...], ...], display: tuple[str, ...]) -> None:
        self.players = players
        self.side = side
        self.seats = seats
        self.simulated = simulated
        self.mountains = mountains
        self.removed = removed
        self.deck = deck
        self.hands = hands
        self.display = display

    @property
    def human_seats(self) -> int:
        return self.players


def full_deck(components: IwariSet) -> tuple[str, ...]:
    return tuple(b.id for b in components.biomes for _ in range(b.cards))


def deal(components: IwariSet, side: MapSide, players: int, rng: random.Random,
         tribes: tuple[str, ...] | None = None, draft: bool = False) -> Deal:
    """Set up `players` humans (plus the simulated tribe where the content adds one).

    With `draft` (the rulebook's optional advanced setup) the hands stay empty: the display
    is turned up first and the players then draft their hands from it and the deck."""
    setup = components.setup
    if players not in setup.cards_removed_per_biome or players not in setup.mountain_symbols:
        raise SetupError(f"no setup for {players} players (cards removed and mountains "
                         "must both name this count)")
    seats = players + (1 if players in setup.simulated_tribe else 0)
    if tribes is None:
        tribes = tuple(t.id for t in components.tribes[:seats])
    if len(tribes) != seats:
        raise SetupError(f"{players} players need {seats} tribe colours, "
                         f"the box has {len(components.tribes)}")
    removed_each = setup.cards_removed_per_biome[players]
    deck: list[str] = []
    removed: list[str] = []
    for biome in components.biomes:
        if removed_each > biome.cards:
            raise SetupError(f"cannot remove {removed_each} {biome.id} cards from "
                             f"{biome.cards}")
        deck += [biome.id] * (biome.cards - removed_each)
        removed += [biome.id] * removed_each
    shuffle(rng, deck)
    mountains = []
    for symbols in setup.mountain_symbols[players]:
        pairs = [p for p in side.mountain_pairs if p.symbols == symbols]
        if not pairs:
            raise SetupError(f"side {side.id!r} has no mountain pair with {symbols} symbol(s)")
        mountains.append(pick(rng, pairs[0].connections))
    if len(deck) < setup.hand * players + setup.display:
        raise SetupError(f"{len(deck)} cards cannot deal {players} hands of {setup.hand} "
                         f"and a display of {setup.display}")
    dealt = 0 if draft else setup.hand * players
    hands = tuple(tuple(deck[i * setup.hand:(i + 1) * setup.hand] if not draft else ())
                  for i in range(players))
    rest = deck[dealt:]
    return Deal(players, side.id, tribes, players if seats > players else None,
                tuple(sorted(mountains)), tuple(removed), tuple(rest[setup.display:]), hands,
                tuple(rest[:setup.display]))
