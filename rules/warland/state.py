"""The economy game's state and actions: no geometry, distances are turns of walking."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from stamperia.content.model import Game
from stamperia.content.rulesets.warland.buildings import Building, Buildings
from stamperia.content.rulesets.warland.forces import Forces

if TYPE_CHECKING:
    from stamperia.rules.warland.supply import Pawns


@dataclass(frozen=True)
class Rules:
    """Everything the engine reads from content, resolved once per game."""

    buildings: Buildings
    forces: Forces
    inhabitant: str
    carpenter: str
    soldier: str
    on_mission: str
    meals: Mapping[str, int] = field(default_factory=dict, compare=False)
    """Food each pawn eats a turn, by pawn id (forces.eats(), read every turn)."""
    homes: Mapping[str, int] = field(default_factory=dict, compare=False)
    """Abitanti each building needs on its card to produce, by building id."""
    cards: Mapping[str, Building] = field(default_factory=dict, compare=False)
    """The buildings by id (Buildings.by_id), read at every step of a game."""
    soldier_moves: int = 4
    """Soldiers a turn moves (content's `limits.moves_per_turn` of the soldier pawn)."""
    castle_counted: bool = True
    """Whether the Castello counts among `limits.max_buildings`."""
    sends_any_time: bool = False
    """`limits.movement` is `any_time`: several send orders a turn."""
    castles_standing: int = 1
    """The game ends at the end of a round with at most this many castles standing
    (content's `simulation.castles_standing`)."""

    @staticmethod
    def of(game: Game) -> Rules:
        forces = game.part(Forces)
        buildings = game.part(Buildings)
        inhabitant = forces.role("inhabitant").id
        homes = {i: sum(brought.count for brought in b.brings if brought.pawn == inhabitant)
                 for i, b in buildings.by_id.items()}
        soldier = forces.role("soldier").id
        limits = forces.limits
        return Rules(buildings, forces, inhabitant,
                     forces.role("carpenter").id, soldier,
                     forces.role("soldier_on_mission").id, forces.eats(), homes,
                     dict(buildings.by_id), limits.moves(soldier),
                     limits.max_buildings_counts_castle, limits.movement == "any_time",
                     forces.simulation.castles_standing)

    def counted(self, seat: Seat) -> int:
        """The seat's buildings that count against `limits.max_buildings`."""
        if self.castle_counted:
            return len(seat.buildings)
        castle = self.buildings.castle.id
        return sum(1 for p in seat.buildings if p.building != castle)

    def building(self, building_id: str) -> Building:
        """The building of an id (as Buildings.building, without leaving compiled code)."""
        return self.cards[building_id]

    def residents(self, building_id: str) -> int:
        """Abitanti a building needs on its card to produce."""
        return self.homes[building_id]


@dataclass
class Placed:
    """A building card on the table (mutable engine state, never leaves the engine)."""

    building: str
    face_up: bool
    residents: int = 0
    hits: int = 0


@dataclass
class Mission:
    """Soldiers walking to (eta > 0) or standing at (eta == 0) another castle."""

    strength: int
    target: int
    eta: int


@dataclass
class Seat:
    faction: str
    agent: str
    resources: int = 0
    food: int = 0
    carpenters: int = 0
    soldiers: list[int] = field(default_factory=list)
    missions: list[Mission] = field(default_factory=list)
    buildings: list[Placed] = field(default_factory=list)
    alive: bool = True
    produced_food: int = 0

    def inhabitants(self) -> int:
        return sum(p.residents for p in self.buildings)

    def owns(self, building_id: str) -> bool:
        return any(p.building == building_id for p in self.buildings)


@dataclass
class TurnFlags:
    """What the active player has already done in the main phase of this turn."""

    built_or_demolished: bool = False
    recruited: bool = False
    promoted: bool = False
    sent: bool = False
    fought: set[int] = field(default_factory=set)
    """Targets (seat indices) where this player's missions already fought this turn."""
    defended: bool = False


@dataclass
class State:
    rules: Rules
    seats: list[Seat]
    travel: Mapping[tuple[int, int], int]
    counters: dict[str, int] = field(default_factory=dict)
    steps: int = 0
    tokens: Pawns | None = None
    """The pawn tokens of each faction where they limit the pawns in play (content's
    `limits.pawn_supply`); None where they do not."""

    def count(self, name: str, amount: int = 1) -> None:
        if amount:
            self.counters[name] = self.counters.get(name, 0) + amount


STARVE: Final = "starve"
"""The meal's decision: which pawns go unfed (a minimal set when food is short, any one
pawn when it is not: warland.txt 54-55)."""

FEED: Final = "feed"
"""The meal's closing decision: feed every pawn left (they eat and the main phase
follows); legal once the food covers them."""

TRADE: Final = "trade"
"""The meal's other decision: resources for food at a card that allows it (the Bazaar),
`count` trades at `building`."""


@dataclass(frozen=True)
class Action:
    """One decision: do is build, recruit, promote, send, demolish, battle, defend or end
    (the main phase), or starve or trade (the start of a turn's meal when food is short);
    building / target / count / starve qualify it."""

    do: str
    building: str = ""
    target: int = -1
    count: int = 0
    starve: tuple[tuple[str, int], ...] = ()
    """The pawns a `starve` leaves unfed: (pawn kind, count) pairs (upkeep.Starving)."""
    strengths: tuple[int, ...] = ()
    """The soldiers a `send` takes, or a `battle` / `defend` fights with, by strength,
    strongest first (the seat's choice: "puoi muovere ... fino a ... 4 Soldati",
    warland.txt 63-64; "con quali pedine attaccare", 142-145); a battle without them
    fights with every soldier there."""
    card: int = 0
    """The card a `demolish` aims at among the target's cards of its building, from 1 in
    the order they were put in play; 0: the default (a face-down one first, else the
    first)."""
    against: int = 0
    """The strength of the other side's soldier a `battle` / `defend` attacks ("quale
    pedina attaccare", 142-145); 0: the default, its strongest (or, where
    `combat.one_against_many` lets a lone soldier fight several, all of them)."""

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"do": self.do}
        if self.building:
            data["building"] = self.building
        if self.target >= 0:
            data["target"] = self.target
        if self.count:
            data["count"] = self.count
        if self.do == STARVE:
            data["starve"] = dict(self.starve)
        if self.strengths:
            data["strengths"] = list(self.strengths)
        if self.against:
            data["against"] = self.against
        if self.card:
            data["card"] = self.card
        return data


END = Action("end")
