"""Exact IWARI scoring of a position: tent majorities, totems per connection, camps, feats.

Seats are integers (tribes in seat order); scoring is pure and reads only the indexed
board, so the engine and `stamperia score` share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.rules.iwari.board import Board

EMPTY: Final = -1


# Made on every turn, never changed once made: not frozen and with its own __init__,
# because compiled, the __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Position:
    """tents: the seat on each tent space (EMPTY when free); totems: per territory, per seat;
    territory_feats / connection_feats: feats lying there (tent / totem multipliers)."""

    seats: int
    tents: tuple[int, ...]
    totems: tuple[tuple[int, ...], ...]
    territory_feats: tuple[int, ...]
    connection_feats: Mapping[int, int]
    mountains: frozenset[int]

    def __init__(self, seats: int, tents: tuple[int, ...],
                 totems: tuple[tuple[int, ...], ...], territory_feats: tuple[int, ...],
                 connection_feats: Mapping[int, int], mountains: frozenset[int]) -> None:
        self.seats = seats
        self.tents = tents
        self.totems = totems
        self.territory_feats = territory_feats
        self.connection_feats = connection_feats
        self.mountains = mountains

    def tents_in(self, board: Board, territory: int) -> list[int]:
        counts = [0] * self.seats
        for space in board.spaces_of(territory):
            owner = self.tents[space]
            if owner != EMPTY:
                counts[owner] = counts[owner] + 1
        return counts


def tent_points(counts: list[int]) -> list[int]:
    """Points per seat of one territory's tent majority (ties share a rank, nobody skipped).

    The first rank gets one point per tent in the territory; each later rank gets the
    tents of one seat of the rank before it; a seat without tents gets nothing.
    """
    total = 0
    for count in counts:
        total += count
    points: list[int] = []
    for count in counts:
        if count <= 0:
            points.append(0)
            continue
        above = 0  # the next higher count: one seat of the rank before has that many
        for other in counts:
            if other > count and (above == 0 or other < above):
                above = other
        points.append(above if above else total)
    return points


def majority(counts: Sequence[int]) -> frozenset[int]:
    """Seats holding the most (tied seats all hold it); nobody when the counts are all 0."""
    top = max(counts, default=0)
    return frozenset(i for i, c in enumerate(counts) if c == top) if top > 0 else frozenset()


def connection_holders(position: Position, a: int, b: int) -> frozenset[int]:
    """Seats with the totem majority in both territories of a connection."""
    return majority(position.totems[a]) & majority(position.totems[b])


def camps(board: Board, tents: Sequence[int], seat: int, minimum: int) -> list[tuple[int, ...]]:
    """The seat's groups of `minimum`+ tents joined along paths, each as sorted spaces."""
    seen: set[int] = set()
    found = []
    for start in range(board.spaces):
        if tents[start] != seat or start in seen:
            continue
        group = [start]
        seen.add(start)
        frontier = [start]
        while frontier:
            for other in board.space_links[frontier.pop()]:
                if tents[other] == seat and other not in seen:
                    seen.add(other)
                    group.append(other)
                    frontier.append(other)
        if len(group) >= minimum:
            found.append(tuple(sorted(group)))
    return found


@dataclass(frozen=True)
class TerritoryScore:
    territory: str
    tents: tuple[int, ...]
    points: tuple[int, ...]
    multiplier: int


@dataclass(frozen=True)
class ConnectionScore:
    number: int
    kind: str
    between: tuple[str, str]
    blocked: bool
    holders: tuple[int, ...]
    points: tuple[int, ...]
    multiplier: int


@dataclass(frozen=True)
class CampScore:
    seat: int
    spaces: tuple[str, ...]

    @property
    def points(self) -> int:
        return len(self.spaces)


# Made on every turn, never changed once made: not frozen and with its own __init__,
# because compiled, the __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Scoring:
    """One scoring (mid or end of the journey): the breakdown and the points per category.

    tents/totems are base points; feats holds what the multipliers add on top."""

    final: bool
    territories: tuple[TerritoryScore, ...]
    connections: tuple[ConnectionScore, ...]
    camps: tuple[CampScore, ...]
    tents: tuple[int, ...]
    totems: tuple[int, ...]
    camp_points: tuple[int, ...]
    feats: tuple[int, ...]

    def __init__(self, final: bool, territories: tuple[TerritoryScore, ...],
                 connections: tuple[ConnectionScore, ...], camps: tuple[CampScore, ...],
                 tents: tuple[int, ...], totems: tuple[int, ...],
                 camp_points: tuple[int, ...], feats: tuple[int, ...]) -> None:
        self.final = final
        self.territories = territories
        self.connections = connections
        self.camps = camps
        self.tents = tents
        self.totems = totems
        self.camp_points = camp_points
        self.feats = feats

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points (indexed, not zip and sum: compiled, those run generically)."""
        tents, totems, camps, feats = self.tents, self.totems, self.camp_points, self.feats
        if not len(tents) == len(totems) == len(camps) == len(feats):
            raise ValueError("a scoring's categories must have one entry per seat")
        return tuple([tents[seat] + totems[seat] + camps[seat] + feats[seat]
                      for seat in range(len(tents))])


def score(board: Board, components: IwariSet, position: Position, final: bool,
          breakdown: bool = True) -> Scoring:
    """Mid-journey scoring counts tent majorities only; the final one adds totems on every
    connection not under a mountain, in increasing order, camps, and the feat multipliers.

    Without `breakdown` the Scoring holds the points per category only (no territory,
    connection or camp records): the simulator's estimate after every turn reads just the
    totals, and building the records was most of its time."""
    seats = position.seats
    tents = [0] * seats
    totems = [0] * seats
    feats = [0] * seats
    territories = []
    for territory in range(board.territories):
        counts = position.tents_in(board, territory)
        points = tent_points(counts)
        multiplier = (components.multiplier(position.territory_feats[territory])
                      if final else 1)
        for seat, value in enumerate(points):
            tents[seat] = tents[seat] + value
            feats[seat] = feats[seat] + (value * (multiplier - 1))
        if breakdown and any(counts):
            territories.append(TerritoryScore(board.territory_ids[territory], tuple(counts),
                                              tuple(points), multiplier))
    connections = []
    camp_list: list[CampScore] = []
    camp_points = [0] * seats
    if final:
        for connection in board.connections:
            blocked = connection.number in position.mountains
            holders = (frozenset() if blocked else
                       connection_holders(position, connection.a, connection.b))
            value = sum(position.totems[connection.a]) + sum(position.totems[connection.b])
            multiplier = components.multiplier(position.connection_feats.get(connection.number,
                                                                             0))
            for seat in holders:
                totems[seat] = totems[seat] + value
                feats[seat] = feats[seat] + (value * (multiplier - 1))
            if breakdown:
                between = (board.territory_ids[connection.a],
                           board.territory_ids[connection.b])
                gained = tuple(value if seat in holders else 0 for seat in range(seats))
                connections.append(ConnectionScore(connection.number, connection.kind,
                                                   between, blocked, tuple(sorted(holders)),
                                                   gained, multiplier))
        for seat in range(seats):
            for group in camps(board, position.tents, seat, components.camp_min_tents):
                if breakdown:
                    camp_list.append(CampScore(seat, tuple(board.space_name(s)
                                                           for s in group)))
                camp_points[seat] = camp_points[seat] + len(group)
    return Scoring(final, tuple(territories), tuple(connections), tuple(camp_list),
                   tuple(tents), tuple(totems), tuple(camp_points), tuple(feats))


def winners(totals: Sequence[int], unused: Sequence[int]) -> tuple[int, ...]:
    """Most points wins; a tie goes to the most unused pieces; a full tie is shared.
    (Compared by hand, not max() over zipped pairs: compiled, those run generically.)"""
    if len(totals) != len(unused) or not totals:
        raise ValueError("winners: one total and one unused count per seat, at least one")
    best, spare = totals[0], unused[0]
    for seat in range(1, len(totals)):
        if totals[seat] > best or (totals[seat] == best and unused[seat] > spare):
            best, spare = totals[seat], unused[seat]
    return tuple([seat for seat in range(len(totals))
                  if totals[seat] == best and unused[seat] == spare])
