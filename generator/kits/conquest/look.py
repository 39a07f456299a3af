"""The conquest kit's look: the generic layout look with the factions' colours and the
kit's widgets.

A faction's colours are content (factions.json, checked for contrast by the rules), so
layouts name them through the palette as `faction_<id>` (its colour), `faction_<id>_ink`
(its text colour) and `faction_<id>_on_panel` (its colour where it reads on the light
panel, else ink).
"""

from __future__ import annotations

from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kits.conquest.widgets import widgets
from stamperia.generator.layout.context import ContentColour, Look
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText


def conquest_look(game: Game, locale: str, ui: UiText, card: Size,
                  fonts: FontSet | None = None, stamps: bool = True) -> Look:
    """The game's look for one locale, its objective map drawn for cards of `card` size;
    `stamps`: pieces print their id label (a check draws them without)."""
    colours = (ContentColour(f"faction_{f.id}", f.colour, f.text_colour)
               for f in game.part(Conquest).factions)
    return Look.of(game, locale, ui, widgets(game, card, game.part(Theme)), colours, fonts,
                   stamps=stamps)
