"""The square-grid arena kit (part kind splut_board): board, fold-up standees
(stamperia.generator.kits.splut.standees), reference cards (the `reference` layouts, their rows the
widget of stamperia.generator.kits.splut.reference).

The board is tiled over the kit's paper at its printed size (square_mm per square); the
print shop's board is drawn larger to fill a standard paper above its legend
(stamperia.generator.kits.splut.shopboard).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from stamperia.content.look.artwork import Art
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import TEAM_KINDS, SplutBoard
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Image,
    Item,
    Page,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.export.components import board_component, card_components
from stamperia.generator.kitdocument import Kit, KitDocument, KitOptions
from stamperia.generator.kits.splut.look import reference_widgets, splut_look
from stamperia.generator.kits.splut.reference import BACK, FRONT
from stamperia.generator.kits.splut.shopboard import shop_board_page, shop_layout
from stamperia.generator.kits.splut.standees import standee_components, standee_pages, tint
from stamperia.generator.layout.context import Look
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.imposition import impose, paginate
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import CARD_SIZES, Size, nearest_product
from stamperia.generator.print.tiling import TileCaptions, tile_pages
from stamperia.generator.uitext import UiText

LABEL_BAND = 12.0
LIGHT, DARK = "#f3ead8", "#dccbaa"


def _board(game: Game) -> SplutBoard:
    return game.part(SplutBoard)


def _icon(icons: Mapping[str, Art], name: str, cx: float, cy: float, side: float
          ) -> tuple[Item, ...]:
    """The theme's icon `name` centred on (cx, cy), if the theme has it."""
    art = icons.get(name)
    return () if art is None else (Image(Path(art.path), cx - side / 2, cy - side / 2, side,
                                         side),)


def board_page(game: Game, locale: str, side: float | None = None) -> Page:
    """The board at its printed size (or at squares of `side` mm) with file and rank
    labels on all four sides; start squares and rocks show the pieces' icons when the
    theme has them."""
    board = _board(game)
    theme = game.find_part(Theme)
    icons = theme.icons if theme is not None else {}
    side = board.square_mm if side is None else side
    columns, ranks = len(board.files), board.ranks
    width = columns * side + 2 * LABEL_BAND
    height = ranks * side + 2 * LABEL_BAND
    starts = {seat.starts[kind]: (seat, kind) for seat in board.seats for kind in TEAM_KINDS}
    items: list[Item] = []
    for rank in range(ranks):
        for column in range(columns):
            if not board.is_square(column, rank):
                continue
            x = LABEL_BAND + column * side
            y = LABEL_BAND + (ranks - 1 - rank) * side
            name = board.name(column, rank)
            fill = LIGHT if (column + rank) % 2 else DARK
            if name in starts:
                fill = tint(starts[name][0].colour, 0.55)
            items.append(Rect(x, y, side, side, Style(fill=fill, stroke="#3b3024",
                                                      stroke_width=0.5)))
            items.append(TextBox(x + 1.5, y + 1.0, side - 3, 5.0, name, size=7.0, min_size=5.0,
                                 colour="#3d3224"))
            if name in board.rocks:
                rock = board.piece("rock")
                items.append(Circle(x + side / 2, y + side / 2, side * 0.3,
                                    Style(fill=rock.colour or "#888888", stroke="#3b3024",
                                          stroke_width=0.4, opacity=0.5)))
                items += _icon(icons, "rock", x + side / 2, y + side / 2, side * 0.36)
            if name in starts:
                seat, kind = starts[name]
                items += _icon(icons, kind, x + side / 2, y + side * 0.42, side * 0.4)
                items.append(TextBox(x + 2, y + side - 10, side - 4, 8.0,
                                     game.text(locale, f"piece.{kind}.name"), size=8.0,
                                     min_size=5.0, align=Align.CENTER, valign=VAlign.MIDDLE,
                                     colour="#000000"))
    for column, letter in enumerate(board.files):
        x = LABEL_BAND + column * side
        for y in (0.0, height - LABEL_BAND):
            items.append(TextBox(x, y, side, LABEL_BAND, letter, size=14.0, bold=True,
                                 align=Align.CENTER, valign=VAlign.MIDDLE, colour="#3b3024"))
    for rank in range(ranks):
        y = LABEL_BAND + (ranks - 1 - rank) * side
        for x in (0.0, width - LABEL_BAND):
            items.append(TextBox(x, y, LABEL_BAND, side, str(rank + 1), size=14.0, bold=True,
                                 align=Align.CENTER, valign=VAlign.MIDDLE, colour="#3b3024"))
    items.append(TextBox(LABEL_BAND + 2, LABEL_BAND + 2, side * 3, side * 1.2,
                         game.title(locale), size=40.0, min_size=12.0, bold=True,
                         colour="#3b3024"))
    return Page(width, height, tuple(items), game.title(locale))


def large_page(game: Game, locale: str, ui: UiText) -> Page:
    """The print shop's board: the smallest shop paper that holds it with its legend,
    the squares as large as that paper allows (stamperia.generator.kits.splut.shopboard)."""
    paper, side = shop_layout(_board(game), LABEL_BAND)
    board = board_page(game, locale, side)
    return shop_board_page(game, locale, ui, board.items, LABEL_BAND, side, paper)


def reference_faces(look: Look, card: Size, bleed: float
                    ) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """(front, back) of the reference card, drawn from the trim's top-left corner."""
    return (look.draw("reference", FRONT, {"face": "front"}, card, bleed),
            look.draw("reference_back", BACK, {"face": "back"}, card, bleed))


def reference_pages(game: Game, locale: str, look: Look, card: Size, bleed: float
                    ) -> tuple[Page, Page]:
    """Both faces as card-sized pages, for the text-fit check."""
    front, back = reference_faces(look, card, bleed)
    title = game.text(locale, "reference.title")
    return (Page(card.width, card.height, front, f"{title} (front)"),
            Page(card.width, card.height, back, f"{title} (back)"))


def reference_document(game: Game, look: Look, ui: UiText, options: KitOptions
                       ) -> KitDocument:
    """One duplex reference card per player, imposed like every kit's cards: bleed, crop
    marks, the glossary face behind the rules face."""
    card = reference_size(options.card, options.products)
    front, back = reference_faces(look, card, options.bleed)
    copies = game.players[1]
    layout = impose(options.paper, card, options.bleed, duplex=options.duplex,
                    gap=options.gap)
    pages = sheet_pages(layout, paginate(layout, copies), [front] * copies, [back] * copies,
                        "reference", options.back_offset)
    pieces = card_components("reference", [("reference", front, back)] * copies, card,
                             options.bleed)
    return KitDocument("reference", "cards", ui("kit.reference"), pages,
                       options.duplex.value, card, pieces)


REFERENCE_CARD = CARD_SIZES["tarot"]
"""The reference card is at least tarot size (70 x 120 mm): on a poker card its rules and
glossary fit only below 6 pt."""


def reference_size(card: Size, products: tuple[Size, ...] = ()) -> Size:
    """The kit's card size, or tarot when the kit's card is smaller either way; for a
    print shop (`products`, its card sizes), its product nearest to that, if one is."""
    if card.portrait().width >= REFERENCE_CARD.width and \
            card.portrait().height >= REFERENCE_CARD.height:
        return card
    return nearest_product(REFERENCE_CARD, products) or REFERENCE_CARD


def _captions(ui: UiText) -> TileCaptions:
    return TileCaptions(ui.template("tiles.tile"), ui.template("tiles.title"),
                        ui.template("tiles.instructions"))


def _look(game: Game, locale: str, ui: UiText, options: KitOptions) -> Look:
    return splut_look(game, locale, ui, reference_size(options.card, options.products),
                      options.fonts)


def documents(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[KitDocument,
                                                                                  ...]:
    look = _look(game, locale, ui, options)
    board = board_page(game, locale)
    large = large_page(game, locale, ui)
    return (
        KitDocument("board-large", "board", ui("kit.board_large"), (large,), "none",
                    components=(board_component("board", large),)),
        KitDocument("board-tiles", "board", ui("kit.board_tiles"),
                    tile_pages(board, options.paper, captions=_captions(ui)), "none"),
        KitDocument("standees", "tokens", ui("kit.standees"),
                    standee_pages(game, look, ui, options.paper, game.title(locale)), "none",
                    components=standee_components(game, look)),
        reference_document(game, look, ui, options),
    )


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    look = _look(game, locale, ui, options)
    paper, side = shop_layout(_board(game), LABEL_BAND)
    return (board_page(game, locale),
            shop_board_page(game, locale, ui, board_page(game, locale, side).items, LABEL_BAND,
                            side, paper),
            *reference_pages(game, locale, look,
                             reference_size(options.card, options.products), options.bleed),
            *standee_pages(game, look, ui, options.paper, game.title(locale)))


def kit_widgets(game: Game, locale: str, _ui: UiText, options: KitOptions
                ) -> Mapping[str, Widget]:
    """`Kit.widgets`: the table of the reference card the build prints, as `_look` has it."""
    return reference_widgets(game, locale, reference_size(options.card, options.products))


KIT = Kit(documents, text_pages,
          words=("board.key", "board.team_starts", "board.rock_starts", "board.square_names",
                 "kit.board_", "kit.reference", "kit.standees", "standees.", "tiles."),
          widgets=kit_widgets)
