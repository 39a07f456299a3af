"""The Castello and the building cards: resistance (= cost), production, pawns brought in."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stamperia.content.editions.describe import describe_dataclass
from stamperia.content.errors import ContentError, Origin
from stamperia.content.parts import PartSection
from stamperia.content.validation.document import Document

TIERS = ("castle", "basic", "medium", "advanced")


@dataclass(frozen=True)
class Price:
    """What something costs: coins and resources."""

    coins: int
    resources: int


@dataclass(frozen=True)
class Recruit:
    """Pay the price to put a pawn of a strength in play (the Caserma)."""

    pawn: str
    strength: int
    price: Price


@dataclass(frozen=True)
class ResourcesForFood:
    """When short of food at the start of the turn, trade resources for food (the Bazaar)."""

    resources: int
    food: int


@dataclass(frozen=True)
class Promote:
    """Pay the price to raise one pawn's strength."""

    pawn: str
    from_strength: int
    to_strength: int
    price: Price


Special = Recruit | ResourcesForFood | Promote


@dataclass(frozen=True)
class Brought:
    """Pawns a building puts in play when its card turns face up."""

    pawn: str
    count: int
    strength: int | None
    origin: Origin


@dataclass(frozen=True)
class Building:
    """A building: tier, resistance, costs, food, what it brings and its specials."""

    id: str
    tier: str
    resistance: int
    cost: int
    resources: int
    food: int
    brings: tuple[Brought, ...]
    hits_to_destroy: int
    special: tuple[Special, ...]
    copies: int
    prototype: bool
    copies_prototype: bool
    origin: Origin

    @property
    def has_text(self) -> bool:
        """A card with a rule of its own prints a special text."""
        return bool(self.special) or self.hits_to_destroy > 1


@dataclass(frozen=True)
class Buildings:
    """Every building of the game, in content order."""

    buildings: tuple[Building, ...]
    origin: Origin

    @functools.cached_property
    def by_id(self) -> Mapping[str, Building]:
        """The buildings by id (the first of a repeated id, which the checks report): the
        engines look a building up at every step of a simulated game. Not a field, so
        equality and the part's description stay the buildings'."""
        index: dict[str, Building] = {}
        for building in self.buildings:
            index.setdefault(building.id, building)
        return index

    def building(self, building_id: str) -> Building:
        return self.by_id[building_id]

    def tier(self, tier: str) -> tuple[Building, ...]:
        return tuple(b for b in self.buildings if b.tier == tier)

    @property
    def castle(self) -> Building:
        return self.tier("castle")[0]

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        required: dict[str, Origin] = {}
        optional: set[str] = set()
        for building in self.buildings:
            required[f"building.{building.id}.name"] = building.origin
            required[f"tier.{building.tier}.name"] = building.origin.child("/tier")
            key = f"building.{building.id}.text"
            if building.has_text:
                required[key] = building.origin
            else:
                optional.add(key)
        return required, frozenset(optional)

    def references(self) -> list[ContentError]:
        problems: list[ContentError] = []
        seen: dict[str, Origin] = {}
        for building in self.buildings:
            if building.id in seen:
                problems.append(building.origin.error(
                    f"duplicate building id {building.id!r}",
                    f"first defined at line {seen[building.id].line}", "/id"))
            seen.setdefault(building.id, building.origin)
        castles = self.tier("castle")
        if len(castles) != 1:
            problems.append(self.origin.error(
                f"{len(castles)} buildings of tier 'castle': there must be exactly one",
                "mark the Castello card with \"tier\": \"castle\"", "/buildings"))
        return problems

    def describe(self) -> tuple[PartSection, ...]:
        return describe_dataclass("buildings", self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        return {"buildings": (sum(b.prototype for b in self.buildings), len(self.buildings)),
                "card copies": (sum(b.copies_prototype for b in self.buildings),
                                len(self.buildings))}


def _price(data: Mapping[str, Any]) -> Price:
    return Price(data["coins"], data["resources"])


def _special(data: Mapping[str, Any]) -> Special:
    if data["type"] == "recruit":
        return Recruit(data["pawn"], data["strength"], _price(data["price"]))
    if data["type"] == "resources_for_food":
        return ResourcesForFood(data["resources"], data["food"])
    return Promote(data["pawn"], data["from_strength"], data["to_strength"],
                   _price(data["price"]))


def build_buildings(doc: Document) -> Buildings:
    """The model of a schema-valid buildings file."""
    file_proto = doc.data.get("status") == "prototype"
    result = []
    for i, b in enumerate(doc.data["buildings"]):
        pointer = f"/buildings/{i}"
        status = b.get("status")
        result.append(Building(
            id=b["id"], tier=b["tier"], resistance=b["resistance"], cost=b["cost"],
            resources=b["production"]["resources"], food=b["production"]["food"],
            brings=tuple(Brought(p["pawn"], p["count"], p.get("strength"),
                                 doc.origin(f"{pointer}/brings/{j}"))
                         for j, p in enumerate(b["brings"])),
            hits_to_destroy=b.get("hits_to_destroy", 1),
            special=tuple(_special(s) for s in b.get("special", [])),
            copies=b["copies"],
            prototype=file_proto if status is None else status == "prototype",
            copies_prototype=b.get("copies_status", status or doc.data.get("status"))
            == "prototype",
            origin=doc.origin(pointer)))
    return Buildings(tuple(result), doc.origin())
