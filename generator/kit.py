"""A game's print-and-play kit as documents of pages: pure, no files written here.

The print guide comes first; the rest is the ruleset's kit (stamperia.generator.kits.registry),
so this module never names a ruleset or a game.
"""

from __future__ import annotations

from dataclasses import replace

from stamperia.content.model import Game
from stamperia.generator.draw.drawing import Group, Page
from stamperia.generator.export.components import Dice
from stamperia.generator.kitdocument import KitDocument, KitOptions
from stamperia.generator.kits.registry import kit_for
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.print.guide import GuideEntry, guide_page
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size


def build_kit(game: Game, locale: str, options: KitOptions) -> tuple[KitDocument, ...]:
    """Every document of the kit, the print guide first; every cut sheet stamped. (The
    stamp and the calibration pages are imported here: a check draws its texts through
    this module and needs neither, nor the hashing the stamp imports.)"""
    from stamperia.generator.print.calibration import calibration_pages
    from stamperia.generator.print.needs import kit_needs
    from stamperia.generator.print.stamp import kit_stamp, stamped

    ui = kit_wording(game, locale)
    stamp = kit_stamp(game, locale)
    documents = tuple(replace(d, pages=tuple(stamped(p, stamp) for p in d.pages))
                      for d in kit_for(game.ruleset).documents(game, locale, ui, options))
    calibration = calibration_pages(options.paper, options.duplex, ui, options.back_offset)
    if calibration and any(d.duplex == options.duplex.value for d in documents):
        documents = (KitDocument("calibration", "calibration", ui("kit.calibration"),
                                 calibration, options.duplex.value), *documents)
    entries = tuple(GuideEntry(f"{d.stem}.pdf", d.title, len(d.pages), d.duplex,
                               _cards(d), d.card_size.label if d.card_size else "")
                    for d in documents)
    needs = kit_needs(documents, [e.cards for e in entries], kit_dice(game), options.gap, ui)
    guide = guide_page(game, locale, ui, options.paper, entries, stamp.text, options.fonts,
                       needs)
    return (KitDocument("guide", "guide", ui("kit.guide"), (guide,), "none"), *documents)


def card_documents(game: Game, locale: str, options: KitOptions
                   ) -> tuple[KitDocument, ...]:
    """The kit's documents of cards (those with a card size), unstamped: which backs share
    a sheet, for the back check. A kit that can make them alone does, without drawing its
    other documents."""
    kit = kit_for(game.ruleset)
    if kit.card_documents is None:
        return tuple(d for d in build_kit(game, locale, options) if d.card_size is not None)
    return tuple(d for d in kit.card_documents(game, locale, kit_wording(game, locale), options)
                 if d.card_size is not None)


def kit_dice(game: Game) -> tuple[Dice, ...]:
    """The dice the game is played with, as its ruleset's kit reads them from content."""
    return kit_for(game.ruleset).dice(game)


def _cards(document: KitDocument) -> int:
    """Cards in a card document: the cards placed on its front (or only) pages."""
    if document.card_size is None:
        return 0
    fronts = [p for p in document.pages if not p.label.endswith(" back")]
    halves = 2 if document.duplex == "fold" else 1  # a fold page holds fronts and backs
    return sum(sum(isinstance(i, Group) for i in p.items) for p in fronts) // halves


def fit_check_options() -> KitOptions:
    """The layout the fit check lays texts out in, and catalogues measure rooms in: A4
    paper, poker cards, long-edge duplex (the defaults of `stamperia build`)."""
    return KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)


def content_text_pages(game: Game, locale: str, options: KitOptions) -> tuple[Page, ...]:
    """Pages holding every text that comes from content, once: what a fit check needs.
    The guide is drawn too (and left out: its words are the kit's), so a guide layout
    that cannot be drawn is reported by the check, not first by a build."""
    ui = kit_wording(game, locale)
    guide_page(game, locale, ui, options.paper, (), "", options.fonts)
    return kit_for(game.ruleset).text_pages(game, locale, ui, options)


__all__ = ["KitDocument", "KitOptions", "build_kit", "card_documents", "content_text_pages",
           "fit_check_options"]
