"""The square-grid arena kit (part kind splut_board): board, fold-up standees, reference
cards (their layout is in generator.kits.splut.reference).

The board is drawn once at its printed size (square_mm per square) and then either put
on the smallest of A3/A2 that holds it or tiled over the kit's paper. Standees are
strips: base, front, back (upside down), base; fold on the dashed lines, glue the bases.
"""

from __future__ import annotations

from content.colourscience import readable_on
from content.model import Game
from content.rulesets.splut.board import TEAM_KINDS, SplutBoard
from generator.components import Component, Kind, board_component, card_components
from generator.drawing import (
    Align,
    Circle,
    Group,
    Item,
    Line,
    Page,
    Rect,
    Rotation,
    Style,
    TextBox,
    VAlign,
)
from generator.imposition import impose, paginate
from generator.kitdocument import Kit, KitDocument, KitOptions
from generator.kits.splut.reference import reference_faces, reference_pages
from generator.sheets import sheet_pages
from generator.sizes import CARD_SIZES, PAPER_SIZES, Size
from generator.tiling import TileCaptions, tile_pages
from generator.uitext import UiText

LABEL_BAND = 12.0
LIGHT, DARK = "#f3ead8", "#dccbaa"
CUT = Style(stroke="#000000", stroke_width=0.3)
FOLD = Style(stroke="#555555", stroke_width=0.25, dash=(2.0, 1.5))
STANDEE_WIDTH, FACE_HEIGHT, BASE_HEIGHT = 26.0, 38.0, 16.0
PAGE_MARGIN = 10.0


def _board(game: Game) -> SplutBoard:
    return game.part(SplutBoard)


def _tint(colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0: unchanged, 1: white)."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def board_page(game: Game, locale: str) -> Page:
    """The board at its printed size with file and rank labels on all four sides."""
    board = _board(game)
    side = board.square_mm
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
                fill = _tint(starts[name][0].colour, 0.55)
            items.append(Rect(x, y, side, side, Style(fill=fill, stroke="#3b3024",
                                                      stroke_width=0.5)))
            items.append(TextBox(x + 1.5, y + 1.0, side - 3, 5.0, name, size=7.0, min_size=5.0,
                                 colour="#3d3224"))
            if name in board.rocks:
                rock = board.piece("rock")
                items.append(Circle(x + side / 2, y + side / 2, side * 0.3,
                                    Style(fill=rock.colour or "#888888", stroke="#3b3024",
                                          stroke_width=0.4, opacity=0.5)))
            if name in starts:
                seat, kind = starts[name]
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


def large_page(board: Page) -> Page:
    """The board centred on the smallest of A3 and A2 that holds it with margins."""
    for name in ("a3", "a2", "a1"):
        paper = PAPER_SIZES[name]
        for oriented in (paper.portrait(), paper.landscape()):
            if board.width_mm + 2 * PAGE_MARGIN <= oriented.width and \
                    board.height_mm + 2 * PAGE_MARGIN <= oriented.height:
                dx = (oriented.width - board.width_mm) / 2
                dy = (oriented.height - board.height_mm) / 2
                return Page(oriented.width, oriented.height,
                            (Group(board.items, translate=(dx, dy)),), board.label)
    raise ValueError(f"a board of {board.width_mm:g} mm does not fit on A1")


def _face(x: float, y: float, fill: str, ink: str, letter: str, name: str,
          colour_name: str) -> tuple[Item, ...]:
    return (
        Rect(x, y, STANDEE_WIDTH, FACE_HEIGHT, Style(fill=fill, stroke=None)),
        TextBox(x + 1, y + 3, STANDEE_WIDTH - 2, 18.0, letter, size=40.0, min_size=10.0,
                bold=True, align=Align.CENTER, valign=VAlign.MIDDLE, colour=ink),
        TextBox(x + 1, y + 22, STANDEE_WIDTH - 2, 7.0, name, size=9.0, min_size=5.0,
                bold=True, align=Align.CENTER, valign=VAlign.MIDDLE, colour=ink),
        TextBox(x + 1, y + 29, STANDEE_WIDTH - 2, 6.0, colour_name, size=7.0, min_size=4.5,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=ink),
    )


def standee(x: float, y: float, fill: str, ink: str, letter: str, name: str,
            colour_name: str) -> tuple[Item, ...]:
    """One strip at (x, y): base, front, back turned upside down, base."""
    total = 2 * BASE_HEIGHT + 2 * FACE_HEIGHT
    front_y = y + BASE_HEIGHT
    back_y = front_y + FACE_HEIGHT
    back = Group(_face(x, back_y, fill, ink, letter, name, colour_name),
                 rotation=Rotation(180.0, x + STANDEE_WIDTH / 2, back_y + FACE_HEIGHT / 2))
    items: list[Item] = [
        Rect(x, y, STANDEE_WIDTH, BASE_HEIGHT, Style(fill=_tint(fill, 0.6), stroke=None)),
        Rect(x, back_y + FACE_HEIGHT, STANDEE_WIDTH, BASE_HEIGHT,
             Style(fill=_tint(fill, 0.6), stroke=None)),
        *_face(x, front_y, fill, ink, letter, name, colour_name), back,
    ]
    for fold_y in (front_y, back_y, back_y + FACE_HEIGHT):
        items.append(Line(x, fold_y, x + STANDEE_WIDTH, fold_y, FOLD))
    items.append(Rect(x, y, STANDEE_WIDTH, total, CUT))
    return tuple(items)


def _standee_specs(game: Game, locale: str) -> list[tuple[str, str, str, str, str]]:
    board = _board(game)
    specs = []
    for seat in board.seats:
        for kind in TEAM_KINDS:
            specs.append((seat.colour, seat.text_colour, board.piece(kind).letter,
                          game.text(locale, f"piece.{kind}.name"),
                          game.text(locale, f"seat.{seat.id}.name")))
    rock = board.piece("rock")
    for _ in board.rocks:
        fill = rock.colour or "#888888"
        specs.append((fill, readable_on(fill, "#111111", "#ffffff"), rock.letter,
                      game.text(locale, "piece.rock.name"), ""))
    return specs


def standee_components(game: Game, locale: str) -> tuple[Component, ...]:
    """Each team's three pieces and the rocks, by the face their strip shows on both sides
    once folded: the pieces a per-piece export (PNG, Tabletop Simulator) places."""
    board = _board(game)
    size = Size("standee", STANDEE_WIDTH, FACE_HEIGHT)
    result = [Component(Kind.PIECE, kind, seat.id, 1, size, 0.0,
                        _face(0.0, 0.0, seat.colour, seat.text_colour, board.piece(kind).letter,
                              game.text(locale, f"piece.{kind}.name"),
                              game.text(locale, f"seat.{seat.id}.name")), colour=seat.colour)
              for seat in board.seats for kind in TEAM_KINDS]
    rock = board.piece("rock")
    fill = rock.colour or "#888888"
    result.append(Component(Kind.PIECE, "rock", "rock", 1, size, 0.0,
                            _face(0.0, 0.0, fill, readable_on(fill, "#111111", "#ffffff"),
                                  rock.letter, game.text(locale, "piece.rock.name"), ""),
                            colour=fill, count=len(board.rocks)))
    return tuple(result)


def standee_pages(game: Game, locale: str, ui: UiText, paper: Size) -> tuple[Page, ...]:
    """Every standee (each team's three pieces, then the rocks) on as few sheets as fit."""
    sheet = paper.portrait()
    gap = 4.0
    top = PAGE_MARGIN + 10.0
    strip = 2 * BASE_HEIGHT + 2 * FACE_HEIGHT
    columns = int((sheet.width - 2 * PAGE_MARGIN + gap) // (STANDEE_WIDTH + gap))
    rows = int((sheet.height - top - PAGE_MARGIN + gap) // (strip + gap))
    per_page = columns * rows
    specs = _standee_specs(game, locale)
    title = ui("standees.title", {"title": game.title(locale)})
    pages = []
    for first in range(0, len(specs), per_page):
        items: list[Item] = [TextBox(PAGE_MARGIN, PAGE_MARGIN, sheet.width - 2 * PAGE_MARGIN,
                                     8.0, title, size=10.0, min_size=6.0, bold=True)]
        for index, spec in enumerate(specs[first:first + per_page]):
            row, column = divmod(index, columns)
            items.extend(standee(PAGE_MARGIN + column * (STANDEE_WIDTH + gap),
                                 top + row * (strip + gap), *spec))
        pages.append(Page(sheet.width, sheet.height, tuple(items),
                          f"standees {first // per_page + 1}"))
    return tuple(pages)


def reference_document(game: Game, ui: UiText, locale: str, options: KitOptions
                       ) -> KitDocument:
    """One duplex reference card per player, imposed like every kit's cards: bleed, crop
    marks, the glossary face behind the rules face."""
    card = reference_size(options.card)
    front, back = reference_faces(game, locale, card, options.bleed)
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


def reference_size(card: Size) -> Size:
    """The kit's card size, or tarot when the kit's card is smaller either way."""
    if card.portrait().width >= REFERENCE_CARD.width and \
            card.portrait().height >= REFERENCE_CARD.height:
        return card
    return REFERENCE_CARD


def _captions(ui: UiText) -> TileCaptions:
    return TileCaptions(ui.template("tiles.tile"), ui.template("tiles.title"),
                        ui.template("tiles.instructions"))


def documents(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[KitDocument,
                                                                                  ...]:
    board = board_page(game, locale)
    large = large_page(board)
    return (
        KitDocument("board-large", "board", ui("kit.board_large"), (large,), "none",
                    components=(board_component("board", large),)),
        KitDocument("board-tiles", "board", ui("kit.board_tiles"),
                    tile_pages(board, options.paper, captions=_captions(ui)), "none"),
        KitDocument("standees", "tokens", ui("kit.standees"),
                    standee_pages(game, locale, ui, options.paper), "none",
                    components=standee_components(game, locale)),
        reference_document(game, ui, locale, options),
    )


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    return (board_page(game, locale), *reference_pages(game, locale, reference_size(options.card),
                                                       options.bleed),
            *standee_pages(game, locale, ui, options.paper))


KIT = Kit(documents, text_pages,
          words=("kit.board_", "kit.reference", "kit.standees", "standees.", "tiles."))
