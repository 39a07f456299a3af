"""A game's print-and-play kit as documents of pages: pure, no files written here.

The print guide comes first; the rest is the ruleset's kit (generator.kits.registry),
so this module never names a ruleset or a game.
"""

from __future__ import annotations

from content.model import Game
from generator.drawing import Page
from generator.guide import GuideEntry, guide_page
from generator.imposition import Duplex
from generator.kitdocument import KitDocument, KitOptions
from generator.kits.registry import kit_for
from generator.kitwords import kit_wording
from generator.sizes import card_size, paper_size


def build_kit(game: Game, locale: str, options: KitOptions) -> tuple[KitDocument, ...]:
    """Every document of the kit, the print guide first."""
    ui = kit_wording(game, locale)
    documents = kit_for(game.ruleset).documents(game, locale, ui, options)
    entries = tuple(GuideEntry(f"{d.stem}.pdf", d.title, len(d.pages), d.duplex)
                    for d in documents)
    guide = guide_page(game, locale, ui, options.paper, entries)
    return (KitDocument("guide", "guide", ui("kit.guide"), (guide,), "none"), *documents)


def fit_check_options() -> KitOptions:
    """The layout the fit check lays texts out in, and catalogues measure rooms in: A4
    paper, poker cards, long-edge duplex (the defaults of `stamperia build`)."""
    return KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)


def content_text_pages(game: Game, locale: str, options: KitOptions) -> tuple[Page, ...]:
    """Pages holding every text that comes from content, once: what a fit check needs."""
    return kit_for(game.ruleset).text_pages(game, locale, kit_wording(game, locale), options)


__all__ = ["KitDocument", "KitOptions", "build_kit", "content_text_pages", "fit_check_options"]
