"""Factions, pawns and the table game's parameters: ruler, limits, table, combat, upkeep."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stamperia.content.editions.describe import describe_dataclass
from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import DUPLICATE_ID, UNKNOWN_REFERENCE
from stamperia.content.parts import PartSection
from stamperia.content.validation.document import Document

ROLES = ("bastion", "carpenter", "inhabitant", "soldier", "soldier_on_mission")
TIES = ("reroll", "both_survive", "both_die", "attacker_wins", "defender_wins")
DUEL_ROLLS = ("sum", "best")
MOVING_ROLES = ("inhabitant", "carpenter", "soldier")
RULEBOOK_MOVES: Mapping[str, int] = {"inhabitant": 2, "carpenter": 4, "soldier": 4}
"""Pawns moved a turn by role when the content gives no `moves_per_turn`: "fino a 2
Abitanti, 4 Carpentieri e 4 Soldati" (warland.txt 63-64)."""


@dataclass(frozen=True)
class WarFaction:
    """A player's faction and the colours its tokens are printed in."""

    id: str
    colour: str
    text_colour: str
    origin: Origin


@dataclass(frozen=True)
class TokenCount:
    """How many tokens of a pawn (of one strength, for soldiers) each faction gets."""

    strength: int | None
    per_faction: int
    prototype: bool


@dataclass(frozen=True)
class Pawn:
    """A pawn kind: its role, food and token counts per faction."""

    id: str
    role: str
    eats: int
    diameter_mm: float
    tokens: tuple[TokenCount, ...]
    origin: Origin

    @property
    def per_faction(self) -> int:
        return sum(t.per_faction for t in self.tokens)


@dataclass(frozen=True)
class Dimensions:
    """A width and height in mm, and whether the rulebook gives them."""

    width_mm: float
    height_mm: float
    prototype: bool


@dataclass(frozen=True)
class TableSizes:
    """The table: recommended and largest size, and the castle card's."""

    recommended: Dimensions
    recommended_players: tuple[int, ...]
    maximum: Dimensions
    castle_card: Dimensions
    origin: Origin


@dataclass(frozen=True)
class Limits:
    """Caps: buildings per faction, advanced ones per type, face-down resistance, pawns."""

    max_buildings: int
    advanced_per_type: int
    face_down_resistance: int
    origin: Origin
    pawn_supply: str = "tokens"
    """`tokens`: a faction never has more pawns in play than the kit's tokens (a build,
    recruit or promotion that would need a missing token is not allowed); `unlimited`:
    the tokens are no limit. The rulebook does not say: a reading, so content."""
    moves_per_turn: Mapping[str, int] = field(default_factory=dict)
    """Pawns of each kind (pawn id) a player may move in one turn (warland.txt 63-64);
    the engine moves soldiers only (distances are turns of walking)."""
    max_buildings_counts_castle: bool = True
    """Whether the Castello is one of the `max_buildings` (warland.txt 71 with 34: "Il
    Castello e gli altri Edifici"), or the limit is on the other buildings (A1)."""
    movement: str = "once"
    """`once`: Movimento is one action of the turn, "una sola volta" (57-58), so one send
    order; `any_time`: sends "in qualsiasi momento" (63) within the turn's moves (A9)."""

    def moves(self, pawn_id: str) -> int:
        """Pawns of this kind a turn moves (0 for a kind the content does not move)."""
        return self.moves_per_turn.get(pawn_id, 0)


@dataclass(frozen=True)
class SetupRules:
    """The setup: starting pawns, the roll-off and the placing directions."""

    bastions: int
    carpenters: int
    roll_off_dice: int
    near_deg: float
    far_deg: float
    directions_prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Combat:
    """How a fight is rolled: dice per strength, sides, ties and duels."""

    dice_per_strength: int
    dice_sides: int
    soldier_tie: str
    duel_roll: str
    prototype: bool
    origin: Origin
    one_against_many: bool = False
    """Whether a lone soldier fights all the other side's soldiers there (warland.txt
    138-139) or a group only ever fights one soldier (140-141): A2."""


@dataclass(frozen=True)
class WarDice:
    """Dice on the table, `count` alike (the rulebook's "due d6"; their colour is not in
    it, so a prototype)."""

    id: str
    colour: str
    count: int
    sides: int
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class UpkeepExample:
    """The rulebook's worked example, kept as data so the check can replay it."""

    food: int
    pawns: Mapping[str, int]
    needed: int
    starve: Mapping[str, int]
    origin: Origin


@dataclass(frozen=True)
class SimulationParameters:
    """What a simulated game needs beyond the rules: its round cap, its end, coin value."""

    default_rounds: int
    """The round cap: a game still going after it is stopped (a capped end, not a rule)."""
    coin_value: int
    prototype: bool
    castles_standing: int = 1
    """The end: at most this many castles left (the rulebook names no end; 1 reads it as
    the last castle standing)."""


@dataclass(frozen=True)
class WarlandAgentProfile:
    """Weights of the `heuristic:<id>` agent (rules.warland.agents): a designer's player."""

    id: str
    build: int
    barracks: int
    recruit_margin: int
    raid: int


@dataclass(frozen=True)
class Forces:
    """The forces file: factions, pawns, limits, table, setup and combat."""

    factions: tuple[WarFaction, ...]
    pawns: tuple[Pawn, ...]
    flags_per_faction: int
    ruler_mm: float
    ruler_prototype: bool
    limits: Limits
    table: TableSizes
    setup: SetupRules
    combat: Combat
    upkeep_example: UpkeepExample
    simulation: SimulationParameters
    origin: Origin
    agents: tuple[WarlandAgentProfile, ...] = ()
    """Player profiles for simulations, sorted by id."""
    dice: tuple[WarDice, ...] = ()

    def pawn(self, pawn_id: str) -> Pawn:
        return next(p for p in self.pawns if p.id == pawn_id)

    def role(self, role: str) -> Pawn:
        """The pawn playing a role; references() guarantees there is exactly one."""
        return next(p for p in self.pawns if p.role == role)

    def eats(self) -> dict[str, int]:
        return {p.id: p.eats for p in self.pawns}

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        required: dict[str, Origin] = {}
        optional: set[str] = set()
        for pawn in self.pawns:
            required[f"pawn.{pawn.id}.name"] = pawn.origin
            optional.add(f"pawn.{pawn.id}.plural")
        for faction in self.factions:
            required[f"faction.{faction.id}.name"] = faction.origin
        return required, frozenset(optional)

    def references(self) -> list[ContentError]:
        problems: list[ContentError] = []
        for kind, items in (("faction", [(f.id, f.origin) for f in self.factions]),
                            ("pawn", [(p.id, p.origin) for p in self.pawns])):
            seen: dict[str, Origin] = {}
            for item_id, origin in items:
                if item_id in seen:
                    problems.append(origin.error(f"duplicate {kind} id {item_id!r}",
                                                 f"first defined at line {seen[item_id].line}",
                                                 "/id", DUPLICATE_ID))
                seen.setdefault(item_id, origin)
        for role in ROLES:
            count = sum(p.role == role for p in self.pawns)
            if count != 1:
                problems.append(self.origin.error(
                    f"{count} pawns with role {role!r}: there must be exactly one",
                    f"roles: {', '.join(ROLES)}", "/pawns"))
        known = {p.id for p in self.pawns}
        for pawn_id in self.limits.moves_per_turn:
            pointer = f"/moves_per_turn/{pawn_id}"
            if pawn_id not in known:
                problems.append(self.limits.origin.error(
                    f"unknown pawn {pawn_id!r}", f"known: {', '.join(sorted(known))}",
                    pointer, UNKNOWN_REFERENCE))
            elif self.pawn(pawn_id).role not in MOVING_ROLES:
                problems.append(self.limits.origin.error(
                    f"{pawn_id} ({self.pawn(pawn_id).role}) is not a pawn a player moves",
                    "the rulebook moves Abitanti, Carpentieri and Soldati (warland.txt "
                    "63-64); a mission walks as the soldier it was", pointer))
        example = self.upkeep_example
        for which in ("pawns", "starve"):
            values = example.pawns if which == "pawns" else example.starve
            for pawn_id in values:
                if pawn_id not in known:
                    problems.append(example.origin.error(
                        f"unknown pawn {pawn_id!r}", f"known: {', '.join(sorted(known))}",
                        f"/{which}/{pawn_id}"))
        return problems

    def describe(self) -> tuple[PartSection, ...]:
        return describe_dataclass("forces", self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        tokens = [t for p in self.pawns for t in p.tokens]
        flags = (self.ruler_prototype, self.table.castle_card.prototype,
                 self.setup.directions_prototype, self.combat.prototype,
                 self.simulation.prototype, *(d.prototype for d in self.dice))
        return {"pawn counts": (sum(t.prototype for t in tokens), len(tokens)),
                "parameters": (sum(flags), len(flags))}


def _proto(data: Mapping[str, Any], inherited: bool = False) -> bool:
    status = data.get("status")
    return inherited if status is None else status == "prototype"


def _dimensions(data: Mapping[str, Any]) -> Dimensions:
    return Dimensions(data["width_mm"], data["height_mm"], _proto(data))


def _limits(doc: Document, data: Mapping[str, Any], pawns: tuple[Pawn, ...]) -> Limits:
    """The limits; without `moves_per_turn`, the rulebook's counts for the first pawn of
    each moving role."""
    moves = data.get("moves_per_turn")
    if moves is None:
        moves = {}
        for role, count in RULEBOOK_MOVES.items():
            pawn = next((p for p in pawns if p.role == role), None)
            if pawn is not None:
                moves.setdefault(pawn.id, count)
    return Limits(data["max_buildings"], data["advanced_per_type"],
                  data["face_down_resistance"], doc.origin("/limits"),
                  data.get("pawn_supply", "tokens"), dict(moves),
                  data.get("max_buildings_counts_castle", True),
                  data.get("movement", "once"))


def build_forces(doc: Document) -> Forces:
    """The model of a schema-valid forces file."""
    data = doc.data
    file_proto = _proto(data)
    factions = tuple(WarFaction(f["id"], f["colour"], f["text_colour"],
                                doc.origin(f"/factions/{i}"))
                     for i, f in enumerate(data["factions"]))
    pawns = tuple(
        Pawn(p["id"], p["role"], p["eats"], p["diameter_mm"],
             tuple(TokenCount(t.get("strength"), t["per_faction"], _proto(t, file_proto))
                   for t in p["tokens"]), doc.origin(f"/pawns/{i}"))
        for i, p in enumerate(data["pawns"]))
    table = data["table"]
    setup = data["setup"]
    directions = setup["bastion_directions"]
    combat = data["combat"]
    example = data["upkeep_example"]
    simulation = data["simulation"]
    return Forces(
        factions=factions, pawns=pawns, flags_per_faction=data["flags_per_faction"],
        ruler_mm=data["ruler"]["length_mm"], ruler_prototype=_proto(data["ruler"], file_proto),
        limits=_limits(doc, data["limits"], pawns),
        table=TableSizes(
            Dimensions(table["recommended"]["width_mm"], table["recommended"]["height_mm"],
                       False),
            tuple(table["recommended"]["players"]), _dimensions(table["max"]),
            _dimensions(table["castle_card"]), doc.origin("/table")),
        setup=SetupRules(setup["bastions"], setup["carpenters"], setup["roll_off_dice"],
                         directions["near_deg"], directions["far_deg"],
                         _proto(directions, file_proto), doc.origin("/setup")),
        combat=Combat(combat["dice_per_strength"], combat["dice_sides"], combat["soldier_tie"],
                      combat.get("duel_roll", "sum"), _proto(combat, file_proto),
                      doc.origin("/combat"), combat.get("one_against_many", False)),
        upkeep_example=UpkeepExample(example["food"], dict(example["pawns"]),
                                     example["needed"], dict(example["starve"]),
                                     doc.origin("/upkeep_example")),
        simulation=SimulationParameters(simulation["default_rounds"],
                                        simulation["coin_value"],
                                        _proto(simulation, file_proto),
                                        simulation.get("castles_standing", 1)),
        origin=doc.origin(),
        agents=tuple(WarlandAgentProfile(k, v["build"], v["barracks"], v["recruit_margin"],
                                         v["raid"])
                     for k, v in sorted(data.get("agents", {}).items())),
        dice=tuple(WarDice(d["id"], d["colour"], d["count"], d["sides"],
                           _proto(d, file_proto), doc.origin(f"/dice/{i}"))
                   for i, d in enumerate(data.get("dice", []))))
