"""How a kit draws its components by the game's layouts: one context per game, locale and
set of widgets, with colours the content names added to the theme's palette.

Some colours are content, not theme (a faction's, a seat's, a tribe's): a kit lists them
as `ContentColour`s and layouts name them through the palette as `<name>` (the colour),
`<name>_ink` (its text colour) and `<name>_on_panel` (the colour where it reads on the
theme's light `panel`, else the theme's `ink`). Strings starting `ui.` are the kit's own
wording; every other key is the game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from stamperia.content.errors import Origin
from stamperia.content.look.artwork import Art
from stamperia.content.look.colourscience import MIN_CONTRAST, contrast_ratio
from stamperia.content.look.layouts import Layout, Layouts, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game, frozen_mapping
from stamperia.generator.draw.drawing import Item
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.memo import per_object
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.layout.fit import fit_layout
from stamperia.generator.layout.render import LayoutContext, Widget, render_layout
from stamperia.generator.layout.richtext import RichSetter
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

UI_PREFIX = "ui."
INK, PANEL = "#1d1d1b", "#fbf6ea"


@dataclass(frozen=True)
class ContentColour:
    """A colour the content gives (with the text colour that reads on it), named for layouts."""

    name: str
    colour: str
    ink: str


def content_palette(colours: Iterable[ContentColour], theme: Theme) -> dict[str, str]:
    """The palette entries of `colours`: each as itself, `_ink` and `_on_panel`."""
    ink = theme.colour("ink", INK)
    panel = theme.colour("panel", PANEL)
    palette: dict[str, str] = {}
    for entry in colours:
        palette[entry.name] = entry.colour
        palette[f"{entry.name}_ink"] = entry.ink
        palette[f"{entry.name}_on_panel"] = (
            entry.colour if contrast_ratio(entry.colour, panel) >= MIN_CONTRAST else ink)
    return palette


@per_object(256)  # every card of a deck draws its layout at the same size
def fitted_layout(layouts: Layouts, layout: str, size: Size, bleed: float,
                  designed: tuple[float, float] | None) -> Layout:
    """A game's layout fitted to a component of `size` (see Look.draw); the game's layouts
    known by identity, so a kit's hundred cards of one deck fit their layout once."""
    drawn = layouts.layouts[layout]
    if drawn.size is not None:  # a landscape card gets the layout's landscape variant
        drawn = layouts.layouts.get(drawn.for_aspect(size.width, size.height), drawn)
    if drawn.size is None and designed is not None:
        drawn = replace(drawn, size=designed)
    return fit_layout(drawn, size, bleed)


@dataclass(frozen=True)
class Look:
    """Draws the game's layouts for one locale; each component gets its size and bleed."""

    layouts: Layouts
    context: LayoutContext

    @staticmethod
    def of(game: Game, locale: str, ui: UiText, widgets: Mapping[str, Widget],
           colours: Iterable[ContentColour] = (), fonts: FontSet | None = None,
           art: Mapping[str, Art] | None = None) -> Look:
        """`art` is every image the layouts draw by path (the theme's back images are
        added); a kit whose content binds images to fields passes the ones it found."""
        theme = game.part(Theme)
        theme = replace(theme, palette=frozen_mapping({**theme.palette,
                                                       **content_palette(colours, theme)}))

        def text(key: str) -> str:
            if key.startswith(UI_PREFIX):
                return ui.template(key[len(UI_PREFIX):])
            return game.text(locale, key)

        icons = {name: Path(art.path) for name, art in theme.icons.items()}
        images = {**theme.art, **(art or {})}
        context = LayoutContext(theme, text, images, RichSetter(fonts or game_fonts(game), icons),
                                widgets)
        return Look(game.part(Layouts), context)

    def colour(self, name: str, default: str = INK) -> str:
        """A palette colour, for what a kit draws around its components (captions, cuts)."""
        return self.context.theme.colour(name, default)

    def draw(self, layout: str, name: str, fields: Mapping[str, Scalar], size: Size,
             bleed: float, origin: Origin | None = None,
             designed: tuple[float, float] | None = None) -> tuple[Item, ...]:
        """The items of one component of `size`, drawn by `layout` fitted to it. A layout
        without a size of its own was drawn for `designed` (the game's card size), so it
        scales with the printed size; else it is drawn at `size`. `origin` is the record's,
        for overflow reports."""
        return render_layout(fitted_layout(self.layouts, layout, size, bleed, designed), name,
                             fields, self.context, origin)

    def place(self, layout: str, name: str, fields: Mapping[str, Scalar],
              origin: Origin | None = None) -> tuple[Item, ...]:
        """The items of a component drawn by `layout` as it is, unfitted (a token or sheet
        printed at the size its layout gives)."""
        return render_layout(self.layouts.layouts[layout], name, fields, self.context, origin)
