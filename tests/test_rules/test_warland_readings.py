"""WARLAND's readings kept as content parameters (forces.json `limits`): each is tested with
the shipped game (the default reading) and with the other value set in memory, through
the public position interface and the rules check. The expected moves follow the
rulebook's words (rulebooks/warland.txt, by line) under each reading."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

import pytest
from warlandpositions import legal_moves, main_phase_table, read_position, sent_counts

from stamperia.content.editions.overrides import Override
from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.rules.positions import apply_moves
from stamperia.rules.registry import check_rules
from stamperia.rules.warland.positions import POSITIONS, validate_position

LIMITS: Final = {"max_buildings": 9, "advanced_per_type": 1, "face_down_resistance": 5,
                 "pawn_supply": "tokens"}
"""The shipped game's limits (content/games/warland/forces.json)."""

CASTLE: Final = {"building": "castello", "face_up": True, "residents": 0, "hits": 0}
FARM: Final = {"building": "fattoria", "face_up": True, "residents": 1, "hits": 0}


@pytest.fixture(scope="module")
def shipped() -> Game:
    return load_game("warland")


def _with(limits: Mapping[str, Any], *more: Override) -> Game:
    return load_game("warland", [Override("forces.json", "/limits", {**LIMITS, **limits}),
                                 *more])


def _problems(game: Game, data: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(p.pointer, p.message)
            for p in validate_position(game, json.dumps(data, indent=2), "p.json")]


def _played(game: Game, data: Mapping[str, Any], moves: list[str]) -> dict[str, Any]:
    after: dict[str, Any] = POSITIONS.write(game, apply_moves(
        POSITIONS, game, read_position(game, data), moves, random.Random(0)))
    return after


# -- limits.moves_per_turn (warland.txt 63-64) -----------------------------------------

def test_without_moves_per_turn_the_rulebook_s_counts_apply(shipped: Game) -> None:
    """warland.txt 63-64: "fino a 2 Abitanti, 4 Carpentieri e 4 Soldati"."""
    assert shipped.part(Forces).limits.moves_per_turn == {
        "abitante": 2, "carpentiere": 4, "soldato": 4}


def test_the_soldier_count_of_moves_per_turn_limits_the_sends() -> None:
    """Two soldiers a turn: six at home may be sent one or two at a time; two missions
    still walking take both moves."""
    game = _with({"moves_per_turn": {"abitante": 2, "carpentiere": 4, "soldato": 2}})
    data = main_phase_table(game)
    data["players"][0]["soldiers"] = [1] * 6
    assert sent_counts(legal_moves(game, data)) == {1, 2}
    data["players"][0]["missions"] = [{"strength": 1, "target": "verdi", "turns_left": 1}] * 2
    assert sent_counts(legal_moves(game, data)) == set()


def test_a_position_is_checked_against_the_content_s_soldier_moves(shipped: Game) -> None:
    """Three missions walking fit the rulebook's 4 Soldati a turn, not 2."""
    two = _with({"moves_per_turn": {"soldato": 2}})
    data = main_phase_table(shipped)
    data["players"][0]["missions"] = [{"strength": 1, "target": "verdi", "turns_left": 1}] * 3
    assert _problems(shipped, data) == []
    assert _problems(two, data) == [
        ("/players/0/missions", "3 missions still walking, but a turn moves at most 2 "
                                "soldiers")]


def test_moves_per_turn_names_pawns_a_player_moves() -> None:
    for pawn, message in (("arciere", "unknown pawn 'arciere'"),
                          ("bastione", "bastione (bastion) is not a pawn a player moves")):
        with pytest.raises(ContentProblems) as raised:
            _with({"moves_per_turn": {"soldato": 4, pawn: 1}})
        assert [(p.pointer, p.message) for p in raised.value.problems] == [
            (f"/limits/moves_per_turn/{pawn}", message)]


def test_no_soldier_moves_is_a_check_warning_and_no_send(shipped: Game) -> None:
    """With no soldier moved, no Soldato in missione ever stands by an enemy card, so no
    demolition (95-98) or battle (126-133) can happen: the check says so."""
    still = _with({"moves_per_turn": {"abitante": 2, "carpentiere": 4}})
    data = main_phase_table(still)
    data["players"][0]["soldiers"] = [1] * 6
    assert sent_counts(legal_moves(still, data)) == set()
    report, _ = check_rules(still)
    assert [(p.pointer, p.severity, p.code) for p in report.problems] == [
        ("/limits/moves_per_turn", "warning", "G001")]
    assert "no soldier ever leaves its castle" in report.problems[0].message
    assert check_rules(shipped)[0].problems == ()


# -- limits.max_buildings_counts_castle (warland.txt 71, with 34) -----------------------

def _builder(game: Game, farms: int) -> dict[str, Any]:
    data = main_phase_table(game)
    data["players"][0].update(resources=60, buildings=[CASTLE] + [FARM] * farms)
    return data


def test_by_default_the_castello_is_one_of_the_nine(shipped: Game) -> None:
    """"al massimo nove Edifici" with the Castello among them (34: "Il Castello e gli altri
    Edifici"): the Castello and eight buildings leave no room."""
    assert any(m.startswith("build ") for m in legal_moves(shipped, _builder(shipped, 7)))
    assert not any(m.startswith("build ") for m in legal_moves(shipped, _builder(shipped, 8)))
    assert _problems(shipped, _builder(shipped, 9)) == [
        ("/players/0/buildings", "10 buildings in play, the castello included: at most 9")]


def test_nine_buildings_besides_the_castello() -> None:
    """max_buildings_counts_castle false: nine buildings besides the Castello."""
    game = _with({"max_buildings_counts_castle": False})
    assert any(m.startswith("build ") for m in legal_moves(game, _builder(game, 8)))
    assert not any(m.startswith("build ") for m in legal_moves(game, _builder(game, 9)))
    assert _problems(game, _builder(game, 9)) == []
    assert _problems(game, _builder(game, 10)) == [
        ("/players/0/buildings", "11 buildings in play, the castello not counted: at most 9")]


def test_flags_must_mark_the_castello_besides_the_nine() -> None:
    """Every card in play carries a flag (85-87), the Castello too: nine flags are enough
    for nine buildings in all, not for nine besides the Castello."""
    nine = Override("forces.json", "/flags_per_faction", 9)
    assert check_rules(_with({}, nine))[0].problems == ()
    problems = check_rules(_with({"max_buildings_counts_castle": False}, nine))[0].problems
    assert [(p.pointer, p.message) for p in problems] == [
        ("/flags_per_faction", "9 flags per faction cannot mark 10 buildings (the castle "
                               "included)")]


# -- limits.movement (warland.txt 57-58 against 63) ------------------------------------

def test_by_default_one_send_order_a_turn(shipped: Game) -> None:
    """"una sola volta" (57-58): after one send order, no other this turn."""
    data = main_phase_table(shipped)
    data["players"][0]["soldiers"] = [1] * 6
    after = _played(shipped, data, ["send 2 soldato verdi"])
    assert sent_counts(legal_moves(shipped, after)) == set()


def test_sends_at_any_time_within_the_turn_s_moves() -> None:
    """movement any_time: "in qualsiasi momento" (63), up to 4 Soldati a turn in all; the
    two just sent walk this turn, so two more may go, then none."""
    game = _with({"movement": "any_time"})
    data = main_phase_table(game)
    data["players"][0]["soldiers"] = [1] * 6
    after = _played(game, data, ["send 2 soldato verdi"])
    assert sent_counts(legal_moves(game, after)) == {1, 2}
    after = _played(game, after, ["send 1 soldato blu"])
    assert sent_counts(legal_moves(game, after)) == {1}
    after = _played(game, after, ["send 1 soldato verdi"])
    assert sent_counts(legal_moves(game, after)) == set()
    assert len(after["players"][0]["missions"]) == 4


# -- combat.one_against_many (warland.txt 138-139 against 140-141) ----------------------

COMBAT: Final = {"dice_per_strength": 2, "dice_sides": 6, "soldier_tie": "reroll",
                 "duel_roll": "sum", "status": "prototype"}
"""The shipped game's combat (content/games/warland/forces.json)."""


def _best_of(rolls: int) -> dict[int, Fraction]:
    """The best of `rolls` rolls of 2d6: "tira due d6 per ogni punto di forza ... Sarà
    valido sempre il tiro migliore" (102-104)."""
    two = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    at_most = {v: Fraction(sum(c for s, c in two.items() if s <= v), 36) ** rolls
               for v in range(1, 13)}
    return {v: at_most[v] - at_most.get(v - 1, Fraction(0)) for v in range(2, 13)}


def _won(ours: dict[int, Fraction], theirs: dict[int, Fraction]) -> Fraction:
    """The chance the first side rolls higher, ties rolled again (soldier_tie reroll)."""
    win = sum((p * q for a, p in ours.items() for b, q in theirs.items() if a > b),
              Fraction(0))
    tie = sum((p * theirs[a] for a, p in ours.items()), Fraction(0))
    return win / (1 - tie)


def _lone_soldier(game: Game, missions: int = 1) -> dict[str, Any]:
    """Rossi's strength-2 mission(s) at blu, where a strength-2 and a strength-1 soldier
    stand; rossi has declared the battle."""
    data = main_phase_table(game)
    data["players"][0]["missions"] = [
        {"strength": 2, "target": "blu", "turns_left": 0}] * missions
    data["players"][1]["soldiers"] = [2, 1]
    return _played(game, data, ["battle blu"])


def _odds(game: Game, data: Mapping[str, Any]) -> dict[str, Fraction]:
    legal = POSITIONS.legal(game, read_position(game, data))
    return {c.move: c.probability for c in legal.chance}


def test_by_default_one_soldier_fights_one(shipped: Game) -> None:
    """140-141: no battle of one soldier against more than one; the lone mission meets
    the strongest defender, strength 2 against 2, even odds; that defender dies if it
    loses."""
    data = _lone_soldier(shipped)
    assert _odds(shipped, data) == {"outcome won": Fraction(1, 2),
                                    "outcome lost": Fraction(1, 2)}
    after = _played(shipped, data, ["outcome won"])
    assert after["players"][1]["soldiers"] == [1]


def test_one_soldier_against_several_when_the_content_says_so() -> None:
    """one_against_many: 138-139, "vale anche in caso 1 Soldato contro più di un Soldato":
    the defenders' strengths are summed (3 rolls of 2d6, the best counts) against the
    mission's 2 rolls; if they lose, their weakest dies."""
    game = _with({}, Override("forces.json", "/combat", {**COMBAT, "one_against_many": True}))
    data = _lone_soldier(game)
    won = _won(_best_of(2), _best_of(3))
    assert _odds(game, data) == {"outcome won": won, "outcome lost": 1 - won}
    after = _played(game, data, ["outcome won"])
    assert after["players"][1]["soldiers"] == [2]


def test_several_against_several_never_fight_under_either_reading(shipped: Game) -> None:
    """140-141: "più di un soldato contro più di un soldato" is not a battle: two missions
    (summed strength 4, best roll) meet the strongest defender only, in both readings."""
    game = _with({}, Override("forces.json", "/combat", {**COMBAT, "one_against_many": True}))
    won = _won(_best_of(4), _best_of(2))
    for each in (shipped, game):
        assert _odds(each, _lone_soldier(each, missions=2)) == {
            "outcome won": won, "outcome lost": 1 - won}
