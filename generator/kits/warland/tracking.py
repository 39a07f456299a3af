"""A resource and food tracking sheet per player: the rulebook asks to keep count on paper."""

from __future__ import annotations

from content.model import Game
from content.rulesets.warland.forces import Forces
from generator.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.uitext import UiText

MARGIN = 12.0
INK = "#1d1d1b"
GRID = Style(stroke="#777777", stroke_width=0.2)
COLUMNS = ("turn", "resources_in", "resources_out", "resources_total", "food_in",
           "food_eaten", "inhabitants", "carpenters", "soldiers", "missions", "buildings",
           "notes")
WEIGHTS = (0.6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.9, 2.2)


def _reference(game: Game, locale: str, ui: UiText, forces: Forces) -> str:
    eats = ", ".join(f"{game.text(locale, f'pawn.{p.id}.name')} {p.eats}"
                     for p in forces.pawns if p.eats)
    return ui("warland.sheet.reference", {"eats": eats,
                                          "max": forces.limits.max_buildings,
                                          "face_down": forces.limits.face_down_resistance})


def tracking_pages(game: Game, locale: str, ui: UiText, paper: Size) -> tuple[Page, ...]:
    paper = paper.landscape()
    forces = game.part(Forces)
    width = paper.width - 2 * MARGIN
    header = 9.0
    row = 6.2
    top = MARGIN + 26
    rows = int((paper.height - top - MARGIN - header) // row)
    unit = width / sum(WEIGHTS)
    lefts = [MARGIN + unit * sum(WEIGHTS[:i]) for i in range(len(WEIGHTS) + 1)]
    pages = []
    for faction in forces.factions[:game.players[1]]:
        name = game.text(locale, f"faction.{faction.id}.name")
        items: list[Item] = [
            Rect(MARGIN, MARGIN, width, 11, Style(fill=faction.colour, stroke=None),
                 corner_radius=2),
            TextBox(MARGIN + 3, MARGIN, width - 6, 11,
                    ui("warland.sheet.title", {"title": game.title(locale), "faction": name}),
                    size=13, min_size=8, valign=VAlign.MIDDLE, colour=faction.text_colour,
                    bold=True),
            TextBox(MARGIN, MARGIN + 12.5, width, 11, _reference(game, locale, ui, forces),
                    size=8, min_size=5.5, colour=INK),
        ]
        for index, column in enumerate(COLUMNS):
            items.append(TextBox(lefts[index] + 0.5, top, lefts[index + 1] - lefts[index] - 1,
                                 header, ui(f"warland.sheet.{column}"), size=7, min_size=4.5,
                                 align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK,
                                 bold=True))
        bottom = top + header + rows * row
        for x in lefts:
            items.append(Line(x, top, x, bottom, GRID))
        for r in range(rows + 1):
            y = top + header + r * row
            items.append(Line(MARGIN, y, MARGIN + width, y, GRID))
            if r < rows:
                items.append(TextBox(lefts[0], y, lefts[1] - lefts[0], row, str(r + 1),
                                     size=7, min_size=5, align=Align.CENTER,
                                     valign=VAlign.MIDDLE, colour=INK))
        items.append(Line(MARGIN, top, MARGIN + width, top, GRID))
        pages.append(Page(paper.width, paper.height, tuple(items), f"sheet {faction.id}"))
    return tuple(pages)
