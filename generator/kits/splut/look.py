"""The SPLUT! kit's look: the generic layout look with the seats' and the rock's colours
and the reference card's flowing rows as a widget.

Layouts name a seat's colour `seat_<id>` (with `_ink` and `_on_panel`) and the rock's
`piece_rock`; the reference rows take the theme's `ink` (labels), `text` (body) and `band`
(the glossary's rule, of line width `rule`).
"""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.look.colourscience import readable_on
from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import SplutBoard
from stamperia.content.rulesets.splut.plugin import REFERENCE_BODY
from stamperia.generator.draw.drawing import Item, PageBox
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kits.splut.reference import RowColours, reference_rows
from stamperia.generator.layout.context import ContentColour, Look
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

ROCK_GREY = "#888888"
"""The rock's colour when the board gives none."""


def rock_colour(game: Game) -> ContentColour:
    fill = game.part(SplutBoard).piece("rock").colour or ROCK_GREY
    return ContentColour("piece_rock", fill, readable_on(fill, "#111111", "#ffffff"))


def _widgets(game: Game, locale: str, card: Size) -> Mapping[str, Widget]:
    theme = game.part(Theme)
    colours = RowColours(theme.colour("ink", "#3b3024"), theme.colour("text", "#000000"),
                         theme.colour("band", "#c8a96a"), theme.lines.get("rule", 0.5))

    def body(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        """The face's rows: the split between the faces is computed for both alike."""
        front, back = reference_rows(game, locale,
                                     PageBox(box.x, box.y, box.width, box.height), card,
                                     colours)
        return back if fields.get("face") == "back" else front

    return {REFERENCE_BODY: body}


def reference_widgets(game: Game, locale: str, reference: Size) -> Mapping[str, Widget]:
    """The widget table of a reference card printed at `reference` size."""
    return _widgets(game, locale, reference)


def splut_look(game: Game, locale: str, ui: UiText, reference: Size,
               fonts: FontSet | None = None, stamps: bool = True) -> Look:
    """The game's look for one locale; the reference card is printed at `reference` size;
    `stamps`: pieces print their id label (a check draws them without)."""
    colours = [ContentColour(f"seat_{seat.id}", seat.colour, seat.text_colour)
               for seat in game.part(SplutBoard).seats]
    return Look.of(game, locale, ui, _widgets(game, locale, reference),
                   (*colours, rock_colour(game)), fonts, stamps=stamps)
