"""Reading a SPLUT! position file: its syntax, its schema, and what it must not contradict
(the board's squares, the seating, the pieces, the rocks and the rules' counters), each
problem placed at its file, line and JSON pointer (see positions.py for the format).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import ContentError, Locator, pointer_escape, pointer_join
from stamperia.content.references import did_you_mean
from stamperia.content.validation.schemas import schema_text as shipped_schema
from stamperia.content.validation.sourcemap import JsonSyntaxError, SourceMap, parse
from stamperia.rules.positions import PositionError, PositionSource
from stamperia.rules.splut.geometry import EMPTY, Geometry
from stamperia.rules.splut.position import (
    KIND_NAMES,
    PIECE_BASE,
    SORCERER,
    Position,
    piece_code,
)

SCHEMA_KIND = "splut_position"
SCHEMA_FILE = "splut_position.schema.json"
LEVITATION_STATES = ("unused", "active", "done")
"""Names of LEV_UNUSED, LEV_ACTIVE, LEV_DONE, in that order."""
SQUARE_HINT = "name a square marked '#' in the board's rows (file letter, rank from 1)"


def schema_text() -> str:
    """The position schema, shipped as package data next to the ruleset's content."""
    return shipped_schema(SCHEMA_KIND)


@dataclass(frozen=True)
class _Problems:
    """Problems found in one position, each placed at its file, line and pointer."""

    locator: Locator
    found: list[ContentError]

    def add(self, pointer: str, message: str, hint: str = "") -> None:
        file, shown, line = self.locator.locate(pointer)
        self.found.append(ContentError(file, line, shown, message, hint))


def read_position(geo: Geometry, data: object, source: PositionSource) -> Position:
    """The engine position a position file's data describes; PositionError with every
    problem when it is malformed or contradicts the content or the rules."""
    locator, problems = _locate(source)
    problems += _schema_problems(data, locator)
    if problems:
        raise PositionError(sorted(problems))
    assert isinstance(data, dict)
    found = _Problems(locator, [])
    position = _build(geo, data, found)
    if position is None or found.found:
        raise PositionError(sorted(found.found))
    return position


def _locate(source: PositionSource) -> tuple[Locator, list[ContentError]]:
    """A locator of the source's lines; the one problem json.loads lets through (a key
    written twice, like two pieces on one square) is reported here."""
    try:
        _, lines = parse(source.text)
    except JsonSyntaxError as error:
        problems = []
        if error.message.startswith("duplicate key"):
            problems = syntax_problems(source.text, source.file, error)
        return FileLocator(source.file, SourceMap({"": 1})), problems
    return FileLocator(source.file, lines), []


def syntax_problems(text: str, file: str, error: JsonSyntaxError) -> list[ContentError]:
    if not error.message.startswith("duplicate key"):
        return [ContentError(file, error.line, "",
                             f"malformed JSON at column {error.column}: {error.message}",
                             "fix the syntax; an editor with JSON support shows where")]
    pointer = _first_duplicate(json.loads(text, object_pairs_hook=_Pairs), "") or ""
    parent, _, key = pointer.rpartition("/")
    if parent == "/pieces":
        return [ContentError(file, error.line, pointer, f"two pieces on {key}",
                             "one piece per square: remove one of them")]
    return [ContentError(file, error.line, pointer, error.message,
                         "keep one of them")]


class _Pairs(tuple[tuple[str, object], ...]):
    """A JSON object as its key/value pairs in order, duplicates kept."""


def _first_duplicate(value: object, pointer: str) -> str | None:
    """The pointer of the first key written twice, in document order."""
    children: list[tuple[str, object]] = []
    if isinstance(value, _Pairs):
        seen: set[str] = set()
        for key, item in value:
            if key in seen:
                return f"{pointer}/{pointer_escape(key)}"
            seen.add(key)
            children.append((f"{pointer}/{pointer_escape(key)}", item))
    elif isinstance(value, list):
        children = [(f"{pointer}/{index}", item) for index, item in enumerate(value)]
    for child_pointer, item in children:
        found = _first_duplicate(item, child_pointer)
        if found is not None:
            return found
    return None


def _schema_problems(data: object, locator: Locator) -> list[ContentError]:
    validator = Draft202012Validator(json.loads(schema_text()))
    problems = []
    for error in validator.iter_errors(data):
        if error.context:
            error = best_match(error.context)
        file, shown, line = locator.locate(pointer_join(list(error.absolute_path)))
        problems.append(ContentError(file, line, shown, error.message,
                                     f"see {SCHEMA_FILE} (content/rulesets/splut/schemas)"))
    return problems


def _build(geo: Geometry, data: dict[str, object], problems: _Problems) -> Position | None:
    """The engine position of schema-valid data; None (with problems) when it contradicts
    the content or the rules. Checks that depend on the seats run only on valid seats."""
    seats = tuple(str(s) for s in _list(data, "seats"))
    count = len(seats)
    if seats != geo.seating.get(count):
        _seat_problems(geo, seats, problems)
        return None
    team_of = {seat: team for team, seat in enumerate(seats)}

    def seated(pointer: str, team: str) -> bool:
        if team not in team_of:
            problems.add(pointer, f"team {team!r} is not seated",
                         did_you_mean(team, seats) or f"the seats are {', '.join(seats)}")
        return team in team_of

    out = [str(t) for t in _list(data, "out")]
    known_out = [t for i, t in enumerate(out) if seated(f"/out/{i}", t)]
    if known_out == out and out != [s for s in seats if s in out]:
        problems.add("/out", "the teams out are not in seat order",
                     f"list them in the order of /seats: {', '.join(seats)}")
    alive = [seat not in out for seat in seats]
    standing = sum(alive)
    if standing == 0:
        problems.add("/out", "every team is out", "the last Sorcerer standing wins: keep one")
    to_move = str(data["to_move"])
    if seated("/to_move", to_move) and not alive[team_of[to_move]] and standing > 1:
        problems.add("/to_move", f"{to_move} is out and cannot be to move",
                     "name a team still standing")

    turn = _int(data, "turn")
    if turn > geo.move_cap_turns + 1:
        problems.add("/turn", f"turn {turn} is beyond the move cap of "
                     f"{geo.move_cap_turns} turns", "a game still running then is a draw")
    budget = geo.steps_in_turn(turn - 1)
    steps_left = _int(data, "steps_left")
    if steps_left > budget:
        problems.add("/steps_left", f"{steps_left} steps left, but turn {turn} has "
                     f"{budget}", f"at most {budget} (turn steps: "
                     f"{', '.join(map(str, geo.opening_steps))}, then {geo.later_steps})")
    elif steps_left == 0 and standing > 1:
        problems.add("/steps_left", "no steps left in a game still running",
                     "a turn ends with its last step: write the next turn, with its budget")

    board = list(geo.template)
    where = [-1] * (3 * count)
    rock_cells: list[int] = []
    rock_squares = [str(r) for r in _list(data, "rocks")]
    for index, square in enumerate(rock_squares):
        cell = geo.index.get(square)
        if cell is None:
            problems.add(f"/rocks/{index}", f"{square} is not a square of the board",
                         SQUARE_HINT)
            continue
        if board[cell] != EMPTY:
            problems.add(f"/rocks/{index}", f"two rocks on {square}", "one rock per square")
            continue
        rock_cells.append(cell)
        board[cell] = len(rock_cells)
    if len(rock_squares) != len(geo.rocks):
        problems.add("/rocks", f"{len(rock_squares)} rocks, but the game has "
                     f"{len(geo.rocks)}", "every rock stays on the board all game")

    pieces = data["pieces"]
    assert isinstance(pieces, dict)
    for square, entry in pieces.items():
        here = f"/pieces/{pointer_escape(square)}"
        team, kind_name = str(entry["team"]), str(entry["piece"])
        cell = geo.index.get(square)
        if cell is None:
            problems.add(here, f"{square} is not a square of the board", SQUARE_HINT)
            continue
        if not seated(f"{here}/team", team):
            continue
        t, kind = team_of[team], KIND_NAMES.index(kind_name)
        if not alive[t]:
            problems.add(f"{here}/team", f"{team} is out, but its {kind_name} is on {square}",
                         f"remove the piece, or take {team} off /out")
        elif board[cell] != EMPTY:
            problems.add(here, f"a rock and the {team} {kind_name} both on {square}",
                         "one piece or rock per square")
        elif where[3 * t + kind] >= 0:
            problems.add(f"{here}/piece", f"{team} has two {kind_name}s (also on "
                         f"{geo.names[where[3 * t + kind]]})",
                         "a team has one troll, one dwarf and one sorcerer")
        else:
            board[cell] = piece_code(t, kind)
            where[3 * t + kind] = cell
    for t, seat in enumerate(seats):
        if alive[t] and where[3 * t + SORCERER] < 0 and not any(
                e.pointer.startswith("/pieces/") for e in problems.found):
            problems.add("/pieces", f"{seat} is standing but its sorcerer is not on the board",
                         f"place the sorcerer, or list {seat} in /out")

    def rock_bits(name: str) -> int:
        bits, order = 0, []
        for index, square in enumerate(_list(data, name)):
            cell = geo.index.get(str(square))
            if cell is None or not 0 < board[cell] < PIECE_BASE:
                problems.add(f"/{name}/{index}", f"no rock on {square}",
                             "name squares listed in /rocks")
                continue
            bits |= 1 << (board[cell] - 1)
            order.append(board[cell])
        if order != sorted(order):
            problems.add(f"/{name}", "the rocks are not in the order of /rocks",
                         "list them in the order they have in /rocks")
        return bits

    locked, moved = rock_bits("moved_last_turn"), rock_bits("moved_this_turn")
    levitation = data["levitation"]
    assert isinstance(levitation, dict)
    lev_state = LEVITATION_STATES.index(str(levitation["state"]))
    lev_rock = -1
    if "rock" in levitation:
        square = str(levitation["rock"])
        cell = geo.index.get(square)
        if cell is None or not 0 < board[cell] < PIECE_BASE:
            problems.add("/levitation/rock", f"no rock on {square}",
                         "name a square listed in /rocks")
        elif not moved >> (board[cell] - 1) & 1:
            problems.add("/levitation/rock", f"the rock on {square} was levitated this turn "
                         "but is not in /moved_this_turn", "add it to /moved_this_turn")
        else:
            lev_rock = board[cell] - 1
    passes = _int(data, "passes")
    if passes > standing:
        problems.add("/passes", f"{passes} passes in a row, but {standing} teams stand",
                     "the game is blocked once every team standing has passed in a row")
    if problems.found:
        return None

    pos = Position(geo, board, where, rock_cells, seats, alive, team_of[to_move], turn - 1,
                   steps_left)
    pos.lev_state, pos.lev_rock = lev_state, lev_rock
    pos.moved, pos.locked, pos.passes = moved, locked, passes
    pos.winner = alive.index(True) if standing == 1 else -1
    return pos


def _seat_problems(geo: Geometry, seats: tuple[str, ...], problems: _Problems) -> None:
    unknown = False
    for index, seat in enumerate(seats):
        if seat not in geo.seats:
            unknown = True
            problems.add(f"/seats/{index}", f"unknown team {seat!r}",
                         did_you_mean(seat, geo.seats) or f"known: {', '.join(geo.seats)}")
    if unknown:
        return
    if len(seats) not in geo.seating:
        problems.add("/seats", f"the board has no seating for {len(seats)} players",
                     f"seat {', '.join(map(str, sorted(geo.seating)))} players")
    else:
        problems.add("/seats", f"the seats for {len(seats)} players, in turn order, are "
                     f"{', '.join(geo.seating[len(seats)])}", "copy the board's seating")


def _list(data: dict[str, object], key: str) -> list[object]:
    value = data[key]
    assert isinstance(value, list)
    return value


def _int(data: dict[str, object], key: str) -> int:
    """A schema-valid integer: JSON Schema also calls 3.0 an integer."""
    value = data[key]
    assert isinstance(value, int | float)
    return int(value)
