"""Objective mini-maps: turned when that draws the map larger, the panel cut to the map,
value discs that never overlap each other nor leave the panel."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game, frozen_mapping
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import Circle, Group, Item, MultiPath, PageBox, Rect
from stamperia.generator.kits.conquest import hexmap
from stamperia.generator.kits.conquest.cardset import all_cards
from stamperia.generator.kits.conquest.look import conquest_look
from stamperia.generator.kits.conquest.minimap import fit_map, place_discs
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.print.sizes import card_size

PANEL = PageBox(3.0, 17.0, 57.5, 58.9)  # the poker objective card's panel


@pytest.mark.parametrize(("name", "rotated"), [("sgrunt", False), ("mugrugni", True)])
def test_the_map_turns_only_when_that_draws_it_larger(name: str, rotated: bool) -> None:
    board = load_game(name).part(Conquest).board
    assert board is not None
    fit = fit_map(board, PANEL, 1.0)
    left, top, right, bottom = hexmap.map_bounds(board, 1.0)
    upright = min(55.5 / (right - left), 56.9 / (bottom - top))
    turned = min(55.5 / (bottom - top), 56.9 / (right - left))
    assert fit.rotated is rotated
    assert fit.scale == pytest.approx(max(upright, turned))
    assert fit.fill(board) > 0.85  # the panel hugs the map (MUGRUGNI's filled 54% upright)
    inside = (PANEL.x - 1e-9 <= fit.panel.x and fit.panel.x + fit.panel.width <= PANEL.x
              + PANEL.width + 1e-9 and PANEL.y - 1e-9 <= fit.panel.y
              and fit.panel.y + fit.panel.height <= PANEL.y + PANEL.height + 1e-9)
    assert inside


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
def test_value_discs_never_overlap_nor_leave_the_panel(name: str, size: str) -> None:
    game = load_game(name)
    locale = game.source_locale
    card = card_size(size)
    cards = all_cards(game, conquest_look(game, locale, kit_wording(game, locale), card), card, 3.0)
    objectives = game.part(Conquest).objectives
    assert objectives is not None
    assert len(cards["objectives"]) == len(objectives.cards)
    for pair in cards["objectives"]:
        panel = next(i for i in pair.face.items
                     if isinstance(i, Rect) and i.style.fill == game.part(Theme).palette["sea"])
        discs = [i for i in pair.face.items
                 if isinstance(i, Circle) and i.style.fill == "#ffffff"]
        assert len(discs) == len(next(o for o in objectives.cards
                                      if pair.face.name.endswith("/" + o.id)).entries)
        for disc in discs:
            assert panel.x + disc.r <= disc.cx + 1e-9 <= panel.x + panel.width - disc.r + 2e-9
            assert panel.y + disc.r <= disc.cy + 1e-9 <= panel.y + panel.height - disc.r + 2e-9
        for a, b in combinations(discs, 2):
            assert math.dist((a.cx, a.cy), (b.cx, b.cy)) >= a.r + b.r, pair.face.name


def test_a_crowded_disc_moves_to_a_free_place() -> None:
    box = PageBox(0, 0, 20, 20)
    spots = place_discs({"a": (10, 10), "b": (10.5, 10)}, {}, 2.0, 0.5, box)
    assert spots["a"] == (10, 10)
    assert math.dist(spots["a"], spots["b"]) >= 4.5
    edge = place_discs({"c": (0.5, 0.5)}, {}, 2.0, 0.5, box)["c"]
    assert edge[0] >= 2.0 and edge[1] >= 2.0




def _objective_face(game: Game) -> tuple[Item, ...]:
    card = card_size("poker")
    look = conquest_look(game, "it", kit_wording(game, "it"), card)
    return all_cards(game, look, card, 3.0)["objectives"][0].face.items


def _map_fills(items: tuple[Item, ...]) -> set[str | None]:
    drawn = next(i for i in items if isinstance(i, Group))
    return {i.style.fill for i in drawn.items if isinstance(i, MultiPath) and i.closed}


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_the_mini_map_takes_sea_land_and_highlight_from_the_theme(name: str) -> None:
    game = load_game(name)
    palette = game.part(Theme).palette
    items = _objective_face(game)
    assert any(isinstance(i, Rect) and i.style.fill == palette["sea"] for i in items)
    assert _map_fills(items) == {palette["land"], palette["highlight"]}


def test_an_edition_that_changes_its_theme_changes_its_mini_maps() -> None:
    game = load_game("sgrunt")
    theme = game.part(Theme)
    recoloured = replace(theme, palette=frozen_mapping(
        {**theme.palette, "sea": "#0000ff", "land": "#00ff00", "highlight": "#ff00ff"}))
    game = replace(game, parts=tuple(recoloured if p is theme else p for p in game.parts))
    items = _objective_face(game)
    assert any(isinstance(i, Rect) and i.style.fill == "#0000ff" for i in items)
    assert _map_fills(items) == {"#00ff00", "#ff00ff"}
    assert load_game("mugrugni").part(Theme).palette["sea"] != theme.palette["sea"]
