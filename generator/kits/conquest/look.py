"""How the conquest kit draws a component by the game's layouts: one context per game,
locale and card size, with the factions' colours added to the theme's palette.

A faction's colours are content (factions.json, checked for contrast by the rules), so
layouts name them through the palette as `faction_<id>` (its colour), `faction_<id>_ink`
(its text colour) and `faction_<id>_on_panel` (its colour where it reads on the light
panel, else ink).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from content.colourscience import MIN_CONTRAST, contrast_ratio
from content.layouts import Layouts, Scalar
from content.model import Game, frozen_mapping
from content.rulesets.conquest.model import Conquest
from content.theme import Theme
from generator.drawing import Item
from generator.fonts import FontSet
from generator.kits.conquest.widgets import widgets
from generator.layout import LayoutContext, render_layout
from generator.layoutfit import fit_layout
from generator.richtext import RichSetter
from generator.sizes import Size
from generator.themefonts import game_fonts
from generator.uitext import UiText

UI_PREFIX = "ui."


def faction_palette(game: Game, theme: Theme) -> dict[str, str]:
    ink = theme.colour("ink", "#1d1d1b")
    panel = theme.colour("panel", "#fbf6ea")
    palette: dict[str, str] = {}
    for faction in game.part(Conquest).factions:
        key = f"faction_{faction.id}"
        palette[key] = faction.colour
        palette[f"{key}_ink"] = faction.text_colour
        palette[f"{key}_on_panel"] = (faction.colour if contrast_ratio(faction.colour, panel)
                                      >= MIN_CONTRAST else ink)
    return palette


@dataclass(frozen=True)
class Look:
    """Draws the game's layouts for one locale; each component gets its size and bleed."""

    layouts: Layouts
    context: LayoutContext

    @staticmethod
    def of(game: Game, locale: str, ui: UiText, card: Size, fonts: FontSet | None = None
           ) -> Look:
        theme = game.part(Theme)
        theme = replace(theme, palette=frozen_mapping({**theme.palette,
                                                       **faction_palette(game, theme)}))

        def text(key: str) -> str:
            if key.startswith(UI_PREFIX):
                return ui.template(key[len(UI_PREFIX):])
            return game.text(locale, key)

        icons = {name: Path(art.path) for name, art in theme.icons.items()}
        context = LayoutContext(theme, text, {}, RichSetter(fonts or game_fonts(game), icons),
                                widgets(game, card, theme))
        return Look(game.part(Layouts), context)

    def draw(self, layout: str, name: str, fields: Mapping[str, Scalar], size: Size,
             bleed: float) -> tuple[Item, ...]:
        """The items of one component of `size`, drawn by `layout` fitted to it."""
        fitted = fit_layout(self.layouts.layouts[layout], size, bleed)
        return render_layout(fitted, name, fields, self.context)
