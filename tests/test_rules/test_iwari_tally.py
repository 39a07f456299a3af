"""The running scoring (stamperia.rules.iwari.tally) against a full scoring of the same position."""

from __future__ import annotations

import random

import pytest
from iwarifixtures import placements_from_nowhere

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import State
from stamperia.rules.iwari.feats import earned, place_feat
from stamperia.rules.iwari.scoring import score
from stamperia.rules.iwari.setup import deal
from stamperia.rules.iwari.tally import Tally


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def _full(state: State) -> list[int]:
    return list(score(state.board, state.components, state.position(), final=True).totals)


@pytest.mark.parametrize(("players", "side", "seed"), [(4, 0, 1), (2, 0, 4), (3, 1, 3)])
def test_tally_equals_a_full_final_scoring_after_every_placement(
        iwari: Game, players: int, side: int, seed: int) -> None:
    """Hands are refilled from nowhere: every piece goes down, so feats, camps, mountains
    and totem majorities all come up."""
    components, maps = iwari_parts(iwari)
    rng = random.Random(seed)
    board_side = maps.sides[side]
    state = State(index_side(board_side), components,
                  deal(components, board_side, players, rng), feats=True)
    tally = Tally(state)
    checked = 0
    for seat, place in placements_from_nowhere(state, tally, rng, 400):
        for feat in earned(state, seat, place):
            at = rng.choice(feat.where)
            place_feat(state, feat, at)
            tally.feat_placed(state, feat.on == "territory", at)
        assert tally.estimate([0] * state.seats) == _full(state)
        for final in (False, True):
            assert tally.scoring(final) == score(state.board, components, state.position(),
                                                 final, breakdown=False)
        checked += 1
    assert checked > 50 and sum(state.territory_feats) + len(state.connection_feats) > 0
    assert sum(score(state.board, components, state.position(), final=True).camp_points) > 0
    assert Tally(state).estimate([1] * state.seats) == [p + 1 for p in _full(state)]
