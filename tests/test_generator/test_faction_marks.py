"""Pieces carry a faction symbol besides their colour; letter codes are explained."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.generator.draw.drawing import Circle, Polygon, Rect, iter_text_boxes
from stamperia.generator.kits.iwari.look import iwari_look
from stamperia.generator.kits.iwari.pieces import token_components
from stamperia.generator.kits.warland.pieces import pawn_legend, token_specs
from stamperia.generator.layout.factionmarks import SHAPES, faction_symbol, symbol_name
from stamperia.generator.print.sizes import paper_size
from stamperia.generator.uitext import ui_text


def test_each_faction_gets_its_own_shape() -> None:
    assert len(set(SHAPES)) == len(SHAPES) == 8
    kinds = [tuple(type(i).__name__ for i in faction_symbol(n, 0, 0, 4, "#000000"))
             for n in range(4)]
    assert kinds == [("Circle",), ("Rect",), ("Polygon",), ("Polygon",)]
    assert isinstance(faction_symbol(2, 0, 0, 4, "#000000")[0], Polygon)
    assert len(faction_symbol(2, 0, 0, 4, "#000000")[0].points) == 3  # type: ignore[union-attr]
    assert symbol_name(8) == symbol_name(0)
    assert isinstance(faction_symbol(0, 0, 0, 4, "#000000")[0], Circle)
    assert isinstance(faction_symbol(1, 0, 0, 4, "#000000")[0], Rect)


def test_warland_pawns_carry_their_faction_symbol_and_the_sheet_explains_letters() -> None:
    game = load_game("warland")
    factions = game.part(Forces).factions
    specs = token_specs(game, "it")
    assert {s.faction.id: s.symbol for s in specs} == {f.id: n for n, f in enumerate(factions)}
    legend = [b.text for b in iter_text_boxes(pawn_legend(game, "it", paper_size("a4")))]
    assert legend[0] == ("B = Bastione · C = Carpentiere · A = Abitante · S = Soldato · "
                         "SM = Soldato in missione")
    assert legend[1:] == [game.text("it", f"faction.{f.id}.name") for f in factions]


def test_iwari_tribe_pieces_carry_their_tribe_symbol() -> None:
    game = load_game("iwari")
    tribes = game.part(IwariSet).tribes
    look = iwari_look(game, "it", ui_text("it"))
    for component in token_components(game, "it", look):
        if component.group not in ("tent", "totem"):
            continue
        number = [t.id for t in tribes].index(component.id)
        tribe = tribes[number]
        assert component.colour == tribe.colour
        side = component.size.width
        symbol = faction_symbol(number, side / 2, side * 0.27, side * 0.22, tribe.text_colour)
        expected = symbol[0]
        assert isinstance(expected, Circle | Rect | Polygon)
        drawn = [i for i in component.face if isinstance(i, Circle | Rect | Polygon)
                 and type(i) is type(expected) and i.style.fill == tribe.text_colour]
        at = [d for d in drawn if _centre(d) == pytest.approx(_centre(expected), abs=1e-6)]
        assert len(at) == 1, component.id


def _centre(item: Circle | Rect | Polygon) -> tuple[float, float]:
    if isinstance(item, Circle):
        return item.cx, item.cy
    if isinstance(item, Rect):
        return item.x + item.width / 2, item.y + item.height / 2
    xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
    return sum(xs) / len(xs), sum(ys) / len(ys)
