"""WARLAND's meal as the seat's decision (issue 40), through the public CLI: "Tu scegli
quale Abitante sacrificare in caso di cibo insufficiente. Importante: decidi sempre tu a
quale Abitante, Carpentiere o Soldato destinare il cibo" (warland.txt 40-43)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from warlandpositions import fed_opening, read_position

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.warland.agents import agent
from stamperia.rules.warland.position import to_engine
from stamperia.rules.warland.positions import meal_choices
from stamperia.rules.warland.state import STARVE, Action

RUNNER = CliRunner()

RULEBOOK_CHOICES = [
    "starve 1 soldato_in_missione:1@blu",
    "starve 1 soldato_in_missione:2@blu",
    "starve 1 carpentiere 1 soldato",
    "starve 1 abitante@fattoria 1 soldato",
    "starve 1 abitante@granaio 1 soldato",
    "starve 2 carpentiere 1 abitante@fattoria",
    "starve 2 carpentiere 1 abitante@granaio",
    "starve 1 carpentiere 1 abitante@fattoria 1 abitante@granaio",
    "starve 1 carpentiere 2 abitante@granaio",
    "starve 1 abitante@fattoria 2 abitante@granaio",
]
"""Every minimal way to cover the example's 3 missing food (warland.txt 44-53), fewest
pawns first, kinds in the content's pawn order. "Tu scegli quale Abitante" (40-41): where
a kind's pawns differ the choice names which (the Abitante of the Fattoria or of the
Granaio, the Soldato in missione of strength 1 or 2); the carpentieri, and the one
Soldato, are alike. Sparing any pawn of a choice leaves the rest short; starving 1
Soldato and 1 Soldato in missione, say, is no choice (the Soldato could eat)."""


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("warland")


def rulebook_example(game: Game) -> dict[str, Any]:
    """warland.txt 44-50: 10 food for 3 Abitanti, 2 Carpentieri (1 each), 1 Soldato (2)
    and 2 Soldati in missione (3 each): 13 needed. Rossi's meal is pending."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["phase"] = "feed"
    rossi = data["players"][0]
    rossi.update(food=10, carpenters=2, soldiers=[1], missions=[
        {"strength": 1, "target": "blu", "turns_left": 2},
        {"strength": 2, "target": "blu", "turns_left": 2}])
    rossi["buildings"] += [
        {"building": "fattoria", "face_up": True, "residents": 1, "hits": 0},
        {"building": "granaio", "face_up": True, "residents": 2, "hits": 0}]
    return data


def _file(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data, indent=2))
    return str(path)


def _play(tmp_path: Path, data: dict[str, Any], *moves: str) -> dict[str, Any]:
    """The position after `stamperia apply` of each of `moves` in turn."""
    for move in moves:
        result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, data), move])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
    return data


def test_a_short_meal_lists_each_choice_with_its_cost(game: Game, tmp_path: Path) -> None:
    result = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, rulebook_example(game))])
    assert result.exit_code == 0, result.output
    assert result.output == "to move: rossi\n" + "".join(f"{m}\n" for m in RULEBOOK_CHOICES)


def test_the_rulebook_choice_kills_one_abitante_and_one_soldato(game: Game,
                                                               tmp_path: Path) -> None:
    """"Decido di non dare da mangiare a 1 Abitante e a 1 Soldato. Essi muoiono ... Gli
    altri invece continuano a vivere perché hanno abbastanza cibo" (warland.txt 51-53)."""
    after = _play(tmp_path, rulebook_example(game), "starve 1 abitante@fattoria 1 soldato",
                  "feed")
    rossi = after["players"][0]
    assert after["phase"] == "main"
    assert (rossi["soldiers"], rossi["carpenters"], rossi["food"]) == ([], 2, 0)
    # the Abitante of the Fattoria dies; the missions eat and walk on
    assert [b["residents"] for b in rossi["buildings"]] == [0, 0, 2]
    granaio = _play(tmp_path, rulebook_example(game), "starve 1 abitante@granaio 1 soldato",
                    "feed")
    assert [b["residents"] for b in granaio["players"][0]["buildings"]] == [0, 1, 1]
    assert [m["turns_left"] for m in rossi["missions"]] == [1, 1]


@pytest.mark.parametrize("move,kept", [("starve 1 soldato_in_missione:1@blu", [2]),
                                       ("starve 1 soldato_in_missione:2@blu", [1])])
def test_the_seat_chooses_which_mission_starves(game: Game, tmp_path: Path, move: str,
                                                kept: list[int]) -> None:
    """One Soldato in missione covers the 3 missing food alone; which one is the seat's."""
    rossi = _play(tmp_path, rulebook_example(game), move, "feed")["players"][0]
    assert [m["strength"] for m in rossi["missions"]] == kept
    assert (rossi["soldiers"], rossi["carpenters"], rossi["food"]) == ([1], 2, 0)


@pytest.mark.parametrize("move,why", [
    ("end-turn", "food is short: first choose who starves"),
    ("starve 1 abitante", "not one of the meal's choices"),
    ("starve 1 carpentiere 1 abitante 1 soldato", "not one of the meal's choices"),
    ("starve 1 drago", "unknown pawn 'drago'"),
])
def test_a_move_that_is_not_a_choice_is_refused(game: Game, tmp_path: Path, move: str,
                                                why: str) -> None:
    result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, rulebook_example(game)),
                                 move])
    assert result.exit_code == 1
    assert why in result.output
    assert "starve 1 soldato_in_missione:1@blu" in result.output


def test_starving_is_no_main_phase_move(game: Game, tmp_path: Path) -> None:
    data = rulebook_example(game)
    data["phase"] = "main"
    result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, data),
                                 "starve 1 soldato_in_missione:1@blu"])
    assert result.exit_code == 1
    assert "no meal is pending" in result.output


def test_a_meal_with_something_done_is_refused(game: Game, tmp_path: Path) -> None:
    data = rulebook_example(game)
    data["done"]["recruited"] = True
    result = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, data)])
    assert result.exit_code == 1
    assert "/done" in result.output and "at the meal" in result.output


def test_end_turn_into_a_short_meal_stops_at_the_choice(game: Game, tmp_path: Path) -> None:
    """Blu's turn starts with its castle's 5 food for 9 carpenters: 4 must starve, and
    only carpenters can, so its one choice is listed (and the turn waits for it)."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][1]["carpenters"] = 9
    result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, data), "end-turn"])
    after = json.loads(result.output)
    assert (after["to_move"], after["phase"], after["players"][1]["food"]) == ("blu", "feed",
                                                                             5)
    listed = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, after)])
    assert listed.output == "to move: blu\nstarve 4 carpentiere\n"


@pytest.mark.parametrize("name,expected", [
    ("raider", "starve 1 soldato_in_missione:1@blu"),
    ("builder", "starve 1 soldato_in_missione:1@blu"),
    ("heuristic:turtling", "starve 1 soldato_in_missione:1@blu"),
])
def test_agents_default_to_the_hungriest_first(game: Game, name: str, expected: str) -> None:
    """The engine's former rule, now the agents' default: the hungriest unfed first, the
    weakest of them."""
    state, _ = to_engine(game, read_position(game, rulebook_example(game)))
    choices = meal_choices(state, 0)
    chosen = agent(name)(state, 0, list(choices.values()), random.Random(1))
    assert chosen == choices[expected]


def test_the_random_agent_weighs_every_choice(game: Game) -> None:
    state, _ = to_engine(game, read_position(game, rulebook_example(game)))
    legal = list(meal_choices(state, 0).values())
    picked = {agent("random")(state, 0, legal, random.Random(seed)) for seed in range(60)}
    assert picked == set(legal)
    assert all(isinstance(a, Action) and a.do == STARVE for a in picked)


# -- the choices the engine still makes (docs/rulesets/warland.md, Player choices) -------


def test_the_seat_chooses_which_soldiers_are_sent(game: Game, tmp_path: Path) -> None:
    """warland.txt 63-64: "puoi muovere ... fino a ... 4 Soldati": which ones is the
    seat's; soldiers of one strength are alike, so a send names the strengths it takes
    where those at home differ."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["soldiers"] = [1, 2, 1]
    path = _file(tmp_path, data)
    moves = RUNNER.invoke(cli, ["moves", "warland", path]).output.splitlines()
    assert [m for m in moves if m.startswith("send") and m.split()[3] == "blu"] == [
        "send 1 soldato blu strength 2", "send 1 soldato blu strength 1",
        "send 2 soldato blu strength 2 1", "send 2 soldato blu strength 1 1",
        "send 3 soldato blu strength 2 1 1"]
    result = RUNNER.invoke(cli, ["apply", "warland", path, "send 1 soldato blu strength 1"])
    assert result.exit_code == 0, result.output
    rossi = json.loads(result.output)["players"][0]
    assert rossi["soldiers"] == [2, 1]
    assert [m["strength"] for m in rossi["missions"]] == [1]
    unnamed = RUNNER.invoke(cli, ["apply", "warland", path, "send 1 soldato blu"])
    assert unnamed.exit_code == 1
    assert unnamed.output.startswith("illegal move 'send 1 soldato blu': which soldiers go: "
                                     "the soldiers at home differ in strength")


def test_agents_send_the_strongest_by_default(game: Game) -> None:
    """The raider's default: the strongest soldiers at home go."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    rossi = data["players"][0]
    rossi["soldiers"] = [1, 2]
    rossi["buildings"].append({"building": "fattoria", "face_up": True, "residents": 1,
                               "hits": 0})
    state, flags = to_engine(game, read_position(game, data))
    from stamperia.rules.warland.engine import legal_actions

    chosen = agent("raider")(state, 0, legal_actions(state, 0, flags), random.Random(1))
    assert (chosen.do, chosen.strengths) == ("send", (2, 1))


def _two_against_two(game: Game, tmp_path: Path) -> str:
    """Rossi's missions of strength 1 and 2 stand at Blu's castle, Blu's soldiers of
    strength 1 and 2 at home."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 1, "target": "blu", "turns_left": 0},
                                      {"strength": 2, "target": "blu", "turns_left": 0}]
    data["players"][1]["soldiers"] = [1, 2]
    return _file(tmp_path, data)


def test_the_attacker_chooses_who_fights_whom(game: Game, tmp_path: Path) -> None:
    """warland.txt 142-145: "il giocatore che attacca decide quale pedina attaccare con un
    Soldato o, se preferisce con quali pedine attaccare": every group of the soldiers
    there (by strength) against each of the other side's strengths, the default (all
    against the strongest) first; each move rolls its own odds."""
    path = _two_against_two(game, tmp_path)
    moves = RUNNER.invoke(cli, ["moves", "warland", path]).output.splitlines()
    assert [m for m in moves if m.startswith("battle")] == [
        "battle blu", "battle blu with 2 1 against 1", "battle blu with 2 against 2",
        "battle blu with 2 against 1", "battle blu with 1 against 2",
        "battle blu with 1 against 1"]
    rolled = RUNNER.invoke(cli, ["apply", "warland", path, "battle blu with 1 against 2"])
    assert rolled.exit_code == 0, rolled.output
    pending = json.loads(rolled.output)
    assert pending["attack"] == {"action": "battle", "target": "blu", "soldiers": [1],
                                 "against": 2}
    (tmp_path / "roll.json").write_text(rolled.output)
    odds = RUNNER.invoke(cli, ["moves", "warland", str(tmp_path / "roll.json")]).output
    # one against one rolls summed (duel_roll sum): 2d6 against 4d6, ties rolled again,
    # as `stamperia odds warland --strength 1 --against 2` says (1623/1685 for the 2)
    assert odds == "to move: chance\noutcome won  62/1685\noutcome lost  1623/1685\n"
    won = json.loads(RUNNER.invoke(cli, ["apply", "warland", path,
                                         "battle blu with 1 against 2",
                                         "outcome won"]).output)
    assert won["players"][1]["soldiers"] == [1]
    lost = json.loads(RUNNER.invoke(cli, ["apply", "warland", path,
                                          "battle blu with 2 against 1",
                                          "outcome lost"]).output)
    assert [m["strength"] for m in lost["players"][0]["missions"]] == [1]


def test_a_chosen_group_that_names_absent_soldiers_is_refused(game: Game,
                                                             tmp_path: Path) -> None:
    path = _two_against_two(game, tmp_path)
    result = RUNNER.invoke(cli, ["apply", "warland", path, "battle blu with 2 2 against 1"])
    assert result.exit_code == 1
    assert result.output.startswith(
        "illegal move 'battle blu with 2 2 against 1': not legal in this position")
    data = json.loads(Path(path).read_text())
    data["phase"] = "roll"
    data["done"]["fought"] = ["blu"]
    data["attack"] = {"action": "battle", "target": "blu", "soldiers": [2, 2], "against": 3}
    refused = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, data)])
    assert refused.exit_code == 1
    assert "/attack/soldiers: the group [2, 2] is not among the soldiers there" \
        in refused.output
    assert "/attack/against: no soldier of strength 3 to attack" in refused.output


def test_every_arrived_soldier_fights_the_strongest_defender(game: Game,
                                                             tmp_path: Path) -> None:
    """The short form and the agents' default: every soldier arrived there against the
    strongest; a lost battle costs the weakest."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 1, "target": "blu", "turns_left": 0},
                                      {"strength": 2, "target": "blu", "turns_left": 0}]
    data["players"][1]["soldiers"] = [1, 2]
    path = _file(tmp_path, data)
    won = json.loads(RUNNER.invoke(cli, ["apply", "warland", path, "battle blu",
                                         "outcome won"]).output)
    assert won["players"][1]["soldiers"] == [1]
    lost = json.loads(RUNNER.invoke(cli, ["apply", "warland", path, "battle blu",
                                          "outcome lost"]).output)
    assert [m["strength"] for m in lost["players"][0]["missions"]] == [2]


def _bazaar_meal(game: Game, tmp_path: Path) -> str:
    """Blu's turn starts short: its Castello made 5 food and 5 resources, its 7
    carpenters eat 7, and it has a face-up Bazaar and 15 resources."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    blu = data["players"][1]
    blu.update(carpenters=7, resources=10)
    blu["buildings"].append({"building": "bazaar", "face_up": True, "residents": 0,
                             "hits": 0})
    after = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, data), "end-turn"])
    path = tmp_path / "meal.json"
    path.write_text(after.output)
    return str(path)


def test_the_bazaar_trade_is_the_seat_s_choice(game: Game, tmp_path: Path) -> None:
    """The Bazaar's card (published list): "at the start of the turn, if short of food,
    spend X resources for X food": X is the seat's, listed beside who starves."""
    path = _bazaar_meal(game, tmp_path)
    moves = RUNNER.invoke(cli, ["moves", "warland", path]).output
    assert moves == ("to move: blu\ntrade 2 bazaar\ntrade 1 bazaar\n"
                     "starve 2 carpentiere\n")
    data = json.loads(Path(path).read_text())
    traded = _play(tmp_path, data, "trade 2 bazaar")
    assert (traded["phase"], traded["players"][1]["food"]) == ("feed", 7)
    fed = _play(tmp_path, traded, "feed")
    blu = fed["players"][1]
    assert (fed["phase"], blu["carpenters"], blu["resources"], blu["food"]) == (
        "main", 7, 15 - 2, 0)
    starved = _play(tmp_path, data, "starve 2 carpentiere", "feed")
    assert (starved["phase"], starved["players"][1]["carpenters"],
            starved["players"][1]["resources"]) == ("main", 5, 15)


def test_a_smaller_trade_leaves_the_meal_open(game: Game, tmp_path: Path) -> None:
    path = _bazaar_meal(game, tmp_path)
    half = RUNNER.invoke(cli, ["apply", "warland", path, "trade 1 bazaar"])
    assert json.loads(half.output)["phase"] == "feed"
    (tmp_path / "half.json").write_text(half.output)
    moves = RUNNER.invoke(cli, ["moves", "warland", str(tmp_path / "half.json")]).output
    assert moves == "to move: blu\ntrade 1 bazaar\nstarve 1 carpentiere\n"


def test_agents_trade_before_they_starve(game: Game, tmp_path: Path) -> None:
    """The heuristic default (the rule the engine applied before issue 40): as much as
    covers the shortfall; random weighs the trades too."""
    position = read_position(game, json.loads(Path(_bazaar_meal(game, tmp_path)).read_text()))
    state, _ = to_engine(game, position)
    legal = list(meal_choices(state, 1).values())
    assert agent("raider")(state, 1, legal, random.Random(0)) == Action(
        "trade", building="bazaar", count=2)
    assert {agent("random")(state, 1, legal, random.Random(s)) for s in range(30)} \
        == set(legal)


FED_MEAL = ["feed", "starve 1 carpentiere", "starve 1 abitante@fattoria",
            "starve 1 abitante@granaio", "starve 1 soldato",
            "starve 1 soldato_in_missione:1@blu", "starve 1 soldato_in_missione:2@blu"]
"""The rulebook example's pawns with 13 food, enough for all: `feed`, then one pawn of
each kind in play left unfed on purpose (warland.txt 54-55), kinds named as the short
meal's choices name them."""


def _fed_example(game: Game) -> dict[str, Any]:
    data = rulebook_example(game)
    data["players"][0]["food"] = 13
    return data


def test_a_fed_meal_lists_feed_and_each_pawn_to_starve(game: Game, tmp_path: Path) -> None:
    """warland.txt 54-55: "Potete decidere deliberatamente di non dar da mangiare ad un
    Abitante o Soldato, anche se avete cibo pure per loro"."""
    result = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, _fed_example(game))])
    assert result.exit_code == 0, result.output
    assert result.output == "to move: rossi\n" + "".join(f"{m}\n" for m in FED_MEAL)


def test_starving_on_purpose_removes_exactly_that_pawn(game: Game, tmp_path: Path) -> None:
    """warland.txt 54-55: the Abitante of the Granaio dies though food would feed it; the
    meal is asked again (one pawn fewer to name), and `feed` feeds the rest."""
    starved = _play(tmp_path, _fed_example(game), "starve 1 abitante@granaio")
    rossi = starved["players"][0]
    assert (starved["phase"], rossi["food"]) == ("feed", 13)
    assert [b["residents"] for b in rossi["buildings"]] == [0, 1, 1]
    moves = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, starved)]).output
    assert moves == "to move: rossi\n" + "".join(f"{m}\n" for m in FED_MEAL)
    fed = _play(tmp_path, starved, "feed")
    rossi = fed["players"][0]
    assert fed["phase"] == "main"
    assert [b["residents"] for b in rossi["buildings"]] == [0, 1, 1]
    assert (rossi["carpenters"], rossi["soldiers"], rossi["food"]) == (2, [1], 1)
    assert [m["turns_left"] for m in rossi["missions"]] == [1, 1]
    soldier = _play(tmp_path, _fed_example(game), "starve 1 soldato", "feed")["players"][0]
    assert (soldier["soldiers"], soldier["carpenters"], soldier["food"]) == ([], 2, 2)


def test_feed_gives_the_meal_everyone_eats(game: Game, tmp_path: Path) -> None:
    """`feed` is the meal as before: everyone eats (13 of 13 food), missions walk on."""
    fed = _play(tmp_path, _fed_example(game), "feed")
    rossi = fed["players"][0]
    assert (fed["phase"], rossi["food"], rossi["carpenters"], rossi["soldiers"]) == (
        "main", 0, 2, [1])
    assert [b["residents"] for b in rossi["buildings"]] == [0, 1, 2]
    assert [m["turns_left"] for m in rossi["missions"]] == [1, 1]


def test_a_short_meal_then_more_starve_on_purpose(game: Game, tmp_path: Path) -> None:
    """Starving more than needed composes: a short meal's choice leaves the rest fed, and
    the meal is asked again as a fed one (no move listed twice)."""
    after = _play(tmp_path, rulebook_example(game), "starve 1 soldato_in_missione:2@blu")
    moves = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, after)]).output
    assert moves == "to move: rossi\n" + "".join(
        f"{m}\n" for m in FED_MEAL if m != "starve 1 soldato_in_missione:2@blu").replace(
        "soldato_in_missione:1@blu", "soldato_in_missione")
    rossi = _play(tmp_path, after, "starve 1 carpentiere", "feed")["players"][0]
    assert (rossi["carpenters"], rossi["food"], len(rossi["missions"])) == (1, 1, 1)


@pytest.mark.parametrize("move,why", [
    ("end-turn", "the meal comes first: `feed`"),
    ("starve 1 drago", "unknown pawn 'drago'"),
    ("starve 2 carpentiere", "food covers everyone"),
])
def test_a_fed_meal_refuses_other_moves(game: Game, tmp_path: Path, move: str,
                                        why: str) -> None:
    result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, _fed_example(game)),
                                 move])
    assert result.exit_code == 1
    assert why in result.output


def test_feed_is_refused_while_food_is_short(game: Game, tmp_path: Path) -> None:
    result = RUNNER.invoke(cli, ["apply", "warland", _file(tmp_path, rulebook_example(game)),
                                 "feed"])
    assert result.exit_code == 1
    assert "`feed` comes once the food covers everyone" in result.output


def test_every_turn_starts_at_its_meal(game: Game, tmp_path: Path) -> None:
    """A turn whose food feeds everyone starts at its meal too (warland.txt 54-55), and
    `feed` gives the turn its main phase with everyone fed, as before."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    after = _play(tmp_path, data, "end-turn")
    assert (after["to_move"], after["phase"], after["players"][1]["carpenters"]) == (
        "blu", "feed", 4)
    fed = _play(tmp_path, after, "feed")
    assert (fed["phase"], fed["players"][1]["carpenters"], fed["players"][1]["food"]) == (
        "main", 4, 1)


def test_agents_feed_and_random_may_starve_on_purpose(game: Game) -> None:
    """The heuristic agents, the raider and the builder keep feeding everyone; the random
    agent picks any of the meal's moves."""
    state, _ = to_engine(game, read_position(game, _fed_example(game)))
    legal = list(meal_choices(state, 0).values())
    for name in ("raider", "builder", "heuristic:turtling"):
        assert agent(name)(state, 0, legal, random.Random(0)) == Action("feed")
    assert {agent("random")(state, 0, legal, random.Random(s)) for s in range(60)} \
        == set(legal)


def test_records_carry_the_meal_and_replay_it(tmp_path: Path) -> None:
    """Random seats go hungry: their records hold `starve` lines, and a replay plays them
    back to the same games (a replay that ignored them would diverge)."""
    record = tmp_path / "games.jsonl"
    played = RUNNER.invoke(cli, ["simulate", "warland", "--players", "3", "--games", "2",
                                 "--seed", "1", "--record", str(record)])
    assert played.exit_code == 0, played.output
    meals = [json.loads(line)["move"] for line in record.read_text().splitlines()
             if '"starve ' in line]
    assert meals and all(m.startswith("starve ") for m in meals)
    replayed = RUNNER.invoke(cli, ["replay", "warland", str(record)])
    assert replayed.exit_code == 0
    assert replayed.output.count(": same:") == 2


def test_two_caserme_list_one_recruit(game: Game, tmp_path: Path) -> None:
    """The Caserma's published text: "during your turn pay 4 coins and 2 resources to put
    a strength-1 Soldato in play" (not in warland.txt): two Caserme recruit alike, so the
    move is listed once, not per card, in `moves` and in the engine's list the agents
    draw from."""
    from stamperia.rules.warland.engine import legal_actions

    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    rossi = data["players"][0]
    rossi["resources"] = 20
    rossi["buildings"] += [{"building": "caserma", "face_up": True, "residents": 0,
                            "hits": 0}] * 2
    moves = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, data)]).output
    assert moves.splitlines().count("recruit caserma") == 1
    state, flags = to_engine(game, read_position(game, data))
    assert [a.do for a in legal_actions(state, 0, flags)].count("recruit") == 1


def test_the_attacker_chooses_which_card_of_a_building(game: Game, tmp_path: Path) -> None:
    """warland.txt 95-98: "puoi distruggere un Edificio a faccia in giù o in su ...
    adiacente alla carta dell'Edificio scelto": of Blu's two Forni, the face-down one
    (resistance 5, the default) or the face-up one with its three Abitanti (resistance
    7, who die under the rubble, 108-110), by its number among Blu's Forni."""
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 2, "target": "blu", "turns_left": 0}]
    data["players"][1]["buildings"] += [
        {"building": "forno", "face_up": True, "residents": 3, "hits": 0},
        {"building": "forno", "face_up": False, "residents": 0, "hits": 0}]
    path = _file(tmp_path, data)
    moves = RUNNER.invoke(cli, ["moves", "warland", path]).output.splitlines()
    assert [m for m in moves if m.startswith("demolish blu")] == [
        "demolish blu castello", "demolish blu forno", "demolish blu forno 1"]
    rolled = RUNNER.invoke(cli, ["apply", "warland", path, "demolish blu forno 1"]).output
    assert json.loads(rolled)["attack"] == {"action": "demolish", "target": "blu",
                                            "building": "forno", "card": 1}
    (tmp_path / "roll.json").write_text(rolled)
    # best of two 2d6 rolls above 7: 1 - (21/36)^2
    assert RUNNER.invoke(cli, ["moves", "warland", str(tmp_path / "roll.json")]).output == (
        "to move: chance\noutcome demolished  95/144\noutcome standing  49/144\n")
    after = json.loads(RUNNER.invoke(cli, ["apply", "warland", path, "demolish blu forno 1",
                                           "outcome demolished"]).output)
    assert after["players"][1]["buildings"][1:] == [
        {"building": "forno", "face_up": False, "residents": 0, "hits": 0}]
    default = json.loads(RUNNER.invoke(cli, ["apply", "warland", path, "demolish blu forno",
                                             "outcome demolished"]).output)
    assert default["players"][1]["buildings"][1:] == [
        {"building": "forno", "face_up": True, "residents": 3, "hits": 0}]


def test_a_pending_demolition_of_a_missing_card_is_refused(game: Game,
                                                          tmp_path: Path) -> None:
    data = fed_opening(game)
    data["first"] = data["to_move"] = "rossi"
    data["players"][0]["missions"] = [{"strength": 2, "target": "blu", "turns_left": 0}]
    data.update(phase="roll", attack={"action": "demolish", "target": "blu",
                                      "building": "castello", "card": 2})
    data["done"]["built_or_demolished"] = True
    result = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, data)])
    assert result.exit_code == 1
    assert "/attack/card: blu has 1 castello card(s), no card 2 (a card number from 1 to 1)" \
        in result.output


def test_a_meal_with_too_many_ways_names_kinds_only(game: Game, tmp_path: Path) -> None:
    """Naming which pawns starve is bounded: Rossi, 8 food short with Abitanti on five
    buildings, soldiers of two strengths and missions of two, would have more than 64
    choices naming which pawns; the meal names pawn kinds only (which pawn of a kind
    goes is the default)."""
    data = rulebook_example(game)
    rossi = data["players"][0]
    rossi.update(food=13, soldiers=[1, 2])
    rossi["buildings"] += [
        {"building": b, "face_up": True, "residents": n, "hits": 0}
        for b, n in (("forno", 3), ("casa_dei_taglialegna", 1), ("casetta_del_pescatore", 1))]
    moves = RUNNER.invoke(cli, ["moves", "warland", _file(tmp_path, data)]).output
    listed = moves.splitlines()[1:]
    assert len(listed) == 19
    assert listed[0] == "starve 1 carpentiere 2 soldato_in_missione"
    assert all("@" not in m and ":" not in m for m in listed)
