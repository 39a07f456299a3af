"""Pawn tokens and faction flags, drawn by the `pawn` and `flag` layouts (faction colour and
symbol, the role's icon and letter, strength as pips), laid out on sheets with grey cut
lines; flags fold around a toothpick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stamperia.content.look.layouts import Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.forces import Forces, Pawn, WarFaction
from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    Item,
    Line,
    Page,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.layout.factionmarks import faction_symbol
from stamperia.generator.print.sizes import Size
from stamperia.generator.print.tokengrid import CUT, token_grid

MARGIN = 10.0
TITLE = 12.0
TOKEN_BLEED = 0.8
FLAG_WIDTH = 26.0
FLAG_HEIGHT = 16.0
FOLD = Style(stroke="#808080", stroke_width=0.2, dash=(2.0, 1.5))


def mark(name: str) -> str:
    """A pawn's mark: the initials of its name's longer words (Soldato in missione: SM)."""
    words = [w for w in name.split() if len(w) > 2] or name.split()
    return "".join(w[0].upper() for w in words)[:2]


@dataclass(frozen=True)
class TokenSpec:
    """One token to print: a faction's pawn (of a strength) and its label."""

    faction: WarFaction
    pawn: Pawn
    strength: int | None
    label: str
    symbol: int = 0
    """The faction's symbol (generator.layout.factionmarks), its index among the factions."""


def token_specs(game: Game, locale: str) -> list[TokenSpec]:
    """One entry per physical token, faction by faction, pawn by pawn."""
    forces = game.part(Forces)
    specs = []
    for number, faction in enumerate(forces.factions):
        for pawn in forces.pawns:
            label = mark(game.text(locale, f"pawn.{pawn.id}.name"))
            for count in pawn.tokens:
                specs += [TokenSpec(faction, pawn, count.strength, label, number)
                          ] * count.per_faction
    return specs


def _face(look: Look, spec: TokenSpec, number: int) -> tuple[Item, ...]:
    """A pawn drawn by the `pawn` layout, in its own coordinates (trim's top left);
    `number` is its kind's among the distinct pawns, faction by faction (the id it
    prints)."""
    size = Size(spec.pawn.id, spec.pawn.diameter_mm, spec.pawn.diameter_mm)
    fields: dict[str, Scalar] = {"faction": spec.faction.id, "role": spec.pawn.role,
                                 "mark": spec.label}
    if spec.strength is not None:
        fields["strength"] = spec.strength
    return look.draw("pawn", f"{spec.pawn.id}/{spec.faction.id}", fields, size, TOKEN_BLEED,
                     piece=PieceNumber("pawns", number))


def _token(face: tuple[Item, ...], radius: float, x: float, y: float) -> tuple[Item, ...]:
    """The pawn centred on (x, y), with its cut line."""
    return (Group(face, translate=(x - radius, y - radius)), Circle(x, y, radius, CUT))


def _sheet(paper: Size, title: str, cells: Sequence[tuple[Item, ...]], label: str,
           legend: tuple[Item, ...] = ()) -> Page:
    return Page(paper.width, paper.height,
                (TextBox(MARGIN, MARGIN - 4, paper.width - 2 * MARGIN, 8, title, size=11,
                         min_size=7, colour="#1d1d1b", bold=True),
                 *(item for cell in cells for item in cell), *legend), label)


LEGEND_HEIGHT = 14.0


def pawn_legend(game: Game, locale: str, paper: Size) -> tuple[Item, ...]:
    """What the letters on the pawns mean, and each faction's symbol: at the sheet's foot."""
    forces = game.part(Forces)
    ink = "#1d1d1b"
    y = paper.height - MARGIN - LEGEND_HEIGHT
    letters = " · ".join(f"{mark(game.text(locale, f'pawn.{p.id}.name'))} = "
                         f"{game.text(locale, f'pawn.{p.id}.name')}" for p in forces.pawns)
    items: list[Item] = [TextBox(MARGIN, y, paper.width - 2 * MARGIN, 6, letters, size=8,
                                 min_size=6, colour=ink)]
    x = MARGIN
    for number, faction in enumerate(forces.factions):
        items += faction_symbol(number, x + 2, y + 10, 3.2, ink)
        name = game.text(locale, f"faction.{faction.id}.name")
        items.append(TextBox(x + 5, y + 7.5, 38, 5, name, size=8, min_size=6, colour=ink,
                             valign=VAlign.MIDDLE))
        x += 45
    return tuple(items)


def token_pages(game: Game, locale: str, look: Look, paper: Size, title: str
                ) -> tuple[Page, ...]:
    paper = paper.portrait()
    specs = token_specs(game, locale)
    faces = {spec: _face(look, spec, number)
             for number, spec in enumerate(dict.fromkeys(specs), start=1)}
    diameter = max(s.pawn.diameter_mm for s in specs) + 1.6
    grid = token_grid(Size(paper.name, paper.width, paper.height - TITLE - LEGEND_HEIGHT),
                      diameter)
    legend = pawn_legend(game, locale, paper)
    pages = []
    for number, first in enumerate(range(0, len(specs), grid.per_page)):
        cells = []
        for slot, spec in enumerate(specs[first:first + grid.per_page]):
            x, y = grid.position(slot, False, paper.width)
            cells.append(_token(faces[spec], spec.pawn.diameter_mm / 2, x, y + TITLE))
        pages.append(_sheet(paper, title, cells, f"pawns {number + 1}", legend))
    return tuple(pages)


def _flag_half(look: Look, faction: WarFaction, text: str) -> tuple[Item, ...]:
    return look.draw("flag", f"flag/{faction.id}", {"faction": faction.id, "mark": text},
                     Size("flag", FLAG_WIDTH / 2, FLAG_HEIGHT), 0.0)


def _flag(half_face: tuple[Item, ...], x: float, y: float) -> tuple[Item, ...]:
    """Two halves side by side: fold on the dashed line around a toothpick."""
    half = FLAG_WIDTH / 2
    return (Group(half_face, translate=(x, y)), Group(half_face, translate=(x + half, y)),
            Line(x + half, y, x + half, y + FLAG_HEIGHT, FOLD),
            Rect(x, y, FLAG_WIDTH, FLAG_HEIGHT, CUT))


def flag_pages(game: Game, locale: str, look: Look, paper: Size, title: str
               ) -> tuple[Page, ...]:
    paper = paper.portrait()
    forces = game.part(Forces)
    halves = {faction.id: _flag_half(look, faction, _flag_mark(game, locale, faction))
              for faction in forces.factions}
    flags = [faction for faction in forces.factions for _ in range(forces.flags_per_faction)]
    pitch_x, pitch_y = FLAG_WIDTH + 4, FLAG_HEIGHT + 4
    columns = int((paper.width - 2 * MARGIN) // pitch_x)
    rows = int((paper.height - 2 * MARGIN - TITLE) // pitch_y)
    left = (paper.width - columns * pitch_x) / 2 + 2
    pages = []
    for number, first in enumerate(range(0, len(flags), columns * rows)):
        cells = []
        for slot, faction in enumerate(flags[first:first + columns * rows]):
            column, row = slot % columns, slot // columns
            cells.append(_flag(halves[faction.id], left + column * pitch_x,
                               MARGIN + TITLE + row * pitch_y))
        pages.append(_sheet(paper, title, cells, f"flags {number + 1}"))
    return tuple(pages)


def _flag_mark(game: Game, locale: str, faction: WarFaction) -> str:
    return mark(game.text(locale, f"faction.{faction.id}.name"))


def pawn_components(game: Game, locale: str, look: Look) -> tuple[Component, ...]:
    """One pawn of each faction, kind and strength, alone (trim: its cut line; bleed: the
    colour beyond it), standing for as many as the sheets print."""
    forces = game.part(Forces)
    result: list[Component] = []
    for number, faction in enumerate(forces.factions):
        for pawn in forces.pawns:
            label = mark(game.text(locale, f"pawn.{pawn.id}.name"))
            radius = pawn.diameter_mm / 2
            size = Size(pawn.id, pawn.diameter_mm, pawn.diameter_mm)
            for count in pawn.tokens:
                kind = len(result) + 1  # the pawns' order of token_pages
                spec = TokenSpec(faction, pawn, count.strength, label, number)
                token_id = faction.id if count.strength is None else \
                    f"{faction.id}-{count.strength}"
                result.append(Component(Kind.TOKEN, pawn.id, token_id, 1, size, TOKEN_BLEED,
                                        _token(_face(look, spec, kind), radius, radius,
                                               radius),
                                        colour=faction.colour, count=count.per_faction))
    return tuple(result)


def flag_components(game: Game, locale: str, look: Look) -> tuple[Component, ...]:
    """Each faction's flag by one half: folded around its toothpick, it shows that half on
    both sides."""
    forces = game.part(Forces)
    size = Size("flag", FLAG_WIDTH / 2, FLAG_HEIGHT)
    return tuple(
        Component(Kind.PIECE, "flag", faction.id, 1, size, 0.0,
                  _flag_half(look, faction, _flag_mark(game, locale, faction)),
                  colour=faction.colour, count=forces.flags_per_faction)
        for faction in forces.factions)
