"""A drawn card face or back, and the name reports use for it. The faces themselves come
from the game's layouts (stamperia.generator.kits.conquest.cardset); the objective mini-map is the
`objective_map` widget (stamperia.generator.kits.conquest.widgets, drawn by minimap.py)."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.generator.draw.drawing import Item


@dataclass(frozen=True)
class CardArt:
    """One card's face: its drawing, and the name reports use for it."""

    name: str
    items: tuple[Item, ...]
