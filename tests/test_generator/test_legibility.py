"""Text size and contrast read from the drawing description."""

from __future__ import annotations

import dataclasses

import pytest

from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    MultiPath,
    Page,
    Polygon,
    Rect,
    Rotation,
    Style,
    TextBox,
    TextSource,
    iter_fitted_text,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import build_kit, content_text_pages
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.layout.legibility import (
    SpanCache,
    back_clashes,
    legibility_warnings,
    page_findings,
    required_contrast,
)
from stamperia.generator.layout.textfit import fit_pages
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size

FONTS = FontSet.default()
SOURCE = TextSource("biome/coast", "biome.coast.name")


def _findings(*items: Rect | Circle | TextBox | Group) -> list[tuple[float | None, str | None]]:
    page = fit_pages([Page(100, 100, tuple(items), "test")], FONTS)[0]
    return [(None if f.contrast is None else round(f.contrast, 2), f.background)
            for f in page_findings(page)]


def test_white_on_yellow_is_found_with_its_ratio_and_background() -> None:
    yellow = Rect(0, 0, 50, 50, Style(fill="#e0b422", stroke=None))
    label = TextBox(5, 5, 40, 10, "Costa", size=10, colour="#ffffff", source=SOURCE)
    assert _findings(yellow, label) == [(1.96, "#e0b422")]
    ink = TextBox(5, 5, 40, 10, "Costa", size=10, colour="#1d1d1b", source=SOURCE)
    assert _findings(yellow, ink) == []


def test_the_background_is_the_topmost_shape_under_the_text_through_groups() -> None:
    dark = Rect(0, 0, 100, 100, Style(fill="#222222", stroke=None))
    disc = Circle(70, 70, 15, Style(fill="#ffffff", stroke=None))
    text = TextBox(-10, -3, 20, 6, "x", size=9, colour="#ffffff")
    # the same white text: on the dark page it reads, moved onto the white disc it does not
    assert _findings(dark, disc, Group((text,), translate=(20, 20))) == []
    assert _findings(dark, disc, Group((text,), translate=(70, 70))) == [(1.0, "#ffffff")]
    turned = Group((Group((text,), translate=(70, 30)),), rotation=Rotation(90, 50, 50))
    assert _findings(dark, disc, turned) == [(1.0, "#ffffff")]  # (70, 30) turns to (70, 70)


def test_translucent_shapes_blend_over_what_is_under() -> None:
    veil = Rect(0, 0, 100, 100, Style(fill="#000000", stroke=None, opacity=0.5))
    text = TextBox(10, 10, 40, 10, "x", size=9, colour="#ffffff")
    assert _findings(veil, text) == [(3.95, "#808080")]  # white on 50 % black over paper


def test_large_text_needs_3_to_1_and_small_text_is_reported() -> None:
    assert required_contrast(18, False) == 3.0 and required_contrast(14, True) == 3.0
    assert required_contrast(14, False) == 4.5
    tiny = TextBox(10, 10, 40, 10, "x", size=5, min_size=5)
    page = fit_pages([Page(100, 100, (tiny,), "test")], FONTS)[0]
    assert [f.size_pt for f in page_findings(page)] == [5.0]


def test_a_text_finds_its_background_under_many_shapes_painted_elsewhere_since() -> None:
    """What lies under a text is found however many shapes were painted after it (the
    newest are looked at one by one, the older ones through the grid), topmost first."""
    yellow = Rect(0, 0, 30, 30, Style(fill="#e0b422", stroke=None))
    elsewhere = [Circle(60 + i % 10 * 3, 60 + i // 10 * 3, 1, Style(fill="#000000", stroke=None))
                 for i in range(100)]
    label = TextBox(5, 5, 20, 10, "Costa", size=10, colour="#ffffff")
    assert _findings(yellow, *elsewhere, label) == [(1.96, "#e0b422")]
    veil = Rect(0, 0, 30, 30, Style(fill="#000000", stroke=None, opacity=0.5))
    assert _findings(yellow, *elsewhere, veil, label) == []  # now on the veiled yellow
    assert _findings(yellow, *elsewhere, veil, *elsewhere, label) == []
    dark = Rect(0, 0, 30, 30, Style(fill="#222222", stroke=None))
    both: list[Rect | Circle | TextBox] = [dark, *elsewhere, yellow, *elsewhere, label,
                                          *elsewhere, label]
    assert _findings(*both) == [(1.96, "#e0b422"), (1.96, "#e0b422")]


def test_pages_sharing_drawn_corners_each_find_their_own_background() -> None:
    """The shapes' bounds are shared by the pages of a check, by the very corner lists and
    transform: the same cells moved elsewhere, or equal corners in another list, are their
    own (white text on paper is a finding too, with the paper as its background)."""
    corners = ((0.0, 0.0), (30.0, 0.0), (30.0, 30.0), (0.0, 30.0))
    cell = Polygon(corners, Style(fill="#e0b422", stroke=None))
    cells = MultiPath((corners,), closed=True, style=Style(fill="#e0b422", stroke=None))
    label = TextBox(5, 5, 20, 10, "Costa", size=10, colour="#ffffff")
    spans: SpanCache = {}

    def found(*items: Rect | Polygon | MultiPath | TextBox | Group) -> list[str | None]:
        page = fit_pages([Page(100, 100, tuple(items), "test")], FONTS)[0]
        return [f.background for f in page_findings(page, spans)]

    for shape in (cell, cells):
        assert found(shape, label) == ["#e0b422"]
        assert found(Group((shape,), translate=(50, 50)), label) == ["#ffffff"]
        assert found(Group((shape,), translate=(50, 50)),
                     Group((label,), translate=(50, 50))) == ["#e0b422"]
        assert found(shape, label) == ["#e0b422"]
    moved = tuple((x + 50, y + 50) for x, y in corners)
    assert found(Polygon(moved, Style(fill="#e0b422", stroke=None)), label) == ["#ffffff"]
    assert found(Polygon(tuple(list(corners)), Style(fill="#e0b422", stroke=None)),
                 Group((label,), translate=(50, 50))) == ["#ffffff"]


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni", "warland", "splut", "iwari"])
def test_shipped_games_print_no_text_below_6_pt_and_pass_contrast(name: str) -> None:
    game = load_game(name)
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    for locale in game.locales:
        pages = fit_pages(content_text_pages(game, locale, options), FONTS)
        assert legibility_warnings(game, locale, pages) == []
        smallest = min(f.fit.size_pt for page in pages for f in iter_fitted_text(page.items))
        assert smallest >= 6.0


def test_backs_sharing_a_sheet_are_told_apart() -> None:
    game = load_game("sgrunt")
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    documents = build_kit(game, "it", options)
    assert back_clashes(documents) == []
    # The events' old brown back beside the first faction's blue back: 4.9 in greyscale.
    cards = next(d for d in documents if d.stem == "cards")
    recoloured = tuple(dataclasses.replace(page, items=tuple(_recolour(i) for i in page.items))
                       for page in cards.pages)
    clashes = back_clashes([dataclasses.replace(cards, pages=recoloured)])
    assert [(c.first, c.second, round(c.closeness.delta_e, 1), c.closeness.vision.value)
            for c in clashes] == [("back/actions/koiles", "back/events", 4.9,
                                   "greyscale")]


def _recolour(item: object) -> object:
    """The event deck's back in its colour before the fix (#4f3b2a)."""
    if not isinstance(item, Group):
        return item
    return dataclasses.replace(item, items=tuple(
        dataclasses.replace(i, style=dataclasses.replace(i.style, fill="#4f3b2a"))
        if isinstance(i, Rect) and i.style.fill == "#312010" else i for i in item.items))


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_board_names_territories_at_8_pt_and_every_zone(name: str) -> None:
    from stamperia.content.rulesets.conquest.model import Conquest
    from stamperia.generator.kits.conquest.board import board_page
    from stamperia.generator.uitext import ui_text

    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    page = fit_pages([board_page(game, "it", ui_text("it"))], FONTS)[0]
    fitted = {f.box.text: f.fit.size_pt for f in iter_fitted_text(page.items)}
    names = [game.text("it", f"territory.{t.id}.name") for t in board.territories]
    assert min(fitted[n] for n in names) >= 8.0
    zones = [game.text("it", f"zone.{z.id}.name").upper() for z in board.zones]
    assert all(z in fitted for z in zones)


def test_a_shape_whose_edge_runs_through_the_text_is_under_it() -> None:
    """A text whose middle lies on a shape's edge is on the shape (as the shape's own
    test says); a hair beside it, it is not."""
    label = TextBox(5, 5, 20, 10, "Costa", size=10, colour="#ffffff")  # middle x = 15
    for width, under in ((15.0, "#e0b422"), (14.999, "#ffffff"), (10.0, "#ffffff")):
        edge = Rect(0, 0, width, 30, Style(fill="#e0b422", stroke=None))
        turned = Group((Rect(0, -width, 30, width, Style(fill="#e0b422", stroke=None)),),
                       rotation=Rotation(90, 0, 0))  # the same rectangle, turned into place
        assert [b for _, b in _findings(edge, label)] == [under], width
        assert [b for _, b in _findings(turned, label)] == [under], width
