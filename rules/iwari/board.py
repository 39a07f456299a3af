"""One map side indexed by integers: what scoring and the engine read in their loops."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, IwariSet, MapSide


def iwari_parts(game: Game) -> tuple[IwariSet, IwariMaps]:
    """The game's component set and map sides (KeyError when the game lacks them)."""
    return game.part(IwariSet), game.part(IwariMaps)


@dataclass(frozen=True)
class IndexedConnection:
    number: int
    kind: str
    a: int
    b: int


@dataclass(frozen=True)
class Board:
    """Territories 0..T-1 (content order), tent spaces 0..S-1 (territory by territory)."""

    side: MapSide
    territory_ids: tuple[str, ...]
    biomes: tuple[str, ...]
    first_space: tuple[int, ...]
    space_counts: tuple[int, ...]
    space_territory: tuple[int, ...]
    space_links: tuple[tuple[int, ...], ...]
    connections: tuple[IndexedConnection, ...]
    biome_names: tuple[str, ...]
    """The biomes that occur, in order of first appearance."""
    biome_index: tuple[int, ...]
    """Per territory, its biome's place in biome_names."""
    ways: tuple[tuple[int, ...], ...]
    """comb(n, k): the placements of k tents among a territory's n free spaces."""

    @property
    def territories(self) -> int:
        return len(self.territory_ids)

    @property
    def spaces(self) -> int:
        return len(self.space_territory)

    def territory_index(self, territory_id: str) -> int:
        return self.territory_ids.index(territory_id)

    def spaces_of(self, territory: int) -> range:
        start = self.first_space[territory]
        return range(start, start + self.space_counts[territory])

    def space_name(self, space: int) -> str:
        territory = self.space_territory[space]
        return f"{self.territory_ids[territory]}/{space - self.first_space[territory] + 1}"

    def connection(self, number: int) -> IndexedConnection:
        return next(c for c in self.connections if c.number == number)


def index_side(side: MapSide) -> Board:
    """The integer index of a side whose references are valid."""
    ids = tuple(t.id for t in side.territories)
    first: list[int] = []
    owner: list[int] = []
    names: dict[str, int] = {}
    for index, territory in enumerate(side.territories):
        first.append(len(owner))
        for name in territory.space_ids:
            names[name] = len(owner)
            owner.append(index)
    links: list[set[int]] = [set() for _ in owner]
    for path in side.paths:
        a, b = names[path.between[0]], names[path.between[1]]
        if a != b:
            links[a].add(b)
            links[b].add(a)
    connections = tuple(sorted(
        (IndexedConnection(c.number, c.kind, ids.index(c.between[0]), ids.index(c.between[1]))
         for c in side.connections), key=lambda c: c.number))
    biomes = tuple(t.biome for t in side.territories)
    kinds = tuple(dict.fromkeys(biomes))
    return Board(side, ids, biomes, tuple(first),
                 tuple(len(t.tents) for t in side.territories), tuple(owner),
                 tuple(tuple(sorted(s)) for s in links), connections, kinds,
                 tuple(kinds.index(b) for b in biomes),
                 tuple(tuple(comb(n, k) for k in range(n + 1))
                       for n in range(max((len(t.tents) for t in side.territories), default=0)
                                      + 1)))
