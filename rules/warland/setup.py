"""Setting up on a real table: castles at the edges, borders drawn with the ruler, and the
roll-off for the first player."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from stamperia.content.rulesets.warland.forces import Forces
from stamperia.rules.warland.geometry import Point, clearance, overlap

EDGES = ("south", "west", "north", "east")
"""Table edges in clockwise seating order, seen from above with north at the top."""


@dataclass(frozen=True)
class Castle:
    """One player's castle card and the four bastions of its border (table millimetres,
    origin at the south-west corner, y towards north)."""

    edge: str
    card: tuple[Point, ...]
    bastions: tuple[Point, ...]

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.card, strict=True)
        return sum(xs) / len(xs), sum(ys) / len(ys)


@dataclass(frozen=True)
class TableLayout:
    players: int
    width: float
    height: float
    castles: tuple[Castle, ...]
    overlaps: tuple[tuple[int, int], ...]
    off_table: tuple[int, ...]
    border_clearance: float
    """Least distance between two castles' borders (0 when two overlap)."""
    table_clearance: float
    """Least distance from a bastion to a table edge other than its castle's own."""

    @property
    def fits(self) -> bool:
        return not self.overlaps and not self.off_table

    def margin(self) -> float:
        return min(self.border_clearance, self.table_clearance)


def _local_border(forces: Forces) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Card and bastions with the edge along u and v pointing into the table."""
    card = forces.table.castle_card
    half, depth = card.width_mm / 2, card.height_mm
    ruler = forces.ruler_mm
    near = math.radians(forces.setup.near_deg)
    far = math.radians(forces.setup.far_deg)
    corners = ((-half, 0.0), (half, 0.0), (half, depth), (-half, depth))
    bastions = ((-half - ruler * math.cos(near), ruler * math.sin(near)),
                (half + ruler * math.cos(near), ruler * math.sin(near)),
                (half + ruler * math.cos(far), depth + ruler * math.sin(far)),
                (-half - ruler * math.cos(far), depth + ruler * math.sin(far)))
    return corners, bastions


def _place(points: tuple[Point, ...], edge: str, width: float, height: float
           ) -> tuple[Point, ...]:
    """Local (u along the edge, v inwards) to table coordinates for a castle centred on
    `edge`; u runs to the player's right."""
    def one(u: float, v: float) -> Point:
        if edge == "south":
            return width / 2 + u, v
        if edge == "north":
            return width / 2 - u, height - v
        if edge == "west":
            return v, height / 2 - u
        return width - v, height / 2 + u

    return tuple(one(u, v) for u, v in points)


def _edge_distances(p: Point, width: float, height: float) -> dict[str, float]:
    return {"south": p[1], "north": height - p[1], "west": p[0], "east": width - p[0]}


def lay_out(forces: Forces, players: int, width: float, height: float) -> TableLayout:
    """Castles centred on the first `players` edges in clockwise order, borders drawn."""
    if not 1 <= players <= len(EDGES):
        raise ValueError(f"a table has {len(EDGES)} edges: {players} players do not fit")
    corners, bastions = _local_border(forces)
    castles = tuple(Castle(edge, _place(corners, edge, width, height),
                           _place(bastions, edge, width, height))
                    for edge in EDGES[:players])
    overlaps = tuple((i, j) for i in range(players) for j in range(i + 1, players)
                     if overlap(castles[i].bastions, castles[j].bastions))
    border = min((clearance(a.bastions, b.bastions)
                  for i, a in enumerate(castles) for b in castles[i + 1:]), default=math.inf)
    off: list[int] = []
    table = math.inf
    for index, castle in enumerate(castles):
        for point in castle.bastions:
            distances = _edge_distances(point, width, height)
            if min(distances.values()) < -1e-9:
                off.append(index)
            table = min(table, *(d for e, d in distances.items() if e != castle.edge))
    return TableLayout(players, width, height, castles, overlaps, tuple(sorted(set(off))),
                       border, table)


def travel_turns(layout: TableLayout, ruler_mm: float) -> dict[tuple[int, int], int]:
    """Turns a pawn needs to walk from one castle to another, one ruler length a turn."""
    return {(i, j): max(1, math.ceil(math.dist(a.centre, b.centre) / ruler_mm))
            for i, a in enumerate(layout.castles) for j, b in enumerate(layout.castles)
            if i != j}


@dataclass(frozen=True)
class RollOff:
    """Every round of the first-player roll: who rolled what, and who won."""

    rounds: tuple[tuple[tuple[int, int], ...], ...]
    winner: int


def roll_off(players: int, dice: int, sides: int, rng: random.Random) -> RollOff:
    """Everyone rolls; the players tied on the highest roll again until one wins."""
    rolling = list(range(players))
    rounds = []
    while True:
        rolls = tuple((seat, sum(rng.randint(1, sides) for _ in range(dice)))
                      for seat in rolling)
        rounds.append(rolls)
        best = max(value for _, value in rolls)
        rolling = [seat for seat, value in rolls if value == best]
        if len(rolling) == 1:
            return RollOff(tuple(rounds), rolling[0])
