"""The conquest kit's widgets: drawings the layouts place by name (the names are listed in
content.rulesets.conquest.look.WIDGETS, so `check` knows them without the generator)."""

from __future__ import annotations

from collections.abc import Mapping

from content.layouts import Box, Scalar
from content.model import Game
from content.rulesets.conquest.model import Conquest
from generator.cardscale import CardScale
from generator.drawing import Group, Item
from generator.kits.conquest.cards import MAP_TOP, SAFE, mini_map, objective_map
from generator.layout import Widget
from generator.sizes import Size


def widgets(game: Game, card: Size) -> Mapping[str, Widget]:
    """Every widget by name, for one game printed on cards of `card` size."""
    conquest = game.part(Conquest)
    board = conquest.board
    objectives = ({o.id: o for o in conquest.objectives.cards}
                  if conquest.objectives is not None else {})
    window = mini_map(board, card) if board is not None else None
    m = CardScale.of(card).mm

    def objective(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        """The mini-map with the objective's territories; it sits where the box does."""
        found = objectives.get(str(fields.get("objective", "")))
        if board is None or window is None or found is None:
            return ()
        drawn = objective_map(board, found, card, window)
        shift = (box.x - m(SAFE), box.y - m(MAP_TOP))
        return (Group((drawn,), translate=shift) if shift != (0.0, 0.0) else drawn,)

    return {"objective_map": objective}
