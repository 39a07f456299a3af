"""The conquest board's index: lookups by territory agree with the declared lists, and the
model stays frozen and picklable with it."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.conquest.model import Board, Conquest


@pytest.fixture(scope="module")
def board() -> Board:
    found = load_game("sgrunt").part(Conquest).board
    assert found is not None
    return found


def scanned_neighbours(board: Board, territory: str, blocked: frozenset[str]) -> tuple[str, ...]:
    """What a neighbour is, read straight from the declared borders and links."""
    found = {b.between[1 - b.between.index(territory)] for b in board.borders
             if territory in b.between}
    found |= {lk.between[1 - lk.between.index(territory)] for lk in board.links
              if territory in lk.between and lk.kind not in blocked}
    return tuple(sorted(found))


def test_neighbours_are_the_declared_borders_and_open_links(board: Board) -> None:
    assert board.neighbours("asinara") == ("nurra", "villanova")
    assert board.neighbours("asinara", frozenset({"sea_route"})) == ()
    for blocked in (frozenset(), frozenset({"sea_route"})):
        for territory in board.territories:
            assert board.neighbours(territory.id, blocked) == scanned_neighbours(
                board, territory.id, blocked), territory.id


def test_territory_lookup(board: Board) -> None:
    for territory in board.territories:
        assert board.territory(territory.id) is territory


def test_board_pickles_and_stays_frozen(board: Board) -> None:
    copy = pickle.loads(pickle.dumps(board))
    assert copy == board
    assert copy.neighbours("cagliari") == board.neighbours("cagliari")
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.index = board.index  # type: ignore[misc]


def test_a_changed_board_gets_its_own_index(board: Board) -> None:
    without_links = dataclasses.replace(board, links=())
    assert without_links.neighbours("asinara") == ()
    assert board.neighbours("asinara") == ("nurra", "villanova")
