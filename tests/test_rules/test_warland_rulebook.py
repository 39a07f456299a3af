"""WARLAND's rulebook sentences (rulebooks/warland.txt, by line) pinned on positions: each
test sets a table the rule speaks about and asks the public position interface what is
legal, or plays the moves and reads the new position."""

from __future__ import annotations

import json
import random
from typing import Any, Final

import pytest
from warlandpositions import legal_moves, main_phase_table, read_position, sent_counts

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.positions import apply_moves
from stamperia.rules.warland import engine
from stamperia.rules.warland.position import to_engine
from stamperia.rules.warland.positions import POSITIONS, validate_position
from stamperia.rules.warland.state import Seat


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def test_at_most_four_soldiers_move_in_a_turn(game: Game) -> None:
    """warland.txt 63-64: "puoi muovere ... fino a ... 4 Soldati"."""
    data = main_phase_table(game)
    data["players"][0]["soldiers"] = [1] * 6
    assert sent_counts(legal_moves(game, data)) == {1, 2, 3, 4}


def test_missions_still_walking_use_the_turn_s_moves(game: Game) -> None:
    """warland.txt 63-64: a mission on its way moves this turn too, so three walking
    leave one soldier to send; four walking leave none."""
    data = main_phase_table(game)
    data["players"][0]["soldiers"] = [1] * 3
    walking = {"strength": 1, "target": "verdi", "turns_left": 1}
    data["players"][0]["missions"] = [walking] * 3
    assert sent_counts(legal_moves(game, data)) == {1}
    data["players"][0]["missions"] = [walking] * 4
    assert sent_counts(legal_moves(game, data)) == set()
    arrived = {"strength": 1, "target": "verdi", "turns_left": 0}
    data["players"][0]["missions"] = [arrived] * 4
    assert sent_counts(legal_moves(game, data)) == {1, 2, 3}


def _at_blu(game: Game, defenders: list[int]) -> dict[str, Any]:
    data = main_phase_table(game)
    data["players"][0]["missions"] = [{"strength": 2, "target": "blu", "turns_left": 0}]
    data["players"][1]["soldiers"] = defenders
    return data


def test_a_soldier_on_mission_may_demolish_where_soldiers_stand(game: Game) -> None:
    """warland.txt 95-98: "Con un Soldato in missione, puoi distruggere un Edificio ...
    la pedina del Soldato deve essere adiacente": no word about defenders at home."""
    moves = legal_moves(game, _at_blu(game, [1]))
    assert "battle blu" in moves and "demolish blu castello" in moves


def test_a_demolition_is_not_a_fight_and_a_fight_is_not_a_building_action(
        game: Game) -> None:
    """warland.txt 57-61 (Costruzione/Demolizione and Battaglia are separate actions) and
    112-114 (only a soldier that has fought cannot fight again): after a failed
    demolition the battle is still open; after a won battle, the demolition."""
    rng = random.Random(0)
    data = _at_blu(game, [1])
    missed = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), ["demolish blu castello", "outcome standing"],
        rng))
    after_demolition = legal_moves(game, missed)
    assert "battle blu" in after_demolition
    assert not any(m.startswith(("demolish ", "build ")) for m in after_demolition)
    won = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), ["battle blu", "outcome won"], rng))
    after_battle = legal_moves(game, won)
    assert "battle blu" not in after_battle and "demolish blu castello" in after_battle


def test_a_soldier_that_fought_does_not_fight_again_that_turn(game: Game) -> None:
    """warland.txt 112-114: a defender still stands after the won battle, the attacking
    soldiers still stand too, and none of them fights there again this turn."""
    rng = random.Random(0)
    data = _at_blu(game, [1, 1])
    won: Any = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), ["battle blu", "outcome won"], rng))
    assert won["players"][1]["soldiers"] == [1] and won["players"][0]["missions"]
    assert "battle blu" not in legal_moves(game, won)


# -- the start of a turn (warland.txt 31-55) ------------------------------------------

CASTLE: Final = {"building": "castello", "face_up": True, "residents": 0, "hits": 0}


def _card(building: str, face_up: bool, residents: int) -> dict[str, Any]:
    return {"building": building, "face_up": face_up, "residents": residents, "hits": 0}


def _started(game: Game, buildings: list[dict[str, Any]], **sheet: Any) -> Seat:
    """Rossi's sheet after engine.start_turn on a table where rossi holds `buildings`."""
    data = main_phase_table(game)
    rossi = data["players"][0]
    rossi.update(sheet, buildings=buildings)
    state, _ = to_engine(game, read_position(game, data))
    engine.start_turn(state, 0)
    return state.seats[0]


def test_a_card_turned_up_this_turn_produces_from_the_next(game: Game) -> None:
    """warland.txt 34-37: production comes before "Gli Edifici a faccia in giù vengono
    girati"; the Fattoria turned up brings its Abitante (88-89), who eats (38-39)."""
    seat = _started(game, [CASTLE, _card("fattoria", False, 0)], resources=0, food=0)
    # the Castello alone produced 5 and 5; 4 Carpentieri and the new Abitante ate 5
    assert (seat.resources, seat.food, seat.buildings[1].face_up,
            seat.buildings[1].residents) == (5, 0, True, 1)


def test_a_card_without_its_abitanti_produces_nothing(game: Game) -> None:
    """warland.txt 90-92: "se quelle pedine non sono sulla carta Edificio all'inizio del
    turno, quell'Edificio non produce niente"."""
    empty = _started(game, [CASTLE, _card("fattoria", True, 0)], resources=0, food=0)
    home = _started(game, [CASTLE, _card("fattoria", True, 1)], resources=0, food=0)
    assert (empty.resources, home.resources) == (5, 6)


def test_food_left_over_does_not_carry_to_the_next_turn(game: Game) -> None:
    """warland.txt 147-148: "il cibo inutilizzato si deteriora e svanisce"."""
    seat = _started(game, [CASTLE], resources=0, food=9)
    assert seat.food == 5 - 4


def test_pawns_left_without_food_die(game: Game) -> None:
    """warland.txt 38-41: the Castello's 5 food cannot feed 4 Carpentieri (1 each) and
    3 Soldati (2 each): pawns die until the rest are fed."""
    seat = _started(game, [CASTLE], resources=0, food=0, soldiers=[1, 1, 1])
    assert seat.carpenters + len(seat.soldiers) < 7
    assert seat.carpenters + 2 * len(seat.soldiers) <= 5


# -- building (warland.txt 70-94) -------------------------------------------------------


def _builds(game: Game, **sheet: Any) -> set[str]:
    data = main_phase_table(game)
    data["players"][0].update(sheet)
    return {m.split()[1] for m in legal_moves(game, data) if m.startswith("build ")}


def test_building_needs_a_carpenter_and_its_cost(game: Game) -> None:
    """warland.txt 76-80: "Puoi costruire solo se hai almeno un Carpentiere" and pay its
    cost in resources (equal to its resistance)."""
    assert _builds(game, carpenters=0, resources=30) == set()
    assert _builds(game, carpenters=1, resources=4) == {"casetta_del_pescatore"}
    assert "fattoria" in _builds(game, carpenters=1, resources=5)


def test_one_advanced_building_per_type(game: Game) -> None:
    """warland.txt 71-72: "solo un Edificio avanzato per tipo"."""
    builds = _builds(game, resources=30,
                     buildings=[CASTLE, _card("miniera", True, 2)])
    assert "miniera" not in builds and "granaio" in builds and "fattoria" in builds


@pytest.mark.parametrize("carpenters,face_up,residents", [(1, False, 0), (2, True, 1)])
def test_a_second_carpenter_turns_the_new_card_up_at_once(
        game: Game, carpenters: int, face_up: bool, residents: int) -> None:
    """warland.txt 81-84 and 88-89: the card goes in face down; "Se adiacente al
    Carpentiere ce n'è un altro, la carta Edificio viene girata subito", with its
    Abitante on it."""
    data = main_phase_table(game)
    data["players"][0].update(carpenters=carpenters, resources=7)
    after: Any = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), ["build fattoria"], random.Random(0)))
    rossi = after["players"][0]
    assert rossi["resources"] == 2
    assert rossi["buildings"][-1] == _card("fattoria", face_up, residents)


def test_the_abitanti_in_a_demolished_building_die(game: Game) -> None:
    """warland.txt 105-110: a roll above the resistance destroys the card, and "tutti
    muoiono sotto le macerie"."""
    data = _at_blu(game, [])
    data["players"][1]["buildings"] = [CASTLE, _card("forno", True, 3)]
    after: Any = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), ["demolish blu forno", "outcome demolished"],
        random.Random(0)))
    assert after["players"][1]["buildings"] == [CASTLE]


def test_a_position_with_more_soldiers_walking_than_a_turn_moves_is_refused(
        game: Game) -> None:
    """warland.txt 63-64: with at most 4 soldiers moved a turn, five missions cannot all
    be on their way."""
    data = main_phase_table(game)
    data["players"][0]["missions"] = [{"strength": 1, "target": "verdi", "turns_left": 1}] * 5
    problems = validate_position(game, json.dumps(data, indent=2), "p.json")
    assert [(p.pointer, p.message) for p in problems] == [
        ("/players/0/missions", "5 missions still walking, but a turn moves at most 4 "
                                "soldiers")]
    data["players"][0]["missions"] = data["players"][0]["missions"][:4]
    assert validate_position(game, json.dumps(data, indent=2), "p.json") == []
