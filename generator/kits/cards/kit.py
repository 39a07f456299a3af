"""The `cards` kit: card sheets per deck (with backs, bleed and crop marks), token sheets,
reference sheets and the board image, every face drawn by the game's layouts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.look.layouts import Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.cards.fieldtexts import translated
from stamperia.content.rulesets.cards.model import CardSet, Deck, Record, Token, drawn_fields
from stamperia.generator.draw.drawing import Item, Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import (
    Component,
    Dice,
    Kind,
    board_component,
    card_components,
)
from stamperia.generator.kitdocument import Kit, KitDocument, KitOptions
from stamperia.generator.kits.cards.backs import back_items
from stamperia.generator.kits.cards.board import board_page, widgets
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.imposition import Duplex, impose, paginate
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import Size
from stamperia.generator.print.tiling import TileCaptions, tile_pages
from stamperia.generator.uitext import UiText

REFERENCE = Size("A4", 210.0, 297.0)


def cards_look(game: Game, cards: CardSet, locale: str, ui: UiText, fonts: FontSet | None,
               stamps: bool = True) -> Look:
    """The shared layout look of every kit, with the images the cards bind and the hex
    board as the widget layouts may place."""
    return Look.of(game, locale, ui, widgets(game, cards, locale), fonts=fonts, art=cards.art,
                   stamps=stamps)


def _face(cards: CardSet, deck: Deck, record: Record, look: Look, printed: Printed,
          number: int) -> tuple[Item, ...]:
    """A card drawn by its deck's layout fitted to the printed card: a layout without its
    own size was drawn for the game's card size. `number` is the card's in its deck (the
    id it prints)."""
    return look.draw(deck.layout, record.id, _fields(look, "card", record, deck.id),
                     printed.size, printed.bleed, record.origin, _card_size(cards),
                     PieceNumber(deck.id, number))


def _fields(look: Look, kind: str, record: Record, deck: str | None = None
            ) -> Mapping[str, Scalar]:
    """The fields a record is drawn with, its texts in the kit's locale where the game's
    strings translate them (content.rulesets.cards.fieldtexts)."""
    return translated(drawn_fields(record, deck), look.context.text, kind, record.id, deck)


def _back(game: Game, cards: CardSet, deck: Deck, look: Look, locale: str,
          printed: Printed) -> tuple[Item, ...]:
    if deck.back is None:
        return ()
    if deck.back in cards.layouts.layouts:
        return look.draw(deck.back, f"back/{deck.id}", {}, printed.size, printed.bleed,
                         designed=_card_size(cards))
    back = cards.theme.backs[deck.back]
    label = game.text(locale, back.label) if back.label else ""
    return back_items(back, look.context.theme, label, printed.size, printed.bleed)


def _card_size(cards: CardSet) -> tuple[float, float]:
    return cards.card_width, cards.card_height


@dataclass(frozen=True)
class Printed:
    """The cards as printed: the game's own size, or the one the build asked for
    (`--card-size`, a preset), with the build's bleed."""

    size: Size
    bleed: float

    @staticmethod
    def of(cards: CardSet, options: KitOptions) -> Printed:
        if options.card_asked:
            return Printed(options.card, options.bleed)
        return Printed(Size("card", cards.card_width, cards.card_height), options.bleed)


def documents(game: Game, locale: str, ui: UiText, options: KitOptions
              ) -> tuple[KitDocument, ...]:
    cards = game.part(CardSet)
    look = cards_look(game, cards, locale, ui, options.fonts, options.stamps)
    printed = Printed.of(cards, options)
    size = printed.size
    result: list[KitDocument] = []
    for deck in cards.decks:
        back = _back(game, cards, deck, look, locale, printed)
        duplex = options.duplex if back else Duplex.NONE
        fronts = [_face(cards, deck, card, look, printed, number)
                  for number, card in enumerate(deck.cards, start=1)
                  for _ in range(card.copies)]
        if not fronts:
            continue
        layout = impose(options.paper, size, printed.bleed, duplex=duplex, gap=options.gap)
        pages = sheet_pages(layout, paginate(layout, len(fronts)), fronts,
                            [back] * len(fronts), f"deck {deck.id}", options.back_offset)
        result.append(KitDocument(f"cards-{deck.id}", "cards",
                                  game.text(locale, f"deck.{deck.id}.name"), pages,
                                  duplex.value, size,
                                  _deck_components(deck, fronts, back, size, printed.bleed)))
    tokens = [(token, _token(token, look, number))
              for number, token in enumerate(cards.tokens, start=1)]
    for token, art in tokens:
        if token.record.copies == 0:
            continue
        token_size = Size(token.record.id, token.width, token.height)
        layout = impose(options.paper, token_size, 0.0, gap=2.0, duplex=Duplex.NONE)
        pages = sheet_pages(layout, paginate(layout, token.record.copies),
                            [art] * token.record.copies, [], f"tokens {token.record.id}")
        result.append(KitDocument(f"tokens-{token.record.id}", "tokens", ui("kit.tokens"),
                                  pages, "none", components=(Component(
                                      Kind.TOKEN, "", token.record.id, 1, token_size,
                                      0.0, art, count=token.record.copies),)))
    sheets = _sheets(cards, look)
    if sheets:
        result.append(KitDocument("reference", "reference", ui("kit.reference"), sheets,
                                  "none"))
    if cards.board is not None:
        board = board_page(game, cards, locale)
        if board is not None:
            result.append(KitDocument("board-large", "board", ui("kit.board_large"), (board,),
                                      "none", components=(board_component("board", board),)))
            result.append(KitDocument("board-tiles", "board", ui("kit.board_tiles"),
                                      _tiles(board, game.title(locale), ui, options),
                                      "none"))
    return tuple(result)


def _tiles(board: Page, name: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    """The board tiled over the paper, its captions in the kit's words."""
    captions = TileCaptions(tile=ui.template("tiles.tile"), title=ui.template("tiles.title"),
                            instructions=ui.template("tiles.instructions"))
    return tile_pages(board, options.paper, captions=captions, name=name)


def _deck_components(deck: Deck, fronts: list[tuple[Item, ...]], back: tuple[Item, ...],
                     size: Size, bleed: float) -> tuple[Component, ...]:
    """The deck's cards copy by copy, for the per-piece exports; a deck without a back
    gives cards without one."""
    ids = [card.id for card in deck.cards for _ in range(card.copies)]
    pieces = card_components(deck.id, list(zip(ids, fronts, [back] * len(ids), strict=True)),
                             size, bleed)
    if back:
        return pieces
    return tuple(Component(p.kind, p.group, p.id, p.copy, p.size, p.bleed, p.face)
                 for p in pieces)


def _token(token: Token, look: Look, number: int) -> tuple[Item, ...]:
    """A token drawn by its layout at the token's own size; `number` is its place among
    the tokens (the id it prints)."""
    return look.place(token.layout, token.record.id, _fields(look, "token", token.record),
                      token.record.origin, PieceNumber("tokens", number),
                      (token.width, token.height))


def _sheets(cards: CardSet, look: Look) -> tuple[Page, ...]:
    return tuple(Page(REFERENCE.width, REFERENCE.height,
                      look.place(layout, record.id, _fields(look, "sheet", record),
                                 record.origin),
                      f"sheet {record.id}")
                 for record, layout in cards.sheets)


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    """One page per distinct face and back, and the reference sheets."""
    cards = game.part(CardSet)
    look = cards_look(game, cards, locale, ui, options.fonts, options.stamps)
    printed = Printed.of(cards, options)
    size = printed.size
    pages: list[Page] = []
    for deck in cards.decks:
        for number, card in enumerate(deck.cards, start=1):
            pages.append(Page(size.width, size.height,
                              _face(cards, deck, card, look, printed, number),
                              f"{deck.id}/{card.id}"))
        back = _back(game, cards, deck, look, locale, printed)
        if back:
            pages.append(Page(size.width, size.height, back, f"back/{deck.id}"))
    for number, token in enumerate(cards.tokens, start=1):
        pages.append(Page(token.width, token.height, _token(token, look, number),
                          token.record.id))
    board = board_page(game, cards, locale) if cards.board is not None else None
    if board is not None and cards.board is not None and cards.board.is_hex:
        pages.append(board)  # a picture prints no text; a hex board prints region names
    return (*pages, *_sheets(cards, look))


def dice(game: Game) -> tuple[Dice, ...]:
    """The cards part's dice, when the designer declares some."""
    return tuple(Dice(d.id, d.colour, d.count, d.sides) for d in game.part(CardSet).dice)


def kit_widgets(game: Game, locale: str, _ui: UiText, _options: KitOptions
                ) -> Mapping[str, Widget]:
    """`Kit.widgets`: the table `cards_look` draws with."""
    return widgets(game, game.part(CardSet), locale)


KIT = Kit(documents, text_pages, dice=dice, widgets=kit_widgets, words=("tiles.",))
