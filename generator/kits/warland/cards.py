"""The Castello and building cards (face: name, tier, resistance = cost, production, pawns
brought, special text) and the one back a face-down building shows."""

from __future__ import annotations

from pathlib import Path

from content.model import Game
from content.rulesets.warland.buildings import Building, Buildings
from content.rulesets.warland.forces import Forces
from content.theme import Theme
from generator.cardscale import CardScale
from generator.drawing import (
    Align,
    Circle,
    Image,
    Item,
    Polygon,
    Rect,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from generator.sizes import Size
from generator.uitext import UiText

SAFE = 3.0
INK = "#1d1d1b"
PANEL = "#fbf6ea"
TIER_COLOURS = {"castle": "#5b3a29", "basic": "#55731a", "medium": "#8a6408",
                "advanced": "#6a1b9a"}
BACK_COLOUR = "#3b3b3b"
FOOD_COLOUR = "#c0392b"
RESOURCE_COLOUR = "#7a5230"


def _shield(x: float, y: float, width: float, colour: str, stroke: float) -> Polygon:
    """A heater shield with its top edge centred at (x, y)."""
    h = width * 1.15
    half = width / 2
    return Polygon(((x - half, y), (x + half, y), (x + half, y + h * 0.55), (x, y + h),
                    (x - half, y + h * 0.55)), Style(fill="#ffffff", stroke=colour,
                                                     stroke_width=stroke))


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


def _icon(game: Game, name: str) -> Path | None:
    """An icon the game's theme declares (roles, resources), if any."""
    theme = game.find_part(Theme)
    art = theme.icons.get(name) if theme is not None else None
    return Path(art.path) if art is not None else None


def _production(sc: CardScale, x: float, y: float, width: float, label: str, value: int,
                colour: str, card: str, key: str, icon: Path | None) -> tuple[Item, ...]:
    m = sc.mm
    mark: tuple[Item, ...] = () if icon is None else (
        Image(icon, x + m(1), y + m(1), m(5.5), m(5.5)),)
    return (Rect(x, y, width, m(13), Style(fill="#ffffff", stroke=colour,
                                           stroke_width=m(0.6)), corner_radius=m(2)),
            *mark,
            TextBox(x, y + m(0.5), width, m(7), str(value), size=sc.pt(14, 8),
                    min_size=sc.min_pt(8), align=Align.CENTER, valign=VAlign.MIDDLE,
                    colour=colour, bold=True, source=TextSource(card, key)),
            TextBox(x + m(1), y + m(7.5), width - m(2), m(5), label, size=sc.pt(6.5, 4.5),
                    min_size=sc.min_pt(4.5), align=Align.CENTER, valign=VAlign.MIDDLE,
                    colour=INK, source=TextSource(card, f"warland.{key}")))


def _cost_line(ui: UiText, building: Building) -> tuple[str, str]:
    """The Castello is never built: it shows its resistance only. (text, ui key)"""
    if building.tier == "castle":
        return ui("warland.resistance", {"resistance": building.resistance}), "warland.resistance"
    return (ui("warland.cost", {"cost": building.cost, "resistance": building.resistance}),
            "warland.cost")


def building_face(game: Game, locale: str, ui: UiText, building: Building, size: Size,
                  bleed: float) -> tuple[Item, ...]:
    """The face, drawn for a poker card and scaled to `size` (generator.cardscale)."""
    sc = CardScale.of(size)
    m = sc.mm
    card = f"building/{building.id}"
    colour = TIER_COLOURS[building.tier]
    inner = size.width - 2 * m(SAFE)
    cost, cost_key = _cost_line(ui, building)
    items: list[Item] = [
        Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
             Style(fill=colour, stroke=None)),
        TextBox(m(SAFE + 1), m(SAFE + 1), inner - m(18), m(11),
                game.text(locale, f"building.{building.id}.name"), size=sc.pt(13, 7),
                min_size=sc.min_pt(7), valign=VAlign.MIDDLE, colour="#ffffff", bold=True,
                source=TextSource(card, f"building.{building.id}.name")),
        TextBox(m(SAFE + 1), m(SAFE + 12), inner - m(16), m(5),
                game.text(locale, f"tier.{building.tier}.name"), size=sc.pt(7, 5),
                min_size=sc.min_pt(5), colour="#ffffff",
                source=TextSource(card, f"tier.{building.tier}.name")),
        _shield(size.width - m(SAFE) - m(7.5), m(SAFE + 1), m(13), colour, m(0.8)),
        TextBox(size.width - m(SAFE) - m(14), m(SAFE + 2), m(13), m(9),
                str(building.resistance), size=sc.pt(15, 8), min_size=sc.min_pt(8),
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK, bold=True,
                source=TextSource(card, "resistance")),
        Rect(m(SAFE), m(SAFE + 19), inner, size.height - 2 * m(SAFE) - m(19),
             Style(fill=PANEL, stroke=None), corner_radius=m(2.5)),
        TextBox(m(SAFE + 2), m(SAFE + 21), inner - m(4), m(5), cost, size=sc.pt(7, 5),
                min_size=sc.min_pt(5), align=Align.CENTER, colour=INK,
                source=TextSource(card, cost_key)),
    ]
    box = (inner - m(6)) / 2
    items += _production(sc, m(SAFE + 2), m(SAFE + 28), box, ui("warland.resources"),
                         building.resources, RESOURCE_COLOUR, card, "resources",
                         _icon(game, "resources"))
    items += _production(sc, m(SAFE + 4) + box, m(SAFE + 28), box, ui("warland.food"),
                         building.food, FOOD_COLOUR, card, "food", _icon(game, "food"))
    brings = _pawn_list(game, locale, ui, building)
    if brings:
        items.append(TextBox(m(SAFE + 2), m(SAFE + 43), inner - m(4), m(9), brings,
                             size=sc.pt(7.5, 5), min_size=sc.min_pt(5), align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=INK, bold=True,
                             source=TextSource(card, "warland.brings")))
    if building.has_text:
        key = f"building.{building.id}.text"
        items.append(TextBox(m(SAFE + 2), m(SAFE + 53), inner - m(4),
                             size.height - 2 * m(SAFE) - m(58), game.text(locale, key),
                             size=sc.pt(8, 5), min_size=sc.min_pt(5), align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=INK, source=TextSource(card, key)))
    if building.prototype:
        items.append(TextBox(m(SAFE), size.height - m(SAFE) - m(4), inner, m(4),
                             ui("warland.prototype"), size=sc.pt(6, 4), min_size=sc.min_pt(4),
                             align=Align.RIGHT, colour="#5f5f5f",
                             source=TextSource(card, "warland.prototype")))
    return tuple(items)


def building_back(game: Game, locale: str, ui: UiText, forces: Forces, size: Size,
                  bleed: float) -> tuple[Item, ...]:
    """The back: the game, 'building', and the face-down resistance a player must beat."""
    sc = CardScale.of(size)
    m = sc.mm
    card = "building/back"
    cx = size.width / 2
    frame = sc.back_frame()
    return (
        Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
             Style(fill=BACK_COLOUR, stroke=None)),
        Rect(frame, frame, size.width - 2 * frame, size.height - 2 * frame,
             Style(fill=None, stroke="#d4af37", stroke_width=m(0.8)), corner_radius=m(3)),
        TextBox(m(SAFE + 4), size.height / 2 - m(30), size.width - 2 * m(SAFE) - m(8), m(12),
                game.title(locale), size=sc.pt(18, 8), min_size=sc.min_pt(8),
                align=Align.CENTER, valign=VAlign.MIDDLE, colour="#d4af37", bold=True,
                source=TextSource(card, "title")),
        _shield(cx, size.height / 2 - m(12), m(22), "#d4af37", m(0.8)),
        TextBox(cx - m(11), size.height / 2 - m(10), m(22), m(14),
                str(forces.limits.face_down_resistance), size=sc.pt(20, 10),
                min_size=sc.min_pt(10), align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK,
                bold=True, source=TextSource(card, "face_down_resistance")),
        TextBox(m(SAFE + 4), size.height / 2 + m(16), size.width - 2 * m(SAFE) - m(8), m(12),
                ui("warland.face_down", {"resistance": forces.limits.face_down_resistance}),
                size=sc.pt(8, 5), min_size=sc.min_pt(5), align=Align.CENTER,
                valign=VAlign.MIDDLE, colour="#ffffff",
                source=TextSource(card, "warland.face_down")),
        Circle(cx, size.height - m(SAFE) - m(8), m(1.2), Style(fill="#d4af37", stroke=None)),
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
