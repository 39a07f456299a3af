"""A game's print-and-play kit as documents of pages: pure, no files written here.

Which documents a kit has follows from the content (a board, decks, objectives, pieces,
factions), never from the game's id.
"""

from __future__ import annotations

from content.model import Game
from generator.components.board import board_page
from generator.components.cards import all_cards
from generator.components.sheets import GuideEntry, faction_pages, guide_page
from generator.components.tokens import token_pages
from generator.drawing import Item, Page
from generator.extra_kits import extra_kit_builders
from generator.imposition import impose, paginate
from generator.kitdocument import KitDocument, KitOptions
from generator.sheets import sheet_pages
from generator.tiling import TileCaptions, tile_pages
from generator.uitext import UiText, ui_text


def build_kit(game: Game, locale: str, options: KitOptions) -> tuple[KitDocument, ...]:
    """Every document of the kit, the print guide first."""
    ui = ui_text(locale)
    documents: list[KitDocument] = []
    cards = all_cards(game, locale, ui, options.card, options.bleed)
    physical = [pair for deck in cards.values() for pair in deck]
    if physical:
        layout = impose(options.paper, options.card, options.bleed, duplex=options.duplex)
        sheets = paginate(layout, len(physical))
        pages = sheet_pages(layout, sheets, [p.face.items for p in physical],
                            [p.back.items for p in physical], "cards")
        documents.append(KitDocument("cards", "cards", ui("kit.cards"), pages,
                                     options.duplex.value, options.card))
    if game.board is not None:
        large = board_page(game, locale, ui)
        documents.append(KitDocument("board-large", "board", ui("kit.board_large"), (large,),
                                     "none"))
        tiles = tile_pages(large, options.paper, captions=_captions(ui))
        documents.append(KitDocument("board-tiles", "board", ui("kit.board_tiles"), tiles,
                                     "none"))
    for piece in game.pieces:
        title = ui("tokens.title", {"name": game.text(locale, f"component.{piece.id}.name")})
        pages = token_pages(game, locale, piece, options.paper, title)
        documents.append(KitDocument(f"tokens-{piece.id}", "tokens", ui("kit.tokens"), pages,
                                     "long" if piece.double_sided else "none"))
    if game.factions:
        documents.append(KitDocument("factions", "factions", ui("kit.factions"),
                                     faction_pages(game, locale, ui, options.paper), "none"))
    builders = extra_kit_builders()
    for kind in game.extras:
        if kind in builders:
            documents.extend(builders[kind].documents(game, locale, ui, options))
    entries = tuple(GuideEntry(f"{d.stem}.pdf", d.title, len(d.pages), d.duplex)
                    for d in documents)
    guide = guide_page(game, locale, ui, options.paper, entries)
    return (KitDocument("guide", "guide", ui("kit.guide"), (guide,), "none"), *documents)


def content_text_pages(game: Game, locale: str, options: KitOptions) -> tuple[Page, ...]:
    """Pages holding every text that comes from content, once: what a fit check needs.

    One face per distinct card, the large board and the faction sheets; tiles, tokens and
    the guide only repeat those texts or the kit's own words.
    """
    ui = ui_text(locale)
    pages: list[Page] = []
    seen: set[tuple[Item, ...]] = set()  # by what is drawn: faction backs share one name
    for deck in all_cards(game, locale, ui, options.card, options.bleed).values():
        for pair in deck:
            for art in (pair.face, pair.back):
                if art.items not in seen:
                    seen.add(art.items)
                    pages.append(Page(options.card.width, options.card.height, art.items,
                                      art.name))
    if game.board is not None:
        pages.append(board_page(game, locale, ui))
    if game.factions:
        pages.extend(faction_pages(game, locale, ui, options.paper))
    builders = extra_kit_builders()
    for kind in game.extras:
        if kind in builders:
            pages.extend(builders[kind].text_pages(game, locale, ui, options))
    return tuple(pages)


def _captions(ui: UiText) -> TileCaptions:
    return TileCaptions(tile=ui.template("tiles.tile"), title=ui.template("tiles.title"),
                        instructions=ui.template("tiles.instructions"))


__all__ = ["KitDocument", "KitOptions", "build_kit", "content_text_pages"]
