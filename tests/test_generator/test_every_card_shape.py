"""The five shipped games build at every named card size, in every locale, with no text
below 6 pt and none overflowing its box: each layout has a variant for the card's shape
(landscape, square) or scales to it with room to spare."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import FittedTextBox, Group, Item
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.layout.legibility import small_text_problems
from stamperia.generator.layout.textfit import TextFitter, find_overflows
from stamperia.generator.print.sizes import CARD_SIZES, card_size

GAMES = ("sgrunt", "mugrugni", "warland", "splut", "iwari")
FAST = (("sgrunt", "business"), ("iwari", "square"), ("iwari", "business"),
        ("warland", "mini"))


@cache
def _game(name: str) -> Game:
    return load_game(name)


def _layouts_used(items: tuple[Item, ...]) -> set[str]:
    found: set[str] = set()
    for item in items:
        if isinstance(item, Group):
            found |= _layouts_used(item.items)
        elif isinstance(item, FittedTextBox) and item.box.source is not None:
            found.add(item.box.source.layout or "")
    return found


def _check(game_name: str, size_text: str) -> set[str]:
    """Every locale's kit at `size_text`: no overflow, nothing below 6 pt; the layouts
    whose texts it printed."""
    game = _game(game_name)
    fonts = FontSet.default()
    card = card_size(size_text)
    used: set[str] = set()
    for locale in game.locales:
        options = replace(fit_check_options(), card=card, fonts=fonts)
        fitter = TextFitter(fonts)
        documents = [replace(d, pages=fitter.pages(d.pages))
                     for d in build_kit(game, locale, options)]
        overflowing = [(d.stem, r.source.card if r.source else r.page_label, r.text[:30])
                       for d in documents for r in find_overflows(d.pages, fonts)]
        assert overflowing == [], (locale, size_text)
        small = small_text_problems(documents, locale, card, game.origin)
        assert small == [], [p.message for p in small]
        used |= {name for d in documents for p in d.pages for name in _layouts_used(p.items)}
    return used


@pytest.mark.parametrize(("game_name", "size_text"), FAST)
def test_the_landscape_and_square_cards_of_the_issue_fit(game_name: str, size_text: str
                                                         ) -> None:
    used = _check(game_name, size_text)
    shape = "landscape" if size_text == "business" else "square"
    if size_text != "mini":
        assert any(name.endswith(f"_{shape}") for name in used), used


@pytest.mark.slow
@pytest.mark.parametrize("size_text", sorted(CARD_SIZES))
@pytest.mark.parametrize("game_name", GAMES)
def test_every_game_fits_every_named_card_size(game_name: str, size_text: str) -> None:
    _check(game_name, size_text)
