"""A WARLAND position as frozen values, and its two translations: to and from the JSON of
the `warland_position` format, and to and from the engine's mutable State.

The position is the state at a decision: a seat's meal (who starves, `feed`), its main
phase, a pending roll, or the end. The rest of the start of a turn (produce, flip) is
automatic, so it is never a position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stamperia.content.model import Game
from stamperia.rules.warland.setup import lay_out, travel_turns
from stamperia.rules.warland.state import Action, Mission, Placed, Rules, Seat, State, TurnFlags
from stamperia.rules.warland.supply import tokens

PHASES = ("main", "roll", "over")
"""main: the seat to move acts; roll: its attack waits for the dice; over: the game ended."""


@dataclass(frozen=True)
class Card:
    """A building card on the table: face down until its pawns come in play."""

    building: str
    face_up: bool
    residents: int
    hits: int


@dataclass(frozen=True)
class Away:
    """A soldier on mission: walking to (turns_left > 0) or standing at another castle."""

    strength: int
    target: str
    turns_left: int


@dataclass(frozen=True)
class Player:
    faction: str
    out: bool
    resources: int
    food: int
    carpenters: int
    soldiers: tuple[int, ...]
    """Strengths of the soldiers at home."""
    missions: tuple[Away, ...]
    buildings: tuple[Card, ...]


@dataclass(frozen=True)
class Done:
    """What the seat to move has already done this turn (each action once per turn)."""

    built_or_demolished: bool = False
    recruited: bool = False
    promoted: bool = False
    sent: bool = False
    defended: bool = False
    fought: tuple[str, ...] = ()
    """Factions where this seat's missions already fought this turn."""


@dataclass(frozen=True)
class Attack:
    """A declared demolition or battle waiting for its roll."""

    action: str
    target: str
    building: str = ""
    """The building a demolition aims at (the attacker's choice); "" for a battle."""
    soldiers: tuple[int, ...] = ()
    """A battle's group, by strength (the attacker's choice); () for every soldier there."""
    against: int = 0
    """The strength of the soldier a battle attacks; 0 for the default."""
    card: int = 0
    """The card a demolition aims at among the building's (from 1); 0 for the default."""


@dataclass(frozen=True)
class Position:
    """Players in seat order (clockwise from the south edge); play runs clockwise from
    `first`, the roll-off's winner."""

    players: tuple[Player, ...]
    first: str
    round: int
    round_limit: int
    to_move: str | None
    phase: str
    done: Done
    attack: Attack | None
    end: str | None
    schema: str | None = None
    """The file's `$schema`, kept so that writing what was read gives the same JSON."""

    def seat(self, faction: str) -> int:
        return next(i for i, p in enumerate(self.players) if p.faction == faction)


def from_json(data: dict[str, object]) -> Position:
    """The position of schema-valid JSON (no semantic checks: see position_check)."""
    def player(p: dict[str, Any]) -> Player:
        return Player(p["faction"], p["out"], p["resources"], p["food"], p["carpenters"],
                      tuple(p["soldiers"]),
                      tuple(Away(m["strength"], m["target"], m["turns_left"])
                            for m in p["missions"]),
                      tuple(Card(b["building"], b["face_up"], b["residents"], b["hits"])
                            for b in p["buildings"]))

    done = data["done"]
    attack: Any = data["attack"]
    assert isinstance(done, dict) and isinstance(data["players"], list)
    return Position(
        tuple(player(p) for p in data["players"]), str(data["first"]), _int(data["round"]),
        _int(data["round_limit"]), None if data["to_move"] is None else str(data["to_move"]),
        str(data["phase"]),
        Done(done["built_or_demolished"], done["recruited"], done["promoted"], done["sent"],
             done["defended"], tuple(done["fought"])),
        None if attack is None else Attack(attack["action"], attack["target"],
                                           attack.get("building", ""),
                                           tuple(attack.get("soldiers", ())),
                                           attack.get("against", 0), attack.get("card", 0)),
        None if data["end"] is None else str(data["end"]),
        None if data.get("$schema") is None else str(data["$schema"]))


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def to_json(position: Position) -> dict[str, object]:
    schema: dict[str, object] = {} if position.schema is None else {"$schema": position.schema}
    return {
        **schema,
        "players": [{
            "faction": p.faction, "out": p.out, "resources": p.resources, "food": p.food,
            "carpenters": p.carpenters, "soldiers": list(p.soldiers),
            "missions": [{"strength": m.strength, "target": m.target,
                          "turns_left": m.turns_left} for m in p.missions],
            "buildings": [{"building": b.building, "face_up": b.face_up,
                           "residents": b.residents, "hits": b.hits} for b in p.buildings],
        } for p in position.players],
        "first": position.first,
        "round": position.round,
        "round_limit": position.round_limit,
        "to_move": position.to_move,
        "phase": position.phase,
        "done": {"built_or_demolished": position.done.built_or_demolished,
                 "recruited": position.done.recruited, "promoted": position.done.promoted,
                 "sent": position.done.sent, "defended": position.done.defended,
                 "fought": list(position.done.fought)},
        "attack": None if position.attack is None else _attack_json(position.attack),
        "end": position.end,
    }


def _attack_json(attack: Attack) -> dict[str, object]:
    found: dict[str, object] = {"action": attack.action, "target": attack.target}
    if attack.building:
        found["building"] = attack.building
    if attack.soldiers:
        found["soldiers"] = list(attack.soldiers)
        found["against"] = attack.against
    if attack.card:
        found["card"] = attack.card
    return found


def travel(game: Game, players: int) -> dict[tuple[int, int], int]:
    """Turns of walking between castles on the recommended table (as the simulation)."""
    forces = Rules.of(game).forces
    size = forces.table.recommended
    return travel_turns(lay_out(forces, players, size.width_mm, size.height_mm),
                        forces.ruler_mm)


def to_engine(game: Game, position: Position) -> tuple[State, TurnFlags]:
    """A fresh mutable engine state (the position itself is never changed)."""
    index = {p.faction: i for i, p in enumerate(position.players)}
    seats = [Seat(p.faction, "", p.resources, p.food, p.carpenters, list(p.soldiers),
                  [Mission(m.strength, index[m.target], m.turns_left) for m in p.missions],
                  [Placed(b.building, b.face_up, b.residents, b.hits) for b in p.buildings],
                  not p.out)
             for p in position.players]
    done = position.done
    flags = TurnFlags(done.built_or_demolished, done.recruited, done.promoted, done.sent,
                      {index[f] for f in done.fought}, done.defended)
    rules = Rules.of(game)
    return State(rules, seats, travel(game, len(seats)), tokens=tokens(rules)), flags


def from_engine(state: State, flags: TurnFlags, turn: Position) -> Position:
    """The engine state back as a position; round, seat and phase are taken from `turn`."""
    factions = [s.faction for s in state.seats]
    players = tuple(Player(
        s.faction, not s.alive, s.resources, s.food, s.carpenters, tuple(s.soldiers),
        tuple(Away(m.strength, factions[m.target], m.eta) for m in s.missions),
        tuple(Card(b.building, b.face_up, b.residents, b.hits) for b in s.buildings))
        for s in state.seats)
    done = Done(flags.built_or_demolished, flags.recruited, flags.promoted, flags.sent,
                flags.defended, tuple(factions[i] for i in sorted(flags.fought)))
    return Position(players, turn.first, turn.round, turn.round_limit, turn.to_move,
                    turn.phase, done, turn.attack, turn.end, turn.schema)


def attack_action(position: Position) -> Action:
    """The engine action of the pending attack."""
    assert position.attack is not None
    attack = position.attack
    return Action(attack.action, building=attack.building,
                  target=position.seat(attack.target), strengths=attack.soldiers,
                  card=attack.card, against=attack.against)
