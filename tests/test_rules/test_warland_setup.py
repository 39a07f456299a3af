"""WARLAND upkeep, limits and setup on a real table."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.warland.buildings import Buildings
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.rules.registry import check_game
from stamperia.rules.warland.check import check_limits
from stamperia.rules.warland.setup import lay_out, roll_off, travel_turns
from stamperia.rules.warland.upkeep import after_starving, fewest_deaths, food_needed


@pytest.fixture(scope="module")
def forces() -> Forces:
    return load_game("warland").part(Forces)


def test_food_eaten_per_pawn(forces: Forces) -> None:
    assert forces.eats() == {"bastione": 0, "carpentiere": 1, "abitante": 1, "soldato": 2,
                             "soldato_in_missione": 3}


def test_rulebook_upkeep_example(forces: Forces) -> None:
    """10 food for 3 Abitanti, 2 Carpentieri, 1 Soldato, 2 Soldati in missione: 13 needed."""
    pawns = {"abitante": 3, "carpentiere": 2, "soldato": 1, "soldato_in_missione": 2}
    assert food_needed(pawns, forces.eats()) == 13
    chosen = after_starving(10, pawns, forces.eats(), {"abitante": 1, "soldato": 1})
    assert chosen.needed == 10 and chosen.fed
    assert not after_starving(10, pawns, forces.eats(), {"abitante": 2}).fed
    assert fewest_deaths(10, pawns, forces.eats(), list(pawns)) == {"soldato_in_missione": 1}


def test_limits(forces: Forces) -> None:
    limits = forces.limits
    assert (limits.max_buildings, limits.advanced_per_type, limits.face_down_resistance) == (
        9, 1, 5)
    table = forces.table
    assert (table.recommended.width_mm, table.recommended.height_mm) == (1000, 1000)
    assert (table.maximum.width_mm, table.maximum.height_mm) == (1500, 1500)
    assert table.recommended_players == (3, 4)
    assert forces.combat.soldier_tie == "reroll"


@pytest.mark.parametrize("players", [3, 4])
def test_borders_fit_on_the_recommended_table(forces: Forces, players: int) -> None:
    layout = lay_out(forces, players, 1000, 1000)
    assert layout.fits
    south = layout.castles[0]
    # the card's near edge lies on the table edge, centred
    assert sorted(south.card) == [(468.25, 0.0), (468.25, 88.9), (531.75, 0.0), (531.75, 88.9)]
    # every bastion lies exactly one ruler length from its card corner
    for castle in layout.castles:
        for corner, bastion in zip(castle.card, castle.bastions, strict=True):
            assert math.dist(corner, bastion) == pytest.approx(forces.ruler_mm)
    assert layout.border_clearance == pytest.approx(136.5, abs=0.05)


def test_a_long_ruler_makes_borders_overlap(forces: Forces) -> None:
    layout = lay_out(replace(forces, ruler_mm=450), 4, 1000, 1000)
    assert layout.overlaps and not layout.fits
    assert layout.border_clearance == 0


def test_a_bastion_off_the_table_is_found(forces: Forces) -> None:
    layout = lay_out(replace(forces, ruler_mm=600), 3, 1000, 1000)
    assert layout.off_table


def test_travel_turns_follow_the_ruler(forces: Forces) -> None:
    turns = travel_turns(lay_out(forces, 4, 1000, 1000), forces.ruler_mm)
    assert turns[(0, 2)] == math.ceil((1000 - 88.9) / 200)
    assert turns[(0, 1)] == turns[(1, 0)]


def test_roll_off_rerolls_ties() -> None:
    for seed in range(50):
        result = roll_off(4, 2, 6, random.Random(seed))
        for earlier, later in zip(result.rounds, result.rounds[1:], strict=False):
            best = max(v for _, v in earlier)
            assert [s for s, v in earlier if v == best] == [s for s, _ in later]
        last = result.rounds[-1]
        assert [s for s, v in last if v == max(v for _, v in last)] == [result.winner]
    assert roll_off(4, 2, 6, random.Random(7)) == roll_off(4, 2, 6, random.Random(7))


def test_check_warland_is_clean_and_reports_margins() -> None:
    report = check_game(load_game("warland"), seed=0)
    assert report.errors == 0
    assert any("13 needed, 3 short: some must starve" in note for note in report.notes)
    assert sum("margin 136.5 mm" in note for note in report.notes) == 2


@pytest.mark.parametrize(("flags", "problem"), [
    (9, None),
    (8, "8 flags per faction cannot mark 9 buildings (the castle included)")])
def test_flags_cover_the_nine_buildings_castle_included(forces: Forces, flags: int,
                                                        problem: str | None) -> None:
    """warland.txt: "puoi avere in gioco al massimo nove Edifici", the Castello among them
    ("Il Castello e gli altri Edifici"): nine flags mark a full hand of buildings."""
    game = load_game("warland")
    found = [p.message for p in check_limits(game, game.part(Buildings),
                                             replace(forces, flags_per_faction=flags))]
    assert [m for m in found if "flags" in m] == ([] if problem is None else [problem])


def test_card_copies_are_prototype_but_the_castle() -> None:
    """warland.txt gives no copy counts; only one Castello per player ("Ogni giocatore
    posiziona sul bordo del tavolo più vicino a sé la carta \"Castello\"")."""
    buildings = load_game("warland").part(Buildings)
    assert [b.id for b in buildings.buildings if not b.copies_prototype] == ["castello"]
    assert buildings.prototype_counts()["card copies"] == (10, 11)
