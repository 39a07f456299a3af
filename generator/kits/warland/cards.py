"""The Castello and building cards (face: name, tier, resistance = cost, production, pawns
brought, special text) and the one back a face-down building shows."""

from __future__ import annotations

from content.model import Game
from content.rulesets.warland.buildings import Building, Buildings
from content.rulesets.warland.forces import Forces
from generator.drawing import Align, Circle, Item, Polygon, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.uitext import UiText

SAFE = 3.0
INK = "#1d1d1b"
PANEL = "#fbf6ea"
TIER_COLOURS = {"castle": "#5b3a29", "basic": "#6b8e23", "medium": "#b8860b",
                "advanced": "#6a1b9a"}
BACK_COLOUR = "#3b3b3b"
FOOD_COLOUR = "#c0392b"
RESOURCE_COLOUR = "#7a5230"


def _shield(x: float, y: float, width: float, colour: str) -> Polygon:
    """A heater shield with its top edge centred at (x, y)."""
    h = width * 1.15
    half = width / 2
    return Polygon(((x - half, y), (x + half, y), (x + half, y + h * 0.55), (x, y + h),
                    (x - half, y + h * 0.55)), Style(fill="#ffffff", stroke=colour,
                                                     stroke_width=0.8))


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


def _production(x: float, y: float, width: float, label: str, value: int, colour: str
                ) -> tuple[Item, ...]:
    return (Rect(x, y, width, 13, Style(fill="#ffffff", stroke=colour, stroke_width=0.6),
                 corner_radius=2),
            TextBox(x, y + 0.5, width, 7, str(value), size=14, min_size=8, align=Align.CENTER,
                    valign=VAlign.MIDDLE, colour=colour, bold=True),
            TextBox(x + 1, y + 7.5, width - 2, 5, label, size=6.5, min_size=4.5,
                    align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK))


def _cost_line(ui: UiText, building: Building) -> str:
    """The Castello is never built: it shows its resistance only."""
    if building.tier == "castle":
        return ui("warland.resistance", {"resistance": building.resistance})
    return ui("warland.cost", {"cost": building.cost, "resistance": building.resistance})


def building_face(game: Game, locale: str, ui: UiText, building: Building, size: Size,
                  bleed: float) -> tuple[Item, ...]:
    colour = TIER_COLOURS[building.tier]
    inner = size.width - 2 * SAFE
    items: list[Item] = [
        Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
             Style(fill=colour, stroke=None)),
        TextBox(SAFE + 1, SAFE + 1, inner - 18, 11,
                game.text(locale, f"building.{building.id}.name"), size=13, min_size=7,
                valign=VAlign.MIDDLE, colour="#ffffff", bold=True),
        TextBox(SAFE + 1, SAFE + 12, inner - 16, 5,
                game.text(locale, f"tier.{building.tier}.name"), size=7, min_size=5,
                colour="#ffffff"),
        _shield(size.width - SAFE - 7.5, SAFE + 1, 13, colour),
        TextBox(size.width - SAFE - 14, SAFE + 2, 13, 9, str(building.resistance), size=15,
                min_size=8, align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK, bold=True),
        Rect(SAFE, SAFE + 19, inner, size.height - 2 * SAFE - 19,
             Style(fill=PANEL, stroke=None), corner_radius=2.5),
        TextBox(SAFE + 2, SAFE + 21, inner - 4, 5, _cost_line(ui, building), size=7,
                min_size=5, align=Align.CENTER, colour=INK),
    ]
    box = (inner - 6) / 2
    items += _production(SAFE + 2, SAFE + 28, box, ui("warland.resources"), building.resources,
                         RESOURCE_COLOUR)
    items += _production(SAFE + 4 + box, SAFE + 28, box, ui("warland.food"), building.food,
                         FOOD_COLOUR)
    brings = _pawn_list(game, locale, ui, building)
    if brings:
        items.append(TextBox(SAFE + 2, SAFE + 43, inner - 4, 9, brings, size=7.5, min_size=5,
                             align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK, bold=True))
    if building.has_text:
        items.append(TextBox(SAFE + 2, SAFE + 53, inner - 4, size.height - 2 * SAFE - 58,
                             game.text(locale, f"building.{building.id}.text"), size=8,
                             min_size=5, align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK))
    if building.prototype:
        items.append(TextBox(SAFE, size.height - SAFE - 4, inner, 4, ui("warland.prototype"),
                             size=5, min_size=4, align=Align.RIGHT, colour="#8a8a8a"))
    return tuple(items)


def building_back(game: Game, locale: str, ui: UiText, forces: Forces, size: Size,
                  bleed: float) -> tuple[Item, ...]:
    """The back: the game, 'building', and the face-down resistance a player must beat."""
    cx = size.width / 2
    return (
        Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
             Style(fill=BACK_COLOUR, stroke=None)),
        Rect(SAFE + 1, SAFE + 1, size.width - 2 * SAFE - 2, size.height - 2 * SAFE - 2,
             Style(fill=None, stroke="#d4af37", stroke_width=0.8), corner_radius=3),
        TextBox(SAFE + 4, size.height / 2 - 30, size.width - 2 * SAFE - 8, 12,
                game.title(locale), size=18, min_size=8, align=Align.CENTER,
                valign=VAlign.MIDDLE, colour="#d4af37", bold=True),
        _shield(cx, size.height / 2 - 12, 22, "#d4af37"),
        TextBox(cx - 11, size.height / 2 - 10, 22, 14,
                str(forces.limits.face_down_resistance), size=20, min_size=10,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK, bold=True),
        TextBox(SAFE + 4, size.height / 2 + 16, size.width - 2 * SAFE - 8, 12,
                ui("warland.face_down", {"resistance": forces.limits.face_down_resistance}),
                size=8, min_size=5, align=Align.CENTER, valign=VAlign.MIDDLE, colour="#ffffff"),
        Circle(cx, size.height - SAFE - 8, 1.2, Style(fill="#d4af37", stroke=None)),
    )


def physical_cards(game: Game, locale: str, ui: UiText, size: Size, bleed: float
                   ) -> list[tuple[str, tuple[Item, ...], tuple[Item, ...]]]:
    """(name, face, back) for every card in the box, copies repeated."""
    buildings = game.part(Buildings)
    forces = game.part(Forces)
    back = building_back(game, locale, ui, forces, size, bleed)
    cards = []
    for building in buildings.buildings:
        face = building_face(game, locale, ui, building, size, bleed)
        cards += [(building.id, face, back)] * building.copies
    return cards
