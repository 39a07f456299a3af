"""The conquest kit: card sheets, the board (one large page and A4/Letter tiles), token
sheets and the faction sheets, each present when the content has it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import Group, Item, Page
from stamperia.generator.draw.memo import per_object
from stamperia.generator.export.components import Dice, board_component, card_components
from stamperia.generator.kitdocument import Kit, KitDocument, KitOptions
from stamperia.generator.kits.conquest.board import board_page
from stamperia.generator.kits.conquest.cardset import CardPair, all_cards
from stamperia.generator.kits.conquest.factions import faction_pages
from stamperia.generator.kits.conquest.look import conquest_look
from stamperia.generator.kits.conquest.tokens import token_components, token_pages
from stamperia.generator.kits.conquest.widgets import kit_widgets
from stamperia.generator.print.imposition import impose, paginate
from stamperia.generator.print.printshop import trimmed
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.tiling import TileCaptions, tile_pages
from stamperia.generator.uitext import UiText


def documents(game: Game, locale: str, ui: UiText, options: KitOptions
              ) -> tuple[KitDocument, ...]:
    content = game.part(Conquest)
    result = list(card_documents(game, locale, ui, options))
    look = conquest_look(game, locale, ui, options.card, options.fonts)
    if content.board is not None:
        large = board_page(game, locale, ui)
        result.append(KitDocument("board-large", "board", ui("kit.board_large"), (large,),
                                  "none", components=(board_component("board", large),)))
        tiles = tile_pages(trimmed(large), options.paper, captions=_captions(ui))
        result.append(KitDocument("board-tiles", "board", ui("kit.board_tiles"), tiles,
                                  "none"))
    for piece in content.pieces:
        title = ui("tokens.title", {"name": game.text(locale, f"component.{piece.id}.name")})
        pages = token_pages(game, locale, look, piece, options.paper, title)
        result.append(KitDocument(f"tokens-{piece.id}", "tokens", ui("kit.tokens"), pages,
                                  "long" if piece.double_sided else "none",
                                  components=token_components(game, locale, look, piece)))
    if content.factions:
        result.append(KitDocument("factions", "factions", ui("kit.factions"),
                                  faction_pages(game, locale, ui, look, options.paper),
                                  "none"))
    return tuple(result)


def card_documents(game: Game, locale: str, ui: UiText, options: KitOptions
                   ) -> tuple[KitDocument, ...]:
    """The card sheets (none when the game has no cards): the back check reads which
    backs share a sheet from them without drawing the board and the other sheets."""
    cards = _drawn_cards(game, ui, locale, options)
    physical = [pair for deck in cards.values() for pair in deck]
    if not physical:
        return ()
    layout = impose(options.paper, options.card, options.bleed, duplex=options.duplex,
                    gap=options.gap)
    sheets = paginate(layout, len(physical))
    pages = sheet_pages(layout, sheets, [p.face.items for p in physical],
                        [p.back.items for p in physical], "cards", options.back_offset)
    pieces = tuple(c for deck, pairs in cards.items() for c in card_components(
        deck, [(p.face.name.rpartition("/")[2], p.face.items, p.back.items) for p in pairs],
        options.card, options.bleed))
    return (KitDocument("cards", "cards", ui("kit.cards"), pages, options.duplex.value,
                        options.card, pieces),)


@per_object(4, objects=2)  # drawn for the fit check, read again by the back check
def _drawn_cards(game: Game, ui: UiText, locale: str, options: KitOptions
                 ) -> Mapping[str, tuple[CardPair, ...]]:
    """Every physical card (stamperia.generator.kits.conquest.cardset.all_cards); the kit's wording
    is known by identity (stamperia.generator.kitwords.kit_wording gives the same one again)."""
    look = conquest_look(game, locale, ui, options.card, options.fonts)
    return all_cards(game, look, options.card, options.bleed)


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    """One face per distinct card, the large board and the faction sheets; tiles, tokens
    and the guide only repeat those texts or the kit's own words."""
    content = game.part(Conquest)
    look = conquest_look(game, locale, ui, options.card, options.fonts)
    cards = _drawn_cards(game, ui, locale, options)
    arts = [art for deck in cards.values() for pair in deck for art in (pair.face, pair.back)]
    # by what is drawn: faction backs share one name
    pages = [Page(options.card.width, options.card.height, arts[i].items, arts[i].name)
             for i in distinct_drawings([art.items for art in arts])]
    if content.board is not None:
        pages.append(board_page(game, locale, ui))
    if content.factions:
        pages.extend(faction_pages(game, locale, ui, look, options.paper))
    return tuple(pages)


def distinct_drawings(drawings: Sequence[tuple[Item, ...]]) -> list[int]:
    """The index of the first of each distinct drawing, in order.

    Drawings are grouped first by an outline (each item but a group, whose place and size
    stand for it), then compared: hashing whole faces would walk every cell of each
    objective card's mini-map, and comparing two faces stops at their first difference.
    """
    seen: dict[tuple[object, ...], list[tuple[Item, ...]]] = {}
    first: list[int] = []
    for index, items in enumerate(drawings):
        outline = tuple((len(i.items), i.translate, i.rotation, i.clip)
                        if isinstance(i, Group) else i for i in items)
        alike = seen.setdefault(outline, [])
        if not any(items == other for other in alike):
            alike.append(items)
            first.append(index)
    return first


def _captions(ui: UiText) -> TileCaptions:
    return TileCaptions(tile=ui.template("tiles.tile"), title=ui.template("tiles.title"),
                        instructions=ui.template("tiles.instructions"))


def dice(game: Game) -> tuple[Dice, ...]:
    """The components part's dice (the attacker's and the defender's)."""
    return tuple(Dice(d.id, d.colour, d.count, d.sides) for d in game.part(Conquest).dice)


KIT = Kit(documents, text_pages, dice=dice, card_documents=card_documents, widgets=kit_widgets,
          words=(
    "board.legend", "board.territories.", "board.bonus_", "board.event_deck", "board.mark.",
    "card.timing.", "card.total", "factions.", "tokens.", "tiles.", "kit.cards", "kit.board_",
    "kit.tokens", "kit.factions"))
