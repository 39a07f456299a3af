"""Exports for a game's page and for other virtual tables: the showcase images (a fanned
hand and a table-top spread per deck), Tabletopia's one image a face, IWARI's reference
cards as a deck of their own, and print-shop sizes for cards of a size of their own."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image as PilImage

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Rect, Style
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Kind, card_components
from stamperia.generator.export.files import ExportError
from stamperia.generator.export.presets import preset
from stamperia.generator.export.shop import shop_files
from stamperia.generator.export.showcase import BACKDROP, TABLE, showcase_files
from stamperia.generator.export.tabletopia import tabletopia_files
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.print.sizes import CARD_SIZES, Size, nearest_product

POKER = CARD_SIZES["poker"]


def _fill(colour: str, size: Size = POKER) -> tuple[Rect, ...]:
    return (Rect(-3, -3, size.width + 6, size.height + 6, Style(fill=colour, stroke=None)),)


def _quiet(_done: int, _total: int) -> None:
    """No progress bar."""


def _deck() -> tuple[Component, ...]:
    return card_components("d", [("a", _fill("#ff0000"), _fill("#0000ff"))] * 2
                           + [("b", _fill("#00ff00"), _fill("#0000ff"))], POKER, 3.0)


def test_showcase_has_a_hand_and_a_table_per_deck_the_same_every_time() -> None:
    first = list(showcase_files(_deck(), FontSet.default(), _quiet))
    again = list(showcase_files(_deck(), FontSet.default(), _quiet))
    assert [f.path for f in first] == ["showcase/d-hand.png", "showcase/d-table.png"]
    assert [f.data for f in first] == [f.data for f in again]
    hand, table = (PilImage.open(io.BytesIO(f.data)).convert("RGB") for f in first)
    assert hand.getpixel((2, 2)) == BACKDROP and table.getpixel((2, 2)) == TABLE
    colours = {table.getpixel((x, table.height // 2)) for x in range(table.width)}
    assert {(255, 0, 0), (0, 255, 0), (0, 0, 255)} <= colours  # both faces and the deck
    assert hand.width > hand.height  # the cards fan out sideways


def test_tabletopia_gets_each_face_once_counted_and_one_back() -> None:
    files = {f.path: f for f in tabletopia_files(_deck(), 100, FontSet.default(), _quiet)}
    assert sorted(files) == ["tabletopia/cards/d/a.png", "tabletopia/cards/d/b.png",
                             "tabletopia/cards/d/back-1.png"]
    assert [files[p].count for p in sorted(files)] == [2, 1, 3]
    assert {files[p].pixels for p in files} == {(250, 350)}  # the trim, one size a deck
    back = PilImage.open(io.BytesIO(files["tabletopia/cards/d/back-1.png"].data))
    assert back.convert("RGB").getpixel((125, 175)) == (0, 0, 255)


def test_iwari_reference_cards_are_a_deck_of_their_own() -> None:
    game = load_game("iwari")
    cards = next(d for d in build_kit(game, "it", fit_check_options()) if d.stem == "cards")
    groups: dict[str, set[str]] = {}
    for card in cards.components:
        groups.setdefault(card.group, set()).add(card.id)
    assert groups["reference"] == {"reference"}
    assert "reference" not in groups["cards"]


def test_a_shop_prints_splut_reference_card_at_its_nearest_product() -> None:
    shop = preset("thegamecrafter")
    products = tuple(shop.sizes.values())
    assert nearest_product(CARD_SIZES["tarot"], products) == Size("tarot", 69.85, 120.65)
    assert nearest_product(Size("big", 100, 100), products) is None
    options = replace(fit_check_options(), card=shop.card("poker"), bleed=shop.bleed_mm,
                      products=products)
    reference = next(d for d in build_kit(load_game("splut"), "it", options)
                     if d.stem == "reference")
    assert reference.card_size == Size("tarot", 69.85, 120.65)
    assert {c.size for c in reference.components} == {Size("tarot", 69.85, 120.65)}


def test_a_card_no_product_of_the_shop_is_near_is_refused_with_the_reason() -> None:
    big = Size("big", 100, 100)
    card = Component(Kind.CARD, "reference", "r", 1, big, 3.175, _fill("#ffffff", big))
    with pytest.raises(ExportError) as refused:
        list(shop_files([card], preset("thegamecrafter"), FontSet.default(), _quiet))
    assert str(refused.value) == (
        "The Game Crafter makes no 100×100 mm card, the size of the 'reference' cards, and "
        "none within 2 mm of it (it makes poker 63.5×88.9, bridge 57.15×88.9, mini "
        "44.45×63.5, tarot 69.85×120.65, square 63.5×63.5 mm): print that deck elsewhere, "
        "or at one of those sizes")
