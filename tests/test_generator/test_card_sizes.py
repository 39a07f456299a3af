"""Every card size builds every shipped game: card art stays on the card, no box is empty,
and text that no longer fits is reported with its card and text key."""

from __future__ import annotations

from functools import cache

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import (
    Circle,
    FittedTextBox,
    Group,
    Item,
    Line,
    MultiPath,
    Page,
    Polygon,
    Polyline,
    Rect,
    TextBox,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit
from stamperia.generator.kitdocument import KitDocument, KitOptions
from stamperia.generator.layout.cardscale import MIN_TEXT_PT, CardScale
from stamperia.generator.layout.textfit import TextFitter, overflows
from stamperia.generator.print.imposition import Duplex, ImpositionError, impose
from stamperia.generator.print.sizes import CARD_SIZES, Size, card_size, paper_size

GAMES = ("sgrunt", "mugrugni", "warland", "splut", "iwari")
SPREAD = ("20x20", "20x400", "400x20", "400x400", "35x35", "40x40", "30x45", "50x50")
FAST = ("mini", "business", "40x40", "20x20")
SLOW = tuple(s for s in (*CARD_SIZES, *SPREAD) if s not in FAST)
BLEED = 3.0
EPSILON = 1e-6


@cache
def _game(name: str) -> Game:
    return load_game(name)


@cache
def _fonts() -> FontSet:
    return FontSet.default()


def _paper(card: Size) -> Size:
    """The smallest paper that holds one card with its bleed (A4 for every preset)."""
    for name in ("a4", "a3", "a2", "a1"):
        try:
            impose(paper_size(name), card, BLEED, duplex=Duplex.LONG)
        except ImpositionError:
            continue
        return paper_size(name)
    raise AssertionError(f"no paper holds {card.label}")


def _bounds(item: Item, dx: float, dy: float) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (left, top, right, bottom) of an item's shapes, in card coordinates."""
    if isinstance(item, FittedTextBox | TextBox):
        # text is held to its box by the fit (below): one that cannot fit at 6 pt on a
        # tiny card overflows it, and is reported
        assert item.box.width > 0 if isinstance(item, FittedTextBox) else item.width > 0
        return []
    if isinstance(item, Rect):
        assert item.width > 0 or isinstance(item, Rect), item
        return [(item.x + dx, item.y + dy, item.x + item.width + dx, item.y + item.height + dy)]
    if isinstance(item, Circle):
        return [(item.cx - item.r + dx, item.cy - item.r + dy, item.cx + item.r + dx,
                 item.cy + item.r + dy)]
    if isinstance(item, Line):
        return [(min(item.x1, item.x2) + dx, min(item.y1, item.y2) + dy,
                 max(item.x1, item.x2) + dx, max(item.y1, item.y2) + dy)]
    if isinstance(item, Polygon | Polyline | MultiPath):
        points = ([p for path in item.subpaths for p in path] if isinstance(item, MultiPath)
                  else list(item.points))
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return [(min(xs) + dx, min(ys) + dy, max(xs) + dx, max(ys) + dy)]
    if isinstance(item, Group):
        if item.rotation is None:
            return [b for child in item.items
                    for b in _bounds(child, dx + item.translate[0], dy + item.translate[1])]
        # a turned mini-map: a quarter turn about the origin, (x, y) -> (-y, x)
        assert (item.rotation.degrees, item.rotation.cx, item.rotation.cy) == (90.0, 0.0, 0.0)
        return [(dx + item.translate[0] - bottom, dy + item.translate[1] + left,
                 dx + item.translate[0] - top, dy + item.translate[1] + right)
                for child in item.items for left, top, right, bottom in _bounds(child, 0, 0)]
    return []


def _card_art(document: KitDocument) -> list[Group]:
    """Every card placed on the document's sheets (a group clipped to its bleed)."""
    return [item for page in document.pages for item in page.items
            if isinstance(item, Group) and item.clip is not None]


def _check_size(game_name: str, size_text: str) -> None:
    card = card_size(size_text)
    options = KitOptions(_paper(card), card, Duplex.LONG, BLEED)
    game = _game(game_name)
    documents = build_kit(game, game.source_locale, options)
    card_documents = [d for d in documents if d.card_size is not None]
    assert card_documents, f"{game_name} has cards"
    for document in card_documents:
        placed = _card_art(document)
        assert placed
        drawn = document.card_size or card  # SPLUT's reference card is at least tarot
        for group in placed:
            for left, top, right, bottom in (b for child in group.items
                                             for b in _bounds(child, 0.0, 0.0)):
                assert left >= -BLEED - EPSILON and top >= -BLEED - EPSILON, (left, top)
                assert right <= drawn.width + BLEED + EPSILON, (document.stem, right)
                assert bottom <= drawn.height + BLEED + EPSILON, (document.stem, bottom)
    fitter = TextFitter(_fonts())
    pages: list[Page] = [p for d in card_documents for p in fitter.pages(d.pages)]
    for report in overflows(pages):
        assert report.source is not None, report.text
        assert report.source.card and report.source.key
        assert report.overflow.size_pt >= min(MIN_TEXT_PT, 3.5)


@pytest.mark.parametrize("size_text", FAST)
@pytest.mark.parametrize("game_name", GAMES)
def test_small_and_odd_cards_build_every_game(game_name: str, size_text: str) -> None:
    _check_size(game_name, size_text)


@pytest.mark.slow
@pytest.mark.parametrize("size_text", SLOW)
@pytest.mark.parametrize("game_name", GAMES)
def test_every_card_size_builds_every_game(game_name: str, size_text: str) -> None:
    _check_size(game_name, size_text)


def test_a_tiny_card_reports_the_card_and_key_of_text_that_no_longer_fits() -> None:
    """On a 20 mm card the small print of WARLAND's Castello and back cannot fit: each
    text is reported by its own card and key, at the 6 pt floor."""
    card = card_size("20x20")
    game = _game("warland")
    documents = build_kit(game, "it", KitOptions(paper_size("a4"), card, Duplex.LONG))
    fitter = TextFitter(_fonts())
    buildings = next(d for d in documents if d.stem == "buildings")
    reports = overflows(fitter.pages(buildings.pages))
    named = {(r.source.card, r.source.key, r.overflow.size_pt) for r in reports
             if r.source is not None and r.source.card in ("building/castello", "building/back")}
    assert named >= {("building/back", "ui.warland.face_down", 6.0),
                     ("building/castello", "building.castello.text", 6.0),
                     ("building/castello", "food", 6.0),
                     ("building/castello", "resources", 6.0),
                     ("building/castello", "tier.castle.name", 6.0),
                     ("building/castello", "ui.warland.food", 6.0),
                     ("building/castello", "ui.warland.resistance", 6.0),
                     ("building/castello", "ui.warland.resources", 6.0)}
    assert {size for _, _, size in named} == {6.0}


@pytest.mark.parametrize(("text", "factor"), [
    ("poker", 1.0), ("63.5x177.8", 1.0), ("127x177.8", 2.0), ("31.75x88.9", 0.5),
    ("business", 50.8 / 88.9),
])
def test_the_scale_is_the_largest_at_which_a_poker_card_fits(text: str, factor: float
                                                             ) -> None:
    assert CardScale.of(card_size(text)).factor == pytest.approx(factor)


def test_font_sizes_scale_but_the_minimum_stops_at_six_points() -> None:
    half = CardScale(0.5)
    assert (half.pt(13, 7), half.min_pt(7)) == (6.5, 6.0)
    assert (half.pt(6, 3.5), half.min_pt(3.5)) == (6.0, 3.5)
    assert (half.pt(5, 3.5), half.min_pt(3.5, 5)) == (5.0, 5.0)
    assert (half.pt(6, 3.5), half.min_pt(3.5, 6)) == (6.0, 6.0)
    assert (half.pt(7, 5), half.min_pt(5)) == (6.0, 5.0)
    double = CardScale(2.0)
    assert (double.mm(3), double.pt(13, 7), double.min_pt(7)) == (6.0, 26.0, 14.0)
    same = CardScale(1.0)
    assert (same.mm(3), same.pt(13, 7), same.min_pt(7)) == (3, 13, 7)
