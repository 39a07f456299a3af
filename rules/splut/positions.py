"""The public position format of SPLUT! (ruleset `splut`), like FEN and UCI for chess.

A position is the whole engine state in readable JSON (schema `splut_position`): team
pieces by square, rocks in order, seats in turn order and who is out, the turn, the team
to move and its steps left, the rocks moved in the previous turn (rule R5) and in this
one, the levitation of this turn and the passes in a row (rule R6). Moves are the step
names of `rules.splut.notation` (`TF2n`, `TF2n+`, `TE3n*e`, `SD2n~E1`) and `pass`, legal
only when no step is (R6). SPLUT! has no chance: `to_move` is always a team colour.

Rock identity is the order of `rocks`; the other lists of rocks and `out` follow the order
of `rocks` and `seats`, so `write(read(x)) == x` for every position `read` accepts.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from content.errors import ContentError, Locator, pointer_escape, pointer_join
from content.model import Game
from content.references import did_you_mean
from content.schemas import schema_text as shipped_schema
from content.sourcemap import JsonSyntaxError, SourceMap, parse
from content.trace import FileLocator
from rules.positions import IllegalMove, LegalMoves, PositionError, PositionJson, PositionSource
from rules.splut.geometry import EMPTY, Geometry
from rules.splut.moves import Step, apply_step, blocked, legal_steps, pass_turn
from rules.splut.notation import NotationError, parse_step, step_name
from rules.splut.play import board_geometry
from rules.splut.position import (
    KIND_NAMES,
    LEV_UNUSED,
    PIECE_BASE,
    SORCERER,
    Position,
    piece_code,
    start_position,
)

SCHEMA_KIND = "splut_position"
SCHEMA_FILE = "splut_position.schema.json"
PASS = "pass"
"""The move of a player with no legal step (R6): the rest of the turn is lost."""
LEVITATION_STATES = ("unused", "active", "done")
"""Names of LEV_UNUSED, LEV_ACTIVE, LEV_DONE, in that order."""
SQUARE_HINT = "name a square marked '#' in the board's rows (file letter, rank from 1)"


def schema_text() -> str:
    """The position schema, shipped as package data next to the ruleset's content."""
    return shipped_schema(SCHEMA_KIND)


@dataclass(frozen=True)
class SplutState:
    """What `read` returns and `apply` takes: an engine position (never mutated once
    wrapped; `apply` plays on a copy) and the `$schema` the JSON named, kept so that
    `write(read(x)) == x`."""

    position: Position
    schema: str | None = None


@dataclass(frozen=True)
class _Problems:
    """Problems found in one position, each placed at its file, line and pointer."""

    locator: Locator
    found: list[ContentError]

    def add(self, pointer: str, message: str, hint: str = "") -> None:
        file, shown, line = self.locator.locate(pointer)
        self.found.append(ContentError(file, line, shown, message, hint))


@dataclass(frozen=True)
class SplutPositions:
    """The PositionFormat of ruleset `splut` (see rules.positions)."""

    @property
    def schema_kind(self) -> str:
        return SCHEMA_KIND

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        """The start position; SPLUT! deals nothing, so the seed is unused."""
        return _write(SplutState(start_position(board_geometry(game), players)))

    def read(self, game: Game, data: object, source: PositionSource) -> SplutState:
        locator, problems = _locate(source)
        problems += _schema_problems(data, locator)
        if problems:
            raise PositionError(sorted(problems))
        assert isinstance(data, dict)
        found = _Problems(locator, [])
        position = _build(board_geometry(game), data, found)
        if position is None or found.found:
            raise PositionError(sorted(found.found))
        schema = data.get("$schema")
        return SplutState(position, schema if isinstance(schema, str) else None)

    def write(self, game: Game, state: object) -> PositionJson:
        return _write(_state(state))

    def legal(self, game: Game, state: object) -> LegalMoves:
        pos = _state(state).position
        result = _result(pos)
        if result is not None:
            return LegalMoves(None, (), result=result)
        return LegalMoves(pos.seats[pos.player], _names(pos, legal_steps(pos)))

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> SplutState:
        """One step or a forced pass, played on a copy (the state passed stays as it was)."""
        current = _state(state)
        pos = current.position
        result = _result(pos)
        if result is not None:
            raise IllegalMove(move, f"the game is over ({result['end']})", ())
        steps = legal_steps(pos)
        child = pos.copy()
        if move == PASS:
            if steps:
                raise IllegalMove(move, "a pass is legal only when no step is (R6)",
                                  _names(pos, steps))
            pass_turn(child)
        elif not steps:
            raise IllegalMove(move, "no step is legal: the player must pass", (PASS,))
        else:
            try:
                step = parse_step(pos, move, steps)
            except NotationError as error:
                raise IllegalMove(move, str(error), _names(pos, steps)) from None
            apply_step(child, step)
        return SplutState(child, current.schema)


POSITIONS = SplutPositions()


def validate_position(game: Game, text: str, file: str) -> list[ContentError]:
    """Every problem of a position file (syntax, schema, contradictions), for the CLI."""
    try:
        data, _ = parse(text)
    except JsonSyntaxError as error:
        return _syntax_problems(text, file, error)
    try:
        POSITIONS.read(game, data, PositionSource(file, text))
    except PositionError as error:
        return list(error.problems)
    return []


def _result(pos: Position) -> dict[str, object] | None:
    """How a finished game ended, as the engine's play loop ends it; None while it runs."""
    if pos.over:
        return {"winner": pos.seats[pos.winner], "end": "last_sorcerer", "turns": pos.turn + 1}
    if pos.turn >= pos.geo.move_cap_turns:
        return {"winner": None, "end": "move_cap", "turns": pos.turn}
    if blocked(pos):
        return {"winner": None, "end": "blocked", "turns": pos.turn}
    return None


def _names(pos: Position, steps: list[Step]) -> tuple[str, ...]:
    """The legal moves in the engine's order (so an index picks the same step), or a pass."""
    return tuple(step_name(pos, step) for step in steps) or (PASS,)


def _state(state: object) -> SplutState:
    if not isinstance(state, SplutState):
        raise TypeError(f"not a SPLUT! state: {type(state).__name__}")
    return state


def _write(state: SplutState) -> PositionJson:
    pos = state.position
    geo = pos.geo
    names = geo.names
    pieces: dict[str, object] = {}
    for cell, value in enumerate(pos.board):
        if value >= PIECE_BASE:
            pieces[names[cell]] = {"team": pos.seats[(value >> 2) - 2],
                                   "piece": KIND_NAMES[value & 3]}
    rocks = [names[cell] for cell in pos.rocks]
    levitation: dict[str, object] = {"state": LEVITATION_STATES[pos.lev_state]}
    if pos.lev_state != LEV_UNUSED:
        levitation["rock"] = names[pos.rocks[pos.lev_rock]]
    data: PositionJson = {} if state.schema is None else {"$schema": state.schema}
    data.update({
        "seats": list(pos.seats),
        "out": [seat for seat, alive in zip(pos.seats, pos.alive, strict=True) if not alive],
        "turn": pos.turn + 1,
        "to_move": pos.seats[pos.player],
        "steps_left": pos.steps_left,
        "pieces": pieces,
        "rocks": rocks,
        "moved_last_turn": [sq for r, sq in enumerate(rocks) if pos.locked >> r & 1],
        "moved_this_turn": [sq for r, sq in enumerate(rocks) if pos.moved >> r & 1],
        "levitation": levitation,
        "passes": pos.passes,
    })
    return data


def _locate(source: PositionSource) -> tuple[Locator, list[ContentError]]:
    """A locator of the source's lines; the one problem json.loads lets through (a key
    written twice, like two pieces on one square) is reported here."""
    try:
        _, lines = parse(source.text)
    except JsonSyntaxError as error:
        problems = []
        if error.message.startswith("duplicate key"):
            problems = _syntax_problems(source.text, source.file, error)
        return FileLocator(source.file, SourceMap({"": 1})), problems
    return FileLocator(source.file, lines), []


def _syntax_problems(text: str, file: str, error: JsonSyntaxError) -> list[ContentError]:
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
