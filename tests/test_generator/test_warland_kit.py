"""WARLAND kit drawings: the ruler at true scale, its sections, and the kit's documents."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Line, Rect, TextBox
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.warland.kit import PACKAGE
from stamperia.generator.kits.warland.look import warland_look
from stamperia.generator.kits.warland.pieces import mark, token_specs
from stamperia.generator.kits.warland.ruler import (
    CALIBRATION_MM,
    GLUE,
    calibration_bar,
    ruler_pages,
    section_items,
    sections,
)
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.layout.pages import Pages, ruleset_pages
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


def _ticks(items: tuple) -> list[Line]:  # type: ignore[type-arg]
    return [i for i in items if isinstance(i, Line)]


def test_ruler_ticks_are_one_millimetre_apart() -> None:
    items = section_items(0, 200, 10.0, 30.0, "caption", "")
    body = next(i for i in items if isinstance(i, Rect))
    assert (body.x, body.width) == (10.0, 200)
    ticks = _ticks(items)
    assert len(ticks) == 201
    assert [t.x1 for t in ticks] == [pytest.approx(10.0 + mm) for mm in range(201)]
    assert all(t.x1 == t.x2 for t in ticks)
    lengths = {mm: ticks[mm].y2 - ticks[mm].y1 for mm in (0, 1, 5, 10)}
    assert lengths[10] > lengths[5] > lengths[1]
    labels = [i.text for i in items if isinstance(i, TextBox)][:-1]
    assert labels == [str(cm) for cm in range(1, 20)]


def test_calibration_bar_is_100_mm() -> None:
    items = calibration_bar(10.0, 20.0)
    bar = next(i for i in items if isinstance(i, Rect))
    assert bar.width == CALIBRATION_MM == 100.0
    assert [t.x1 - 10.0 for t in _ticks(items)] == list(range(0, 101, 10))


def test_a_long_ruler_is_cut_into_sections_that_sum_to_its_length() -> None:
    assert sections(200, 277) == ((0.0, 200),)
    parts = sections(450, 277)
    assert parts == ((0.0, 260.0), (260.0, 450))
    assert sum(b - a for a, b in parts) == 450
    game = load_game("warland")
    look = warland_look(game, "it", kit_wording(game, "it"))
    pages = ruler_pages(Pages.of(look, ruleset_pages(PACKAGE)), paper_size("a4"), 450, 2,
                        {"title": "WARLAND", "length": "450"})
    assert len(pages) == 1
    rects = [i for p in pages for i in p.items if isinstance(i, Rect) and i.height == 20.0]
    bodies = [r for r in rects if r.width != GLUE]
    assert sorted(r.width for r in bodies) == [190, 190, 260, 260]
    # every section starts at the same x, so its ticks keep the true scale from the edge
    assert {r.x for r in bodies} == {10.0}
    glue = [r for r in rects if r.width == GLUE]
    assert len(glue) == 2 and all(g.x == 10.0 + 260.0 for g in glue)


def test_pawn_marks() -> None:
    assert [mark(n) for n in ("Bastione", "Soldato in missione", "Soldier on a mission")] == [
        "B", "SM", "SM"]


def test_token_counts_follow_the_content() -> None:
    game = load_game("warland")
    specs = token_specs(game, "it")
    assert len(specs) == 4 * (4 + 12 + 20 + 12 + 12)
    assert sum(1 for s in specs if s.faction.id == "rossi" and s.strength == 2) == 8


def test_kit_has_every_document_in_both_languages() -> None:
    game = load_game("warland")
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    for locale in ("it", "en"):
        documents = build_kit(game, locale, options)
        assert [d.stem for d in documents] == ["guide", "calibration",
                                               "buildings", "pawns", "flags", "ruler",
                                               "tracking"]
        cards = next(d for d in documents if d.stem == "buildings")
        assert len(cards.pages) == 2 * -(-56 // 9)  # 56 cards, 9 a sheet, fronts and backs
        tracking = next(d for d in documents if d.stem == "tracking")
        assert len(tracking.pages) == 4


def test_production_boxes_carry_the_resource_icons_and_the_brought_role() -> None:
    from stamperia.content.rulesets.warland.buildings import Buildings
    from stamperia.generator.draw.drawing import Image
    from stamperia.generator.kits.warland.cards import building_face
    from stamperia.generator.kits.warland.look import warland_look
    from stamperia.generator.kitwords import kit_wording

    game = load_game("warland")
    ui = kit_wording(game, "it")
    look = warland_look(game, "it", ui)
    castle, farm = game.part(Buildings).buildings[:2]
    face = building_face(game, "it", ui, look, castle, card_size("poker"), 3.0)
    assert [i.path.name for i in face if isinstance(i, Image)] == ["resources.svg", "food.svg"]
    face = building_face(game, "it", ui, look, farm, card_size("poker"), 3.0)
    assert [i.path.name for i in face if isinstance(i, Image)] == [
        "resources.svg", "food.svg", "inhabitant.svg"]


def test_pawns_show_their_roles_icon_letter_and_strength() -> None:
    from stamperia.generator.draw.drawing import Circle, Group, Image, iter_text_boxes
    from stamperia.generator.kits.warland.look import warland_look
    from stamperia.generator.kits.warland.pieces import pawn_components
    from stamperia.generator.kitwords import kit_wording

    game = load_game("warland")
    look = warland_look(game, "it", kit_wording(game, "it"))
    pawns = {(c.group, c.id): c for c in pawn_components(game, "it", look)}
    soldier = pawns[("soldato", "rossi-2")]
    [face] = [i for i in soldier.face if isinstance(i, Group)]
    assert [i.path.name for i in face.items if isinstance(i, Image)] == ["soldier.svg"]
    assert [t.text for t in iter_text_boxes(face.items)] == ["S"]
    pips = [i for i in face.items if isinstance(i, Circle) and i.style.fill == "#ffffff"
            and i.r < 1.0]
    assert len(pips) == 2
    bastion = pawns[("bastione", "rossi")]
    [face] = [i for i in bastion.face if isinstance(i, Group)]
    assert [i.path.name for i in face.items if isinstance(i, Image)] == ["bastion.svg"]
