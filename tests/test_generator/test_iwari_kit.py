"""The IWARI kit: both map sides, 62 cards with backs, board and tokens; texts fit."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, MapSide
from stamperia.generator.draw.drawing import MultiPath, Page, iter_text_boxes
from stamperia.generator.kit import build_kit, content_text_pages
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.iwari.kit import PACKAGE, map_page
from stamperia.generator.kits.iwari.look import iwari_look
from stamperia.generator.layout.pages import Pages, ruleset_pages
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.uitext import ui_text


def side_page(game: Game, side: MapSide) -> Page:
    """The side's page as the kit draws it, by the ruleset's `map_side` page layout."""
    pages = Pages.of(iwari_look(game, "it", ui_text("it")), ruleset_pages(PACKAGE))
    return map_page(game, "it", pages, side)


@pytest.mark.parametrize("locale", ["it", "en"])
def test_kit_documents(locale: str) -> None:
    game = load_game("iwari")
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    documents = {d.stem: d for d in build_kit(game, locale, options)}
    assert set(documents) == {"guide", "calibration",
                              "map-nuovi-orizzonti-large", "map-nuovi-orizzonti-tiles",
                              "map-vaste-terre-large", "map-vaste-terre-tiles", "cards",
                              "score-board", "tokens"}
    cards = documents["cards"]
    assert len(cards.pages) == 2 * 7  # 57 biome + 5 reference cards, 9 a sheet, with backs
    texts = [b.text for p in documents["map-vaste-terre-large"].pages
             for b in iter_text_boxes(p.items)]
    side = {"it": "Le Vaste Terre", "en": "The Vast Lands"}[locale]
    assert "25" in texts and any(side in t for t in texts)
    assert content_text_pages(game, locale, options)


def test_map_sides_leave_no_white_holes() -> None:
    """Every cell of a side's rectangle is filled: territory, water or wild land."""
    game = load_game("iwari")
    for side in game.part(IwariMaps).sides:
        page = side_page(game, side)
        hexes = {tuple(round(c, 3) for c in (sum(x for x, _ in s) / 6, sum(y for _, y in s) / 6))
                 for item in page.items
                 if isinstance(item, MultiPath) and item.closed and item.style.fill
                 for s in item.subpaths if len(s) == 6}
        used = [c for t in side.territories for c in t.cells] + list(side.water)
        columns = max(c for c, _ in used) - min(c for c, _ in used) + 1
        rows = max(r for _, r in used) - min(r for _, r in used) + 1
        assert len(hexes) == columns * rows


def test_biome_cards_and_pieces_carry_the_themes_icons() -> None:
    """The rulebook tells the five biomes by their symbols: each card shows its own, above
    its name and in a corner; tents and totems show theirs instead of a word."""
    from stamperia.generator.draw.drawing import Image, iter_text_boxes
    from stamperia.generator.kits.iwari.look import iwari_look
    from stamperia.generator.kits.iwari.pieces import biome_face, token_components
    from stamperia.generator.uitext import ui_text

    game = load_game("iwari")
    look = iwari_look(game, "it", ui_text("it"))
    for biome in ("tundra", "forest", "glacier", "coast", "desert"):
        images = [i for i in biome_face(look, biome, card_size("poker"), 3.0)
                  if isinstance(i, Image)]
        assert [i.path.name for i in images] == [f"{biome}.svg"] * 2
    icons = {(c.group, tuple(i.path.name for i in c.face if isinstance(i, Image)),
              tuple(b.text for b in iter_text_boxes(c.face)))
             for c in token_components(game, "it", look) if c.group in ("tent", "totem")}
    assert icons == {("tent", ("tent.svg",), ()), ("totem", ("totem.svg",), ())}
    for side in game.part(IwariMaps).sides:  # each totem space shows its biome's symbol
        drawn = [i.path.stem for i in side_page(game, side).items if isinstance(i, Image)]
        assert drawn == [t.biome for t in side.territories]
