"""The IWARI simulator's shortcuts against the plain definitions they stand in for:
packed plays and their bisection, feats earned with the tally's camp check, winners."""

from __future__ import annotations

import random
from bisect import bisect_right

import pytest
from iwarifixtures import placements_from_nowhere

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.rules.iwari.agents import random_place
from stamperia.rules.iwari.board import index_side, iwari_parts
from stamperia.rules.iwari.engine import State, apply_place, plays
from stamperia.rules.iwari.feats import earned, place_feat
from stamperia.rules.iwari.scoring import winners
from stamperia.rules.iwari.setup import deal
from stamperia.rules.iwari.tally import Tally


@pytest.fixture(scope="module")
def iwari() -> Game:
    return load_game("iwari")


def fresh(game: Game, players: int, seed: int) -> State:
    components, maps = iwari_parts(game)
    side = maps.sides[0]
    return State(index_side(side), components,
                 deal(components, side, players, random.Random(seed)), feats=True)


@pytest.mark.parametrize("seed", range(3))
def test_packed_plays_pick_as_bisect_over_their_counts(iwari: Game, seed: int) -> None:
    state = fresh(iwari, 4, seed)
    rng = random.Random(seed)
    biomes = [b.id for b in state.components.biomes]
    checked = 0
    for turn in range(60):
        hand = [rng.choice(biomes) for _ in range(3)]
        legal = plays(state, turn % 4, hand)
        assert legal.kinds == sorted(set(hand))
        if not legal.entries:
            continue
        options = legal.options()
        upto = [legal.upto(i) for i in range(len(legal))]
        assert upto[-1] == legal.total() == sum(o.ways for o in options)
        assert all(o.ways > 0 for o in options)
        for value in range(legal.total()):
            assert legal.pick(value) == bisect_right(upto, value)
        apply_place(state, turn % 4, hand, random_place(state, legal, rng), [])
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2), (4, 3)])
def test_feats_earned_with_the_tally_equal_those_without(iwari: Game, players: int,
                                                         seed: int) -> None:
    """Every piece goes down (hands from nowhere), so camps come up (the camps are walked
    then) besides placements that join none; after each placement both ways give the same
    feats and supply."""
    state = fresh(iwari, players, seed)
    tally = Tally(state)
    rng = random.Random(seed)
    in_camps = 0
    for seat, place in placements_from_nowhere(state, tally, rng, 300):
        in_camps += any(tally.in_camp(space) for space in place.spaces)
        plain = state.copy()
        found = earned(state, seat, place, tally)
        assert found == earned(plain, seat, place)
        assert (state.feats_left, state.feat_holders, state.taken) == \
            (plain.feats_left, plain.feat_holders, plain.taken)
        for feat in found:
            at = rng.choice(feat.where)
            place_feat(state, feat, at)
            tally.feat_placed(state, feat.on == "territory", at)
    assert in_camps > 0


def test_winners_as_the_most_points_then_unused_pieces() -> None:
    rng = random.Random(4)
    for _ in range(300):
        seats = rng.randrange(1, 6)
        totals = [rng.randrange(4) for _ in range(seats)]
        unused = [rng.randrange(3) for _ in range(seats)]
        best = max(zip(totals, unused, strict=True))
        assert winners(totals, unused) == tuple(
            s for s, key in enumerate(zip(totals, unused, strict=True)) if key == best)
    with pytest.raises(ValueError):
        winners([1, 2], [1])
    with pytest.raises(ValueError):
        winners([], [])
