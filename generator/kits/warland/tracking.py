"""A resource and food tracking sheet per player: the rulebook asks to keep count on paper.

The `tracking_sheet` page layout (content/rulesets/warland/look/pages.json) draws the
faction's band, title and reminder; the ruled table is the `tracking_table` widget.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.generator.draw.drawing import Align, Item, Line, Page, Style, TextBox, VAlign
from stamperia.generator.layout.pages import Pages
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.sizes import Size

INK, GRID = "#1d1d1b", "#777777"
HEADER, ROW = 9.0, 6.2
COLUMNS = ("turn", "resources_in", "resources_out", "resources_total", "food_in",
           "food_eaten", "inhabitants", "carpenters", "soldiers", "missions", "buildings",
           "notes")
WEIGHTS = (0.6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.9, 2.2)


def tracking_table_widget(theme: Theme, heading: Callable[[str], str]) -> Widget:
    """The `tracking_table` widget: a header of COLUMNS (`warland.sheet.<column>` words)
    over as many numbered ROW mm rows as fit its box; lines in the box's stroke (grey
    without one), words in its colour."""

    def draw(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        grid = Style(stroke=theme.colour(box.stroke, GRID), stroke_width=0.2)
        ink = theme.colour(box.colour, INK)
        rows = int((box.height - HEADER) // ROW)
        unit = box.width / sum(WEIGHTS)
        lefts = [box.x + unit * sum(WEIGHTS[:i]) for i in range(len(WEIGHTS) + 1)]
        top, right = box.y, box.x + box.width
        items: list[Item] = [
            TextBox(lefts[index] + 0.5, top, lefts[index + 1] - lefts[index] - 1, HEADER,
                    heading(column), size=7, min_size=4.5, align=Align.CENTER,
                    valign=VAlign.MIDDLE, colour=ink, bold=True)
            for index, column in enumerate(COLUMNS)]
        bottom = top + HEADER + rows * ROW
        items += [Line(x, top, x, bottom, grid) for x in lefts]
        for r in range(rows + 1):
            y = top + HEADER + r * ROW
            items.append(Line(box.x, y, right, y, grid))
            if r < rows:
                items.append(TextBox(lefts[0], y, lefts[1] - lefts[0], ROW, str(r + 1),
                                     size=7, min_size=5, align=Align.CENTER,
                                     valign=VAlign.MIDDLE, colour=ink))
        items.append(Line(box.x, top, right, top, grid))
        return tuple(items)

    return draw


def tracking_pages(game: Game, locale: str, pages: Pages, paper: Size) -> tuple[Page, ...]:
    """One sheet per seat, in its faction's colours."""
    forces = game.part(Forces)
    eats = ", ".join(f"{game.text(locale, f'pawn.{p.id}.name')} {p.eats}"
                     for p in forces.pawns if p.eats)
    return tuple(
        pages.draw("tracking_sheet", f"sheet {faction.id}",
                   {"seat": faction.id, "title": game.title(locale),
                    "faction": game.text(locale, f"faction.{faction.id}.name"), "eats": eats,
                    "max": forces.limits.max_buildings,
                    "face_down": forces.limits.face_down_resistance}, paper.landscape())
        for faction in forces.factions[:game.players[1]])
