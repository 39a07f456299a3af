"""Token sheets: counters in faction colours with cut lines, backs mirrored like card backs."""

from __future__ import annotations

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest, Faction, Piece
from stamperia.generator.draw.drawing import Circle, Group, Item, Page, Rect, TextBox
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.print.sizes import Size
from stamperia.generator.print.tokengrid import CUT, MARGIN, token_grid

TOKEN_BLEED = 0.8


def _face(look: Look, piece: Piece, faction: Faction, initial: str, number: int
          ) -> tuple[Item, ...]:
    """A counter drawn by the `token` layout, in its own coordinates (trim's top left);
    `number` is its faction's in the content's order (the id it prints)."""
    size = Size(piece.id, piece.diameter_mm, piece.diameter_mm)
    return look.draw("token", f"{piece.id}/{faction.id}",
                     {"faction": faction.id, "shape": piece.shape, "mark": initial}, size,
                     TOKEN_BLEED, piece=PieceNumber(piece.id, number))


def _placed(piece: Piece, face: tuple[Item, ...], x: float, y: float) -> tuple[Item, ...]:
    """The counter centred on (x, y), with its cut line."""
    radius = piece.diameter_mm / 2
    cut: Item = (Circle(x, y, radius, CUT) if piece.shape == "round" else
                 Rect(x - radius, y - radius, 2 * radius, 2 * radius, CUT))
    return (Group(face, translate=(x - radius, y - radius)), cut)


def _mark(game: Game, locale: str, faction: Faction) -> str:
    """The faction's mark on its tokens: its `token` text, else its name's initial."""
    key = f"faction.{faction.id}.token"
    mark = game.text(locale, key)
    return mark if mark != key else game.text(locale, f"faction.{faction.id}.name")[:1].upper()


def token_pages(game: Game, locale: str, look: Look, piece: Piece, paper: Size, title: str
                ) -> tuple[Page, ...]:
    """Every faction's counters of one piece kind; a mirrored back page after each front
    page when the piece is double-sided."""
    paper = paper.portrait()
    grid = token_grid(paper, piece.diameter_mm)
    # every counter of a faction alike
    faces = {faction.id: _face(look, piece, faction, _mark(game, locale, faction), number)
             for number, faction in enumerate(game.part(Conquest).factions, start=1)}
    tokens = [faces[faction.id]
              for faction in game.part(Conquest).factions for _ in range(piece.per_faction)]
    pages: list[Page] = []
    for number, first in enumerate(range(0, len(tokens), grid.per_page)):
        batch = tokens[first:first + grid.per_page]
        caption = TextBox(MARGIN, 1.5, paper.width - 2 * MARGIN, 5, title, size=8, min_size=5,
                          colour="#555555")
        front: list[Item] = [caption]
        back: list[Item] = []
        for index, face in enumerate(batch):
            front += _placed(piece, face, *grid.position(index, False, paper.width))
            back += _placed(piece, face, *grid.position(index, True, paper.width))
        label = f"{piece.id} sheet {number + 1}"
        pages.append(Page(paper.width, paper.height, tuple(front), label))
        if piece.double_sided:
            pages.append(Page(paper.width, paper.height, tuple(back), f"{label} back"))
    return tuple(pages)


def token_components(game: Game, locale: str, look: Look, piece: Piece
                     ) -> tuple[Component, ...]:
    """One counter of each faction, alone: trim is its cut line, bleed the colour beyond it."""
    radius = piece.diameter_mm / 2
    size = Size(piece.id, piece.diameter_mm, piece.diameter_mm)
    return tuple(
        Component(Kind.TOKEN, piece.id, faction.id, 1, size, 0.8,
                  _placed(piece, _face(look, piece, faction, _mark(game, locale, faction),
                                       number), radius, radius),
                  colour=faction.colour, count=piece.per_faction)
        for number, faction in enumerate(game.part(Conquest).factions, start=1))
