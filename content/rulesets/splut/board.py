"""The `splut_board` part: a square-grid arena with rocks, seats, seating and glossary.

The shape is drawn in the JSON as rows of '#' (square) and '.' (no square), top rank
first, so a designer sees the diamond while typing; squares are named like chess squares
(file letter, rank number counted from the bottom row).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.editions.describe import describe_dataclass
from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import DUPLICATE_ID, UNKNOWN_REFERENCE
from stamperia.content.model import FrozenMap
from stamperia.content.parts import PartSection
from stamperia.content.references import did_you_mean
from stamperia.content.validation.document import Document

PIECE_KINDS = ("troll", "dwarf", "sorcerer", "rock")
TEAM_KINDS = ("troll", "dwarf", "sorcerer")


@dataclass(frozen=True)
class SplutSeat:
    """A side of the table: its colour and its team's start squares."""

    id: str
    colour: str
    text_colour: str
    starts: Mapping[str, str]
    """piece kind (troll, dwarf, sorcerer) -> start square name"""
    origin: Origin


@dataclass(frozen=True)
class SplutPiece:
    """A piece kind and its letter; only the neutral rock has a colour of its own."""

    id: str
    letter: str
    colour: str | None
    origin: Origin


@dataclass(frozen=True)
class SplutAgentProfile:
    """Weights of the `heuristic:<id>` agent (stamperia.rules.splut.agents): a designer's player."""

    id: str
    splut: int
    crush: int
    danger: int
    threat: int


@dataclass(frozen=True)
class SplutBoard:
    """The board: squares, rocks, seats and seating, and the turn's step counts."""

    square_mm: float
    files: tuple[str, ...]
    rows: tuple[str, ...]
    rocks: tuple[str, ...]
    seats: tuple[SplutSeat, ...]
    seating: Mapping[int, tuple[str, ...]]
    opening_steps: tuple[int, ...]
    later_steps: int
    move_cap_turns: int
    pieces: tuple[SplutPiece, ...]
    glossary: tuple[str, ...]
    prototype: bool
    origin: Origin
    agents: tuple[SplutAgentProfile, ...] = ()

    @property
    def ranks(self) -> int:
        return len(self.rows)

    def coordinates(self, name: str) -> tuple[int, int] | None:
        """(file index, rank index from the bottom) of a square name, None if off the grid."""
        if len(name) < 2 or name[0] not in self.files or not name[1:].isdigit():
            return None
        column, rank = self.files.index(name[0]), int(name[1:]) - 1
        if not 0 <= rank < self.ranks:
            return None
        return column, rank

    def is_square(self, column: int, rank: int) -> bool:
        if not (0 <= column < len(self.files) and 0 <= rank < self.ranks):
            return False
        row = self.rows[self.ranks - 1 - rank]
        return column < len(row) and row[column] == "#"

    def name(self, column: int, rank: int) -> str:
        return f"{self.files[column]}{rank + 1}"

    def squares(self) -> tuple[str, ...]:
        """Every square, bottom rank first, left to right."""
        return tuple(self.name(c, r) for r in range(self.ranks)
                     for c in range(len(self.files)) if self.is_square(c, r))

    def on_board(self, name: str) -> bool:
        where = self.coordinates(name)
        return where is not None and self.is_square(*where)

    def seat(self, seat_id: str) -> SplutSeat:
        return next(s for s in self.seats if s.id == seat_id)

    def piece(self, piece_id: str) -> SplutPiece:
        return next(p for p in self.pieces if p.id == piece_id)

    # --- the Part protocol (stamperia.content.parts) ---

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        required: dict[str, Origin] = {}
        for seat in self.seats:
            required[f"seat.{seat.id}.name"] = seat.origin
        for piece in self.pieces:
            required[f"piece.{piece.id}.name"] = piece.origin
            required[f"piece.{piece.id}.rule"] = piece.origin
        for index, entry in enumerate(self.glossary):
            where = self.origin.child(f"/glossary/{index}")
            required[f"glossary.{entry}.term"] = where
            required[f"glossary.{entry}.text"] = where
        for key in ("title", "turn", "glossary"):
            required[f"reference.{key}"] = self.origin.child("/glossary")
        return required, frozenset()

    def references(self) -> list[ContentError]:
        problems: list[ContentError] = []
        for index, row in enumerate(self.rows):
            if len(row) != len(self.files):
                problems.append(self.origin.error(
                    f"row {index + 1} has {len(row)} columns but there are "
                    f"{len(self.files)} files", "make every row as long as the files list",
                    f"/rows/{index}"))
        for index, rock in enumerate(self.rocks):
            problems += self._square_problems(rock, self.origin.child(f"/rocks/{index}"))
        seen: dict[str, Origin] = {}
        for seat in self.seats:
            if seat.id in seen:
                problems.append(seat.origin.error(
                    f"duplicate seat id {seat.id!r}",
                    f"first defined at line {seen[seat.id].line}", "/id", DUPLICATE_ID))
            seen.setdefault(seat.id, seat.origin)
            for kind in TEAM_KINDS:
                problems += self._square_problems(seat.starts[kind], seat.origin.child(f"/{kind}"))
        for count, seat_ids in self.seating.items():
            where = self.origin.child(f"/seating/{count}")
            if len(seat_ids) != count:
                problems.append(where.error(
                    f"seating for {count} players lists {len(seat_ids)} seats",
                    f"list exactly {count} seat ids"))
            for index, seat_id in enumerate(seat_ids):
                if seat_id not in seen:
                    problems.append(where.error(
                        f"unknown seat {seat_id!r}",
                        did_you_mean(seat_id, seen) or f"known: {', '.join(seen)}",
                        f"/{index}", UNKNOWN_REFERENCE))
        kinds = [p.id for p in self.pieces]
        for kind in PIECE_KINDS:
            if kinds.count(kind) != 1:
                problems.append(self.origin.error(
                    f"piece {kind!r} is listed {kinds.count(kind)} times",
                    "list troll, dwarf, sorcerer and rock once each", "/pieces"))
        return problems

    def _square_problems(self, name: str, origin: Origin) -> list[ContentError]:
        if self.on_board(name):
            return []
        return [origin.error(f"{name} is not a square of the board",
                             "name a square marked '#' in rows (file letter, rank from 1 "
                             "at the bottom row)", kind=UNKNOWN_REFERENCE)]

    def describe(self) -> tuple[PartSection, ...]:
        return describe_dataclass("board", self)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        squares = len(self.squares())
        return {"squares": (squares if self.prototype else 0, squares),
                "seats": (len(self.seats) if self.prototype else 0, len(self.seats))}


def build_splut_board(doc: Document) -> SplutBoard:
    """The model of a schema-valid splut_board document."""
    data = doc.data
    seats = tuple(
        SplutSeat(s["id"], s["colour"], s["text_colour"],
                  FrozenMap({k: s[k] for k in TEAM_KINDS}), doc.origin(f"/seats/{i}"))
        for i, s in enumerate(data["seats"]))
    pieces = tuple(SplutPiece(p["id"], p["letter"], p.get("colour"), doc.origin(f"/pieces/{i}"))
                   for i, p in enumerate(data["pieces"]))
    seating = FrozenMap({int(k): tuple(v) for k, v in sorted(data["seating"].items())})
    steps = data["turn_steps"]
    return SplutBoard(
        square_mm=float(data["square_mm"]), files=tuple(data["files"]),
        rows=tuple(data["rows"]), rocks=tuple(data["rocks"]), seats=seats, seating=seating,
        opening_steps=tuple(steps["opening"]), later_steps=steps["then"],
        move_cap_turns=data["move_cap_turns"], pieces=pieces,
        glossary=tuple(data["glossary"]), prototype=data.get("status") == "prototype",
        origin=doc.origin(),
        agents=tuple(SplutAgentProfile(k, v["splut"], v["crush"], v["danger"], v["threat"])
                     for k, v in sorted(data.get("agents", {}).items())))
