"""Lists the engine keeps on a state and changes in place from turn to turn (who has
played a card this turn) belong to that state alone: a copied state's turns leave the
original's be, and a state without them gets them made."""

from __future__ import annotations

import random

from stamperia.content.loader import load_game
from stamperia.rules.conquest.positions import copy_state
from stamperia.rules.conquest.simulate import ConquestGames
from stamperia.rules.conquest.state import Phase


def test_a_copied_state_starts_its_turns_on_a_list_of_its_own() -> None:
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(2))
    rng = random.Random(5)
    while not any(state.played_card) or state.phase is not Phase.ATTACK:
        legal = engine.legal_ints(state)
        engine.apply_int(state, legal[rng.randrange(len(legal))])
    played, turns = list(state.played_card), state.player_turns
    copied = copy_state(state, random.Random(1))
    while copied.player_turns == turns:  # to the copy's next turn start
        legal = engine.legal_ints(copied)
        engine.apply_int(copied, legal[-1])
    assert state.played_card == played and copied.played_card is not state.played_card
    assert len(copied.played_card) == 4


def test_a_turn_start_makes_the_list_a_state_lacks() -> None:
    games = ConquestGames(load_game("sgrunt"))
    engine = games.engine
    state = engine.new_game(4, random.Random(2))
    rng = random.Random(5)
    while state.phase is not Phase.MOVE:  # a turn's last decision
        legal = engine.legal_ints(state)
        engine.apply_int(state, legal[rng.randrange(len(legal))])
    state.played_card = []
    turns = state.player_turns
    engine.apply_int(state, engine.legal_ints(state)[0])  # no move: the next turn starts
    assert state.player_turns == turns + 1 and state.played_card == [False] * 4
