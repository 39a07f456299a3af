"""The board as flat integer tables, built once from the content model.

Squares live on a grid padded by one ring of WALL cells, so a neighbour is `cell + d`
for d in DIRS and running off the board is a table lookup, never a bounds test. This
is what makes move generation cheap enough for fast random playouts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from stamperia.content.rulesets.splut.board import TEAM_KINDS, SplutBoard

WALL: Final = -1
"""Board value of a cell that is not a square (the padding ring and the shape's holes)."""
EMPTY: Final = 0
DIR_NAMES = "nesw"


@dataclass(frozen=True)
class Geometry:
    width: int
    """padded row length: a step north is +width"""
    template: tuple[int, ...]
    """EMPTY on every square, WALL elsewhere"""
    names: tuple[str, ...]
    """square name per cell ('' off the board)"""
    index: Mapping[str, int]
    dirs: tuple[int, int, int, int]
    """cell offsets north, east, south, west"""
    rocks: tuple[int, ...]
    seats: tuple[str, ...]
    """every seat id, clockwise"""
    starts: Mapping[str, tuple[int, int, int]]
    """seat id -> cells of its troll, dwarf, sorcerer"""
    seating: Mapping[int, tuple[str, ...]]
    opening_steps: tuple[int, ...]
    later_steps: int
    move_cap_turns: int
    letters: tuple[str, str, str, str]
    """notation letters of troll, dwarf, sorcerer, rock"""

    @property
    def squares(self) -> tuple[int, ...]:
        return tuple(c for c, v in enumerate(self.template) if v == EMPTY)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return tuple(cell + d for d in self.dirs if self.template[cell + d] == EMPTY)

    def steps_in_turn(self, turn: int) -> int:
        """How many steps the turn with this index (0 = the game's first) must make."""
        opening = self.opening_steps
        return opening[turn] if turn < len(opening) else self.later_steps


def geometry(board: SplutBoard) -> Geometry:
    """Tables for a board whose references are valid (the loader guarantees it)."""
    width = len(board.files) + 2
    height = board.ranks + 2
    template = [WALL] * (width * height)
    names = [""] * (width * height)
    index: dict[str, int] = {}
    for rank in range(board.ranks):
        for column in range(len(board.files)):
            if board.is_square(column, rank):
                cell = (rank + 1) * width + column + 1
                template[cell] = EMPTY
                names[cell] = board.name(column, rank)
                index[names[cell]] = cell
    starts = {s.id: tuple(index[s.starts[k]] for k in TEAM_KINDS) for s in board.seats}
    letters = tuple(board.piece(k).letter for k in (*TEAM_KINDS, "rock"))
    return Geometry(
        width=width, template=tuple(template), names=tuple(names),
        index=MappingProxyType(index), dirs=(width, 1, -width, -1),
        rocks=tuple(index[r] for r in board.rocks), seats=tuple(s.id for s in board.seats),
        starts=MappingProxyType(starts), seating=board.seating,  # type: ignore[arg-type]
        opening_steps=board.opening_steps, later_steps=board.later_steps,
        move_cap_turns=board.move_cap_turns, letters=letters)  # type: ignore[arg-type]
