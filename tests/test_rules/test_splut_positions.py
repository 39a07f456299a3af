"""The public SPLUT! position format: the engine's state, read and written, played by name.

Every test goes through the JSON (text or data) and the notation, never the engine's
internals alone, and compares with the engine (start position, perft, whole games), so a
format that loses a piece of state or reorders moves fails.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from splutfixtures import geo, play_names, splut_game

from stamperia.content.validation.sourcemap import parse
from stamperia.rules.positions import IllegalMove, PositionError, PositionSource
from stamperia.rules.simulation.result import Table
from stamperia.rules.splut.moves import apply_step, legal_steps, pass_turn
from stamperia.rules.splut.perft import perft
from stamperia.rules.splut.play import play
from stamperia.rules.splut.position import LEV_ACTIVE, LEV_DONE, start_position
from stamperia.rules.splut.position_read import schema_text
from stamperia.rules.splut.positions import (
    PASS,
    POSITIONS,
    SplutState,
    validate_position,
)

PERFT = json.loads((Path(__file__).parents[1] / "fixtures" / "splut" / "perft.json")
                   .read_text(encoding="utf-8"))["cases"]
FILE = "position.json"


def read(data: dict[str, object]) -> SplutState:
    """Read a position from its text, as the CLI does."""
    text = json.dumps(data, indent=2)
    return POSITIONS.read(splut_game(), json.loads(text), PositionSource(FILE, text))


def through_json(state: SplutState) -> SplutState:
    """write, dump, parse, read: the state as another process would see it."""
    written = POSITIONS.write(splut_game(), state)
    again = read(written)
    assert POSITIONS.write(splut_game(), again) == written
    return again


def opening(players: int) -> dict[str, object]:
    return POSITIONS.opening(splut_game(), players, seed=0)


def test_the_schema_is_a_2020_12_schema_and_accepts_every_opening() -> None:
    schema = json.loads(schema_text())
    Draft202012Validator.check_schema(schema)
    for players in (2, 3, 4):
        assert list(Draft202012Validator(schema).iter_errors(opening(players))) == []
    assert POSITIONS.schema_kind == "splut_position"


@pytest.mark.parametrize(("players", "first", "count"),
                         [(2, "yellow", 3), (3, "yellow", 3), (4, "blue", 3)])
def test_the_opening_is_the_engine_start_position(players: int, first: str,
                                                  count: int) -> None:
    start = start_position(geo(), players)
    data = opening(players)
    assert read(data).position.key() == start.key()
    assert POSITIONS.write(splut_game(), SplutState(start)) == data
    assert data["seats"] == list(geo().seating[players])
    assert (data["turn"], data["steps_left"], data["to_move"]) == (1, 1, first)
    assert data["rocks"] == ["E1", "A5", "E9", "I5"]
    assert len(data["pieces"]) == 3 * players  # type: ignore[arg-type]
    legal = POSITIONS.legal(splut_game(), read(data))
    assert (legal.to_move, len(legal.moves), legal.result) == (first, count, None)
    assert POSITIONS.opening(splut_game(), players, seed=99) == data


def test_an_unseated_player_count_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="5 players"):
        POSITIONS.opening(splut_game(), 5, seed=0)


def _random_game_positions(players: int, seed: int) -> list[SplutState]:
    """Every position of one random engine game, first to last."""
    rng = random.Random(seed)
    pos = start_position(geo(), players)
    seen = [SplutState(pos.copy())]
    while not pos.over and pos.turn < geo().move_cap_turns:
        legal = legal_steps(pos)
        if legal:
            apply_step(pos, legal[rng.randrange(len(legal))])
        else:
            pass_turn(pos)
        seen.append(SplutState(pos.copy()))
    return seen


def test_positions_of_random_games_survive_the_round_trip() -> None:
    kinds = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 5)):
        for state in _random_game_positions(players, seed):
            pos = state.position
            again = through_json(state).position
            assert again.key() == pos.key()
            assert (again.where, again.rocks, again.passes) == (pos.where, pos.rocks,
                                                                 pos.passes)
            kinds.update({("levitating", pos.lev_state), ("over", pos.over),
                          ("locked", pos.locked != 0), ("moved", pos.moved != 0),
                          ("someone out", not all(pos.alive))})
    # the sample covers every part of the state that the format writes
    assert {("levitating", LEV_ACTIVE), ("levitating", LEV_DONE), ("over", True),
            ("locked", True), ("moved", True), ("someone out", True)} <= kinds


def test_schema_reference_is_kept() -> None:
    data = {"$schema": "../schemas/splut_position.schema.json", **opening(2)}
    assert POSITIONS.write(splut_game(), read(data)) == data
    after = POSITIONS.apply(splut_game(), read(data), "TF2n", random.Random(0))
    assert POSITIONS.write(splut_game(), after)["$schema"] == data["$schema"]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (2, 14)])
def test_a_game_played_through_the_interface_is_the_engines_game(players: int,
                                                                 seed: int) -> None:
    """The random agent picks an index into the engine's legal steps; picking the same
    index into the public moves (a forced pass draws nothing) must replay the same game."""
    record: list[dict[str, object]] = []
    expected = play(splut_game(), Table(("random",) * players), random.Random(seed), record)
    rng = random.Random(seed)
    state = read(opening(players))
    moves: list[str] = []
    while True:
        legal = POSITIONS.legal(splut_game(), state)
        if legal.result is not None:
            break
        move = PASS if legal.moves == (PASS,) else legal.moves[rng.randrange(len(legal.moves))]
        moves.append(move)
        state = through_json(POSITIONS.apply(splut_game(), state, move, rng))
    # the record holds the steps; a forced pass is no decision and has no line
    assert [m for m in moves if m != PASS] == [str(line["move"]) for line in record[1:]]
    seats = list(geo().seating[players])
    assert legal.result == {"winner": seats[expected.winners[0]] if expected.winners else None,
                            "end": expected.end, "turns": expected.turns}
    assert legal.to_move is None and legal.moves == ()


def _public_perft(state: SplutState, depth: int) -> int:
    if depth == 0:
        return 1
    legal = POSITIONS.legal(splut_game(), state)
    return sum(_public_perft(POSITIONS.apply(splut_game(), state, move, random.Random(0)),
                             depth - 1) for move in legal.moves)


@pytest.mark.parametrize("case", PERFT, ids=[c["name"] for c in PERFT])
def test_perft_through_the_interface_agrees_with_the_engine(case: dict[str, object]) -> None:
    pos = start_position(geo(), case["players"])  # type: ignore[arg-type]
    play_names(pos, *case["steps"])  # type: ignore[misc]
    state = through_json(SplutState(pos))
    counts = case["counts"]
    assert isinstance(counts, list)
    for depth in (1, 2):
        assert _public_perft(state, depth) == perft(pos, depth) == counts[depth - 1]


def test_apply_plays_on_a_copy() -> None:
    state = read(opening(2))
    before = POSITIONS.write(splut_game(), state)
    after = POSITIONS.apply(splut_game(), state, "TF2n", random.Random(0))
    assert POSITIONS.write(splut_game(), state) == before
    written = POSITIONS.write(splut_game(), after)
    assert written["pieces"]["F3"] == {"team": "yellow", "piece": "troll"}  # type: ignore[index]
    assert (written["turn"], written["to_move"], written["steps_left"]) == (2, "red", 2)


@pytest.mark.parametrize(("move", "reason"), [
    ("xyz", "is not a step name"),
    ("TF2s", "is not a legal step here"),
    ("TE5n", "is not a legal step here"),
    (PASS, "a pass is legal only when no step is"),
])
def test_an_illegal_move_names_the_legal_ones(move: str, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason) as caught:
        POSITIONS.apply(splut_game(), read(opening(2)), move, random.Random(0))
    assert caught.value.move == move
    assert caught.value.legal == ("TF2n", "DE2n", "SD2n")


def _stuck() -> dict[str, object]:
    """Yellow's lone Sorcerer walled in by rocks on A5: yellow must pass (R6)."""
    data = opening(2)
    data["pieces"] = {"A5": {"team": "yellow", "piece": "sorcerer"},
                      "E8": {"team": "red", "piece": "sorcerer"}}
    data["rocks"] = ["B5", "E1", "E9", "I5"]
    data["turn"], data["steps_left"] = 5, 3
    return data


def test_a_player_with_no_step_must_pass() -> None:
    state = read(_stuck())
    legal = POSITIONS.legal(splut_game(), state)
    assert (legal.to_move, legal.moves) == ("yellow", (PASS,))
    with pytest.raises(IllegalMove, match="must pass") as caught:
        POSITIONS.apply(splut_game(), state, "SA5n", random.Random(0))
    assert caught.value.legal == (PASS,)
    after = POSITIONS.write(splut_game(), POSITIONS.apply(splut_game(), state, PASS,
                                                          random.Random(0)))
    assert (after["to_move"], after["turn"], after["passes"]) == ("red", 6, 1)


def test_a_blocked_game_is_over() -> None:
    data = _stuck()
    data["pieces"]["I5"] = data["pieces"].pop("E8")  # type: ignore[attr-defined]
    data["rocks"] = ["B5", "H5", "E9", "E1"]
    data["passes"] = 1
    state = read(data)
    legal = POSITIONS.legal(splut_game(), state)
    assert legal.moves == (PASS,)
    state = POSITIONS.apply(splut_game(), state, PASS, random.Random(0))
    legal = POSITIONS.legal(splut_game(), state)
    assert (legal.to_move, legal.moves, legal.result) == (
        None, (), {"winner": None, "end": "blocked", "turns": 5})


def test_a_splut_ends_the_game_and_no_move_is_legal_after() -> None:
    data = opening(2)
    data["pieces"] = {"E4": {"team": "yellow", "piece": "troll"},
                      "D2": {"team": "yellow", "piece": "sorcerer"},
                      "E8": {"team": "red", "piece": "sorcerer"},
                      "D8": {"team": "red", "piece": "troll"}}
    data["rocks"] = ["E5", "A5", "E9", "I5"]
    data["turn"], data["steps_left"] = 7, 3
    state = POSITIONS.apply(splut_game(), read(data), "TE4n*n", random.Random(0))
    written = POSITIONS.write(splut_game(), state)
    assert (written["out"], written["to_move"], written["steps_left"]) == (["red"], "yellow", 2)
    assert written["pieces"] == {"E5": {"team": "yellow", "piece": "troll"},
                                 "D2": {"team": "yellow", "piece": "sorcerer"}}
    assert written["rocks"] == ["E8", "A5", "E9", "I5"]
    assert written["moved_this_turn"] == ["E8"]
    legal = POSITIONS.legal(splut_game(), through_json(state))
    assert legal.result == {"winner": "yellow", "end": "last_sorcerer", "turns": 7}
    with pytest.raises(IllegalMove, match="the game is over") as caught:
        POSITIONS.apply(splut_game(), state, "SD2n", random.Random(0))
    assert caught.value.legal == ()


def test_the_move_cap_ends_the_game_as_a_draw() -> None:
    data = opening(2)
    data["turn"], data["steps_left"] = 401.0, 3.0  # JSON Schema integers may be written so
    legal = POSITIONS.legal(splut_game(), read(data))
    assert (legal.to_move, legal.moves, legal.result) == (
        None, (), {"winner": None, "end": "move_cap", "turns": 400})
    data["turn"] = 400
    assert POSITIONS.legal(splut_game(), read(data)).to_move == "yellow"


def test_rule_r5_rocks_moved_last_turn_cannot_be_levitated() -> None:
    data = opening(2)
    data["pieces"] = {"E3": {"team": "yellow", "piece": "sorcerer"},
                      "E8": {"team": "red", "piece": "sorcerer"}}
    data["rocks"] = ["E1", "C5", "E9", "G5"]
    data["turn"], data["steps_left"] = 5, 3
    free = POSITIONS.legal(splut_game(), read(data)).moves
    data["moved_last_turn"] = ["C5"]
    locked = POSITIONS.legal(splut_game(), read(data)).moves
    assert "SE3n~C5" in free and "SE3n~G5" in free
    assert "SE3n~C5" not in locked and "SE3n~G5" in locked
    data["moved_last_turn"] = []
    data["moved_this_turn"] = ["G5"]
    data["levitation"] = {"state": "active", "rock": "G5"}
    active = POSITIONS.legal(splut_game(), read(data)).moves
    assert [m for m in active if "~" in m] == ["SE3n~G5", "SE3e~G5", "SE3s~G5", "SE3w~G5"]
    data["levitation"] = {"state": "done", "rock": "G5"}
    assert [m for m in POSITIONS.legal(splut_game(), read(data)).moves if "~" in m] == []


def _problems(data: dict[str, object]) -> tuple[str, list[object]]:
    text = json.dumps(data, indent=2)
    with pytest.raises(PositionError) as caught:
        POSITIONS.read(splut_game(), json.loads(text), PositionSource(FILE, text))
    return text, list(caught.value.problems)


DROP = object()
"""A patch value: remove the key (or, at `/teams/<team>`, every piece of the team)."""


def _patched(players: int, patch: tuple[tuple[str, object], ...]) -> dict[str, object]:
    """The opening for `players` with values set (or dropped) at JSON pointers."""
    data = opening(players)
    for pointer, value in patch:
        *path, last = pointer.split("/")[1:]
        if path == ["teams"]:
            pieces = data["pieces"]
            assert isinstance(pieces, dict)
            for square in [s for s, p in pieces.items() if p["team"] == last]:
                del pieces[square]
            continue
        node: object = data
        for token in path:
            node = node[int(token)] if isinstance(node, list) else node[token]  # type: ignore[index]
        if isinstance(node, list):
            node[int(last)] = value
        elif value is DROP:
            del node[last]  # type: ignore[attr-defined]
        else:
            node[last] = value  # type: ignore[index]
    return data


YELLOW_TROLL = {"team": "yellow", "piece": "troll"}
CONTRADICTIONS = [
    (2, (("/pieces/A1", {"team": "yellow", "piece": "dwarf"}),), "/pieces/A1",
     "A1 is not a square of the board", 1),
    (2, (("/rocks/1", "A9"),), "/rocks/1", "A9 is not a square of the board", 1),
    (2, (("/rocks/0", "F2"),), "/pieces/F2", "a rock and the yellow troll both on F2", 1),
    (2, (("/rocks", ["E1", "A5", "E9"]),), "/rocks", "3 rocks, but the game has 4", 1),
    (2, (("/pieces/E5", YELLOW_TROLL),), "/pieces/E5/piece",
     "yellow has two trolls (also on F2)", 1),
    (2, (("/pieces/E5", {"team": "blue", "piece": "troll"}),), "/pieces/E5/team",
     "team 'blue' is not seated", 1),
    (2, (("/seats/1", "purple"),), "/seats/1", "unknown team 'purple'", 1),
    (2, (("/seats", ["red", "yellow"]),), "/seats",
     "the seats for 2 players, in turn order, are yellow, red", 1),
    (2, (("/to_move", "green"),), "/to_move", "team 'green' is not seated", 1),
    (2, (("/steps_left", 2),), "/steps_left", "2 steps left, but turn 1 has 1", 1),
    (2, (("/turn", 9), ("/steps_left", 4)), "/steps_left", "4 steps left, but turn 9 has 3", 1),
    (2, (("/steps_left", 0),), "/steps_left", "no steps left in a game still running", 1),
    (2, (("/turn", 402),), "/turn", "turn 402 is beyond the move cap of 400 turns", 1),
    (3, (("/out", ["green"]), ("/teams/green", DROP), ("/to_move", "green")), "/to_move",
     "green is out and cannot be to move", 1),
    (3, (("/out", ["red"]),), "/pieces/D8/team", "red is out, but its troll is on D8", 3),
    (2, (("/pieces/F8", DROP),), "/pieces", "red is standing but its sorcerer is not on", 1),
    (3, (("/out", ["red", "green"]), ("/teams/red", DROP), ("/teams/green", DROP)), "/out",
     "the teams out are not in seat order", 1),
    (2, (("/out", ["yellow", "red"]), ("/teams/red", DROP), ("/teams/yellow", DROP)), "/out",
     "every team is out", 1),
    (2, (("/moved_this_turn", ["E5"]),), "/moved_this_turn/0", "no rock on E5", 1),
    (2, (("/moved_last_turn", ["E9", "E1"]),), "/moved_last_turn",
     "the rocks are not in the order of /rocks", 1),
    (2, (("/levitation", {"state": "active", "rock": "E1"}),), "/levitation/rock",
     "the rock on E1 was levitated this turn but is not in /moved_this_turn", 1),
    (2, (("/levitation", {"state": "done", "rock": "E5"}), ("/moved_this_turn", ["E1"])),
     "/levitation/rock", "no rock on E5", 1),
    (2, (("/passes", 3),), "/passes", "3 passes in a row, but 2 teams stand", 1),
    # schema problems, also at their pointer
    (2, (("/turn", 0),), "/turn", "0 is less than the minimum of 1", 1),
    (2, (("/levitation", {"state": "unused", "rock": "E1"}),), "/levitation", "should not", 1),
    (2, (("/pieces/E5", {"team": "yellow", "piece": "rock"}),), "/pieces/E5/piece",
     "'rock' is not one of", 1),
    (2, (("/rocks", ["E1", "A5", "E9", "I5", "E1"]),), "/rocks", "has non-unique elements", 1),
    (2, (("/winner", "red"),), "", "Additional properties are not allowed", 1),
    (2, (("/out", DROP),), "", "'out' is a required property", 1),
]


@pytest.mark.parametrize(("players", "patch", "pointer", "message", "count"), CONTRADICTIONS,
                         ids=[f"{c[2] or '/'}: {c[3]}" for c in CONTRADICTIONS])
def test_a_contradiction_names_its_pointer_and_line(
        players: int, patch: tuple[tuple[str, object], ...], pointer: str, message: str,
        count: int) -> None:
    text, problems = _problems(_patched(players, patch))
    assert len(problems) == count, problems
    problem = problems[0]
    assert (problem.file, problem.pointer) == (FILE, pointer)  # type: ignore[attr-defined]
    assert message in problem.message  # type: ignore[attr-defined]
    assert problem.hint  # type: ignore[attr-defined]
    assert problem.line == parse(text)[1].line(pointer)  # type: ignore[attr-defined]


def test_two_pieces_on_a_square_are_found_in_the_text() -> None:
    """JSON readers keep the last of two equal keys; the text still shows both."""
    text = json.dumps(opening(2), indent=2).replace('"E8": {', '"F2": {')
    with pytest.raises(PositionError) as caught:
        POSITIONS.read(splut_game(), json.loads(text), PositionSource(FILE, text))
    [problem] = caught.value.problems
    second = [n for n, line in enumerate(text.splitlines(), 1) if '"F2"' in line][1]
    assert (problem.pointer, problem.line, problem.message) == ("/pieces/F2", second,
                                                                "two pieces on F2")
    assert validate_position(splut_game(), text, FILE) == [problem]


def test_validate_position_reports_syntax_and_accepts_a_good_position() -> None:
    text = json.dumps(opening(3), indent=2)
    assert validate_position(splut_game(), text, FILE) == []
    [problem] = validate_position(splut_game(), text.replace('"turn": 1,', '"turn": 1'),
                                  FILE)
    assert problem.file == FILE and "malformed JSON" in problem.message
    assert problem.line == text.splitlines().index('  "turn": 1,') + 2
    problems = validate_position(splut_game(), text.replace('"steps_left": 1',
                                                            '"steps_left": 5'), FILE)
    assert [p.pointer for p in problems] == ["/steps_left"]


def _property_names(schema: object) -> set[str]:
    """Every property name a schema allows, at any depth ($schema excepted)."""
    names: set[str] = set()
    if isinstance(schema, dict):
        names |= {n for n in schema.get("properties", {}) if n != "$schema"}
        for value in schema.values():
            names |= _property_names(value)
    elif isinstance(schema, list):
        for item in schema:
            names |= _property_names(item)
    return names


def test_the_format_doc_names_every_field() -> None:
    """Found by its heading until `splut_position` is a content kind (then
    test_format_doc checks it with the others)."""
    text = (Path(__file__).parents[2] / "docs" / "content-format.md").read_text(encoding="utf-8")
    start = text.index("(kind `splut_position`)")
    end = text.find("\n## ", start)
    section = text[start:end if end >= 0 else None]
    names = _property_names(json.loads(schema_text()))
    assert len(names) > 10
    assert [n for n in sorted(names) if f"`{n}`" not in section] == []
