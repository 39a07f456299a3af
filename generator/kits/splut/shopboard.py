"""SPLUT!'s board for a print shop: a standard paper's trim, bleed, slug and crop marks,
the board as wide as the trim allows (never smaller than its printed square size) and
under it a legend that explains every mark the board prints (start squares by team,
the rocks' squares, the square names).

A diamond board on an oblong paper leaves a band below it: the legend fills it, so the
page is a finished board, not a drawing on a large blank sheet.
"""

from __future__ import annotations

import math

from stamperia.content.findings import CANNOT_LAY_OUT
from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import TEAM_KINDS, SplutBoard
from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    Item,
    Page,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.kitdocument import KitError
from stamperia.generator.kits.splut.standees import tint
from stamperia.generator.print.printshop import SHOP_PAPERS, print_shop_page
from stamperia.generator.print.sizes import PAPER_SIZES, Size
from stamperia.generator.uitext import UiText

MARGIN = 10.0
"""mm between the trim and the board or the legend (twice the print shop's safe zone)."""
LEGEND_ROW = 16.0
"""mm per legend row: a swatch and its line of text."""
LEGEND_TOP = 22.0
"""mm the legend's heading takes above its rows."""
STEP = 0.5
"""mm: the board's square grows in half-millimetre steps."""
INK = "#3b3024"
PAPER = "#f7f0e1"
LIGHT, DARK = "#f3ead8", "#dccbaa"
"""The board's square colours (stamperia.generator.kits.splut.kit), for the legend's swatches."""


def legend_height(board: SplutBoard) -> float:
    """Heading, one row per team, the rocks and the square names."""
    return LEGEND_TOP + LEGEND_ROW * (len(board.seats) + 2)


def board_width(board: SplutBoard, side: float, band: float) -> float:
    """The drawn board's width (and height: labels on all four sides) at square `side`."""
    return max(len(board.files), board.ranks) * side + 2 * band


def shop_layout(board: SplutBoard, band: float) -> tuple[Size, float]:
    """(paper, square side): the smallest shop paper, portrait, that holds the board at
    its printed square size above the legend, and the largest square (in STEP mm) at
    which the board still fits it."""
    cells = max(len(board.files), board.ranks)
    below = MARGIN + legend_height(board)
    for name in SHOP_PAPERS:
        paper = PAPER_SIZES[name].portrait()
        room_x = paper.width - 2 * MARGIN - 2 * band
        room_y = paper.height - 2 * MARGIN - below - 2 * band
        side = math.floor(min(room_x, room_y) / cells / STEP) * STEP
        if side >= board.square_mm:
            return paper, side
    need = board_width(board, board.square_mm, band) + 2 * MARGIN
    message = f"the board needs a {need:g} mm wide page with its legend, more than A1"
    hint = "make the squares smaller"
    raise KitError(f"{message}; {hint} (board.json /square_mm)",
                   board.origin.error(message, hint, "/square_mm", CANNOT_LAY_OUT))


def legend(game: Game, locale: str, ui: UiText, width: float) -> tuple[Item, ...]:
    """The legend's rows from (0, 0): each team's start squares in its tint, with the
    piece on each; the rocks' grey disc and squares; how squares are named."""
    board = game.part(SplutBoard)
    swatch = LEGEND_ROW - 4
    text_x = swatch + 4
    items: list[Item] = [
        TextBox(0, 0, width, 14, ui("board.key"), size=22, min_size=12, bold=True,
                colour=INK, valign=VAlign.MIDDLE),
    ]
    y = LEGEND_TOP
    for seat in board.seats:
        pieces = " · ".join(f"{game.text(locale, f'piece.{kind}.name')} {seat.starts[kind]}"
                            for kind in TEAM_KINDS)
        items += [
            Rect(0, y, swatch, swatch, Style(fill=tint(seat.colour, 0.55), stroke=INK,
                                             stroke_width=0.5)),
            TextBox(text_x, y, width - text_x, swatch,
                    ui("board.team_starts", {"team": game.text(locale, f"seat.{seat.id}.name"),
                                             "squares": pieces}),
                    size=14, min_size=8, colour=INK, valign=VAlign.MIDDLE),
        ]
        y += LEGEND_ROW
    rock = board.piece("rock")
    items += [
        Rect(0, y, swatch, swatch, Style(fill=DARK, stroke=INK, stroke_width=0.5)),
        Circle(swatch / 2, y + swatch / 2, swatch * 0.3,  # as on the board's rock squares
               Style(fill=rock.colour or "#888888", stroke=INK, stroke_width=0.4, opacity=0.5)),
        TextBox(text_x, y, width - text_x, swatch,
                ui("board.rock_starts", {"piece": game.text(locale, "piece.rock.name"),
                                         "squares": ", ".join(board.rocks)}),
                size=14, min_size=8, colour=INK, valign=VAlign.MIDDLE),
    ]
    y += LEGEND_ROW
    example = board.name(len(board.files) // 2, board.ranks // 2)
    items += [
        Rect(0, y, swatch, swatch, Style(fill=LIGHT, stroke=INK, stroke_width=0.5)),
        TextBox(0.8, y + 0.5, swatch - 1.6, 4, example, size=7, min_size=5, colour=INK),
        TextBox(text_x, y, width - text_x, swatch,
                ui("board.square_names", {"first": board.files[0], "last": board.files[-1],
                                          "ranks": board.ranks, "example": example}),
                size=14, min_size=8, colour=INK, valign=VAlign.MIDDLE),
    ]
    return tuple(items)


def shop_board_page(game: Game, locale: str, ui: UiText, board_items: tuple[Item, ...],
                    band: float, side: float, paper: Size) -> Page:
    """The board drawn at square `side` (its items from (0, 0)), centred at the top of
    `paper`'s trim, the legend below it, on the print-shop page."""
    board = game.part(SplutBoard)
    drawn = board_width(board, side, band)
    legend_width = min(drawn, paper.width - 2 * MARGIN)
    room = paper.height - 2 * MARGIN - drawn - legend_height(board)
    top = MARGIN + max(0.0, room / 3)
    legend_y = top + drawn + max(MARGIN, room / 3)
    items: tuple[Item, ...] = (
        Rect(0, 0, paper.width, paper.height, Style(fill=PAPER, stroke=None)),
        Group(board_items, translate=((paper.width - drawn) / 2, top)),
        Group(legend(game, locale, ui, legend_width),
              translate=((paper.width - legend_width) / 2, legend_y)),
    )
    return print_shop_page(Page(paper.width, paper.height, items, game.title(locale)), PAPER,
                           paper)
