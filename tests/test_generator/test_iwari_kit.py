"""The IWARI kit: both map sides, 62 cards with backs, board and tokens; texts fit."""

from __future__ import annotations

import pytest

from content.loader import load_game
from generator.drawing import iter_text_boxes
from generator.imposition import Duplex
from generator.kit import build_kit, content_text_pages
from generator.kitdocument import KitOptions
from generator.sizes import card_size, paper_size


@pytest.mark.parametrize("locale", ["it", "en"])
def test_kit_documents(locale: str) -> None:
    game = load_game("iwari")
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    documents = {d.stem: d for d in build_kit(game, locale, options)}
    assert set(documents) == {"guide", "map-nuovi-orizzonti-large", "map-nuovi-orizzonti-tiles",
                              "map-vaste-terre-large", "map-vaste-terre-tiles", "cards",
                              "score-board", "tokens"}
    cards = documents["cards"]
    assert len(cards.pages) == 2 * 7  # 57 biome + 5 reference cards, 9 a sheet, with backs
    texts = [b.text for p in documents["map-vaste-terre-large"].pages
             for b in iter_text_boxes(p.items)]
    assert "25" in texts and any("Le Vaste Terre" in t for t in texts)
    assert content_text_pages(game, locale, options)
