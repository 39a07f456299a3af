"""Legal steps and their effects: the whole rulebook, one step at a time.

A step is `(kind, direction, extra)`: kind 0 troll, 1 dwarf, 2 sorcerer; direction an
index into Geometry.dirs (n, e, s, w); extra
  troll:    0 plain step, 1 step pulling the rock behind, 2 + t step onto a rock and
            throw it towards direction t;
  dwarf:    0 (a push happens whenever the square ahead is taken);
  sorcerer: 0 no levitation, 1 + r levitate rock r along.

Readings of the rulebook where it is silent (README "SPLUT! rule readings"):
  R1 a throw must move the rock at least one square: a direction whose first square is
     the edge, a Troll or a Rock is not a legal throw (the rock cannot land in the
     thrower's hands); stepping back along the way it came is always possible;
  R2 a Troll stepping onto a rock does not also pull one (his hands take the rock);
  R3 a Sorcerer steps first, then his rock follows: the rock may move into the square he
     just left, but a rock directly in front blocks him like any piece;
  R4 any thrown rock kills any Sorcerer it reaches, his own team's included;
  R5 "moved during the previous player's turn" means the turn played just before this
     one; a rock moved by the current player may be levitated;
  R6 a player with no legal step left passes the rest of the turn (also mid-turn).
"""

from __future__ import annotations

from typing import Final

from stamperia.rules.splut.geometry import EMPTY, WALL
from stamperia.rules.splut.position import (
    DWARF,
    LEV_ACTIVE,
    LEV_DONE,
    LEV_UNUSED,
    PIECE_BASE,
    SORCERER,
    TROLL,
    Position,
)

Step = tuple[int, int, int]

SPLUT: Final = "splut"
CRUSH: Final = "crush"
Event = tuple[str, int, tuple[int, ...]]
"""("splut", team whose Sorcerer died, kinds of the pieces leaving with the team) or
("crush", team whose Dwarf was crushed, (DWARF,))."""


def legal_steps(pos: Position) -> list[Step]:
    """Every legal step of the player to move (empty: the player must pass)."""
    board = pos.board
    dirs = pos.geo.dirs
    base = 3 * pos.player
    where = pos.where
    out: list[Step] = []
    troll = where[base]
    if troll >= 0:
        for di in range(4):
            d = dirs[di]
            to = troll + d
            v = board[to]
            if v == EMPTY:
                out.append((TROLL, di, 0))
                if 0 < board[troll - d] < PIECE_BASE:
                    out.append((TROLL, di, 1))
            elif 0 < v < PIECE_BASE:
                for ti in range(4):
                    first = to + dirs[ti]
                    w = EMPTY if first == troll else board[first]
                    # R1: the rock must leave the troll's square
                    if w == EMPTY or (w >= PIECE_BASE and w & 3 != TROLL):
                        out.append((TROLL, di, 2 + ti))
    dwarf = where[base + 1]
    if dwarf >= 0:
        for di in range(4):
            d = dirs[di]
            p = dwarf + d
            v = board[p]
            while v != EMPTY and v != WALL:
                p += d
                v = board[p]
            if v == EMPTY:
                out.append((DWARF, di, 0))
    sorcerer = where[base + 2]
    if sorcerer >= 0:
        state = pos.lev_state
        rocks = pos.rocks
        locked = pos.locked
        for di in range(4):
            d = dirs[di]
            if board[sorcerer + d] != EMPTY:
                continue
            out.append((SORCERER, di, 0))
            if state == LEV_UNUSED:
                for r in range(len(rocks)):
                    if not locked >> r & 1:
                        goal = rocks[r] + d
                        if board[goal] == EMPTY or goal == sorcerer:
                            out.append((SORCERER, di, 1 + r))
            elif state == LEV_ACTIVE:
                r = pos.lev_rock
                goal = rocks[r] + d
                if board[goal] == EMPTY or goal == sorcerer:
                    out.append((SORCERER, di, 1 + r))
    return out


def apply_step(pos: Position, step: Step) -> list[Event] | None:
    """Play one legal step; returns what died (None when nothing did)."""
    kind, di, extra = step
    board = pos.board
    d = pos.geo.dirs[di]
    slot = 3 * pos.player + kind
    start = pos.where[slot]
    to = start + d
    code = board[start]
    events: list[Event] | None = None
    throw = False
    if kind == TROLL:
        if extra >= 2:
            throw = True
            events = _throw(pos, start, to, pos.geo.dirs[extra - 2])
        else:
            board[to] = code
            board[start] = EMPTY
            pos.where[slot] = to
            if extra:
                behind = start - d
                rock = board[behind] - 1
                board[start] = rock + 1
                board[behind] = EMPTY
                pos.rocks[rock] = start
                pos.moved |= 1 << rock
    elif kind == DWARF:
        if board[to] != EMPTY:
            _push(pos, to, d)
        board[to] = code
        board[start] = EMPTY
        pos.where[slot] = to
    else:
        board[to] = code
        board[start] = EMPTY
        pos.where[slot] = to
        if extra:
            rock = extra - 1
            at = pos.rocks[rock]
            board[at] = EMPTY
            board[at + d] = rock + 1
            pos.rocks[rock] = at + d
            pos.moved |= 1 << rock
            pos.lev_rock = rock
            pos.lev_state = LEV_ACTIVE
    if pos.lev_state == LEV_ACTIVE and not (kind == SORCERER and extra):
        pos.lev_state = LEV_DONE
    pos.passes = 0
    pos.steps_left -= 1
    if (throw or pos.steps_left == 0) and pos.winner < 0:
        end_turn(pos)
    return events


def _push(pos: Position, first: int, d: int) -> None:
    """Shift the line of pieces starting at `first` one square along d (room is known)."""
    board = pos.board
    last = first
    while board[last + d] != EMPTY:
        last += d
    cell = last
    while True:
        v = board[cell]
        board[cell + d] = v
        if v < PIECE_BASE:
            pos.rocks[v - 1] = cell + d
            pos.moved |= 1 << (v - 1)
        else:
            pos.where[3 * ((v >> 2) - 2) + (v & 3)] = cell + d
        if cell == first:
            break
        cell -= d
    board[first] = EMPTY


def _throw(pos: Position, start: int, rock_cell: int, d: int) -> list[Event] | None:
    """The troll steps from start onto the rock and throws it along d."""
    board = pos.board
    rock = board[rock_cell] - 1
    troll = board[start]
    board[start] = EMPTY
    board[rock_cell] = troll
    pos.where[3 * pos.player + TROLL] = rock_cell
    pos.moved |= 1 << rock
    cell = rock_cell + d
    v = board[cell]
    while v == EMPTY or (v >= PIECE_BASE and v & 3 == DWARF):
        cell += d
        v = board[cell]
    events: list[Event] | None = None
    if v >= PIECE_BASE and v & 3 == SORCERER:
        landing = cell
        victim = (v >> 2) - 2
        events = [(SPLUT, victim, _remove_team(pos, victim))]
    else:
        landing = cell - d
        v = board[landing]
        if v != EMPTY:
            victim = (v >> 2) - 2
            pos.where[3 * victim + DWARF] = -1
            events = [(CRUSH, victim, (DWARF,))]
    board[landing] = rock + 1
    pos.rocks[rock] = landing
    return events


def _remove_team(pos: Position, team: int) -> tuple[int, ...]:
    """Take the team off the board; the kinds it still had."""
    removed = []
    for kind in range(3):
        cell = pos.where[3 * team + kind]
        if cell >= 0:
            removed.append(kind)
            pos.board[cell] = EMPTY
            pos.where[3 * team + kind] = -1
    pos.alive[team] = False
    standing = [t for t, alive in enumerate(pos.alive) if alive]
    if len(standing) == 1:
        pos.winner = standing[0]
    return tuple(removed)


def end_turn(pos: Position) -> None:
    """Hand the turn to the next team still standing, clockwise."""
    pos.locked = pos.moved
    pos.moved = 0
    pos.lev_rock = -1
    pos.lev_state = LEV_UNUSED
    pos.turn += 1
    teams = len(pos.alive)
    player = (pos.player + 1) % teams
    while not pos.alive[player]:
        player = (player + 1) % teams
    pos.player = player
    pos.steps_left = pos.geo.steps_in_turn(pos.turn)


def pass_turn(pos: Position) -> None:
    """R6: the player to move has no legal step; the rest of the turn is lost."""
    pos.passes += 1
    end_turn(pos)


def blocked(pos: Position) -> bool:
    """Every team standing passed in a row: nobody can ever move again."""
    return pos.passes >= sum(pos.alive)
