"""The Castello and building cards, drawn by the `building` and `building_back` layouts
(face: name, tier, resistance = cost, production, the pawns it brings with their role's
icon, special text; back: the face-down resistance a player must beat)."""

from __future__ import annotations

from stamperia.content.look.layouts import Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.warland.buildings import Building, Buildings
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.generator.draw.drawing import Item
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText


def _pawn_list(game: Game, locale: str, ui: UiText, building: Building) -> str:
    parts = []
    for brought in building.brings:
        key = "plural" if brought.count > 1 else "name"
        name = game.text(locale, f"pawn.{brought.pawn}.{key}")
        if name == f"pawn.{brought.pawn}.plural":
            name = game.text(locale, f"pawn.{brought.pawn}.name")
        text = f"{brought.count} {name}"
        if brought.strength is not None:
            text += " " + ui("warland.strength", {"strength": brought.strength})
        parts.append(text)
    return ui("warland.brings", {"pawns": ", ".join(parts)}) if parts else ""


def building_fields(game: Game, locale: str, ui: UiText, building: Building
                    ) -> dict[str, Scalar]:
    """What the `building` layout reads. The Castello is never built: its cost line shows
    its resistance only. `role` is the first pawn it brings, for its icon."""
    roles = {pawn.id: pawn.role for pawn in game.part(Forces).pawns}
    fields: dict[str, Scalar] = {
        "building": building.id, "tier": building.tier, "resistance": building.resistance,
        "cost": building.cost, "cost_line": "resistance" if building.tier == "castle"
        else "cost", "resources": building.resources, "food": building.food,
        "brings": _pawn_list(game, locale, ui, building), "has_text": building.has_text,
        "prototype": building.prototype}
    if building.brings:
        fields["role"] = roles.get(building.brings[0].pawn, "")
    return fields


def building_face(game: Game, locale: str, ui: UiText, look: Look, building: Building,
                  size: Size, bleed: float, number: int | None = None) -> tuple[Item, ...]:
    """A building's card; `number` is its place in the buildings (the id it prints)."""
    return look.draw("building", f"building/{building.id}",
                     building_fields(game, locale, ui, building), size, bleed,
                     piece=None if number is None else PieceNumber("buildings", number))


def building_back(game: Game, look: Look, size: Size, bleed: float) -> tuple[Item, ...]:
    resistance = game.part(Forces).limits.face_down_resistance
    return look.draw("building_back", "building/back", {"resistance": resistance}, size,
                     bleed)


def physical_cards(game: Game, locale: str, ui: UiText, look: Look, size: Size, bleed: float
                   ) -> list[tuple[str, tuple[Item, ...], tuple[Item, ...]]]:
    """(name, face, back) for every card in the box, copies repeated."""
    back = building_back(game, look, size, bleed)
    cards = []
    for number, building in enumerate(game.part(Buildings).buildings, start=1):
        face = building_face(game, locale, ui, look, building, size, bleed, number)
        cards += [(building.id, face, back)] * building.copies
    return cards
