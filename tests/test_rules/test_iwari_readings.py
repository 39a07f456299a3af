"""IWARI's readings kept as content parameters (set.json): each is tested with the shipped
game (the default reading) and with the other value set in memory. The expectations follow
the rulebook's words (rulebooks/iwari.txt, by line) under each reading."""

from __future__ import annotations

import json
import random
from typing import Any, Final

import pytest

from stamperia.content.editions.overrides import Override
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import State, apply_place
from stamperia.rules.iwari.feats import earned
from stamperia.rules.iwari.positions import POSITIONS, validate_position
from stamperia.rules.iwari.setup import deal
from stamperia.rules.registry import check_rules

ONORE: Final = {"id": "onore", "copies": 1, "multiplies": "totems", "placed_on": "connection",
                "trigger": "land_majority"}
RISPETTO: Final = {"id": "rispetto", "copies": 1, "multiplies": "totems",
                   "placed_on": "connection", "trigger": "water_majority"}
UNIONE: Final = {"id": "unione", "copies": 2, "multiplies": "tents", "placed_on": "territory",
                 "trigger": "camp"}
"""The shipped feats (content/games/iwari/set.json, /feats/2, /feats/3, /feats/0)."""


@pytest.fixture(scope="module")
def shipped() -> Game:
    return load_game("iwari")


def _covered(under: bool) -> Game:
    """The game with both connection feats earned under a mountain (or not)."""
    return load_game("iwari", [
        Override("set.json", "/feats/2", {**ONORE, "earned_under_mountain": under}),
        Override("set.json", "/feats/3", {**RISPETTO, "earned_under_mountain": under})])


def _majority_under_a_mountain(game: Game) -> tuple[State, Place]:
    """Red holds the only totems of tundra_1 and glacier_2, joined by land connection 1,
    which a mountain covers."""
    components, maps = iwari_parts(game)
    side = maps.sides[0]
    state = State(index_side(side), components,
                  deal(components, side, 4, random.Random(1)), feats=True)
    board = state.board
    tundra, glacier = board.territory_index("tundra_1"), board.territory_index("glacier_2")
    for territory in (tundra, glacier):
        apply_place(state, 0, [], Place(territory, (), (board.first_space[territory],), 0), [])
    state.mountains = frozenset({1})
    apply_place(state, 0, [], Place(tundra, (), (), 1), [])
    both = Place(glacier, (), (), 1)
    apply_place(state, 0, [], both, [])
    return state, both


def test_by_default_a_covered_connection_earns_no_onore(shipped: Game) -> None:
    """iwari.txt 76: "Tutti i collegamenti coperti da una Montagna non daranno punti", read
    as: no ONORE either (290); the feat stays in the supply for an open connection."""
    state, both = _majority_under_a_mountain(shipped)
    assert [f.feat for f in earned(state, 0, both)] == []
    assert state.feats_left["onore"] == 1


def test_a_covered_connection_may_earn_onore_when_the_content_says_so() -> None:
    """earned_under_mountain true: "il primo giocatore a possedere la maggioranza dei
    Totem su un collegamento via terra" (290) names no mountain, so red earns ONORE there,
    the only place it may go ("solamente su quel collegamento"), and the supply's one copy
    is gone."""
    state, both = _majority_under_a_mountain(_covered(True))
    onore = [f for f in earned(state, 0, both) if f.feat == "onore"]
    assert [(f.on, f.where) for f in onore] == [("connection", (1,))]
    assert state.feats_left["onore"] == 0
    state, both = _majority_under_a_mountain(_covered(False))
    assert [f.feat for f in earned(state, 0, both)] == []


def test_the_check_accepts_one_reading_for_both_connection_feats(shipped: Game) -> None:
    assert check_rules(shipped)[0].problems == ()
    assert check_rules(_covered(True))[0].problems == ()


def test_the_check_refuses_the_reading_on_a_territory_feat() -> None:
    game = load_game("iwari", [
        Override("set.json", "/feats/0", {**UNIONE, "earned_under_mountain": True})])
    assert [(p.pointer, p.severity, p.message) for p in check_rules(game)[0].problems] == [
        ("/feats/0/earned_under_mountain", "error",
         "unione: earned_under_mountain is set, but its trigger 'camp' is no connection "
         "majority")]


def test_the_check_warns_when_onore_and_rispetto_read_mountains_differently() -> None:
    """RISPETTO is worded as ONORE by water (296): one reading for both."""
    game = load_game("iwari", [
        Override("set.json", "/feats/2", {**ONORE, "earned_under_mountain": True})])
    assert [(p.pointer, p.severity, p.message) for p in check_rules(game)[0].problems] == [
        ("/feats", "warning",
         "the connection feats read a mountain differently (onore true, rispetto false)")]


def _onore_under_a_mountain(game: Game) -> tuple[dict[str, Any], int]:
    """A two-player opening with red's ONORE on a covered land connection."""
    data: dict[str, Any] = POSITIONS.opening(game, 2, 3)
    land = {c.number for c in iwari_parts(game)[1].sides[0].connections if c.kind == "land"}
    number = next(m for m in data["mountains"] if m in land)
    data["feats"].append({"feat": "onore", "connection": number, "tribe": "red"})
    data["feat_supply"]["onore"] = 0
    return data, number


def test_a_position_with_onore_under_a_mountain_follows_the_reading(shipped: Game) -> None:
    """By default a covered connection earns no ONORE, so a position holding one there
    contradicts the game; with earned_under_mountain true it is a position of the game."""
    data, number = _onore_under_a_mountain(shipped)
    text = json.dumps(data, indent=1)
    assert [(p.pointer, p.message) for p in validate_position(shipped, text, "p.json")] == [
        ("/feats/0/connection", f"connection {number} is under a mountain: no onore is "
                                "earned there")]
    assert validate_position(_covered(True), text, "p.json") == []
