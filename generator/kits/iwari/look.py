"""The IWARI kit's look: the generic layout look with the biomes' and tribes' colours and
the tribe symbol, the score track and the map side as widgets (pages.json places the
last two).

Layouts name a biome's colour `biome_<id>` (its `_ink` is the darker or lighter of the
theme's ink and white, whichever reads on it) and a tribe's `tribe_<id>`; the
`tribe_symbol` widget draws the tribe's shape (generator.layout.factionmarks) in its text colour,
so its pieces read without their colour.
"""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.look.colourscience import readable_on
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.content.rulesets.iwari.plugin import MAP_SIDE, SCORE_TRACK, TRIBE_SYMBOL
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.iwari.mapside import map_side_widget
from stamperia.generator.kits.iwari.pieces import score_track_widget
from stamperia.generator.layout.context import ContentColour, Look
from stamperia.generator.layout.factionmarks import symbol_widget
from stamperia.generator.layout.render import Widget
from stamperia.generator.uitext import UiText

INK, WHITE = "#1d1d1b", "#ffffff"


def _widgets(game: Game, locale: str) -> Mapping[str, Widget]:
    tribes = {tribe.id: (number, tribe.text_colour)
              for number, tribe in enumerate(game.part(IwariSet).tribes)}
    theme = game.part(Theme)
    return {TRIBE_SYMBOL: symbol_widget(tribes, "tribe"),
            SCORE_TRACK: score_track_widget(game, theme),
            MAP_SIDE: map_side_widget(game, locale, theme)}


def kit_widgets(game: Game, locale: str, _ui: UiText, _options: KitOptions
                ) -> Mapping[str, Widget]:
    """`Kit.widgets`: the table the kit's look draws with."""
    return _widgets(game, locale)


def iwari_look(game: Game, locale: str, ui: UiText, fonts: FontSet | None = None,
               stamps: bool = True) -> Look:
    """The game's look for one locale; `stamps`: pieces print their id label (a check
    draws them without)."""
    components = game.part(IwariSet)
    colours = [ContentColour(f"biome_{b.id}", b.colour, readable_on(b.colour, INK, WHITE))
               for b in components.biomes]
    colours += [ContentColour(f"tribe_{t.id}", t.colour, t.text_colour)
                for t in components.tribes]
    return Look.of(game, locale, ui, _widgets(game, locale), colours, fonts, stamps=stamps)
