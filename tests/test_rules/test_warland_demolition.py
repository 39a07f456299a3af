"""WARLAND demolition: the attacker chooses the building ("puoi distruggere un Edificio a
faccia in giù o in su ... adiacente alla carta dell'Edificio scelto"), the Castello
included while other buildings stand; positions name the aimed building; the raiding
agents aim at the Castello, so their games can end by the rules."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from warlandpositions import fed_opening

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.positions import PositionError, PositionSource
from stamperia.rules.simulation.runner import SimulationRequest, play_one
from stamperia.rules.warland import engine
from stamperia.rules.warland.agents import agent
from stamperia.rules.warland.odds import Dice, beat
from stamperia.rules.warland.position import to_engine
from stamperia.rules.warland.positions import POSITIONS
from stamperia.rules.warland.simulate import SIMULATOR

DICE = Dice(2, 6)


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def _card(building: str, face_up: bool = True, residents: int = 0) -> dict[str, Any]:
    return {"building": building, "face_up": face_up, "residents": residents, "hits": 0}


def _raid(game: Game) -> dict[str, Any]:
    """Rossi (to move) has a strength-2 soldier arrived at blu's castle; blu has no soldier
    at home, a face-up Fattoria and a face-down Forno besides its Castello."""
    data: dict[str, Any] = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 2, "target": "blu", "turns_left": 0}]
    data["players"][1]["buildings"] = [_card("castello"), _card("fattoria", True, 1),
                                       _card("forno", False)]
    return data


def _read(game: Game, data: dict[str, Any]) -> Any:
    text = json.dumps(data, indent=2)
    return POSITIONS.read(game, json.loads(text), PositionSource("p.json", text))


def _odds(game: Game, data: dict[str, Any], move: str) -> dict[str, Fraction]:
    position = POSITIONS.apply(game, _read(game, data), move, random.Random(0))
    return {o.move: o.probability for o in POSITIONS.legal(game, position).chance}


def test_every_standing_building_may_be_aimed_at(game: Game) -> None:
    moves = POSITIONS.legal(game, _read(game, _raid(game))).moves
    assert [m for m in moves if m.startswith("demolish")] == [
        "demolish blu castello", "demolish blu fattoria", "demolish blu forno"]


def test_each_aim_rolls_against_its_own_resistance(game: Game) -> None:
    """Castello 10 (two hits to fall), a face-up Fattoria 5, a face-down card 5."""
    data = _raid(game)
    ten, five = beat(DICE, 2, 10), beat(DICE, 2, 5)
    assert _odds(game, data, "demolish blu castello") == {
        "outcome hit": ten, "outcome standing": 1 - ten}
    assert _odds(game, data, "demolish blu fattoria") == {
        "outcome demolished": five, "outcome standing": 1 - five}
    assert _odds(game, data, "demolish blu forno") == {
        "outcome demolished": five, "outcome standing": 1 - five}


def test_a_demolished_aim_is_the_card_that_goes(game: Game) -> None:
    position = POSITIONS.apply(game, _read(game, _raid(game)), "demolish blu fattoria",
                               random.Random(0))
    written = POSITIONS.write(game, position)
    assert written["attack"] == {"action": "demolish", "target": "blu",
                                 "building": "fattoria"}
    demolished = POSITIONS.apply(game, position, "outcome demolished", random.Random(0))
    after: dict[str, Any] = POSITIONS.write(game, demolished)
    assert [b["building"] for b in after["players"][1]["buildings"]] == ["castello", "forno"]


@pytest.mark.parametrize("attack,pointer,message", [
    ({"action": "demolish", "target": "blu"}, "/attack", "names the building"),
    ({"action": "demolish", "target": "blu", "building": "caserma"}, "/attack/building",
     "not 'caserma'"),
])
def test_a_pending_demolition_names_a_standing_building(
        game: Game, attack: dict[str, str], pointer: str, message: str) -> None:
    data = POSITIONS.write(game, POSITIONS.apply(game, _read(game, _raid(game)),
                                                 "demolish blu fattoria", random.Random(0)))
    data["attack"] = attack
    with pytest.raises(PositionError) as raised:
        _read(game, data)
    assert [(p.pointer, message in p.message) for p in raised.value.problems] == [
        (pointer, True)]


@pytest.mark.parametrize("name", ["raider", "heuristic:aggressive"])
def test_raiders_aim_at_the_castle(game: Game, name: str) -> None:
    state, flags = to_engine(game, _read(game, _raid(game)))
    legal = engine.legal_actions(state, 0, flags)
    chosen = agent(name)(state, 0, legal, random.Random(0))
    assert (chosen.do, chosen.building, chosen.target) == ("demolish", "castello", 1)


def test_raiders_games_can_end_by_the_last_castle(game: Game) -> None:
    """Before the attacker chose, a demolition hit the weakest other building first, and
    the defender built one a turn: no castle ever fell in 24 games of raiders."""
    request = SimulationRequest("warland", 3, 12, 0, ("raider",))
    play = SIMULATOR.bind(game)
    ends = [play_one(play, request, index).end for index in range(12)]
    assert "last_castle" in ends, ends
