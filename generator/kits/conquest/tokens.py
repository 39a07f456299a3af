"""Token sheets: counters in faction colours with cut lines, backs mirrored like card backs."""

from __future__ import annotations

from content.model import Game
from content.rulesets.conquest.model import Conquest, Faction, Piece
from generator.components import Component, Kind
from generator.drawing import Align, Circle, Item, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.tokengrid import CUT, MARGIN, token_grid


def _token(piece: Piece, faction: Faction, initial: str, x: float, y: float) -> tuple[Item, ...]:
    radius = piece.diameter_mm / 2
    fill = Style(fill=faction.colour, stroke=None)
    if piece.shape == "round":
        body: Item = Circle(x, y, radius + 0.8, fill)
        cut: Item = Circle(x, y, radius, CUT)
    else:
        body = Rect(x - radius - 0.8, y - radius - 0.8, 2 * radius + 1.6, 2 * radius + 1.6, fill)
        cut = Rect(x - radius, y - radius, 2 * radius, 2 * radius, CUT)
    return (body,
            Circle(x, y, radius * 0.72, Style(fill=None, stroke=faction.text_colour,
                                               stroke_width=0.4)),
            TextBox(x - radius, y - radius, 2 * radius, 2 * radius, initial, size=radius * 2.2,
                    min_size=4, align=Align.CENTER, valign=VAlign.MIDDLE,
                    colour=faction.text_colour, bold=True),
            cut)


def _mark(game: Game, locale: str, faction: Faction) -> str:
    """The faction's mark on its tokens: its `token` text, else its name's initial."""
    key = f"faction.{faction.id}.token"
    mark = game.text(locale, key)
    return mark if mark != key else game.text(locale, f"faction.{faction.id}.name")[:1].upper()


def token_pages(game: Game, locale: str, piece: Piece, paper: Size, title: str
                ) -> tuple[Page, ...]:
    """Every faction's counters of one piece kind; a mirrored back page after each front
    page when the piece is double-sided."""
    paper = paper.portrait()
    grid = token_grid(paper, piece.diameter_mm)
    tokens = [(faction, _mark(game, locale, faction))
              for faction in game.part(Conquest).factions for _ in range(piece.per_faction)]
    pages: list[Page] = []
    for number, first in enumerate(range(0, len(tokens), grid.per_page)):
        batch = tokens[first:first + grid.per_page]
        caption = TextBox(MARGIN, 1.5, paper.width - 2 * MARGIN, 5, title, size=8, min_size=5,
                          colour="#555555")
        front: list[Item] = [caption]
        back: list[Item] = []
        for index, (faction, initial) in enumerate(batch):
            x, y = grid.position(index, False, paper.width)
            front += _token(piece, faction, initial, x, y)
            bx, by = grid.position(index, True, paper.width)
            back += _token(piece, faction, initial, bx, by)
        label = f"{piece.id} sheet {number + 1}"
        pages.append(Page(paper.width, paper.height, tuple(front), label))
        if piece.double_sided:
            pages.append(Page(paper.width, paper.height, tuple(back), f"{label} back"))
    return tuple(pages)




def token_components(game: Game, locale: str, piece: Piece) -> tuple[Component, ...]:
    """One counter of each faction, alone: trim is its cut line, bleed the colour beyond it."""
    radius = piece.diameter_mm / 2
    size = Size(piece.id, piece.diameter_mm, piece.diameter_mm)
    return tuple(
        Component(Kind.TOKEN, piece.id, faction.id, 1, size, 0.8,
                  _token(piece, faction, _mark(game, locale, faction), radius, radius),
                  colour=faction.colour, count=piece.per_faction)
        for faction in game.part(Conquest).factions)
