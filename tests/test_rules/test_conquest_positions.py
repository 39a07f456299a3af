"""The public conquest position format (SGRUNT, MUGRUGNI): openings, JSON round trips,
notation, explicit chance, contradictory positions and scoring, all through POSITIONS."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.errors import ContentError, Origin
from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.content.validation.document import read_document
from stamperia.content.validation.schemas import SchemaSet
from stamperia.rules.conquest.battle import bonus_from_effects
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.notation import format_action, parse_move
from stamperia.rules.conquest.positions import (
    POSITIONS,
    ConquestPosition,
    position_schema,
    schema_problems,
    validate_position,
)
from stamperia.rules.conquest.scoring import read_position, score
from stamperia.rules.conquest.state import Phase
from stamperia.rules.conquest.tables import compile_tables
from stamperia.rules.conquest.whole_battle import battle_odds
from stamperia.rules.positions import (
    CHANCE,
    IllegalMove,
    PositionError,
    PositionSource,
    apply_moves,
    draw_outcome,
)

FIXTURE = Path(__file__).parents[1] / "fixtures" / "states" / "rulebook_example.json"
SCHEMAS = Path(__file__).parents[2] / "content" / "rulesets" / "conquest"


def score_state(game: Game, path: Path) -> object:
    """The score path `stamperia score` had before positions: the end-position file read
    as conquest_state, then scored."""
    problems: list[ContentError] = []
    document = read_document(path, "conquest_state", SchemaSet(), problems)
    assert document is not None, problems
    end, problems = read_position(game, document.data, document.origin())
    assert end is not None, problems
    return score(game, end)


@pytest.fixture(scope="module", params=["sgrunt", "mugrugni"])
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


@pytest.fixture(scope="module")
def sgrunt() -> Game:
    return load_game("sgrunt")


def read(game: Game, data: dict[str, Any]) -> ConquestPosition:
    return validate_position(game, json.dumps(data, indent=2), "position.json")


def walk(game: Game, seed: int, players: int) -> Iterator[ConquestPosition]:
    """Every position of one game played through the public interface only."""
    rng = random.Random(seed)
    position = read(game, POSITIONS.opening(game, players, seed))
    while True:
        yield position
        legal = POSITIONS.legal(game, position)
        if legal.to_move is None:
            return
        move = (draw_outcome(legal.chance, rng) if legal.to_move == CHANCE
                else rng.choice(legal.moves))
        position = POSITIONS.apply(game, position, move, rng)


def final(game: Game, seed: int, players: int) -> ConquestPosition:
    *_, last = walk(game, seed, players)
    return last


# ----- openings and round trips ---------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_opening_is_a_function_of_the_seed(game: Game, players: int) -> None:
    first = POSITIONS.opening(game, players, 11)
    assert json.dumps(first) == json.dumps(POSITIONS.opening(game, players, 11))
    other = POSITIONS.opening(game, players, 12)
    assert other != first
    assert schema_problems(first, PositionSource("o.json", json.dumps(first))) == []
    # Factions are dealt, not fixed to seats ("la fazione scelta"): distinct, of the game.
    factions = [p["faction"] for p in first["players"]]
    assert len(set(factions)) == players
    assert set(factions) <= {f.id for f in game.part(Conquest).factions}
    assert first["territories"] == {} and first["phase"] == "claim"
    assert first["to_move"] == factions[0]
    legal = POSITIONS.legal(game, read(game, first))
    assert len(legal.moves) == len(game.part(Conquest).board.territories)  # type: ignore[union-attr]
    assert all(move.startswith("claim ") for move in legal.moves)


@pytest.mark.parametrize("players", [2, 6])
def test_opening_refuses_a_player_count_the_game_does_not_allow(sgrunt: Game,
                                                                players: int) -> None:
    with pytest.raises(ValueError, match="3, 4, 5 players"):
        POSITIONS.opening(sgrunt, players, 1)


def test_every_position_of_a_game_reads_back_as_written(game: Game) -> None:
    for number, position in enumerate(walk(game, 3, 4)):
        if number % 13:
            continue
        data = POSITIONS.write(game, position)
        again = read(game, json.loads(json.dumps(data)))
        assert POSITIONS.write(game, again) == data
        assert POSITIONS.legal(game, again) == POSITIONS.legal(game, position)


# ----- whole games, results, scores -----------------------------------------------------
@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 5)])
def test_random_games_reach_a_result(game: Game, seed: int, players: int) -> None:
    last = final(game, seed, players)
    legal = POSITIONS.legal(game, last)
    assert legal.to_move is None and legal.moves == () and legal.result is not None
    factions = [p["faction"] for p in POSITIONS.write(game, last)["players"]]  # type: ignore[index]
    assert legal.result["end"] in ("objective", "points", "round_cap")
    winners = legal.result["winners"]
    assert isinstance(winners, list) and winners and set(winners) <= set(factions)
    scores = legal.result["scores"]
    assert isinstance(scores, dict) and sorted(scores) == sorted(factions)
    with pytest.raises(IllegalMove, match="over"):
        POSITIONS.apply(game, last, "end-attacks", random.Random(0))


def test_score_of_an_end_position_is_the_old_score_path(game: Game, tmp_path: Path) -> None:
    last = final(game, 4, 4)
    data = POSITIONS.write(game, last)
    text = json.dumps(data, indent=2)
    path = tmp_path / "end.json"
    path.write_text(text)
    old = score_state(game, path)
    assert not isinstance(old, list), old
    new = POSITIONS.score(game, data, PositionSource("end.json", text))
    assert new == old
    end, problems = read_position(game, data, Origin("end.json", "", 1))
    assert problems == [] and end is not None and score(game, end) == new
    result = POSITIONS.legal(game, last).result
    assert result is not None
    points = {s.faction: s.total for s in new}
    assert {f: v["points"] for f, v in result["scores"].items()} == points  # type: ignore[attr-defined]
    if result["end"] != "objective":
        assert new[0].faction in result["winners"]  # type: ignore[operator]


def test_a_score_file_still_validates_and_scores_but_cannot_be_played(sgrunt: Game) -> None:
    text = FIXTURE.read_text()
    data = json.loads(text)
    source = PositionSource("rulebook_example.json", text)
    assert schema_problems(data, source) == []
    assert POSITIONS.score(sgrunt, data, source) == score_state(sgrunt, FIXTURE)
    with pytest.raises(PositionError) as error:
        POSITIONS.read(sgrunt, data, source)
    pointers = [p.pointer for p in error.value.problems]
    assert "/phase" in pointers and "/events" in pointers and "/players/0/hand" in pointers
    assert all("needed to play on" in p.message for p in error.value.problems)


def test_the_score_schema_is_the_position_schema() -> None:
    state = json.loads((SCHEMAS / "schemas" / "conquest_state.schema.json").read_text())
    position = position_schema()
    assert state.pop("$id").endswith("conquest_state.schema.json")
    position.pop("$id")
    assert state == position


# ----- notation -------------------------------------------------------------------------
def test_notation_parses_back_every_legal_move(game: Game) -> None:
    kinds: set[str] = set()
    for number, position in enumerate(walk(game, 5, 4)):
        if position.state.phase in (Phase.OVER, Phase.ROLL):
            continue
        tables, factions = position.engine.tables, position.factions
        actions = position.engine.legal_actions(position.state)
        moves = [format_action(tables, factions, a) for a in actions]
        assert len(set(moves)) == len(moves)
        for action, move in zip(actions, moves, strict=True):
            assert parse_move(tables, factions, move) == action
            kinds.add(str(action[0]))
        if number % 7 == 0:
            assert POSITIONS.legal(game, position).moves == tuple(moves)
    assert {"claim", "place", "attack", "roll", "retreat", "end_attacks", "occupy", "move",
            "move_count", "no_move", "card"} <= kinds


def test_every_action_kind_has_its_readable_form(sgrunt: Game) -> None:
    tables = compile_tables(sgrunt)
    factions = ("koiles", "monteponi", "apixedda")
    nurra, gallura = tables.territory_ids.index("nurra"), tables.territory_ids.index("gallura")
    cases = {
        ("claim", nurra): "claim nurra", ("place", nurra, 3): "place nurra 3",
        ("remove", nurra, 1): "remove nurra 1", ("discard", "zannata"): "discard zannata",
        ("truce", 2): "truce apixedda", ("truce", -1): "truce none",
        ("recruit", "reclutamento", 4): "recruit reclutamento 4",
        ("recruit", "", 0): "recruit none",
        ("attack", nurra, gallura, 2): "attack nurra gallura 2", ("roll", 3): "roll 3",
        ("defend", 2): "defend 2",
        ("retreat",): "retreat", ("end_attacks",): "end-attacks",
        ("card", "zannata"): "card zannata", ("card", ""): "card none",
        ("occupy", 3): "occupy 3", ("move", nurra, gallura): "move nurra gallura",
        ("move_count", 2): "move-count 2", ("no_move",): "no-move"}
    for action, move in cases.items():
        assert format_action(tables, factions, action) == move
        assert parse_move(tables, factions, move) == action
    for bad in ("claim  nurra", " claim nurra", "place nurra 03", "place nurra -1",
                "claim atlantide", "truce nobody", "retreat now", "roll", "", "occupy ³"):
        assert parse_move(tables, factions, bad) is None, bad


# ----- chance ---------------------------------------------------------------------------
def battle_position(game: Game, attackers: int, defenders: int, *, dice: int = 3,
                    attacker_card: str | None = None, phase: str = "roll") -> dict[str, Any]:
    """Three players; seat 0 attacks from the first territory with a land border into its
    first land neighbour, held by seat 1, which holds every other territory with one boar."""
    tables = compile_tables(game)
    data = POSITIONS.opening(game, 3, 1)
    ids = tables.territory_ids
    origin, target = next((t, n) for t, around in enumerate(tables.neighbours)
                          for n, kind in around if kind < 0)
    factions = [p["faction"] for p in data["players"]]  # type: ignore[index]
    data["territories"] = {t: {"owner": factions[1], "pieces": 1} for t in ids}
    data["territories"][ids[origin]] = {"owner": factions[0], "pieces": attackers}
    data["territories"][ids[target]]["pieces"] = defenders
    board = [attackers, len(ids) - 2 + defenders, 0]
    for seat, player in enumerate(data["players"]):  # type: ignore[arg-type]
        player.update(reserve=tables.pieces_per_colour - board[seat], setup_left=0, hand=[],
                      played_card=False)
    data["players"][0]["discards"] = [attacker_card] if attacker_card else []
    if attacker_card in data["players"][0]["deck"]:
        data["players"][0]["deck"].remove(attacker_card)
    data["players"][0]["played_card"] = attacker_card is not None
    calm = "calma_apparente"
    data["events"].remove(calm)
    mover = {"roll": CHANCE, "defend": factions[1]}.get(phase, factions[0])
    data.update(event=calm, round=1, active=factions[0], to_move=mover, phase=phase,
                stage="attack", attacks_made=1,
                battle={"from": ids[origin], "to": ids[target], "defender": factions[1],
                        "dice": dice, "attacker_card": attacker_card, "defender_card": None,
                        "rolls": 0})
    return data


@pytest.mark.parametrize("attackers,defenders,card", [
    (4, 2, None), (2, 1, None), (4, 3, "zannata"), (3, 5, "carica")])
def test_chance_outcomes_are_the_engine_odds_of_one_roll(sgrunt: Game, attackers: int,
                                                         defenders: int,
                                                         card: str | None) -> None:
    dice = min(3, attackers - 1)
    position = read(sgrunt, battle_position(sgrunt, attackers, defenders, dice=dice,
                                            attacker_card=card))
    legal = POSITIONS.legal(sgrunt, position)
    assert legal.to_move == CHANCE
    assert sum(o.probability for o in legal.chance) == 1
    assert all(isinstance(o.probability, Fraction) for o in legal.chance)
    decks = sgrunt.part(Conquest).decks
    effects = next(c for d in decks for c in d.cards if c.id == card).effects if card else ()
    odds = battle_odds(attackers, defenders, bonus_from_effects(effects, "attacker"))
    assert {o.move: o.probability for o in legal.chance} == {
        f"outcome {a}-{d}": p for (a, d), p in odds.first_roll.items()}
    assert legal.moves == tuple(o.move for o in legal.chance)


def test_the_defender_declares_its_dice_before_each_roll(sgrunt: Game) -> None:
    """Rulebook (SGRUNT, "Confrontare dadi in battaglia"): "Il giocatore in difesa, a sua
    volta, può utilizzare al massimo 3 dadi, pur possedendo più cinghiali sul territorio in
    difesa, e deve dichiararlo prima di lanciare i dadi." A decision of the defending seat:
    against Carica the defender's expected loss is 0.83 boars with 1 die, 1.89 with 3."""
    data = battle_position(sgrunt, 6, 5, attacker_card="carica", phase="defend")
    position = read(sgrunt, data)
    legal = POSITIONS.legal(sgrunt, position)
    assert legal.to_move == data["players"][1]["faction"]
    assert legal.moves == ("defend 1", "defend 2", "defend 3")

    def expected_loss(move: str) -> float:
        declared = POSITIONS.apply(sgrunt, position, move, random.Random(0))
        chance = POSITIONS.legal(sgrunt, declared).chance
        assert POSITIONS.write(sgrunt, declared)["battle"]["defence_dice"] == int(move[-1])  # type: ignore[index]
        return float(sum(o.probability * int(o.move.split("-")[1]) for o in chance))

    assert round(expected_loss("defend 1"), 2) == 0.83
    assert round(expected_loss("defend 3"), 2) == 1.89
    # With 2 boars the defender may declare 1 or 2 dice, never 3.
    two = read(sgrunt, battle_position(sgrunt, 6, 2, phase="defend"))
    assert POSITIONS.legal(sgrunt, two).moves == ("defend 1", "defend 2")
    # After a roll the next declaration is asked again.
    rolled = POSITIONS.apply(sgrunt, POSITIONS.apply(sgrunt, position, "defend 1",
                                                     random.Random(0)),
                             "outcome 1-0", random.Random(0))
    again = POSITIONS.apply(sgrunt, rolled, "roll 3", random.Random(0))
    assert POSITIONS.legal(sgrunt, again).moves == ("defend 1", "defend 2", "defend 3")


def test_a_declaration_over_the_defenders_boars_is_refused(sgrunt: Game) -> None:
    data = battle_position(sgrunt, 6, 2)
    data["battle"]["defence_dice"] = 3
    with pytest.raises(PositionError) as error:
        read(sgrunt, data)
    [problem] = error.value.problems
    assert problem.pointer == "/battle/defence_dice"
    assert "the defender rolls 1 to 2" in problem.format()


def test_an_outcome_applies_exactly_its_losses(sgrunt: Game) -> None:
    data = battle_position(sgrunt, 4, 2)
    position = read(sgrunt, data)
    origin, target = data["battle"]["from"], data["battle"]["to"]
    reserve = [p["reserve"] for p in data["players"]]
    after = POSITIONS.write(sgrunt, POSITIONS.apply(sgrunt, position, "outcome 1-1",
                                                    random.Random(0)))
    assert after["territories"][origin]["pieces"] == 3  # type: ignore[index]
    assert after["territories"][target]["pieces"] == 1  # type: ignore[index]
    assert [p["reserve"] for p in after["players"]] == [reserve[0] + 1, reserve[1] + 1,  # type: ignore[union-attr]
                                                        reserve[2]]
    assert after["phase"] == "battle" and after["battle"]["rolls"] == 1  # type: ignore[index]
    conquered = POSITIONS.apply(sgrunt, position, "outcome 0-2", random.Random(0))
    legal = POSITIONS.legal(sgrunt, conquered)
    assert legal.to_move == data["active"]
    assert legal.moves == ("occupy 1", "occupy 2", "occupy 3")
    rolled = POSITIONS.write(sgrunt, apply_moves(POSITIONS, sgrunt, position, ["draw"],
                                                 random.Random(3)))
    assert rolled["phase"] in ("battle", "occupy") and rolled["to_move"] == data["active"]


def test_explicit_chance_replays_the_engine_exactly(sgrunt: Game) -> None:
    """The same actions and the dice the engine would draw give the very same game."""
    tables = compile_tables(sgrunt)
    plain = ConquestEngine(tables)
    explicit = ConquestEngine(tables, explicit_chance=True)
    a, b = plain.new_game(4, random.Random(9)), explicit.new_game(4, random.Random(9))
    pick = random.Random(2)
    while a.phase is not Phase.OVER:
        while b.phase is Phase.ROLL:
            explicit.apply_roll(b, *explicit.battles.dice.roll(
                b.rng, *explicit.battles.next_roll(b)))
        action = pick.choice(plain.legal_actions(a))
        assert explicit.legal_actions(b) == plain.legal_actions(a)
        plain.apply(a, action)
        explicit.apply(b, action)
    while b.phase is Phase.ROLL:
        explicit.apply_roll(b, *explicit.battles.dice.roll(b.rng, *explicit.battles.next_roll(b)))
    assert (b.phase, b.winners, b.owner, b.boars, b.hands, b.round) == (
        a.phase, a.winners, a.owner, a.boars, a.hands, a.round)


# ----- illegal moves --------------------------------------------------------------------
@pytest.mark.parametrize("move", ["outcome 9-9", "outcome 1-1 ", "roll 2", "retreat",
                                  "outcome", "draw"])
def test_at_a_chance_node_only_outcomes_are_legal(sgrunt: Game, move: str) -> None:
    position = read(sgrunt, battle_position(sgrunt, 4, 2))
    with pytest.raises(IllegalMove) as error:
        POSITIONS.apply(sgrunt, position, move, random.Random(0))
    assert error.value.legal == POSITIONS.legal(sgrunt, position).moves
    assert "outcome 1-1" in error.value.legal


@pytest.mark.parametrize("move,reason", [
    ("claim atlantide", "notation"), ("claim  nurra", "notation"), ("fly away", "notation"),
    ("outcome 0-1", "notation"), ("place nurra 1", "not legal"), ("end-attacks", "not legal"),
    ("", "notation")])
def test_illegal_and_unreadable_moves_name_the_legal_ones(sgrunt: Game, move: str,
                                                          reason: str) -> None:
    position = read(sgrunt, POSITIONS.opening(sgrunt, 3, 1))
    with pytest.raises(IllegalMove, match=reason) as error:
        POSITIONS.apply(sgrunt, position, move, random.Random(0))
    assert error.value.legal == POSITIONS.legal(sgrunt, position).moves
    assert "claim nurra" in error.value.legal


# ----- contradictory positions ----------------------------------------------------------
Edit = Callable[[dict[str, Any]], None]


def _set(pointer: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *path, last = pointer.strip("/").split("/")
        node: Any = data
        for token in path:
            node = node[int(token)] if isinstance(node, list) else node[token]
        node[int(last) if isinstance(node, list) else last] = value
    return edit


def _pop(pointer: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *path, last = pointer.strip("/").split("/")
        node: Any = data
        for token in path:
            node = node[token]
        del node[last]
    return edit


CASES: list[tuple[str, Edit, str]] = [
    ("unknown territory", _set("/territories/atlantide", {"owner": "koiles", "pieces": 1}),
     "/territories/atlantide"),
    ("unknown faction", _set("/territories/cagliari", {"owner": "sardi_mori", "pieces": 1}),
     "/territories/cagliari/owner"),
    ("not among the players", _set("/territories/cagliari", {"owner": "@absent", "pieces": 1}),
     "/territories/cagliari/owner"),
    ("unknown objective", _set("/players/1/objective", "obiettivo_99"), "/players/1/objective"),
    ("dealt twice", _set("/players/2/objective", "@0"), "/players/2/objective"),
    ("listed twice", _set("/players/1/faction", "@0f"), "/players/1/faction"),
    ("unknown action card", _set("/players/2/hand", ["zannatta"]), "/players/2/hand/0"),
    ("more 'pax_suina' cards", lambda d: d["players"][1].update(
        deck=[], discards=["pax_suina", "pax_suina"]), "/players/1/discards/1"),
    ("unknown event card", _set("/events/0", "diluvio"), "/events/0"),
    ("more 'calma_apparente' cards", _set("/events/0", "calma_apparente"), "/events/0"),
    ("minimum", _set("/players/1/reserve", -1), "/players/1/reserve"),
    ("needs the battle", _set("/battle", None), "/battle"),
    ("no battle is fought", _set("/phase", "attack"), "/battle"),
    ("needs a task", lambda d: d.update(phase="place", battle=None, to_move=d["active"]),
     "/tasks"),
    ("needs the move chosen", lambda d: d.update(phase="move_count", battle=None,
                                                 to_move=d["active"]), "/move_route"),
    ("not the moving faction's", lambda d: d.update(
        phase="move_count", battle=None, to_move=d["active"], stage="move_count",
        move_route={"from": d["battle"]["from"], "to": d["battle"]["to"]}), "/move_route/to"),
    ("holds no truce card", lambda d: d.update(phase="truce", battle=None,
                                               to_move=d["active"]), "/phase"),
    ("chance moves", _set("/to_move", "@0f"), "/to_move"),
    ("a colour has", _set("/players/1/reserve", 1000), "/players/1/reserve"),
    ("holds no boar", _set("/territories/cagliari/pieces", 0), "/territories/cagliari/pieces"),
    ("dice from", _set("/battle/dice", 3), "/battle/dice"),
    ("not the attacker's", _set("/battle/from", "@target"), "/battle/from"),
    ("missing 'stage'", _pop("/stage"), "/stage"),
    ("winners and end", lambda d: d.update(phase="over", to_move=None, battle=None),
     "/winners"),
]


@pytest.mark.parametrize("message,edit,pointer", CASES, ids=[c[0] for c in CASES])
def test_a_contradictory_position_is_reported_at_its_pointer(sgrunt: Game, message: str,
                                                             edit: Edit, pointer: str) -> None:
    data = battle_position(sgrunt, 3, 2, dice=2)
    assert "cagliari" not in (data["battle"]["from"], data["battle"]["to"])
    edit(data)
    text = json.dumps(data, indent=2).replace('"@0f"', json.dumps(data["players"][0]["faction"]))
    text = text.replace('"@0"', json.dumps(data["players"][0]["objective"]))
    seated = {p["faction"] for p in data["players"]}
    absent = next(f.id for f in sgrunt.part(Conquest).factions if f.id not in seated)
    text = text.replace('"@absent"', json.dumps(absent))
    text = text.replace('"@target"', json.dumps(data["battle"]["to"]) if data["battle"] else "")
    with pytest.raises(PositionError) as error:
        validate_position(sgrunt, text, "bad.json")
    found = [p for p in error.value.problems if p.pointer == pointer]
    assert found, [p.format() for p in error.value.problems]
    assert any(message in p.message for p in found), [p.format() for p in found]
    assert all(isinstance(p, ContentError) and p.file == "bad.json" for p in found)


def test_problems_name_the_line_that_holds_them(sgrunt: Game) -> None:
    data = battle_position(sgrunt, 3, 2, dice=2)
    data["players"][1]["objective"] = "obiettivo_99"
    text = json.dumps(data, indent=2)
    with pytest.raises(PositionError) as error:
        validate_position(sgrunt, text, "bad.json")
    [problem] = error.value.problems
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "obiettivo_99" in row)
    assert (problem.file, problem.line, problem.pointer) == ("bad.json", line,
                                                             "/players/1/objective")
    assert "did you mean" in problem.hint


def test_claims_need_the_boars_to_place(sgrunt: Game) -> None:
    data = POSITIONS.opening(sgrunt, 3, 1)
    data["players"][1]["setup_left"] = 2  # type: ignore[index]
    with pytest.raises(PositionError) as error:
        read(sgrunt, data)
    assert [p.pointer for p in error.value.problems] == ["/players/1/setup_left"]


def _leaves(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    if path:
        yield path


def test_an_edited_position_is_refused_or_plays_on(sgrunt: Game) -> None:
    """Positions with one value changed (to one of its type) either give a PositionError or
    play on to positions that read back: the engine never meets a state it cannot play."""
    rng = random.Random(7)
    seen = [POSITIONS.write(sgrunt, p) for n, p in enumerate(walk(sgrunt, 8, 4)) if n % 5 == 0]
    factions = [f.id for f in sgrunt.part(Conquest).factions]
    pool: list[object] = [*factions, None, 0, 1, 2, 3, 7, True, False, "chance", "zannata",
                          "pax_suina", "attack", "roll", "battle", "occupy", "move_count",
                          "truce", "place", "over", "end_turn", "round", "nurra", "gallura"]
    playable = 0
    for _ in range(300):
        data = json.loads(json.dumps(rng.choice(seen)))
        path = rng.choice(list(_leaves(data)))
        node = data
        for token in path[:-1]:
            node = node[token]
        old = node[path[-1]]
        node[path[-1]] = rng.choice([v for v in pool if type(v) is type(old)] or pool)
        try:
            position = read(sgrunt, data)
        except PositionError:
            continue
        playable += 1
        for _ in range(10):
            legal = POSITIONS.legal(sgrunt, position)
            if legal.to_move is None:
                break
            move = (draw_outcome(legal.chance, rng) if legal.to_move == CHANCE
                    else rng.choice(legal.moves))
            position = POSITIONS.apply(sgrunt, position, move, rng)
            try:
                read(sgrunt, POSITIONS.write(sgrunt, position))
            except PositionError as error:
                raise AssertionError([p.format() for p in error.problems]) from None
    assert playable > 20


# ----- action cards ---------------------------------------------------------------------
def recruit_position(game: Game, hand: list[str]) -> dict[str, Any]:
    """Seat 0 at its recruit decision, with `hand` and a full reserve."""
    data = battle_position(game, 4, 2, phase="recruit")
    player = data["players"][0]
    for card in hand:
        player["deck"].remove(card)
    player.update(hand=hand, discards=[], played_card=False)
    data.update(battle=None, attacks_made=0, to_move=player["faction"])
    return data


def test_reclutamento_costs_one_action_card_for_2_4_or_6_boars(sgrunt: Game) -> None:
    """Rulebook (SGRUNT, Reclutamento): "Aggiungete 2, 4 o 6 cinghiali nei territori di
    vostra competenza ma solo se scartate una carta Azione dalla vostra mano." One discard,
    whatever the number of boars."""
    position = read(sgrunt, recruit_position(sgrunt, ["reclutamento", "zannata", "carica"]))
    assert POSITIONS.legal(sgrunt, position).moves == (
        "recruit none", "recruit reclutamento 2", "recruit reclutamento 4",
        "recruit reclutamento 6")
    recruited = POSITIONS.apply(sgrunt, position, "recruit reclutamento 6", random.Random(0))
    assert POSITIONS.legal(sgrunt, recruited).moves == ("discard carica", "discard zannata")
    discarded = POSITIONS.apply(sgrunt, recruited, "discard carica", random.Random(0))
    data = POSITIONS.write(sgrunt, discarded)
    assert data["players"][0]["hand"] == ["zannata"]  # type: ignore[index]
    assert data["phase"] == "place"
    assert data["tasks"] == [{"kind": "place", "faction": data["players"][0]["faction"],  # type: ignore[index]
                              "count": 6}]
    # Without another card to discard, Reclutamento cannot be played.
    alone = read(sgrunt, recruit_position(sgrunt, ["reclutamento"]))
    assert "recruit reclutamento 2" not in POSITIONS.legal(sgrunt, alone).moves


def test_stagione_dell_amore_needs_no_discard(game: Game) -> None:
    """Rulebook (MUGRUGNI, Stagione dell'amore): "Aggiungete 2, 4 o 6 cinghiali nei
    territori di vostra competenza." No discard is asked."""
    if game.id != "mugrugni":
        pytest.skip("MUGRUGNI's card")
    position = read(game, recruit_position(game, ["stagione_amore"]))
    assert POSITIONS.legal(game, position).moves[1:] == (
        "recruit stagione_amore 2", "recruit stagione_amore 4", "recruit stagione_amore 6")
    after = POSITIONS.write(game, POSITIONS.apply(game, position, "recruit stagione_amore 4",
                                                  random.Random(0)))
    assert after["phase"] == "place" and after["tasks"][0]["count"] == 4  # type: ignore[index]


def bottino_battle(game: Game, cards: int, conquests_this_turn: int) -> dict[str, Any]:
    """Seat 0 about to roll 4 boars against 1 under Bottino, holding `cards` cards of its
    deck."""
    data = battle_position(game, 4, 1, dice=3)
    data["events"].append(data["event"])
    data["events"].remove("bottino")
    player = data["players"][0]
    player["hand"] = player["deck"][:cards]
    player["deck"] = player["deck"][cards:]
    data.update(event="bottino", conquests_this_turn=conquests_this_turn)
    return data


def _conquer(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    position = POSITIONS.apply(game, read(game, data), "outcome 0-1", random.Random(0))
    after = POSITIONS.write(game, POSITIONS.apply(game, position, "occupy 1",
                                                  random.Random(0)))
    assert isinstance(after, dict)
    return after


def test_bottino_draws_on_every_conquest_in_sgrunt_once_per_turn_in_mugrugni(
        game: Game) -> None:
    """SGRUNT's Bottino: "Nel momento in cui conquistate un territorio pescate una carta
    Azione" (every conquest). MUGRUGNI's: "Nel momento in cui conquistate almeno un
    territorio pescate una carta Azione" (once in a turn with a conquest)."""
    first = _conquer(game, bottino_battle(game, 1, 0))
    assert len(first["players"][0]["hand"]) == 2
    assert first["conquests_this_turn"] == 1
    second = _conquer(game, bottino_battle(game, 1, 1))
    expected = 1 if game.id == "mugrugni" else 2
    assert len(second["players"][0]["hand"]) == expected


def test_at_the_hand_limit_mugrugni_discards_before_drawing(game: Game) -> None:
    """MUGRUGNI: "(Se ne possiede già 5 in mano sceglie prima quali scartare)": the discard
    comes before the draw, among the 5 held. SGRUNT ("Se ne possiede più di 5 in mano
    sceglie prima quali scartare") draws, then discards down to 5 among all 6."""
    data = bottino_battle(game, 5, 0)
    hand = data["players"][0]["hand"]
    position = POSITIONS.apply(game, read(game, data), "outcome 0-1", random.Random(0))
    position = POSITIONS.apply(game, position, "occupy 1", random.Random(0))
    written = POSITIONS.write(game, position)
    assert written["phase"] == "discard"  # type: ignore[index]
    held = written["players"][0]["hand"]  # type: ignore[index]
    if game.id == "mugrugni":
        assert held == hand
        assert [t["kind"] for t in written["tasks"]] == ["discard", "draw"]  # type: ignore[index]
        after = POSITIONS.write(game, POSITIONS.apply(game, position, f"discard {hand[0]}",
                                                      random.Random(0)))
        assert len(after["players"][0]["hand"]) == 5  # type: ignore[index]
        assert after["tasks"] == []  # type: ignore[index]
    else:
        assert len(held) == 6 and held[:5] == hand
        assert [t["kind"] for t in written["tasks"]] == ["discard"]  # type: ignore[index]


def test_dice_cards_may_be_played_before_any_roll_of_the_battle(sgrunt: Game) -> None:
    """Rulebook (SGRUNT): "L'utilizzo delle carte Azione va sempre dichiarato prima di
    tirare i dadi"; Zannata and Carica "dopo aver dichiarato l'attacco ma prima di tirare i
    dadi". The window opens before every roll, and Carica's "primo attacco" is the first
    roll after it is played."""
    data = battle_position(sgrunt, 6, 5, phase="battle")
    player = data["players"][0]
    player["deck"].remove("carica")
    player.update(hand=["carica"])
    data["battle"]["rolls"] = 2
    position = read(sgrunt, data)
    window = POSITIONS.apply(sgrunt, position, "roll 3", random.Random(0))
    assert POSITIONS.legal(sgrunt, window).moves == ("card none", "card carica")
    played = POSITIONS.apply(sgrunt, window, "card carica", random.Random(0))
    declared = POSITIONS.apply(sgrunt, played, "defend 3", random.Random(0))
    written = POSITIONS.write(sgrunt, declared)
    assert written["battle"]["attacker_card_roll"] == 2  # type: ignore[index]
    chance = {o.move: o.probability for o in POSITIONS.legal(sgrunt, declared).chance}
    carica = next(c for c in sgrunt.part(Conquest).deck("actions").cards if c.id == "carica")
    boosted = battle_odds(6, 5, bonus_from_effects(carica.effects, "attacker")).first_roll
    assert chance == {f"outcome {a}-{d}": p for (a, d), p in boosted.items()}
    # The roll after that one has no bonus left.
    after = POSITIONS.apply(sgrunt, declared, "outcome 1-2", random.Random(0))
    again = POSITIONS.apply(sgrunt, POSITIONS.apply(sgrunt, after, "roll 3", random.Random(0)),
                            "defend 3", random.Random(0))
    plain = battle_odds(5, 3).first_roll
    assert {o.move: o.probability for o in POSITIONS.legal(sgrunt, again).chance} == {
        f"outcome {a}-{d}": p for (a, d), p in plain.items()}
