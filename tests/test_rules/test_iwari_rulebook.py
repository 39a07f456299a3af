"""IWARI's rulebook sentences (rulebooks/iwari.txt, by line) pinned on positions and the
engine's public functions: setup per player count, the totem cap, mountains, the two
scorings, drawing and the display, the simulated tribe, the end by tents, ONORE."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps
from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import State, apply_place, options
from stamperia.rules.iwari.feats import earned
from stamperia.rules.iwari.position_state import IwariPosition
from stamperia.rules.iwari.positions import POSITIONS
from stamperia.rules.iwari.scoring import EMPTY, Position, score
from stamperia.rules.iwari.setup import deal
from stamperia.rules.positions import CHANCE, PositionSource, draw_outcome

Json = dict[str, Any]


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def _read(game: Game, data: Json) -> IwariPosition:
    text = json.dumps(data, indent=1)
    state = POSITIONS.read(game, json.loads(text), PositionSource("pos.json", text))
    assert isinstance(state, IwariPosition)
    return state


def _write(game: Game, state: object) -> Json:
    written: Json = dict(POSITIONS.write(game, state))
    return written


def _hand(data: Json, tribe: str, cards: list[str]) -> None:
    """Give `tribe` the hand `cards`, swapping cards with the deck (the box stays whole)."""
    deck = data["deck"] + data["hands"][tribe]
    for card in cards:
        deck.remove(card)
    data["deck"], data["hands"][tribe] = deck, cards


def _on_map(game: Game, data: Json, tribe: str, tents: int) -> None:
    """Put `tents` of the tribe's tents on the map's spaces, territory by territory."""
    board = index_side(next(s for s in game.part(IwariMaps).sides if s.id == data["side"]))
    for territory, spaces in zip(board.territory_ids, board.space_counts, strict=True):
        taken = min(spaces, tents)
        if taken:
            data["territories"][territory] = {
                "tents": {str(n): tribe for n in range(1, taken + 1)}, "totems": {}}
        tents -= taken
    data["left"][tribe]["tents"] = 20 - sum(
        len(t["tents"]) for t in data["territories"].values())


def _fresh(game: Game, players: int = 4) -> State:
    components, maps = iwari_parts(game)
    side = maps.sides[0]
    return State(index_side(side), components,
                 deal(components, side, players, random.Random(1)), feats=True)


# -- setup (iwari.txt 71-88) ---------------------------------------------------------------

@pytest.mark.parametrize(("players", "removed", "mountains"),
                         [(5, 0, 1), (4, 1, 2), (3, 2, 3), (2, 2, 4)])
def test_setup_trims_the_deck_and_sets_mountains_by_player_count(
        iwari: Game, players: int, removed: int, mountains: int) -> None:
    """iwari.txt 85: all 57 cards with 5, one of each colour out with 4, two with 2 or 3;
    86: three cards each and four on display; 76-82: one mountain on one connection of
    each pair, the pairs with 1 to `mountains` symbols."""
    data: Json = dict(POSITIONS.opening(iwari, players, 3))
    cards: Counter[str] = Counter(data["deck"]) + Counter(data["display"])
    for hand in data["hands"].values():
        assert len(hand) == 3
        cards += Counter(hand)
    assert cards == {"tundra": 13 - removed, "forest": 12 - removed, "glacier": 11 - removed,
                     "coast": 11 - removed, "desert": 10 - removed}
    assert len(data["display"]) == 4 and len(data["hands"]) == players
    side = next(s for s in iwari.part(IwariMaps).sides if s.id == data["side"])
    pairs = {p.symbols: set(p.connections) for p in side.mountain_pairs}
    assert len(data["mountains"]) == mountains
    assert sorted(next(n for n, c in pairs.items() if m in c)
                  for m in data["mountains"]) == list(range(1, mountains + 1))


# -- the totem cap (iwari.txt 172-182) ------------------------------------------------------

def test_the_majority_s_tents_cap_the_totems(iwari: Game) -> None:
    """iwari.txt 176-178: red holds 3 tents of the territory, so 3 totems at most; a red
    tent placed in the same turn lifts the cap to 4 and lets a totem follow it."""
    state = _fresh(iwari)
    board = state.board
    glacier = board.territory_index("glacier_1")
    first = board.first_space[glacier]
    apply_place(state, 0, [], Place(glacier, (), (first, first + 1, first + 2), 3), [])
    apply_place(state, 1, [], Place(glacier, (), (first + 3,), 0), [])
    shapes = {seat: {(o.tents, o.totems) for o in options(state, seat, ["glacier"] * 3)
                     if o.territory == glacier} for seat in (0, 1)}
    assert (0, 1) not in shapes[1] and (1, 1) not in shapes[1]
    assert (1, 1) in shapes[0] and (0, 1) not in shapes[0] and (0, 2) not in shapes[0]


def test_no_totem_where_no_tent_stands(iwari: Game) -> None:
    """iwari.txt 150 and 172: "Nessun Totem può essere posizionato in un territorio senza
    Tende"; an unexplored territory takes one tent only."""
    state = _fresh(iwari)
    assert all(o.totems == 0 and o.tents == 1
               for o in options(state, 0, ["coast"] * 3)
               if o.territory == state.board.territory_index("coast_1"))


# -- scorings (iwari.txt 196-304) -----------------------------------------------------------

def _position(state: State, tents: dict[int, int], totems: dict[int, dict[int, int]],
              territory_feats: dict[int, int], mountains: frozenset[int]) -> Position:
    spaces = [EMPTY] * state.board.spaces
    for space, seat in tents.items():
        spaces[space] = seat
    placed = [[0] * state.seats for _ in range(state.board.territories)]
    for territory, by_seat in totems.items():
        for seat, count in by_seat.items():
            placed[territory][seat] = count
    feats = [territory_feats.get(t, 0) for t in range(state.board.territories)]
    return Position(state.seats, tuple(spaces), tuple(tuple(t) for t in placed), tuple(feats),
                    {}, mountains)


def test_mountains_block_a_connection_s_points(iwari: Game) -> None:
    """iwari.txt 76: "Tutti i collegamenti coperti da una Montagna non daranno punti"
    (connection 1, tundra_1 - glacier_2, is one of a mountain pair)."""
    state = _fresh(iwari)
    board = state.board
    tundra, glacier = board.territory_index("tundra_1"), board.territory_index("glacier_2")
    tents = {board.first_space[tundra]: 0, board.first_space[glacier]: 0}
    totems = {tundra: {0: 1}, glacier: {0: 1}}

    def link_1(mountains: frozenset[int]) -> tuple[int, ...]:
        scoring = score(board, state.components,
                        _position(state, tents, totems, {}, mountains), final=True)
        return next(c.points for c in scoring.connections if c.number == 1)

    assert link_1(frozenset())[0] == 2
    assert link_1(frozenset({1}))[0] == 0


def test_mid_journey_counts_tents_only_and_feats_multiply_at_the_end(iwari: Game) -> None:
    """iwari.txt 201-202: mid-journey scores the tent majorities only; 265: "Al termine
    della partita le Prodezze moltiplicano"; 300-304: two Unione make red's 5 into 15 and
    yellow's 3 into 9."""
    state = _fresh(iwari)
    board = state.board
    forest = board.territory_index("forest_1")
    glacier = board.territory_index("glacier_1")
    first = board.first_space[forest]
    tents = {first + i: 0 for i in range(3)} | {first + 3: 3, first + 4: 3}
    g = board.first_space[glacier]
    tents[g] = 1
    totems = {forest: {0: 1}, glacier: {1: 1}}
    position = _position(state, tents, totems, {forest: 2}, frozenset())
    mid = score(board, state.components, position, final=False)
    end = score(board, state.components, position, final=True)
    assert mid.totals[0] == 5 and mid.totals[3] == 3 and sum(mid.totems) == 0
    assert sum(mid.camp_points) == 0 and sum(mid.feats) == 0
    assert (end.tents[0] + end.feats[0], end.tents[3] + end.feats[3]) == (15, 9)
    assert end.totems[0] == 0  # red holds forest_1's totems, not glacier_1's: no link


# -- drawing and the display (iwari.txt 184-190), two players (192-194) ---------------------

def test_the_display_is_refilled_only_once_the_hand_is_full(iwari: Game) -> None:
    """iwari.txt 186-190: cards are drawn one at a time, from the display or the deck;
    the display goes back to 4 "non appena il giocatore ha completato" the hand."""
    data = POSITIONS.opening(iwari, 3, 1)
    _hand(data, "red", ["desert", "desert", "glacier"])
    state: object = _read(iwari, data)
    play = next(m for m in POSITIONS.legal(iwari, state).moves
                if m.startswith("play ") and " desert 2 " in m)
    rng = random.Random(0)
    state = POSITIONS.apply(iwari, state, play, rng)
    moves = POSITIONS.legal(iwari, state).moves
    assert moves and all(m.startswith("draw ") for m in moves)
    display = next(m for m in moves if m != "draw deck")
    after = _write(iwari, POSITIONS.apply(iwari, state, display, rng))
    assert len(after["display"]) == 3 and len(after["hands"]["red"]) == 2
    assert after["to_move"] == "red"
    done = _write(iwari, POSITIONS.apply(iwari, _read(iwari, after), display, rng))
    assert len(done["display"]) == 4 and done["to_move"] == "blue"


def test_two_players_place_for_the_simulated_tribe_before_drawing(iwari: Game) -> None:
    """iwari.txt 194: after their own action each player "deve effettuare un'azione di
    posizionamento pezzi come terzo giocatore" with a card left in hand, before drawing;
    with no card left, the third player's turn does not happen."""
    data = POSITIONS.opening(iwari, 2, 1)
    _hand(data, "red", ["desert", "desert", "glacier"])
    state = _read(iwari, data)
    rng = random.Random(0)
    discarded = POSITIONS.apply(iwari, state, "discard glacier", rng)
    third = _write(iwari, discarded)
    assert (third["phase"], third["to_move"]) == ("third", "red")
    moves = POSITIONS.legal(iwari, discarded).moves
    assert moves and all(m.startswith("third ") for m in moves)
    _hand(data, "red", ["desert", "desert", "desert"])
    state = _read(iwari, data)
    all_three = next((m for m in POSITIONS.legal(iwari, state).moves
                      if m.startswith("play ") and " desert 2 " in m), None)
    assert all_three is not None
    # two cards paid two pieces; the one card left still pays the third player's tent
    after = _write(iwari, POSITIONS.apply(iwari, state, all_three, rng))
    assert after["phase"] == "third"


# -- the end (iwari.txt 233-237) ---------------------------------------------------------

def test_a_tribe_out_of_tents_ends_the_journey_after_the_round(iwari: Game) -> None:
    """iwari.txt 233-235: when a player runs out of tents, the round goes on "finché tutti
    i giocatori non hanno giocato lo stesso numero di turni"."""
    data = POSITIONS.opening(iwari, 3, 1)
    data["to_move"] = "blue"
    _on_map(iwari, data, "blue", 19)
    _hand(data, "blue", ["desert", "desert", "desert"])
    rng = random.Random(0)
    state: object = _read(iwari, data)
    play = next(m for m in POSITIONS.legal(iwari, state).moves
                if m.startswith("play ") and " tents " in m)
    state = POSITIONS.apply(iwari, state, play, rng)
    assert _write(iwari, state)["end_triggered"]
    movers = []
    for _ in range(200):
        legal = POSITIONS.legal(iwari, state)
        if legal.to_move is None:
            break
        if legal.to_move != CHANCE:
            movers.append(legal.to_move)
        move = (draw_outcome(legal.chance, rng) if legal.to_move == CHANCE
                else legal.moves[-1])
        state = POSITIONS.apply(iwari, state, move, rng)
    assert POSITIONS.legal(iwari, state).to_move is None
    assert "green" in movers and "red" not in movers


# -- feats (iwari.txt 290-298) ---------------------------------------------------------------

def test_onore_goes_to_the_first_totem_majority_on_a_land_connection(iwari: Game) -> None:
    """iwari.txt 290: "Solamente il primo giocatore a possedere la maggioranza dei Totem su
    un collegamento via terra", on that connection only (7: glacier_1 - tundra_1)."""
    state = _fresh(iwari)
    board = state.board
    glacier, tundra = board.territory_index("glacier_1"), board.territory_index("tundra_1")
    for seat, territory in ((0, glacier), (0, tundra)):
        apply_place(state, seat, [], Place(territory, (), (board.first_space[territory],), 0),
                    [])
    half = Place(glacier, (), (), 1)
    apply_place(state, 0, [], half, [])
    assert [f.feat for f in earned(state, 0, half)] == []
    both = Place(tundra, (), (), 1)
    apply_place(state, 0, [], both, [])
    onore = [f for f in earned(state, 0, both) if f.feat == "onore"]
    assert len(onore) == 1 and onore[0].where == (7,) and onore[0].on == "connection"
    assert state.feats_left["onore"] == 0


def test_a_connection_under_a_mountain_earns_no_onore(iwari: Game) -> None:
    """The engine's reading of iwari.txt 290 with 76: a connection covered by a mountain
    "non darà punti", so a majority there does not take ONORE from the supply (the words
    of 290 do not name mountains: a reading, listed in the audit)."""
    state = _fresh(iwari)
    board = state.board
    tundra, glacier = board.territory_index("tundra_1"), board.territory_index("glacier_2")
    for territory in (tundra, glacier):
        apply_place(state, 0, [], Place(territory, (), (board.first_space[territory],), 0), [])
    state.mountains = frozenset({1})
    apply_place(state, 0, [], Place(tundra, (), (), 1), [])
    both = Place(glacier, (), (), 1)
    apply_place(state, 0, [], both, [])
    assert [f.feat for f in earned(state, 0, both)] == []
    state.mountains = frozenset()
    assert [f.where for f in earned(state, 0, both) if f.feat == "onore"] == [(1,)]
