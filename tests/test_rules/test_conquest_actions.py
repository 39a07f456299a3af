"""Conquest actions as ints (rules/conquest/actions.py): the ints the engine lists are the
readable actions one for one, and a PLACE decision counted is the PLACE decision listed."""

from __future__ import annotations

import random

import pytest

from stamperia.content.loader import load_game
from stamperia.rules.conquest.actions import decode, encode
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.options import place_at, place_width
from stamperia.rules.conquest.state import Phase
from stamperia.rules.conquest.tables import Tables, compile_tables


@pytest.fixture(scope="module")
def tables() -> Tables:
    return compile_tables(load_game("sgrunt"))


def test_every_listed_int_decodes_to_a_readable_action_and_back(tables: Tables) -> None:
    engine = ConquestEngine(tables)
    state = engine.new_game(4, random.Random(4))
    rng = random.Random(8)
    kinds: set[str | int] = set()
    place_decisions = 0
    while state.phase is not Phase.OVER and state.steps < 3000:
        ints = engine.legal_ints(state)
        readable = [decode(tables.card_ids, a) for a in ints]
        assert [encode(tables.card_index, a) for a in readable] == ints
        assert engine.legal_actions(state) == readable
        kinds.update(a[0] for a in readable)
        if state.phase is Phase.PLACE:
            place_decisions += 1
            assert engine.width(state) == place_width(state) == len(ints)
            assert [place_at(state, i) for i in range(place_width(state))] == ints
        else:
            assert engine.width(state) == len(ints)
        engine.apply(state, rng.choice(readable))
    assert place_decisions > 10
    assert {"claim", "place", "attack", "roll", "defend", "occupy", "end_attacks",
            "move", "move_count", "no_move", "card"} <= kinds


def test_readable_actions_encode_field_by_field(tables: Tables) -> None:
    card = tables.card_ids[1]
    for action in [("claim", 0), ("place", 3, 2), ("remove", 40, 1), ("discard", card),
                   ("truce", -1), ("truce", 2), ("recruit", "", 0), ("recruit", card, 4),
                   ("attack", 7, 9, 3), ("roll", 2), ("retreat",), ("defend", 1),
                   ("end_attacks",), ("card", ""), ("card", card), ("occupy", 5),
                   ("move", 2, 11), ("move_count", 3), ("no_move",)]:
        assert decode(tables.card_ids, encode(tables.card_index, action)) == action
    assert len({encode(tables.card_index, a) for a in [("roll", 2), ("defend", 2),
                                                       ("occupy", 2), ("move_count", 2)]}) == 4


def test_an_unknown_card_or_kind_is_no_action(tables: Tables) -> None:
    with pytest.raises(ValueError, match="unknown action card 'nessuna'"):
        encode(tables.card_index, ("discard", "nessuna"))
    with pytest.raises(ValueError, match="unknown action"):
        encode(tables.card_index, ("fly", 1))
