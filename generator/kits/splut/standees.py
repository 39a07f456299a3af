"""Fold-up standees: each team's three pieces and the rocks, one strip each.

A strip is base, front, back (upside down), base: fold on the dashed lines, glue the
bases. The face is drawn by the `standee` layout (the seat's colour, the piece's icon,
letter and name); the strip around it is geometry and stays here.
"""

from __future__ import annotations

from stamperia.content.look.layouts import Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import TEAM_KINDS, SplutBoard
from stamperia.generator.draw.drawing import Group, Item, Line, Page, Rect, Rotation, Style, TextBox
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.kits.splut.look import rock_colour
from stamperia.generator.layout.context import Look
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

CUT = Style(stroke="#000000", stroke_width=0.3)
FOLD = Style(stroke="#555555", stroke_width=0.25, dash=(2.0, 1.5))
STANDEE_WIDTH, FACE_HEIGHT, BASE_HEIGHT = 26.0, 38.0, 16.0
FACE = Size("standee", STANDEE_WIDTH, FACE_HEIGHT)
PAGE_MARGIN = 10.0
GAP = 4.0


def tint(colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0: unchanged, 1: white)."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def _fields(game: Game, look: Look) -> list[tuple[str, str, dict[str, Scalar]]]:
    """(name, fill, layout fields) of each distinct standee: every seat's pieces, one rock."""
    board = game.part(SplutBoard)
    result: list[tuple[str, str, dict[str, Scalar]]] = [
        (f"standees/{seat.id}/{kind}", seat.colour,
         {"piece": kind, "seat": seat.id, "colour": f"seat_{seat.id}",
          "letter": _letter(look, kind)})
        for seat in board.seats for kind in TEAM_KINDS]
    rock = rock_colour(game)
    result.append(("standees/rock", rock.colour,
                   {"piece": "rock", "colour": rock.name, "letter": _letter(look, "rock")}))
    return result


def _letter(look: Look, kind: str) -> str:
    """The initial of the piece's name in the kit's locale: the notation's letters are
    English (D for Dwarf), and an Italian Nano's standee carries N."""
    name = look.context.text(f"piece.{kind}.name").strip()
    return name[:1].upper()


def _face(look: Look, name: str, fields: dict[str, Scalar]) -> tuple[Item, ...]:
    return look.draw("standee", name, fields, FACE, 0.0)


def standee(x: float, y: float, fill: str, face: tuple[Item, ...]) -> tuple[Item, ...]:
    """One strip at (x, y): base, front, back turned upside down, base."""
    total = 2 * BASE_HEIGHT + 2 * FACE_HEIGHT
    front_y = y + BASE_HEIGHT
    back_y = front_y + FACE_HEIGHT
    base = Style(fill=tint(fill, 0.6), stroke=None)
    items: list[Item] = [
        Rect(x, y, STANDEE_WIDTH, BASE_HEIGHT, base),
        Rect(x, back_y + FACE_HEIGHT, STANDEE_WIDTH, BASE_HEIGHT, base),
        Group(face, translate=(x, front_y)),
        Group((Group(face, translate=(x, back_y)),),
              rotation=Rotation(180.0, x + STANDEE_WIDTH / 2, back_y + FACE_HEIGHT / 2)),
    ]
    for fold_y in (front_y, back_y, back_y + FACE_HEIGHT):
        items.append(Line(x, fold_y, x + STANDEE_WIDTH, fold_y, FOLD))
    items.append(Rect(x, y, STANDEE_WIDTH, total, CUT))
    return tuple(items)


def standee_components(game: Game, look: Look) -> tuple[Component, ...]:
    """Each team's three pieces and the rocks, by the face their strip shows on both sides
    once folded: the pieces a per-piece export (PNG, Tabletop Simulator) places."""
    board = game.part(SplutBoard)
    result = []
    for name, fill, fields in _fields(game, look):
        rock = fields["piece"] == "rock"
        result.append(Component(Kind.PIECE, str(fields["piece"]),
                                "rock" if rock else str(fields["seat"]), 1, FACE, 0.0,
                                _face(look, name, fields), colour=fill,
                                count=len(board.rocks) if rock else 1))
    return tuple(result)


def standee_pages(game: Game, look: Look, ui: UiText, paper: Size, title: str
                  ) -> tuple[Page, ...]:
    """Every standee (each team's three pieces, then the rocks) on as few sheets as fit."""
    sheet = paper.portrait()
    top = PAGE_MARGIN + 10.0
    strip = 2 * BASE_HEIGHT + 2 * FACE_HEIGHT
    columns = int((sheet.width - 2 * PAGE_MARGIN + GAP) // (STANDEE_WIDTH + GAP))
    rows = int((sheet.height - top - PAGE_MARGIN + GAP) // (strip + GAP))
    per_page = columns * rows
    board = game.part(SplutBoard)
    distinct = _fields(game, look)
    strips = [*distinct[:-1], *[distinct[-1]] * len(board.rocks)]
    faces = {name: _face(look, name, fields) for name, _, fields in distinct}
    caption = ui("standees.title", {"title": title})
    pages = []
    for first in range(0, len(strips), per_page):
        items: list[Item] = [TextBox(PAGE_MARGIN, PAGE_MARGIN, sheet.width - 2 * PAGE_MARGIN,
                                     8.0, caption, size=10.0, min_size=6.0, bold=True,
                                     colour=look.colour("caption", "#1d1d1b"))]
        for index, (name, fill, _) in enumerate(strips[first:first + per_page]):
            row, column = divmod(index, columns)
            items.extend(standee(PAGE_MARGIN + column * (STANDEE_WIDTH + GAP),
                                 top + row * (strip + GAP), fill, faces[name]))
        pages.append(Page(sheet.width, sheet.height, tuple(items),
                          f"standees {first // per_page + 1}"))
    return tuple(pages)
