"""Pawn tokens in the faction colours (strength shown as pips) and faction flags to fold
around a toothpick, laid out on sheets with grey cut lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from content.model import Game
from content.rulesets.warland.forces import Forces, Pawn, WarFaction
from generator.components import Component, Kind
from generator.drawing import (
    Align,
    Circle,
    ClipRect,
    Group,
    Item,
    Line,
    Page,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from generator.factionmarks import faction_symbol
from generator.sizes import Size
from generator.tokengrid import CUT, token_grid

MARGIN = 10.0
TITLE = 12.0
FLAG_WIDTH = 26.0
FLAG_HEIGHT = 16.0
FOLD = Style(stroke="#808080", stroke_width=0.2, dash=(2.0, 1.5))


def mark(name: str) -> str:
    """A pawn's mark: the initials of its name's longer words (Soldato in missione: SM)."""
    words = [w for w in name.split() if len(w) > 2] or name.split()
    return "".join(w[0].upper() for w in words)[:2]


@dataclass(frozen=True)
class TokenSpec:
    faction: WarFaction
    pawn: Pawn
    strength: int | None
    label: str
    symbol: int = 0
    """The faction's symbol (generator.factionmarks), its index among the factions."""


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


def _token(spec: TokenSpec, x: float, y: float) -> tuple[Item, ...]:
    radius = spec.pawn.diameter_mm / 2
    ink = spec.faction.text_colour
    items: list[Item] = [
        Circle(x, y, radius + 0.8, Style(fill=spec.faction.colour, stroke=None)),
        Circle(x, y, radius * 0.78, Style(fill=None, stroke=ink, stroke_width=0.35)),
        *faction_symbol(spec.symbol, x, y - radius * 0.5, radius * 0.36, ink),
        TextBox(x - radius, y - radius * 0.3, 2 * radius, radius * 0.75, spec.label,
                size=radius * 1.2, min_size=4, align=Align.CENTER, valign=VAlign.MIDDLE,
                colour=ink, bold=True)]
    for index in range(spec.strength or 0):
        offset = (index - ((spec.strength or 0) - 1) / 2) * 2.4
        items.append(Circle(x + offset, y + radius * 0.5, 0.8, Style(fill=ink, stroke=None)))
    items.append(Circle(x, y, radius, CUT))
    return tuple(items)


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


def token_pages(game: Game, locale: str, paper: Size, title: str) -> tuple[Page, ...]:
    paper = paper.portrait()
    specs = token_specs(game, locale)
    diameter = max(s.pawn.diameter_mm for s in specs) + 1.6
    grid = token_grid(Size(paper.name, paper.width, paper.height - TITLE - LEGEND_HEIGHT),
                      diameter)
    legend = pawn_legend(game, locale, paper)
    pages = []
    for number, first in enumerate(range(0, len(specs), grid.per_page)):
        cells = []
        for slot, spec in enumerate(specs[first:first + grid.per_page]):
            x, y = grid.position(slot, False, paper.width)
            cells.append(_token(spec, x, y + TITLE))
        pages.append(_sheet(paper, title, cells, f"pawns {number + 1}", legend))
    return tuple(pages)


def _flag(faction: WarFaction, text: str, x: float, y: float) -> tuple[Item, ...]:
    """Two mirrored halves side by side: fold on the dashed line around a toothpick."""
    half = FLAG_WIDTH / 2
    fill = Style(fill=faction.colour, stroke=None)
    items: list[Item] = [Rect(x, y, FLAG_WIDTH, FLAG_HEIGHT, fill)]
    for left in (x, x + half):
        items.append(TextBox(left + 1, y + 1, half - 2, FLAG_HEIGHT - 2, text, size=10,
                             min_size=4, align=Align.CENTER, valign=VAlign.MIDDLE,
                             colour=faction.text_colour, bold=True))
    items += [Line(x + half, y, x + half, y + FLAG_HEIGHT, FOLD),
              Rect(x, y, FLAG_WIDTH, FLAG_HEIGHT, CUT)]
    return tuple(items)


def flag_pages(game: Game, locale: str, paper: Size, title: str) -> tuple[Page, ...]:
    paper = paper.portrait()
    forces = game.part(Forces)
    flags = [(faction, mark(game.text(locale, f"faction.{faction.id}.name")))
             for faction in forces.factions for _ in range(forces.flags_per_faction)]
    pitch_x, pitch_y = FLAG_WIDTH + 4, FLAG_HEIGHT + 4
    columns = int((paper.width - 2 * MARGIN) // pitch_x)
    rows = int((paper.height - 2 * MARGIN - TITLE) // pitch_y)
    left = (paper.width - columns * pitch_x) / 2 + 2
    pages = []
    for number, first in enumerate(range(0, len(flags), columns * rows)):
        cells = []
        for slot, (faction, text) in enumerate(flags[first:first + columns * rows]):
            column, row = slot % columns, slot // columns
            cells.append(_flag(faction, text, left + column * pitch_x,
                               MARGIN + TITLE + row * pitch_y))
        pages.append(_sheet(paper, title, cells, f"flags {number + 1}"))
    return tuple(pages)


def pawn_components(game: Game, locale: str) -> tuple[Component, ...]:
    """One pawn of each faction, kind and strength, alone (trim: its cut line; bleed: the
    colour beyond it), standing for as many as the sheets print."""
    forces = game.part(Forces)
    result = []
    for number, faction in enumerate(forces.factions):
        for pawn in forces.pawns:
            label = mark(game.text(locale, f"pawn.{pawn.id}.name"))
            radius = pawn.diameter_mm / 2
            size = Size(pawn.id, pawn.diameter_mm, pawn.diameter_mm)
            for count in pawn.tokens:
                spec = TokenSpec(faction, pawn, count.strength, label, number)
                token_id = faction.id if count.strength is None else \
                    f"{faction.id}-{count.strength}"
                result.append(Component(Kind.TOKEN, pawn.id, token_id, 1, size, 0.8,
                                        _token(spec, radius, radius), colour=faction.colour,
                                        count=count.per_faction))
    return tuple(result)


def flag_components(game: Game, locale: str) -> tuple[Component, ...]:
    """Each faction's flag by one half: folded around its toothpick, it shows that half on
    both sides."""
    forces = game.part(Forces)
    half = FLAG_WIDTH / 2
    size = Size("flag", half, FLAG_HEIGHT)
    return tuple(
        Component(Kind.PIECE, "flag", faction.id, 1, size, 0.0,
                  (Group(_flag(faction, mark(game.text(locale, f"faction.{faction.id}.name")),
                               0.0, 0.0), clip=ClipRect(0.0, 0.0, half, FLAG_HEIGHT)),),
                  colour=faction.colour, count=forces.flags_per_faction)
        for faction in forces.factions)
