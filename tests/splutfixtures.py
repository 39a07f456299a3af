"""Helpers for SPLUT! engine tests: compact hand-made positions and step names."""

from __future__ import annotations

from functools import cache

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.splut.geometry import Geometry
from stamperia.rules.splut.moves import apply_step, legal_steps
from stamperia.rules.splut.notation import parse_step, step_name
from stamperia.rules.splut.play import board_geometry
from stamperia.rules.splut.position import Position, place

KINDS = {"T": 0, "D": 1, "S": 2}
SEATS = ("yellow", "green", "red", "blue")


@cache
def splut_game() -> Game:
    return load_game("splut")


def geo() -> Geometry:
    return board_geometry(splut_game())


def position(pieces: dict[str, str], rocks: list[str], player: int = 0, turn: int = 2,
             teams: int = 2) -> Position:
    """pieces: square -> kind letter and team digit, e.g. {"E5": "T0", "E8": "S1"}."""
    return place(geo(), SEATS[:teams], {sq: (int(v[1]), KINDS[v[0]]) for sq, v in
                                        pieces.items()}, rocks, player, turn)


def names(pos: Position) -> list[str]:
    return sorted(step_name(pos, s) for s in legal_steps(pos))


def play_names(pos: Position, *texts: str) -> list[object]:
    """Apply named steps in order; the events of each."""
    events: list[object] = []
    for text in texts:
        events.append(apply_step(pos, parse_step(pos, text, legal_steps(pos))))
    return events


def layout(pos: Position) -> dict[str, str]:
    """square -> what stands there ('R' for a rock, else kind letter and team)."""
    g = pos.geo
    found: dict[str, str] = {}
    for cell in pos.rocks:
        found[g.names[cell]] = "R"
    for slot, cell in enumerate(pos.where):
        if cell >= 0:
            found[g.names[cell]] = "TDS"[slot % 3] + str(slot // 3)
    return dict(sorted(found.items()))
