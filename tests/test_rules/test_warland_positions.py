"""WARLAND's public positions: opening, round trip, notation, chance, results, and the
contradictions `read` refuses (through stamperia.rules.positions' interface)."""

from __future__ import annotations

import copy
import json
import random
import shutil
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from warlandpositions import fed_opening, read_position

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.positions import (
    CHANCE,
    IllegalMove,
    PositionError,
    PositionSource,
    apply_moves,
    draw_outcome,
)
from stamperia.rules.registry import simulators
from stamperia.rules.simulation.result import Table
from stamperia.rules.warland import combat, engine
from stamperia.rules.warland.notation import parse_action
from stamperia.rules.warland.odds import Dice, beat, duel
from stamperia.rules.warland.position import Position, to_engine
from stamperia.rules.warland.position_check import schema
from stamperia.rules.warland.positions import (
    POSITIONS,
    meal_choices,
    notated_actions,
    start,
    validate_position,
)
from stamperia.rules.warland.supply import supply, within_supply

DICE = Dice(2, 6)


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def _duel_at_castles(game: Game, **changes: Any) -> dict[str, Any]:
    """Rossi (to move) has a strength-2 soldier arrived at blu's castle."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 2, "target": "blu", "turns_left": 0}]
    for path, value in changes.items():
        seat, field = path.split("__")
        data["players"][int(seat[1:])][field] = value
    return data


# -- opening -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_opening_is_seeded_and_the_first_turn_has_begun(game: Game, players: int) -> None:
    data = POSITIONS.opening(game, players, 11)
    assert json.dumps(data) == json.dumps(POSITIONS.opening(game, players, 11))
    assert [p["faction"] for p in data["players"]] == ["rossi", "blu", "verdi", "gialli"][
        :players]
    # every turn starts at its meal, even one whose food feeds everyone (warland.txt 54-55)
    assert (data["round"], data["phase"], data["to_move"]) == (1, "feed", data["first"])
    assert POSITIONS.legal(game, read_position(game, data)).moves == (
        "feed", "starve 1 carpentiere")
    fed = fed_opening(game, players, 11)
    assert fed["phase"] == "main"
    for before, player in zip(data["players"], fed["players"], strict=True):
        started = player["faction"] == data["first"]
        # the castle produced 5 and 5; at `feed` four carpenters ate 4 of the food
        assert (before["resources"], before["food"]) == ((5, 5) if started else (0, 0))
        assert (player["resources"], player["food"]) == ((5, 1) if started else (0, 0))
        assert player["carpenters"] == 4
    firsts = {POSITIONS.opening(game, players, seed)["first"] for seed in range(40)}
    assert len(firsts) == players
    assert validate_position(game, json.dumps(data), "p.json") == []


@pytest.mark.parametrize("players", [2, 5])
def test_opening_refuses_a_player_count_the_game_does_not_seat(game: Game,
                                                               players: int) -> None:
    with pytest.raises(ValueError, match="seats 3 to 4 players"):
        POSITIONS.opening(game, players, 0)


def test_write_of_read_gives_the_same_json(game: Game) -> None:
    data = _duel_at_castles(game)
    data = {"$schema": "warland_position.schema.json", **data}
    assert POSITIONS.write(game, read_position(game, data)) == data


# -- random games ----------------------------------------------------------------------


def _positions(game: Game, players: int, seed: int, rounds: int) -> Iterator[Position]:
    """Every position of one random game through the public interface."""
    data = POSITIONS.opening(game, players, seed)
    data["round_limit"] = rounds
    position = read_position(game, data)
    rng = random.Random(seed)
    while True:
        yield position
        legal = POSITIONS.legal(game, position)
        if legal.to_move is None:
            return
        if legal.to_move == CHANCE:
            move = draw_outcome(legal.chance, rng)
        elif rng.random() < 0.25 and "end-turn" in legal.moves:
            move = "end-turn"
        elif rng.random() < 0.5 and "feed" in legal.moves:
            move = "feed"  # else uniform play starves the table and never sends
        else:
            move = rng.choice(legal.moves)
        position = POSITIONS.apply(game, position, move, rng)


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (3, 3), (4, 4)])
def test_random_games_reach_a_result_and_every_position_round_trips(
        game: Game, players: int, seed: int) -> None:
    seen: set[str] = set()
    for position in _positions(game, players, seed, rounds=7):
        data = POSITIONS.write(game, position)
        assert read_position(game, data) == position
        legal = POSITIONS.legal(game, position)
        seen.update(m.split(" ")[0] for m in legal.moves)
        if legal.to_move == CHANCE:
            assert sum(o.probability for o in legal.chance) == 1
            assert legal.moves == tuple(o.move for o in legal.chance)
            continue
        if legal.to_move is None:
            break
        state, flags = to_engine(game, position)
        index = position.seat(position.to_move or "")
        if position.phase == "feed":
            # the meal: only its choices (starve, trade, feed), each read back
            meals = meal_choices(state, index)
            assert tuple(meals) == legal.moves and legal.moves
            assert all(parse_action(state, m) == a for m, a in meals.items())
            continue
        actions = notated_actions(state, index, flags)
        assert tuple(actions) == legal.moves
        tokens = supply(state.rules)
        # no two actions share a notation (the engine lists `recruit` once per Caserma)
        distinct = dict.fromkeys(a for a in engine.legal_actions(state, index, flags)
                                 if within_supply(state.rules, state.seats[index], a, tokens))
        assert list(actions.values()) == list(distinct)
        for move, action in actions.items():
            assert parse_action(state, move, index) == action
    assert legal.moves == () and legal.result is not None
    result = legal.result
    factions = [p.faction for p in position.players]
    assert list(result["points"]) == factions
    assert result["end"] in ("turn_limit", "last_castle")
    best = max(result["points"].values())
    assert result["winners"] == [f for f in factions if result["points"][f] == best]
    assert {"build", "end-turn", "send"} <= seen


def test_every_move_form_is_parsed_back(game: Game) -> None:
    """The notation of each form, in a position where it is legal."""
    data = _duel_at_castles(game, p0__soldiers=[1, 1], p0__resources=30,
                            p1__missions=[{"strength": 1, "target": "rossi", "turns_left": 0}])
    data["players"][0]["buildings"] += [
        {"building": "caserma", "face_up": True, "residents": 0, "hits": 0},
        {"building": "accademia", "face_up": True, "residents": 0, "hits": 0}]
    moves = POSITIONS.legal(game, read_position(game, data)).moves
    for move in ("build fattoria", "recruit caserma", "promote accademia",
                 "send 2 soldato verdi", "demolish blu castello", "defend blu", "end-turn"):
        assert move in moves
    data["players"][1]["soldiers"] = [1]
    assert "battle blu" in POSITIONS.legal(game, read_position(game, data)).moves


def test_a_move_needing_a_missing_token_is_not_legal(game: Game) -> None:
    """The engine does not count tokens; the position format does (see supply.py)."""
    data = _duel_at_castles(game, p0__resources=40, p0__soldiers=[1] * 7)
    data["players"][0]["buildings"] += [_card("caserma"), _card("accademia")]
    moves = POSITIONS.legal(game, read_position(game, data)).moves
    assert "recruit caserma" in moves and "build cantiere_edile" in moves
    data["players"][0]["soldiers"] = [1] * 8  # all eight strength-1 tokens in play
    data["players"][0]["carpenters"] = 10  # a Cantiere would bring 3 more than 12
    moves = POSITIONS.legal(game, read_position(game, data)).moves
    assert "recruit caserma" not in moves and "build cantiere_edile" not in moves
    assert "promote accademia" in moves  # strength 2: one token in play of four
    data["players"][0]["soldiers"] = [1, 1, 2, 2, 2]  # with the mission: four of strength 2
    moves = POSITIONS.legal(game, read_position(game, data)).moves
    assert "promote accademia" not in moves and "build caserma" not in moves
    assert "recruit caserma" in moves


def test_the_nine_building_limit_counts_the_castle(game: Game) -> None:
    """warland.txt: "puoi avere in gioco al massimo nove Edifici"; the rulebook calls the
    Castello an Edificio ("Il Castello e gli altri Edifici producono le risorse"): with the
    castle and eight more a player builds no ninth card besides it."""
    data = _duel_at_castles(game, p0__resources=40)
    data["players"][0]["buildings"] = [CASTLE] + [_card("fattoria", True, 1)] * 7
    assert "build fattoria" in POSITIONS.legal(game, read_position(game, data)).moves
    data["players"][0]["buildings"].append(_card("fattoria", True, 1))
    moves = POSITIONS.legal(game, read_position(game, data)).moves
    assert not [m for m in moves if m.startswith("build ")], moves


# -- chance ----------------------------------------------------------------------------


def _chance(game: Game, data: Mapping[str, Any], move: str) -> dict[str, Fraction]:
    position = POSITIONS.apply(game, read_position(game, data), move, random.Random(0))
    legal = POSITIONS.legal(game, position)
    assert legal.to_move == CHANCE
    assert POSITIONS.write(game, position)["attack"] is not None
    assert sum(o.probability for o in legal.chance) == 1
    return {o.move: o.probability for o in legal.chance}


def test_demolition_outcomes_have_the_exact_odds(game: Game) -> None:
    p = beat(DICE, 2, 10)
    assert _chance(game, _duel_at_castles(game), "demolish blu castello") == {
        "outcome hit": p, "outcome standing": 1 - p}
    hit = _duel_at_castles(game)
    hit["players"][1]["buildings"][0]["hits"] = 1
    assert _chance(game, hit, "demolish blu castello") == {
        "outcome demolished": p, "outcome standing": 1 - p}
    face_down = _duel_at_castles(game, p1__buildings=[
        {"building": "castello", "face_up": True, "residents": 0, "hits": 0},
        {"building": "forno", "face_up": False, "residents": 0, "hits": 0}])
    q = beat(DICE, 2, 5)  # a face-down card has resistance 5
    assert _chance(game, face_down, "demolish blu forno") == {
        "outcome demolished": q, "outcome standing": 1 - q}


def test_battle_outcomes_have_the_exact_odds(game: Game) -> None:
    """warland.txt: one soldier against one, "tirano una volta due d6 per ogni punto di
    forza" (one roll: 4d6 against 2d6); more than one soldier on a side, "dovrai sommare i
    punti di forza dei tuoi Soldati, tirare sufficienti volte i d6 e che il risultato
    migliore vale" (the best roll)."""
    assert _chance(game, _duel_at_castles(game, p1__soldiers=[1]), "battle blu") == {
        "outcome won": Fraction(1623, 1685), "outcome lost": Fraction(62, 1685)}
    home = _duel_at_castles(game, p0__soldiers=[2, 1], p0__missions=[],
                            p1__missions=[{"strength": 2, "target": "rossi",
                                           "turns_left": 0}])
    d = duel(DICE, 3, 2, "reroll", "best")
    assert _chance(game, home, "defend blu") == {
        "outcome won": d.attacker_wins, "outcome lost": d.defender_wins}


def _edition(tmp_path: Path, duel_roll: str) -> Game:
    """The shipped WARLAND with another `combat.duel_roll`."""
    folder = tmp_path / "warland"
    shutil.copytree(Path(__file__).parents[2] / "content" / "games" / "warland", folder)
    forces = json.loads((folder / "forces.json").read_text())
    forces["combat"]["duel_roll"] = duel_roll
    forces["$schema"] = str(Path(__file__).parents[2] / "content" / "rulesets" / "warland"
                            / "schemas" / "warland_forces.schema.json")
    (folder / "forces.json").write_text(json.dumps(forces, indent=1))
    return load_game(str(folder))


def test_best_roll_reading_of_the_duel(tmp_path: Path) -> None:
    """`duel_roll: best` reads "il risultato migliore vale" into the one-to-one duel too:
    the best of two 2d6 rolls against one, 1891/2760 (0.685) with rerolled ties."""
    best = _edition(tmp_path, "best")
    assert _chance(best, _duel_at_castles(best, p1__soldiers=[1]), "battle blu") == {
        "outcome won": Fraction(1891, 2760), "outcome lost": Fraction(869, 2760)}


class _Scripted:
    """Dice that roll the given 2d6 sums in order."""

    def __init__(self, sums: list[int]) -> None:
        self.sums = sums

    def roll(self) -> int:
        return self.sums.pop(0)


@pytest.mark.parametrize(("duel_roll", "outcome"), [("sum", "won"), ("best", "lost")])
def test_engine_rolls_the_duel_as_the_content_says(tmp_path: Path, duel_roll: str,
                                                   outcome: str) -> None:
    """warland.txt, Soldato - Soldato: the strength-2 soldier rolls 5 and 5 against 9.
    Summed (one roll of 4d6, the rulebook) 10 beats 9; the best roll (5) does not."""
    edition = _edition(tmp_path, duel_roll)
    position = read_position(edition, _duel_at_castles(edition, p1__soldiers=[1]))
    state, flags = to_engine(edition, position)
    action = notated_actions(state, 0, flags)["battle blu"]
    assert combat.roll(state, 0, action, _Scripted([5, 5, 9])) == outcome


def test_a_group_battle_keeps_the_best_roll(game: Game) -> None:
    """warland.txt, Più di 1 Soldato - Soldato: "il risultato migliore vale". Two
    strength-1 soldiers roll 5 and 5 against 9: the best, 5, loses even under `sum`."""
    data = _duel_at_castles(game, p1__soldiers=[1])
    data["players"][0]["missions"] = [{"strength": 1, "target": "blu", "turns_left": 0}] * 2
    state, flags = to_engine(game, read_position(game, data))
    action = notated_actions(state, 0, flags)["battle blu"]
    assert combat.roll(state, 0, action, _Scripted([5, 5, 9])) == "lost"


def test_an_outcome_applies_exactly_that_result(game: Game) -> None:
    rng = random.Random(0)
    castle = _duel_at_castles(game)
    castle["players"][1]["buildings"][0]["hits"] = 1
    fell = apply_moves(POSITIONS, game, read_position(game, castle),
                       ["demolish blu castello", "outcome demolished"], rng)
    after = POSITIONS.write(game, fell)
    assert after["players"][1]["out"] and after["players"][1]["buildings"] == []
    assert after["players"][0]["missions"] == [] and after["players"][0]["soldiers"] == [2]
    # a demolition is a building action, not a battle: nobody has fought (warland.txt 112)
    assert after["phase"] == "main" and after["done"]["fought"] == []
    drawn = POSITIONS.write(game, apply_moves(POSITIONS, game, read_position(game, castle),
                                              ["demolish blu castello", "draw"], rng))
    assert drawn["phase"] == "main" and drawn["attack"] is None
    missed = POSITIONS.write(game, apply_moves(POSITIONS, game, read_position(game, castle),
                                               ["demolish blu castello",
                                                "outcome standing"], rng))
    assert missed["players"] == castle["players"]
    assert missed["done"]["built_or_demolished"] and "demolish blu castello" not in \
        POSITIONS.legal(game, read_position(game, missed)).moves
    duel_data = _duel_at_castles(game, p1__soldiers=[1, 1])
    won = POSITIONS.write(game, apply_moves(POSITIONS, game, read_position(game, duel_data),
                                            ["battle blu", "outcome won"], rng))
    assert won["players"][1]["soldiers"] == [1] and won["players"][0]["missions"]
    lost = POSITIONS.write(game, apply_moves(POSITIONS, game, read_position(game, duel_data),
                                             ["battle blu", "outcome lost"], rng))
    assert lost["players"][1]["soldiers"] == [1, 1] and lost["players"][0]["missions"] == []


@pytest.mark.parametrize("agents", [("raider", "builder", "raider", "builder"),
                                    ("random", "raider", "random")])
def test_a_simulated_game_replays_through_positions(game: Game,
                                                    agents: tuple[str, ...]) -> None:
    """The simulation's decisions and rolls, played as moves and outcomes, give its
    result: the positions follow the same turns, rounds and end."""
    record: list[Any] = []
    expected = simulators()["warland"].play(game, Table(agents, turn_limit=10),
                                            random.Random(3), record)
    data = POSITIONS.write(game, start(game, len(agents), record[0]["setup"]["first"]))
    data["round_limit"] = 10
    position = read_position(game, data)
    for line in record[1:]:  # every decision and roll of the record is a position move
        move = line["move"] if "move" in line else line["chance"]
        if "seat" in line:
            assert position.to_move == position.players[line["seat"]].faction
        position = POSITIONS.apply(game, position, move, random.Random(0))
    result = POSITIONS.legal(game, position).result
    assert result is not None
    assert list(result["points"].values()) == [s.score for s in expected.seats]
    assert result["winners"] == [position.players[i].faction for i in expected.winners]
    assert result["end"] == expected.end


def _flags(game: Game, position: Position) -> engine.TurnFlags:
    return to_engine(game, position)[1]


# -- illegal moves and finished games ------------------------------------------------


@pytest.mark.parametrize("move,reason", [
    ("build castello", "not legal"), ("fly away", "moves are build"),
    ("send 0 soldato verdi", "not a count"), ("send 1 soldato viola", "not a faction"),
    ("build mulino", "unknown building"), ("outcome hit", "no roll is pending"),
    ("demolish blu fattoria", "not legal"), ("end-turn now", "expected"),
])
def test_illegal_moves_name_the_legal_ones(game: Game, move: str, reason: str) -> None:
    position = read_position(game, _duel_at_castles(game))
    with pytest.raises(IllegalMove, match=reason) as raised:
        POSITIONS.apply(game, position, move, random.Random(0))
    assert raised.value.legal == POSITIONS.legal(game, position).moves
    assert "demolish blu castello" in raised.value.legal


def test_at_a_roll_only_its_outcomes_are_legal(game: Game) -> None:
    position = POSITIONS.apply(game, read_position(game, _duel_at_castles(game)),
                               "demolish blu castello", random.Random(0))
    with pytest.raises(IllegalMove, match="a roll is pending") as raised:
        POSITIONS.apply(game, position, "end-turn", random.Random(0))
    assert raised.value.legal == ("outcome hit", "outcome standing")


def test_a_finished_game_lists_no_moves_and_gives_its_result(game: Game) -> None:
    data = _duel_at_castles(game)
    data["round_limit"] = 1
    data["first"] = "blu"  # rossi plays last in the round
    position = read_position(game, data)
    over = POSITIONS.apply(game, position, "end-turn", random.Random(0))
    legal = POSITIONS.legal(game, over)
    assert (legal.to_move, legal.moves) == (None, ())
    assert legal.result == {"winners": ["rossi", "blu", "verdi", "gialli"],
                            "points": {f: 10 for f in ("rossi", "blu", "verdi", "gialli")},
                            "end": "turn_limit"}
    assert POSITIONS.write(game, over)["phase"] == "over"
    with pytest.raises(IllegalMove, match="over"):
        POSITIONS.apply(game, over, "end-turn", random.Random(0))


def test_the_last_castle_standing_ends_the_game_at_the_round_s_end(game: Game) -> None:
    data = _duel_at_castles(game)
    data["players"][1]["buildings"][0]["hits"] = 1
    for seat in (2, 3):
        data["players"][seat].update(out=True, buildings=[], carpenters=0)
    over = apply_moves(POSITIONS, game, read_position(game, data),
                       ["demolish blu castello", "outcome demolished", "end-turn"],
                       random.Random(0))
    legal = POSITIONS.legal(game, over)
    assert legal.moves == ()
    assert legal.result == {"winners": ["rossi"], "end": "last_castle",
                            "points": {"rossi": 10, "blu": 0, "verdi": 0, "gialli": 0}}


def test_end_turn_passes_to_the_next_seat_clockwise_and_starts_its_turn(game: Game) -> None:
    data = _duel_at_castles(game)
    after = POSITIONS.write(game, POSITIONS.apply(game, read_position(game, data), "end-turn",
                                                  random.Random(0)))
    assert after["to_move"] == "blu" and after["round"] == 1
    assert after["players"][1]["resources"] == 5  # blu's castle produced
    data["to_move"] = "gialli"
    after = POSITIONS.write(game, POSITIONS.apply(game, read_position(game, data), "end-turn",
                                                  random.Random(0)))
    assert (after["to_move"], after["round"]) == ("rossi", 2)


# -- contradictions ------------------------------------------------------------------

Change = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.strip("/").split("/")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value
    return change


def _card(building: str, face_up: bool = True, residents: int = 0) -> dict[str, Any]:
    return {"building": building, "face_up": face_up, "residents": residents, "hits": 0}


CASTLE = _card("castello")
CONTRADICTIONS: list[tuple[str, Change, str, str]] = [
    ("unknown faction", _set("/players/2/faction", "viola"), "/players/2/faction",
     "unknown faction"),
    ("faction twice", _set("/players/2/faction", "blu"), "/players/2/faction", "twice"),
    ("unknown building", _set("/players/0/buildings/0/building", "mulino"),
     "/players/0/buildings/0/building", "unknown building"),
    ("negative count", _set("/players/2/resources", -1), "/players/2/resources",
     "less than the minimum"),
    ("too many buildings", _set("/players/0/buildings", [CASTLE] + [_card("fattoria", True, 1)]
                                * 10), "/players/0/buildings", "at most 9"),
    # warland.txt: "puoi avere in gioco al massimo nove Edifici", and "Il Castello e gli
    # altri Edifici producono": the castle is one of the nine.
    ("castle and nine buildings", _set("/players/0/buildings", [CASTLE] + [
        _card("fattoria", True, 1)] * 9), "/players/0/buildings",
     "10 buildings in play, the castello included: at most 9"),
    ("two advanced of a type", _set("/players/3/buildings", [CASTLE, _card("miniera", True, 2),
                                                             _card("miniera", True, 2)]),
     "/players/3/buildings/2", "advanced building"),
    ("no castle", _set("/players/1/buildings", [_card("fattoria")]), "/players/1/buildings",
     "0 castello cards"),
    ("castle face down", _set("/players/1/buildings/0/face_up", False),
     "/players/1/buildings/0/face_up", "never face down"),
    ("castle beaten twice", _set("/players/1/buildings/0/hits", 2),
     "/players/1/buildings/0/hits", "falls at 2"),
    ("residents on a face-down card", _set("/players/2/buildings", [
        CASTLE, _card("forno", False, 1)]), "/players/2/buildings/1/residents", "face-down"),
    ("too many residents", _set("/players/2/buildings", [CASTLE, _card("fattoria", True, 2)]),
     "/players/2/buildings/1/residents", "holds 1"),
    ("carpenters beyond the tokens", _set("/players/3/carpenters", 13),
     "/players/3/carpenters", "13 carpenters"),
    ("carpenters a face-down card would bring", lambda d: (
        _set("/players/3/carpenters", 10)(d),
        _set("/players/3/buildings", [CASTLE, _card("cantiere_edile", False)])(d)),
     "/players/3/carpenters", "13 carpenters in play or coming"),
    ("strong soldiers beyond the tokens", _set("/players/2/soldiers", [2] * 5),
     "/players/2/soldiers", "5 soldiers of strength 2"),
    ("a strength with no tokens", _set("/players/2/soldiers", [3]), "/players/2/soldiers",
     "strength 3"),
    ("mission to a stranger", _set("/players/0/missions/0/target", "viola"),
     "/players/0/missions/0/target", "not a faction at the table"),
    ("mission home", _set("/players/0/missions/0/target", "rossi"),
     "/players/0/missions/0/target", "own castle"),
    ("walk longer than the table", _set("/players/0/missions/0/turns_left", 9),
     "/players/0/missions/0/turns_left", "the walk takes"),
    ("out but playing", lambda d: (_set("/players/2/out", True)(d),
                                   _set("/players/2/buildings", [])(d)),
     "/players/2/carpenters", "is out"),
    ("mission to a fallen castle", lambda d: (_set("/players/1/out", True)(d),
                                              _set("/players/1/buildings", [])(d),
                                              _set("/players/1/carpenters", 0)(d)),
     "/players/0/missions/0/target", "which is out"),
    ("unknown seat to move", _set("/to_move", "viola"), "/to_move", "not a faction"),
    ("attack outside a roll", _set("/attack", {"action": "demolish", "target": "blu"}),
     "/attack", "exactly in phase"),
    ("impossible attack", lambda d: (_set("/phase", "roll")(d), _set(
        "/attack", {"action": "battle", "target": "blu"})(d)), "/attack", "cannot battle"),
    ("attack not marked as done", lambda d: (_set("/phase", "roll")(d), _set(
        "/attack", {"action": "demolish", "target": "blu"})(d)), "/attack",
     "cannot demolish"),
    ("over but someone moves", lambda d: (_set("/phase", "over")(d),
                                          _set("/end", "turn_limit")(d)),
     "/to_move", "exactly when"),
    ("round after the limit", _set("/round", 41), "/round", "after the limit"),
    ("two players", lambda d: d["players"].__delitem__(slice(2, None)), "/players",
     "2 players"),
]


@pytest.mark.parametrize("change,pointer,message",
                         [c[1:] for c in CONTRADICTIONS], ids=[c[0] for c in CONTRADICTIONS])
def test_each_contradiction_is_reported_at_its_pointer(game: Game, change: Change,
                                                       pointer: str, message: str) -> None:
    data = copy.deepcopy(_duel_at_castles(game))
    change(data)
    text = json.dumps(data, indent=2)
    with pytest.raises(PositionError) as raised:
        POSITIONS.read(game, json.loads(text), PositionSource("pos.json", text))
    problems = raised.value.problems
    assert [p.pointer for p in problems] == [pointer]
    assert message in problems[0].message and problems[0].file == "pos.json"
    assert problems[0].hint
    assert [p.pointer for p in validate_position(game, text, "pos.json")] == [pointer]


def test_a_problem_names_the_line_of_its_value(game: Game) -> None:
    data = _duel_at_castles(game)
    data["players"][2]["carpenters"] = 40
    text = json.dumps(data, indent=2)
    line = text.splitlines().index('      "carpenters": 40,') + 1
    problems = validate_position(game, text, "pos.json")
    assert [(p.line, p.pointer) for p in problems] == [(line, "/players/2/carpenters")]
    assert validate_position(game, "{\n  \"players\": [,\n", "pos.json")[0].line == 2


def _subschemas(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _subschemas(value)
    elif isinstance(node, list):
        for value in node:
            yield from _subschemas(value)


def test_the_schema_is_2020_12_and_bounds_every_count_and_list() -> None:
    document = schema()
    Draft202012Validator.check_schema(document)
    for node in _subschemas(document):
        kind = node.get("type")
        if kind == "array":
            assert "maxItems" in node, node
        if kind == "integer":
            assert "maximum" in node, node
        if kind == "string":
            assert "maxLength" in node, node
