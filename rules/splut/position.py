"""A game position as flat lists of ints: mutable for speed, copied when a search branches.

Board values: WALL (-1), EMPTY (0), a rock 1..ROCKS (rock id + 1), or a team piece
`PIECE_BASE + 4 * team + kind` (kind 0 troll, 1 dwarf, 2 sorcerer), so `0 < v < PIECE_BASE`
is "a rock", `v & 3` is the kind and `(v >> 2) - 2` the team. Teams are indices into the
seats in turn order (team 0 plays first).
"""

from __future__ import annotations

from typing import Final

from stamperia.rules.splut.geometry import EMPTY, Geometry

PIECE_BASE: Final = 8
TROLL: Final = 0
DWARF: Final = 1
SORCERER: Final = 2
KIND_NAMES = ("troll", "dwarf", "sorcerer")

LEV_UNUSED: Final = 0
LEV_ACTIVE: Final = 1
LEV_DONE: Final = 2
"""Levitation this turn: not used yet; the last step levitated; stopped (no more)."""


def piece_code(team: int, kind: int) -> int:
    return PIECE_BASE + 4 * team + kind


class Position:
    """Everything that decides the legal steps; `copy` is cheap (a few list copies)."""

    __slots__ = ("geo", "board", "where", "rocks", "seats", "alive", "player", "turn",
                 "steps_left", "lev_rock", "lev_state", "moved", "locked", "winner",
                 "passes")

    def __init__(self, geo: Geometry, board: list[int], where: list[int], rocks: list[int],
                 seats: tuple[str, ...], alive: list[bool], player: int, turn: int,
                 steps_left: int) -> None:
        self.geo = geo
        self.board = board
        self.where = where
        """cell of team t's piece of kind k at index 3 * t + k; -1 once it left the board"""
        self.rocks = rocks
        self.seats = seats
        self.alive = alive
        self.player = player
        self.turn = turn
        self.steps_left = steps_left
        self.lev_rock = -1
        self.lev_state = LEV_UNUSED
        self.moved = 0
        """bit r: rock r moved during this turn"""
        self.locked = 0
        """bit r: rock r moved during the previous turn (it cannot be levitated now)"""
        self.winner = -1
        self.passes = 0
        """turns in a row that ended with no legal step (all stuck: a blocked draw)"""

    def copy(self) -> Position:
        other = Position(self.geo, self.board[:], self.where[:], self.rocks[:], self.seats,
                         self.alive[:], self.player, self.turn, self.steps_left)
        other.lev_rock = self.lev_rock
        other.lev_state = self.lev_state
        other.moved = self.moved
        other.locked = self.locked
        other.winner = self.winner
        other.passes = self.passes
        return other

    @property
    def over(self) -> bool:
        return self.winner >= 0

    def key(self) -> tuple[object, ...]:
        """Everything that matters for what follows (equal keys: equal futures)."""
        return (tuple(self.board), self.player, self.turn, self.steps_left, self.lev_rock,
                self.lev_state, self.moved, self.locked, tuple(self.alive), self.winner)


def start_position(geo: Geometry, players: int) -> Position:
    """The opening position for a player count: seats by the content's seating rule."""
    if players not in geo.seating:
        raise ValueError(f"no seating for {players} players (have {sorted(geo.seating)})")
    seats = geo.seating[players]
    board = list(geo.template)
    rocks = list(geo.rocks)
    for rock, cell in enumerate(rocks):
        board[cell] = rock + 1
    where: list[int] = []
    for team, seat in enumerate(seats):
        for kind, cell in enumerate(geo.starts[seat]):
            board[cell] = piece_code(team, kind)
            where.append(cell)
    return Position(geo, board, where, rocks, seats, [True] * players, 0, 0,
                    geo.steps_in_turn(0))


def place(geo: Geometry, seats: tuple[str, ...], pieces: dict[str, tuple[int, int]],
          rocks: list[str], player: int = 0, turn: int = 2) -> Position:
    """A hand-made position (for tests and puzzles): square -> (team, kind), rock squares.

    A team without a Sorcerer on the board is out of the game.
    """
    board = list(geo.template)
    where = [-1] * (3 * len(seats))
    rock_cells = [geo.index[r] for r in rocks]
    for rock, cell in enumerate(rock_cells):
        board[cell] = rock + 1
    for name, (team, kind) in pieces.items():
        cell = geo.index[name]
        if board[cell] != EMPTY:
            raise ValueError(f"two things on {name}")
        board[cell] = piece_code(team, kind)
        where[3 * team + kind] = cell
    alive = [where[3 * t + SORCERER] >= 0 for t in range(len(seats))]
    return Position(geo, board, where, rock_cells, seats, alive, player, turn,
                    geo.steps_in_turn(turn))
