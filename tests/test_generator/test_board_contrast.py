"""Every label printed on every board (the print shop's boards, the tiles' source pages,
IWARI's score board) reads at WCAG AA: 4.5:1, or 3:1 for large text, sampled near both
ends and in the middle of each line; IWARI's space rings stand out as much."""

from __future__ import annotations

from functools import cache

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.colourscience import contrast_ratio
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.generator.draw.drawing import Circle, Group, Item, Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.kits.iwari.mapside import PALETTE, lighten, outline
from stamperia.generator.layout.legibility import label_contrasts
from stamperia.generator.layout.textfit import TextFitter

GAMES = ("sgrunt", "mugrugni", "splut", "iwari")


@cache
def board_pages(game: str) -> tuple[Page, ...]:
    fitter = TextFitter(FontSet.default())
    return tuple(fitter.page(page) for d in build_kit(load_game(game), "it", fit_check_options())
                 if d.component == "board" and not d.stem.endswith("-tiles")
                 for page in d.pages)


@pytest.mark.parametrize("game", GAMES)
def test_every_board_label_has_aa_contrast(game: str) -> None:
    fonts = FontSet.default()
    pages = board_pages(game)
    assert pages
    faint = sorted({(text[:30], round(ratio, 2)) for page in pages
                    for text, ratio, needed in label_contrasts(page, fonts) if ratio < needed})
    assert faint == []


def test_a_label_across_two_backgrounds_is_read_at_its_worse_end() -> None:
    from stamperia.generator.draw.drawing import Rect, Style, TextBox

    fonts = FontSet.default()
    # dark text whose right end lies on a dark panel: the middle alone reads fine
    page = Page(100, 20, (Rect(40, 0, 60, 20, Style(fill="#333333", stroke=None)),
                          TextBox(0, 0, 100, 20, "Barbagia di Ollolai Seulo", size=14,
                                  colour="#000000")))
    (found,) = label_contrasts(TextFitter(fonts).page(page), fonts)
    assert found[0] == "Barbagia di Ollolai Seulo" and round(found[1], 2) == 1.66


def _circles(items: tuple[Item, ...]) -> list[Circle]:
    found: list[Circle] = []
    for item in items:
        if isinstance(item, Group):
            found += _circles(item.items)
        elif isinstance(item, Circle):
            found.append(item)
    return found


def test_iwari_space_rings_stand_out_from_their_territory_and_their_white() -> None:
    """Coast tent spaces were rings of the biome's own pale yellow: 1.14:1 on the coast."""
    game = load_game("iwari")
    rings = {}
    for biome in game.part(IwariSet).biomes:
        fill = lighten(biome.colour, 0.45)
        ring = outline(biome.colour, (fill, PALETTE["white"]))
        assert contrast_ratio(ring, fill) >= 4.5 and contrast_ratio(ring, "#ffffff") >= 4.5
        rings[biome.id] = ring
    assert rings["coast"] != "#fee2a7"
    for page in board_pages("iwari")[:2]:  # the two map sides
        spaces = {c.style.stroke for c in _circles(page.items) if c.style.fill == "#ffffff"}
        assert spaces <= set(rings.values()) and len(spaces) == len(rings)
