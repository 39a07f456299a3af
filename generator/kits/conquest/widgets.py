"""The conquest kit's widgets: drawings the layouts place by name (the names are listed in
stamperia.content.rulesets.conquest.look.WIDGETS, so `check` knows them without the generator)."""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import Item, PageBox
from stamperia.generator.kits.conquest.minimap import MiniMapColours, mini_map
from stamperia.generator.layout.cardscale import CardScale
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.sizes import Size


def widgets(game: Game, card: Size, theme: Theme) -> Mapping[str, Widget]:
    """Every widget by name, for one game printed on cards of `card` size in `theme`."""
    conquest = game.part(Conquest)
    board = conquest.board
    objectives = ({o.id: o for o in conquest.objectives.cards}
                  if conquest.objectives is not None else {})
    scale = CardScale.of(card)
    colours = MiniMapColours.of(theme)

    def objective(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        """The mini-map with the objective's territories and values, fitted to the box."""
        found = objectives.get(str(fields.get("objective", "")))
        if board is None or found is None:
            return ()
        values = {e.territory: e.value for e in found.entries}
        return mini_map(board, PageBox(box.x, box.y, box.width, box.height), values, scale,
                        f"objectives/{found.id}", colours)

    return {"objective_map": objective}
