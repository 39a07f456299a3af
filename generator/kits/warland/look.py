"""The WARLAND kit's look: the generic layout look with the factions' colours and three
widgets the layouts place: the heater `shield` (white, outlined in the box's stroke colour
and line), the `faction_symbol` (generator.layout.factionmarks, so pieces read without colour)
the strength `pips`; for the pages (pages.json) the tracking sheet's ruled
`tracking_table` and the ruler's `calibration_bar` and `ruler_sections`."""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.content.rulesets.warland.plugin import (
    CALIBRATION_BAR,
    FACTION_SYMBOL,
    PIPS,
    RULER_SECTIONS,
    SHIELD,
    TRACKING_TABLE,
)
from stamperia.generator.draw.drawing import Circle, Item, Polygon, Style
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.warland.ruler import calibration_widget, sections_widget
from stamperia.generator.kits.warland.tracking import tracking_table_widget
from stamperia.generator.layout.context import ContentColour, Look
from stamperia.generator.layout.factionmarks import symbol_widget
from stamperia.generator.layout.render import DEFAULT_LINE_MM, Widget, resolve_name
from stamperia.generator.uitext import UiText

INK = "#1d1d1b"


def shield(x: float, y: float, width: float, height: float, fill: str, stroke: str,
           line: float) -> Polygon:
    """A heater shield filling the box at (x, y)."""
    return Polygon(((x, y), (x + width, y), (x + width, y + height * 0.55),
                    (x + width / 2, y + height), (x, y + height * 0.55)),
                   Style(fill=fill, stroke=stroke, stroke_width=line))


def _widgets(game: Game, ui: UiText) -> Mapping[str, Widget]:
    theme = game.part(Theme)
    factions = {faction.id: (number, faction.text_colour)
                for number, faction in enumerate(game.part(Forces).factions)}

    def outline(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        stroke = theme.colour(resolve_name(box.stroke, fields) if box.stroke else None, INK)
        line = theme.lines.get(box.line, DEFAULT_LINE_MM) if box.line else DEFAULT_LINE_MM
        return (shield(box.x, box.y, box.width, box.height, theme.colour("white", "#ffffff"),
                       stroke, line),)

    def pips(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        found = factions.get(str(fields.get("faction", "")))
        count = fields.get("strength", 0)
        if found is None or not isinstance(count, int):
            return ()
        radius = box.height / 2
        cx, cy = box.x + box.width / 2, box.y + radius
        paint = Style(fill=found[1], stroke=None)
        return tuple(Circle(cx + (index - (count - 1) / 2) * 3 * radius, cy, radius, paint)
                     for index in range(count))

    return {SHIELD: outline, FACTION_SYMBOL: symbol_widget(factions, "faction"), PIPS: pips,
            TRACKING_TABLE: tracking_table_widget(
                theme, lambda column: ui(f"warland.sheet.{column}")),
            CALIBRATION_BAR: calibration_widget,
            RULER_SECTIONS: sections_widget(
                (ui.template("warland.ruler.section"), ui.template("warland.ruler.glue")))}


def kit_widgets(game: Game, _locale: str, ui: UiText, _options: KitOptions
                ) -> Mapping[str, Widget]:
    """`Kit.widgets`: the table the kit's look draws with."""
    return _widgets(game, ui)


def warland_look(game: Game, locale: str, ui: UiText, fonts: FontSet | None = None,
                 stamps: bool = True) -> Look:
    """The game's look for one locale; factions' colours are `faction_<id>` (and `_ink`);
    `stamps`: pieces print their id label (a check draws them without)."""
    colours = (ContentColour(f"faction_{f.id}", f.colour, f.text_colour)
               for f in game.part(Forces).factions)
    return Look.of(game, locale, ui, _widgets(game, ui), colours, fonts, stamps=stamps)
