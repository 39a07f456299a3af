"""The frozen model of IWARI's parts: components and setup, and the two map sides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.editions.describe import describe_dataclass
from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import DUPLICATE_ID
from stamperia.content.look.hexgrid import Cell
from stamperia.content.parts import PartSection

SET_KEYS = ("reference.title", "reference.turn", "reference.placement", "reference.scoring",
            "reference.feats", "card.back", "score_board.name", "marker.territory",
            "marker.connected_totems", "mountain.name", "piece.tent", "piece.totem")


def _duplicates(kind: str, items: list[tuple[str, Origin]]) -> list[ContentError]:
    seen: dict[str, Origin] = {}
    problems = []
    for item_id, origin in items:
        if item_id in seen:
            problems.append(origin.error(f"duplicate {kind} {item_id!r}",
                                         f"first defined at line {seen[item_id].line}",
                                         kind=DUPLICATE_ID))
        else:
            seen[item_id] = origin
    return problems


@dataclass(frozen=True)
class Biome:
    """A biome: its colour, symbol and how many cards of it the deck holds."""

    id: str
    colour: str
    cards: int
    symbol: str
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Tribe:
    """A player's tribe and the colours its pieces are printed in."""

    id: str
    colour: str
    text_colour: str
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Feat:
    """A feat token: which points it multiplies, where it goes and what earns it."""

    id: str
    copies: int
    multiplies: str
    placed_on: str
    trigger: str
    origin: Origin
    earned_under_mountain: bool = False
    """Whether a connection majority earns it on a connection under a mountain (A5:
    iwari.txt 290/296 do not exclude it; 76: such a connection scores nothing)."""


@dataclass(frozen=True)
class IwariSetup:
    """The manifest's setup and turn limits (hand, display, pieces, removed cards)."""

    hand: int
    display: int
    max_cards_per_turn: int
    max_pieces_per_turn: int
    pieces_in_unexplored: int
    wild_cards: int
    cards_removed_per_biome: Mapping[int, int]
    mountain_symbols: Mapping[int, tuple[int, ...]]
    simulated_tribe: frozenset[int]
    origin: Origin


@dataclass(frozen=True)
class IwariAgentProfile:
    """Weights of the `heuristic:<id>` agent (rules.iwari.agents), in tenths of a point."""

    id: str
    tents: int
    camps: int
    totems: int
    cards: int


@dataclass(frozen=True)
class IwariSet:
    """Everything in the box but the map: cards, tribes' pieces, feats, boards, setup."""

    biomes: tuple[Biome, ...]
    declared_cards: int | None
    tribes: tuple[Tribe, ...]
    tents: int
    tents_on_score_track: int
    totems: int
    feats: tuple[Feat, ...]
    feat_multipliers: tuple[int, ...]
    score_first: int
    score_last: int
    lap_tokens: int
    lap_values: tuple[int, ...]
    territory_markers: int
    connected_totems_marker: int
    reference_cards: int
    mountains: int
    camp_min_tents: int
    tent_spaces_range: tuple[int, int]
    setup: IwariSetup
    origin: Origin
    agents: tuple[IwariAgentProfile, ...] = ()
    """Player profiles for simulations, sorted by id."""

    @property
    def playable_tents(self) -> int:
        """Tents a tribe can place: one of them marks its score."""
        return self.tents - self.tents_on_score_track

    def biome(self, biome_id: str) -> Biome:
        return next(b for b in self.biomes if b.id == biome_id)

    def feat(self, feat_id: str) -> Feat:
        return next(f for f in self.feats if f.id == feat_id)

    def multiplier(self, feats: int) -> int:
        """Points multiplier for a number of feats in one place (1 with none)."""
        if feats <= 0:
            return 1
        return self.feat_multipliers[min(feats, len(self.feat_multipliers)) - 1]

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        required: dict[str, Origin] = {key: self.origin for key in SET_KEYS}
        for biome in self.biomes:
            required[f"biome.{biome.id}.name"] = biome.origin
        for tribe in self.tribes:
            required[f"tribe.{tribe.id}.name"] = tribe.origin
        for feat in self.feats:
            required[f"feat.{feat.id}.name"] = feat.origin
            required[f"feat.{feat.id}.text"] = feat.origin
        return required, frozenset({"game.subtitle"})

    def references(self) -> list[ContentError]:
        return (_duplicates("biome", [(b.id, b.origin) for b in self.biomes])
                + _duplicates("tribe", [(t.id, t.origin) for t in self.tribes])
                + _duplicates("feat", [(f.id, f.origin) for f in self.feats]))

    def describe(self) -> tuple[PartSection, ...]:
        return describe_dataclass("set", self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        return {"tribes": (sum(t.prototype for t in self.tribes), len(self.tribes)),
                "biomes": (sum(b.prototype for b in self.biomes), len(self.biomes))}


@dataclass(frozen=True)
class MapTerritory:
    """A territory: its biome, its cells, one totem space and its tent spaces."""

    id: str
    biome: str
    cells: tuple[Cell, ...]
    totem: Cell
    tents: tuple[Cell, ...]
    prototype: bool
    origin: Origin

    def space_id(self, index: int) -> str:
        """The id of the tent space at 0-based `index` ('territory/N', N from 1)."""
        return f"{self.id}/{index + 1}"

    @property
    def space_ids(self) -> tuple[str, ...]:
        return tuple(self.space_id(i) for i in range(len(self.tents)))


@dataclass(frozen=True)
class Connection:
    """A numbered land or water connection between two territories of a map side."""

    number: int
    kind: str
    between: tuple[str, str]
    origin: Origin


@dataclass(frozen=True)
class MountainPair:
    """Two connections that carry a mountain of `symbols` symbols."""

    symbols: int
    connections: tuple[int, int]
    origin: Origin


@dataclass(frozen=True)
class MapPath:
    """A path between two spaces of a map side."""

    between: tuple[str, str]
    origin: Origin


@dataclass(frozen=True)
class MapSide:
    """One side of the map: water, territories, connections, mountain pairs and paths."""

    id: str
    water: frozenset[Cell]
    territories: tuple[MapTerritory, ...]
    connections: tuple[Connection, ...]
    mountain_pairs: tuple[MountainPair, ...]
    paths: tuple[MapPath, ...]
    prototype: bool
    origin: Origin

    def territory(self, territory_id: str) -> MapTerritory:
        return next(t for t in self.territories if t.id == territory_id)

    def has_territory(self, territory_id: str) -> bool:
        return any(t.id == territory_id for t in self.territories)

    def connection(self, number: int) -> Connection:
        return next(c for c in self.connections if c.number == number)

    def mountain_pair(self, symbols: int) -> MountainPair:
        return next(p for p in self.mountain_pairs if p.symbols == symbols)

    def space_ids(self) -> frozenset[str]:
        return frozenset(s for t in self.territories for s in t.space_ids)


@dataclass(frozen=True)
class IwariMaps:
    """Both sides of the map board."""

    hex_size_mm: float
    sides: tuple[MapSide, ...]
    origin: Origin

    def side(self, side_id: str) -> MapSide:
        return next(s for s in self.sides if s.id == side_id)

    def has_side(self, side_id: str) -> bool:
        return any(s.id == side_id for s in self.sides)

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        required = {f"side.{side.id}.name": side.origin for side in self.sides}
        optional = frozenset(f"territory.{t.id}.name" for s in self.sides for t in s.territories)
        return required, optional

    def references(self) -> list[ContentError]:
        problems = _duplicates("map side", [(s.id, s.origin) for s in self.sides])
        for side in self.sides:
            names = {t.id for t in side.territories}
            problems += _duplicates("territory", [(t.id, t.origin) for t in side.territories])
            for connection in side.connections:
                for index, name in enumerate(connection.between):
                    if name not in names:
                        problems.append(connection.origin.error(
                            f"unknown territory {name!r} on side {side.id!r}",
                            "name a territory of the same side", f"/between/{index}"))
            spaces = side.space_ids()
            for path in side.paths:
                for index, name in enumerate(path.between):
                    if name not in spaces:
                        problems.append(path.origin.error(
                            f"unknown tent space {name!r}",
                            "a tent space is 'territory/N' with N from 1 to the territory's "
                            "number of tents", f"/between/{index}"))
        return problems

    def describe(self) -> tuple[PartSection, ...]:
        return describe_dataclass("maps", self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        territories = [t for s in self.sides for t in s.territories]
        return {"map sides": (sum(s.prototype for s in self.sides), len(self.sides)),
                "map territories": (sum(t.prototype for t in territories), len(territories))}
