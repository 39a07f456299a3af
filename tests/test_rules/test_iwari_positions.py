"""IWARI's public positions: openings, round trips, notation, chance, contradictions, results.

Games are played through the public interface only (POSITIONS.legal/apply), and checked
against the engine's own simulation: a recorded simulated game replayed as moves must end
with the same scores and winners.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.errors import Origin
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari import positions
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.notation import parse_move
from stamperia.rules.iwari.position_json import schema_text
from stamperia.rules.iwari.position_state import IwariPosition
from stamperia.rules.iwari.positions import POSITIONS, dealt_position, move_bound, validate_position
from stamperia.rules.iwari.setup import Deal
from stamperia.rules.iwari.simulate import play
from stamperia.rules.iwari.state import read_state
from stamperia.rules.positions import (
    CHANCE,
    IllegalMove,
    PositionError,
    PositionSource,
    draw_outcome,
)
from stamperia.rules.simulation.result import Table

FIXTURES = Path(__file__).parents[1] / "fixtures" / "iwari"
Json = dict[str, Any]


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def read(game: Game, data: Json) -> IwariPosition:
    text = json.dumps(data, indent=1)
    state = POSITIONS.read(game, json.loads(text), PositionSource("pos.json", text))
    assert isinstance(state, IwariPosition)
    return state


def random_game(game: Game, players: int, seed: int,
                visit: Callable[[IwariPosition], None] | None = None) -> IwariPosition:
    """A whole game through the public interface: uniform moves, chance drawn exactly."""
    rng = random.Random(seed)
    state = read(game, POSITIONS.opening(game, players, seed))
    for _ in range(2000):
        if visit is not None:
            visit(state)
        legal = POSITIONS.legal(game, state)
        if legal.to_move is None:
            return state
        move = (draw_outcome(legal.chance, rng) if legal.to_move == CHANCE
                else rng.choice(legal.moves))
        state = POSITIONS.apply(game, state, move, rng)  # type: ignore[assignment]
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def sampled(iwari: Game) -> list[IwariPosition]:
    """Every 7th position of four random games (2..5 players), the last one finished."""
    found: list[IwariPosition] = []
    for players in (2, 3, 4, 5):
        seen: list[IwariPosition] = []
        final = random_game(iwari, players, 100 + players, seen.append)
        found += seen[::7] + [final]
    return found


# --- opening ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_opening_is_seeded_and_valid(iwari: Game, players: int) -> None:
    first, again = POSITIONS.opening(iwari, players, 1), POSITIONS.opening(iwari, players, 1)
    other = POSITIONS.opening(iwari, players, 2)
    assert json.dumps(first) == json.dumps(again)
    assert first["deck"] != other["deck"]
    assert validate_position(iwari, json.dumps(first, indent=1), "o.json") == []
    components, _ = iwari_parts(iwari)
    assert [len(h) for h in first["hands"].values()] == [3] * players
    assert len(first["display"]) == 4 and first["phase"] == "turn"
    assert first["to_move"] == first["tribes"][0]
    assert ("simulated" in first) == (players == 2)
    cards = Counter(first["deck"] + first["display"]
                    + [c for h in first["hands"].values() for c in h])
    removed = components.setup.cards_removed_per_biome[players]
    assert cards == {b.id: b.cards - removed for b in components.biomes}


@pytest.mark.parametrize("players", [1, 6])
def test_opening_refuses_other_player_counts(iwari: Game, players: int) -> None:
    with pytest.raises(ValueError):
        POSITIONS.opening(iwari, players, 1)


# --- round trips and whole games ------------------------------------------------------------

def test_write_read_round_trip_along_games(iwari: Game, sampled: list[IwariPosition]) -> None:
    for state in sampled:
        data = POSITIONS.write(iwari, state)
        assert validate_position(iwari, json.dumps(data), "p.json") == []
        again = read(iwari, data)
        assert again.play == state.play and POSITIONS.write(iwari, again) == data


@pytest.mark.parametrize("name", ["unione", "desert_majority", "connection_7"])
def test_score_files_are_positions_and_round_trip(iwari: Game, name: str) -> None:
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    assert validate_position(iwari, json.dumps(data), "s.json") == []
    state = read(iwari, data)
    written = POSITIONS.write(iwari, state)
    written.pop("mountains"), written.pop("feats")  # the canonical form spells out empties
    assert written == {k: v for k, v in data.items() if k not in ("mountains", "feats")}
    assert read(iwari, POSITIONS.write(iwari, state)) == state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_reach_a_result(iwari: Game, players: int) -> None:
    bound = move_bound(iwari)
    chances: list[int] = []

    def visit(state: IwariPosition) -> None:
        legal = POSITIONS.legal(iwari, state)
        assert len(legal.moves) <= bound
        assert len(set(legal.moves)) == len(legal.moves)
        if legal.to_move == CHANCE:
            assert sum(o.probability for o in legal.chance) == 1
            deck = Counter(state.play.deck)  # type: ignore[union-attr]
            assert {o.move: o.probability for o in legal.chance} == {
                f"deal {c}": Fraction(n, sum(deck.values())) for c, n in deck.items()}
            chances.append(1)

    final = random_game(iwari, players, 7, visit)
    legal = POSITIONS.legal(iwari, final)
    assert legal.moves == () and legal.result is not None
    assert chances, "the reshuffled deck deals by chance"
    result = legal.result
    scores = result["scores"]
    assert isinstance(scores, dict) and len(scores) == len(final.tribes)
    assert result["end"] in ("deck", "tents", "simulated_tribe")


def _replay(game: Game, record: list[Mapping[str, Any]]) -> Any:
    """A recorded simulated game played again as public moves; returns the result. The
    record's moves are the positions' notation; its reshuffle (`shuffle <deck>`) is dealt
    card by card (`deal <card>`, drawn last first)."""
    setup = record[0]["setup"]
    dealt = Deal(setup["players"], setup["side"], tuple(setup["seats"]),
                 setup["players"] if len(setup["seats"]) > setup["players"] else None,
                 tuple(setup["mountains"]), (), tuple(setup["deck"]),
                 tuple(tuple(h) for h in setup["hands"]), tuple(setup["display"]))
    state = read(game, dealt_position(game, dealt))
    lines = [line for line in record[1:] if "move" in line]
    shuffled = [str(line["chance"]).split(" ")[1:] for line in record if "chance" in line]
    deck = list(shuffled[0]) if shuffled else []
    rng = random.Random(0)
    while (legal := POSITIONS.legal(game, state)).to_move is not None:
        if state.play is not None and state.play.phase in ("feat", "deal", "third"):
            again = read(game, POSITIONS.write(game, state))  # pending choices round trip
            assert again == state and POSITIONS.legal(game, again) == legal
        move = f"deal {deck.pop()}" if legal.to_move == CHANCE else lines.pop(0)["move"]
        assert move in legal.moves, (move, legal.moves[:5])
        state = POSITIONS.apply(game, state, move, rng)  # type: ignore[assignment]
    assert not lines
    return legal.result


@pytest.mark.parametrize(("players", "agents"), [(2, ("random",)), (3, ("greedy", "random")),
                                                 (4, ("random",))])
def test_simulated_games_replay_as_moves_to_the_same_result(iwari: Game, players: int,
                                                            agents: tuple[str, ...]) -> None:
    for seed in range(2):
        record: list[Mapping[str, Any]] = []
        table = Table(tuple(agents[i % len(agents)] for i in range(players)))
        expected = play(iwari, table, random.Random(seed), record)
        result = _replay(iwari, record)
        tribes = record[0]["setup"]["seats"]
        assert result["scores"] == {t: expected.seats[i].score for i, t in enumerate(tribes)}
        assert result["most_points"] == [tribes[s] for s in expected.winners]
        assert result["end"] == expected.end


# --- notation -----------------------------------------------------------------------------

def test_notation_round_trips_every_legal_move(iwari: Game, sampled: list[IwariPosition]
                                                ) -> None:
    from stamperia.rules.iwari.notation import format_move

    components, maps = iwari_parts(iwari)
    forms: Counter[str] = Counter()
    for state in sampled:
        board = index_side(maps.side(state.side))
        connections = frozenset(c.number for c in board.connections)
        for move in POSITIONS.legal(iwari, state).moves:
            parsed = parse_move(board, move, connections)
            on = (components.feat(move.split()[1]).placed_on if move.startswith("feat")
                  else "territory")
            assert format_move(board, parsed, on) == move
            forms[move.split()[0]] += 1
    assert {"play", "discard", "draw"} <= set(forms)


def test_notation_names_the_concrete_placement(iwari: Game) -> None:
    state = read(iwari, POSITIONS.opening(iwari, 3, 4))
    hand = state.play.hands[0]  # type: ignore[union-attr]
    moves = POSITIONS.legal(iwari, state).moves
    plays = [m for m in moves if m.startswith("play ")]
    assert plays and all(" tents " in m and m.count("/") == 1 for m in plays)
    assert sorted(m for m in moves if m.startswith("discard ")) == [
        f"discard {c}" for c in sorted(set(hand))]
    after = POSITIONS.apply(iwari, state, plays[0], random.Random(0))
    space = plays[0].split(" tents ")[1]
    territory, number = space.split("/")
    assert POSITIONS.write(iwari, after)["territories"][territory]["tents"] == {
        number: state.tribes[0]}


@pytest.mark.parametrize("move", ["fly away", "play nowhere forest 1", "draw display 9",
                                  "play forest_1 forest 1 tents forest_1/99", "discard",
                                  "draw deck please", "feat onore 999"])
def test_bad_moves_raise_illegal_move_with_the_legal_ones(iwari: Game, move: str) -> None:
    state = read(iwari, POSITIONS.opening(iwari, 3, 4))
    with pytest.raises(IllegalMove) as caught:
        POSITIONS.apply(iwari, state, move, random.Random(0))
    assert caught.value.legal == POSITIONS.legal(iwari, state).moves
    assert caught.value.move == move and caught.value.legal


def test_a_legal_move_of_another_phase_is_illegal(iwari: Game) -> None:
    state = read(iwari, POSITIONS.opening(iwari, 3, 4))
    with pytest.raises(IllegalMove, match="not legal"):
        POSITIONS.apply(iwari, state, "draw deck", random.Random(0))


# --- contradictions -----------------------------------------------------------------------

def _opening(game: Game) -> Json:
    data = POSITIONS.opening(game, 2, 3)
    data["territories"] = {"forest_1": {"tents": {"1": "red", "2": "blue"}}}
    data["left"]["red"]["tents"] -= 1
    data["left"]["blue"]["tents"] -= 1
    return data


def _problems(game: Game, data: Json) -> list[Any]:
    text = json.dumps(data, indent=1)
    with pytest.raises(PositionError) as caught:
        POSITIONS.read(game, data, PositionSource("bad.json", text))
    assert validate_position(game, text, "bad.json") == list(caught.value.problems)
    return list(caught.value.problems)


def _line(data: Json, pointer: str) -> int:
    """The line the pointer's value starts on in the indented text `_problems` reads."""
    marker = "\u2063"
    copy = json.loads(json.dumps(data))
    node: Any = copy
    parts = pointer.strip("/").split("/")
    for part in parts[:-1]:
        node = node[int(part) if isinstance(node, list) else part]
    key: Any = int(parts[-1]) if isinstance(node, list) else parts[-1]
    node[key] = marker
    lines = json.dumps(copy, indent=1).splitlines()
    return next(i for i, line in enumerate(lines, start=1) if marker.encode(
        "unicode_escape").decode() in line or marker in line)


CONTRADICTIONS: list[tuple[str, Callable[[Json], None], str]] = [
    ("unknown territory", lambda d: d["territories"].update({"atlantis": {}}),
     "/territories/atlantis"),
    ("unknown space", lambda d: d["territories"]["forest_1"]["tents"].update({"12": "red"}),
     "/territories/forest_1/tents/12"),
    ("unknown card", lambda d: d["discards"]["blue"].append("jungle"), "/discards/blue/0"),
    ("card too many", lambda d: d["discards"]["red"].append("forest"), "/discards/red/0"),
    ("tents left", lambda d: d["left"]["blue"].__setitem__("tents", 20), "/left/blue/tents"),
    ("onore on water", lambda d: d["feats"].append(
        {"feat": "onore", "connection": 9, "tribe": "red"}) or d["feat_supply"].update(
        {"onore": 0}), "/feats/0/connection"),
    ("rispetto on land", lambda d: d["feats"].append(
        {"feat": "rispetto", "connection": 1, "tribe": "red"}) or d["feat_supply"].update(
        {"rispetto": 0}), "/feats/0/connection"),
    ("feat copies", lambda d: d["feat_supply"].update({"unione": 3}), "/feat_supply/unione"),
    ("mountain unmarked", lambda d: d["mountains"].__setitem__(0, 2), "/mountains/0"),
    ("two mountains on a pair", lambda d: d.__setitem__("mountains", [1, 4, 15, 18]),
     "/mountains/3"),
    ("not a player", lambda d: d.__setitem__("to_move", "green"), "/to_move"),
    ("feat without tribe", lambda d: d["feats"].append({"feat": "unione",
                                                        "territory": "forest_1"})
     or d["feat_supply"].update({"unione": 1}), "/feats/0"),
]


@pytest.mark.parametrize(("name", "change", "pointer"), CONTRADICTIONS,
                         ids=[c[0] for c in CONTRADICTIONS])
def test_contradictions_name_the_pointer_and_line(iwari: Game, name: str,
                                                  change: Callable[[Json], None],
                                                  pointer: str) -> None:
    data = _opening(iwari)
    read(iwari, data)
    change(data)
    problems = _problems(iwari, data)
    assert [p.pointer for p in problems] == [pointer], [p.format() for p in problems]
    assert problems[0].file == "bad.json"
    assert problems[0].line == _line(data, pointer)


def test_more_tents_than_a_tribe_has(iwari: Game) -> None:
    data = _opening(iwari)
    components, maps = iwari_parts(iwari)
    spaces = [(t.id, n) for t in maps.sides[0].territories for n in range(1, len(t.tents) + 1)]
    data["territories"] = {}
    for territory, number in spaces[:components.playable_tents + 1]:
        data["territories"].setdefault(territory, {"tents": {}})["tents"][str(number)] = "red"
    problems = _problems(iwari, data)
    assert "/territories" in [p.pointer for p in problems]
    assert any("red has 21 tents on the map, a tribe has 20" in p.message for p in problems)


def test_schema_problems_have_pointers(iwari: Game) -> None:
    data = _opening(iwari)
    data["left"]["red"]["totems"] = -1
    del data["deck_shuffled"]
    problems = validate_position(iwari, json.dumps(data, indent=1), "bad.json")
    pointers = {p.pointer for p in problems}
    assert "/left/red/totems" in pointers and "" in pointers
    assert any("deck_shuffled" in p.message for p in problems)


def test_a_score_file_cannot_be_played_on(iwari: Game) -> None:
    state = read(iwari, json.loads((FIXTURES / "unione.json").read_text()))
    for call in (lambda: POSITIONS.legal(iwari, state),
                 lambda: POSITIONS.apply(iwari, state, "draw deck", random.Random(0))):
        with pytest.raises(PositionError) as caught:
            call()
        assert "no 'phase'" in caught.value.problems[0].message


def test_schema_files_agree() -> None:
    old = json.loads((Path(__file__).parents[2] / "content" / "rulesets" / "iwari" /
                      "schemas" / "iwari_state.schema.json").read_text())
    new = json.loads(schema_text())
    for schema in (old, new):
        schema.pop("$id"), schema.pop("title")
    assert old == new


# --- results and scoring ------------------------------------------------------------------

def test_scoring_a_position_equals_the_score_path(iwari: Game,
                                                  sampled: list[IwariPosition]) -> None:
    for state in sampled:
        data = POSITIONS.write(iwari, state)
        scored, problems = read_state(iwari, data, Origin("p.json", "", 1))
        assert not problems and scored is not None
        assert positions.scored(iwari, state) == scored
        if state.play is not None and state.play.phase == "over":
            result = POSITIONS.legal(iwari, state).result
            assert result is not None
            assert result["scores"] == dict(zip(state.tribes, scored.totals, strict=True))
            assert result["most_points"] == [state.tribes[s] for s in scored.winners]


def _finished(game: Game, sampled: list[IwariPosition], players: int) -> Json:
    final = next(s for s in reversed(sampled) if len(s.tribes) == 3 and
                 (s.simulated is not None) == (players == 2))
    return POSITIONS.write(game, final)


@pytest.mark.parametrize(("leader", "winners", "end"), [
    ("green", [], "simulated_tribe"), ("red", ["red"], None)])
def test_two_players_lose_to_the_simulated_tribe(iwari: Game, sampled: list[IwariPosition],
                                                  leader: str, winners: list[str],
                                                  end: str | None) -> None:
    data = _finished(iwari, sampled, 2)
    assert data["phase"] == "over" and data["simulated"] == "green"
    data["score_before"][leader] += 1000
    result = POSITIONS.legal(iwari, read(iwari, data)).result
    assert result is not None and result["winners"] == winners
    assert result["most_points"] == [leader]
    assert (result["end"] == "simulated_tribe") == (end is not None)


def test_no_move_after_the_end(iwari: Game, sampled: list[IwariPosition]) -> None:
    final = sampled[-1]
    assert POSITIONS.legal(iwari, final).to_move is None
    with pytest.raises(IllegalMove, match="the game is over") as caught:
        POSITIONS.apply(iwari, final, "draw deck", random.Random(0))
    assert caught.value.legal == ()
