"""Card faces and backs, drawn in card coordinates: origin at the trim's top-left corner,
backgrounds reaching `bleed` beyond the trim, text kept inside the safe zone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from content.hexgrid import centre
from content.model import Game
from content.rulesets.conquest.model import Board, Card, Conquest, Deck, Faction, Objective
from generator.drawing import Align, Circle, Group, Item, Rect, Style, TextBox, VAlign
from generator.kits.conquest import hexmap
from generator.sizes import Size
from generator.uitext import UiText

SAFE = 3.0
EVENT_COLOUR = "#4f3b2a"
OBJECTIVE_COLOUR = "#3e5a3a"
PANEL = "#fbf6ea"
HIGHLIGHT = "#c0392b"
MAP_TOP = SAFE + 14  # the objective card's map window, from the trim's top edge
MAP_BOTTOM = SAFE + 10


@dataclass(frozen=True)
class CardArt:
    """One card's face: its drawing, and the name reports use for it."""

    name: str
    items: tuple[Item, ...]


def _background(size: Size, bleed: float, colour: str) -> Rect:
    return Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
                Style(fill=colour, stroke=None))


def _panel(size: Size, top: float, bottom: float) -> Rect:
    return Rect(SAFE, top, size.width - 2 * SAFE, size.height - top - bottom,
                Style(fill=PANEL, stroke=None), corner_radius=2.5)


def paw(x: float, y: float, size: float, colour: str) -> tuple[Item, ...]:
    """The boar-paw 'continue' icon: a pad and four toes, from circles."""
    paint = Style(fill=colour, stroke=None)
    toes = ((-0.36, -0.30), (-0.12, -0.48), (0.12, -0.48), (0.36, -0.30))
    return (Circle(x, y + size * 0.12, size * 0.30, paint),
            *(Circle(x + dx * size, y + dy * size, size * 0.13, paint) for dx, dy in toes))


def _title(size: Size, text: str, colour: str, inset: float = 0) -> TextBox:
    """The card's name, centred; `inset` keeps both ends clear (of the corner icon)."""
    return TextBox(SAFE + 1 + inset, SAFE + 1, size.width - 2 * SAFE - 2 - 2 * inset, 11,
                   text, size=15, min_size=8, align=Align.CENTER, valign=VAlign.MIDDLE,
                   colour=colour, bold=True)


def _body(size: Size, top: float, bottom: float, text: str) -> TextBox:
    return TextBox(SAFE + 2.5, top, size.width - 2 * SAFE - 5, size.height - top - bottom,
                   text, size=10, min_size=6.5, align=Align.CENTER, valign=VAlign.MIDDLE,
                   colour=hexmap.INK)


def event_face(game: Game, locale: str, ui: UiText, deck: Deck, card: Card, size: Size,
               bleed: float) -> CardArt:
    key = f"card.{deck.id}.{card.id}"
    icon = 11.0 if card.continue_icon else 0.0
    items: list[Item] = [
        _background(size, bleed, EVENT_COLOUR),
        _title(size, game.text(locale, f"{key}.name"), "#ffffff", icon),
        _panel(size, SAFE + 14, SAFE + 10),
        TextBox(SAFE + 2.5, SAFE + 16, size.width - 2 * SAFE - 5, 7,
                ui(f"card.timing.{card.timing}"), size=8, min_size=5.5, align=Align.CENTER,
                colour="#7a5c3e", bold=True),
        _body(size, SAFE + 25, SAFE + 12, game.text(locale, f"{key}.text")),
        TextBox(SAFE, size.height - SAFE - 8, size.width - 2 * SAFE, 7,
                game.title(locale), size=8, min_size=5, align=Align.RIGHT,
                valign=VAlign.MIDDLE, colour="#ffffff"),
    ]
    if card.continue_icon:
        # The rulebook: "nel caso sia presente in alto a sinistra l'icona nera con
        # l'impronta del cinghiale" - top left, beside the title.
        items.append(Circle(SAFE + 6, SAFE + 6.5, 5.2, Style(fill="#ffffff", stroke=None)))
        items += paw(SAFE + 6, SAFE + 6.5, 7, "#000000")
    return CardArt(f"{deck.id}/{card.id}", tuple(items))


def action_face(game: Game, locale: str, ui: UiText, deck: Deck, card: Card, faction: Faction,
                size: Size, bleed: float) -> CardArt:
    key = f"card.{deck.id}.{card.id}"
    items: list[Item] = [
        _background(size, bleed, faction.colour),
        _title(size, game.text(locale, f"{key}.name"), faction.text_colour),
        _panel(size, SAFE + 14, SAFE + 10),
        TextBox(SAFE + 2.5, SAFE + 16, size.width - 2 * SAFE - 5, 9,
                ui(f"card.timing.{card.timing}"), size=8, min_size=5.5, align=Align.CENTER,
                colour=faction.colour if faction.text_colour == "#ffffff" else hexmap.INK,
                bold=True),
        _body(size, SAFE + 27, SAFE + 12, game.text(locale, f"{key}.text")),
        TextBox(SAFE, size.height - SAFE - 8, size.width - 2 * SAFE, 7,
                game.text(locale, f"faction.{faction.id}.name"), size=8, min_size=5,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=faction.text_colour),
    ]
    return CardArt(f"{deck.id}/{faction.id}/{card.id}", tuple(items))


@dataclass(frozen=True)
class MiniMap:
    """The board shrunk into an objective card's window; its edges are the same on every
    card, so they are computed once per deck."""

    style: hexmap.MapStyle
    offset: tuple[float, float]
    edges: tuple[Item, ...]


def mini_map(board: Board, size: Size) -> MiniMap:
    box_width = size.width - 2 * SAFE - 2
    box_height = size.height - MAP_TOP - MAP_BOTTOM - 2
    left, top, right, bottom = hexmap.map_bounds(board, 1.0)
    cell = min(box_width / (right - left), box_height / (bottom - top))
    style = hexmap.MapStyle(cell_size=cell, border_width=0.25, inner_width=0.05,
                            coast_width=0.3, label_size=5)
    offset = (SAFE + 1 + (box_width - (right - left) * cell) / 2 - left * cell,
              MAP_TOP + 1 + (box_height - (bottom - top) * cell) / 2 - top * cell)
    return MiniMap(style, offset, tuple(hexmap.cell_edges(board, style)))


def objective_face(game: Game, locale: str, ui: UiText, objective: Objective, size: Size,
                   bleed: float, window: MiniMap) -> CardArt:
    board = game.part(Conquest).board
    assert board is not None
    values = {e.territory: e.value for e in objective.entries}
    style = window.style
    cell = style.cell_size
    fills = {t.id: HIGHLIGHT if t.id in values else "#e9e4d6" for t in board.territories}
    value_marks: list[Item] = []
    for territory in board.territories:
        if territory.id in values:
            x, y = centre(hexmap.label_cell(territory), cell)
            radius = max(1.6, cell * 0.85)
            value_marks += [
                Circle(x, y, radius, Style(fill="#ffffff", stroke=hexmap.INK, stroke_width=0.2)),
                TextBox(x - radius, y - radius, 2 * radius, 2 * radius,
                        str(values[territory.id]), size=6, min_size=3.5, align=Align.CENTER,
                        valign=VAlign.MIDDLE, colour=hexmap.INK, bold=True),
            ]
    drawn_map = Group((*hexmap.cell_polygons(board, style, fills), *window.edges,
                       *value_marks), translate=window.offset)
    items: list[Item] = [
        _background(size, bleed, OBJECTIVE_COLOUR),
        _title(size, game.text(locale, "deck.objectives.name"), "#ffffff"),
        Rect(SAFE, MAP_TOP, size.width - 2 * SAFE, size.height - MAP_TOP - MAP_BOTTOM,
             Style(fill=hexmap.SEA, stroke=None), corner_radius=2.5),
        drawn_map,
        TextBox(SAFE, size.height - SAFE - 8, size.width - 2 * SAFE, 7,
                ui("card.total", {"total": objective.total}), size=9, min_size=5,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour="#ffffff", bold=True),
    ]
    return CardArt(f"objectives/{objective.id}", tuple(items))


def back(game: Game, locale: str, title_key: str, colour: str, text_colour: str, size: Size,
         bleed: float, subtitle: str = "") -> CardArt:
    """A deck back: the deck's name on a framed field, the same for every card of the deck."""
    items: list[Item] = [
        _background(size, bleed, colour),
        Rect(SAFE + 1, SAFE + 1, size.width - 2 * SAFE - 2, size.height - 2 * SAFE - 2,
             Style(fill=None, stroke=text_colour, stroke_width=0.8), corner_radius=3),
        TextBox(SAFE + 4, size.height / 2 - 16, size.width - 2 * SAFE - 8, 14,
                game.title(locale), size=18, min_size=8, align=Align.CENTER,
                valign=VAlign.MIDDLE, colour=text_colour, bold=True),
        TextBox(SAFE + 4, size.height / 2, size.width - 2 * SAFE - 8, 12,
                game.text(locale, title_key), size=13, min_size=7, align=Align.CENTER,
                valign=VAlign.MIDDLE, colour=text_colour, bold=True),
    ]
    if subtitle:
        items.append(TextBox(SAFE + 4, size.height / 2 + 13, size.width - 2 * SAFE - 8, 8,
                             subtitle, size=9, min_size=6, align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=text_colour))
    return CardArt(f"back/{title_key}", tuple(items))


@dataclass(frozen=True)
class CardPair:
    """A physical card: face and back, drawn at the same size."""

    face: CardArt
    back: CardArt


def all_cards(game: Game, locale: str, ui: UiText, size: Size, bleed: float
              ) -> Mapping[str, tuple[CardPair, ...]]:
    """Every physical card of the game, grouped by deck, copies repeated."""
    conquest = game.part(Conquest)
    result: dict[str, tuple[CardPair, ...]] = {}
    for deck in conquest.decks:
        if deck.per_faction:
            for faction in conquest.factions:
                faction_name = game.text(locale, f"faction.{faction.id}.name")
                deck_back = back(game, locale, f"deck.{deck.id}.name", faction.colour,
                                 faction.text_colour, size, bleed, faction_name)
                result[f"{deck.id}-{faction.id}"] = tuple(
                    CardPair(action_face(game, locale, ui, deck, card, faction, size, bleed),
                             deck_back)
                    for card in deck.cards for _ in range(card.copies))
        else:
            deck_back = back(game, locale, f"deck.{deck.id}.name", EVENT_COLOUR, "#ffffff",
                             size, bleed)
            result[deck.id] = tuple(
                CardPair(event_face(game, locale, ui, deck, card, size, bleed), deck_back)
                for card in deck.cards for _ in range(card.copies))
    if conquest.objectives is not None and conquest.board is not None:
        objective_back = back(game, locale, "deck.objectives.name", OBJECTIVE_COLOUR,
                              "#ffffff", size, bleed)
        window = mini_map(conquest.board, size)
        result["objectives"] = tuple(
            CardPair(objective_face(game, locale, ui, o, size, bleed, window), objective_back)
            for o in conquest.objectives.cards)
    return result
