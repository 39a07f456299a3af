"""The cards game's board: its picture, or its hex map drawn by the shared hex map
(generator.layout.hexboard) as one large page, and as the `hex_map` widget layouts place."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from stamperia.content.look.hexgrid import Cell, neighbours
from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.cards.board import HEX_WIDGET
from stamperia.content.rulesets.cards.model import CardSet
from stamperia.generator.draw.drawing import Group, Image, Item, Page, Rect, Style
from stamperia.generator.layout import hexboard
from stamperia.generator.layout.render import Widget

MARGIN = 12.0
"""mm of sea or paper around a hex board's cells."""


def regions(game: Game, cards: CardSet, locale: str) -> list[hexboard.Region]:
    """The board's regions in their palette colours, named in `locale`."""
    board = cards.board
    if board is None:
        return []
    return [hexboard.Region(r.id, r.cells, cards.theme.colour(r.fill, "#cccccc"),
                            game.text(locale, f"region.{r.id}.name"), r.group)
            for r in board.regions]


def _sea(found: list[hexboard.Region]) -> frozenset[Cell]:
    owned = {cell for region in found for cell in region.cells}
    return frozenset(n for cell in owned for n in neighbours(cell) if n not in owned)


def widgets(game: Game, cards: CardSet, locale: str) -> Mapping[str, Widget]:
    """The drawings layouts may place: the hex board fitted to the box, when there is one."""
    if cards.board is None or not cards.board.is_hex:
        return {}
    found = regions(game, cards, locale)
    sea = _sea(found) if cards.board.sea is not None else frozenset()
    ink = cards.theme.colour("ink", hexboard.INK)

    def hex_map(box: Box, _fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        return hexboard.hex_map(found, (box.x, box.y, box.width, box.height), sea, ink)

    return {HEX_WIDGET: hex_map}


def board_page(game: Game, cards: CardSet, locale: str) -> Page | None:
    """The board as one page: the picture at its size, or the hex map at its cell size
    with MARGIN mm around it, on the sea colour (or paper)."""
    board = cards.board
    if board is None:
        return None
    if board.image is not None:
        art = cards.art.get(board.image)
        if art is None:
            return None
        return Page(board.width, board.height,
                    (Image(Path(art.path), 0, 0, board.width, board.height),), "board")
    found = regions(game, cards, locale)
    left, top, right, bottom = hexboard.map_bounds(found, board.hex_size)
    width, height = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    size = board.hex_size
    style = hexboard.MapStyle(cell_size=size, border_width=max(0.5, size * 0.07),
                              inner_width=0.2, coast_width=max(0.7, size * 0.09),
                              label_size=max(8.0, size * 0.7))
    ink = cards.theme.colour("ink", hexboard.INK)
    paper = cards.theme.colour("paper", hexboard.PAPER)
    sea = _sea(found) if board.sea is not None else frozenset()
    background = cards.theme.colour(board.sea, paper)
    drawn = (*hexboard.fills(found, size), *hexboard.edge_lines(found, style, sea, ink),
             *hexboard.names(found, style, ink, paper))
    return Page(width, height, (
        Rect(0, 0, width, height, Style(fill=background, stroke=None)),
        Group(drawn, translate=(MARGIN - left, MARGIN - top))), "board")
