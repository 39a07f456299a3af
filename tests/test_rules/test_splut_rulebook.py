"""SPLUT!'s setup sentences (rulebooks/splut.md, by line) pinned on the public openings:
the four rocks, each team's three squares from its rock's point of view, the seating and
who starts, clockwise play; and two throw and levitation sentences no test spelt out."""

from __future__ import annotations

import math
from typing import Any

import pytest
from splutfixtures import layout, names, play_names, position

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.splut.positions import POSITIONS


@pytest.fixture(scope="module")
def splut() -> Game:
    return load_game("splut")


def _xy(square: str) -> tuple[int, int]:
    """File A-I as x 0-8, rank 1-9 as y 0-8 (north up)."""
    return ord(square[0]) - ord("A"), int(square[1:]) - 1


def _on_board(x: int, y: int) -> bool:
    return abs(x - 4) + abs(y - 4) <= 4


def _opening(splut: Game, players: int) -> dict[str, Any]:
    return dict(POSITIONS.opening(splut, players, 0))


def _teams(splut: Game, players: int) -> dict[str, dict[str, tuple[int, int]]]:
    data = _opening(splut, players)
    teams: dict[str, dict[str, tuple[int, int]]] = {}
    for square, piece in data["pieces"].items():
        teams.setdefault(piece["team"], {})[piece["piece"]] = _xy(square)
    return teams


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_rocks_on_the_squares_with_one_neighbour(splut: Game, players: int) -> None:
    """splut.md 17, 21-23: "sempre 4 Massi ... indipendentemente dal numero di giocatori",
    on "I 4 quadrati con un solo riquadro adiacente"."""
    rocks = _opening(splut, players)["rocks"]
    assert len(set(rocks)) == 4
    for rock in rocks:
        x, y = _xy(rock)
        neighbours = [(x + dx, y + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
                      if _on_board(x + dx, y + dy)]
        assert len(neighbours) == 1


def test_each_team_faces_its_rock_troll_right_sorcerer_left(splut: Game) -> None:
    """splut.md 27: the Dwarf "nel riquadro di fronte a una roccia", the Troll to its
    right and the Sorcerer to its left "Dal punto di vista del Masso"."""
    rocks = [_xy(r) for r in _opening(splut, 4)["rocks"]]
    for team in _teams(splut, 4).values():
        dx, dy = team["dwarf"]
        rock = next(r for r in rocks if abs(r[0] - dx) + abs(r[1] - dy) == 1)
        look = (dx - rock[0], dy - rock[1])
        right = (look[1], -look[0])  # a quarter turn clockwise, north up
        assert team["troll"] == (dx + right[0], dy + right[1])
        assert team["sorcerer"] == (dx - right[0], dy - right[1])


def _angle(at: tuple[int, int]) -> float:
    return math.degrees(math.atan2(at[1] - 4, at[0] - 4))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_goes_clockwise_and_the_seating_names_the_first_player(
        splut: Game, players: int) -> None:
    """splut.md 31-47 and 51: two players sit opposite; with three the third takes a free
    seat and the player to their right starts; with four the fourth starts; play passes
    to the left, clockwise."""
    data = _opening(splut, players)
    seats, teams = data["seats"], _teams(splut, players)
    assert data["to_move"] == seats[0] and data["steps_left"] == 1
    angles = [_angle(teams[s]["dwarf"]) for s in seats]
    turns = [(angles[i] - angles[(i + 1) % players]) % 360 for i in range(players)]
    assert all(0 < t < 360 for t in turns) and sum(turns) == 360  # always clockwise
    if players == 2:
        assert turns == [180, 180]
    if players == 3:
        # the third challenger sits beside both others; the player to their right (the
        # seat before theirs, clockwise) starts
        third = next(i for i in range(3) if turns[i - 1] == 90 and turns[i] == 90)
        assert third == 1
    if players == 4:
        three = _opening(splut, 3)["seats"]
        assert [s for s in seats if s not in three] == [seats[0]]


def test_a_rock_cannot_be_levitated_onto_a_troll() -> None:
    """splut.md 84 (Nota): "Non è possibile far levitare Massi sopra un riquadro occupato
    da un Troll, per poi gettarli automaticamente via"."""
    pos = position({"C5": "S0", "I5": "S1", "E4": "T1"}, ["E3", "E1", "E9", "A5"])
    steps = names(pos)
    assert "SC5n~E3" not in steps and "SC5n~E1" in steps


def test_a_thrown_rock_flies_over_a_dwarf_onto_the_sorcerer_behind() -> None:
    """splut.md 86 and 94: the rock "sorvola ... i Nani" and a Sorcerer is a target: it
    lands on him, and his team leaves the arena (100)."""
    pos = position({"E4": "T0", "A5": "S0", "E6": "D1", "E7": "S1"}, ["E5", "E1", "C3", "C7"])
    assert play_names(pos, "TE4n*n") == [[("splut", 1, (1, 2))]]
    assert layout(pos)["E7"] == "R" and "E6" not in layout(pos)
    assert pos.over and pos.winner == 0
