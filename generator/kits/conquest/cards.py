"""Card faces and backs, drawn in card coordinates: origin at the trim's top-left corner,
backgrounds reaching `bleed` beyond the trim, text kept inside the safe zone. Lengths are
those of a poker card, scaled to the card at hand (generator.cardscale)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from content.colourscience import MIN_CONTRAST, contrast_ratio
from content.model import Game
from content.rulesets.conquest.model import Card, Conquest, Deck, Faction, Objective
from generator.cardscale import CardScale
from generator.drawing import (
    Align,
    Circle,
    Item,
    PageBox,
    Rect,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from generator.kits.conquest import hexmap
from generator.kits.conquest.minimap import mini_map
from generator.sizes import Size
from generator.uitext import UiText

SAFE = 3.0
EVENT_COLOUR = "#312010"
OBJECTIVE_COLOUR = "#3e5a3a"
PANEL = "#fbf6ea"
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


def _panel(sc: CardScale, size: Size, top: float, bottom: float) -> Rect:
    return Rect(sc.mm(SAFE), top, size.width - 2 * sc.mm(SAFE), size.height - top - bottom,
                Style(fill=PANEL, stroke=None), corner_radius=sc.mm(2.5))


def paw(x: float, y: float, size: float, colour: str) -> tuple[Item, ...]:
    """The boar-paw 'continue' icon: a pad and four toes, from circles."""
    paint = Style(fill=colour, stroke=None)
    toes = ((-0.36, -0.30), (-0.12, -0.48), (0.12, -0.48), (0.36, -0.30))
    return (Circle(x, y + size * 0.12, size * 0.30, paint),
            *(Circle(x + dx * size, y + dy * size, size * 0.13, paint) for dx, dy in toes))


def _title(sc: CardScale, size: Size, text: str, colour: str, source: TextSource,
           inset: float = 0) -> TextBox:
    """The card's name, centred; `inset` (mm, scaled) keeps both ends clear of a corner icon."""
    m = sc.mm
    return TextBox(m(SAFE + 1 + inset), m(SAFE + 1), size.width - 2 * m(SAFE) - m(2 + 2 * inset),
                   m(11), text, size=sc.pt(15, 8), min_size=sc.min_pt(8), align=Align.CENTER,
                   valign=VAlign.MIDDLE, colour=colour, bold=True, source=source)


def _body(sc: CardScale, size: Size, top: float, bottom: float, text: str,
          source: TextSource) -> TextBox:
    m = sc.mm
    return TextBox(m(SAFE + 2.5), top, size.width - 2 * m(SAFE) - m(5),
                   size.height - top - bottom, text, size=sc.pt(10, 6.5),
                   min_size=sc.min_pt(6.5), align=Align.CENTER, valign=VAlign.MIDDLE,
                   colour=hexmap.INK, source=source)


def _timing(sc: CardScale, size: Size, height: float, text: str, colour: str,
            source: TextSource) -> TextBox:
    m = sc.mm
    return TextBox(m(SAFE + 2.5), m(SAFE + 16), size.width - 2 * m(SAFE) - m(5), m(height),
                   text, size=sc.pt(8, 5.5), min_size=sc.min_pt(5.5), align=Align.CENTER,
                   colour=colour, bold=True, source=source)


def _footer(sc: CardScale, size: Size, text: str, pt: tuple[float, float], align: Align,
            colour: str, bold: bool, source: TextSource) -> TextBox:
    """The line along the bottom edge: the game's title, the faction, an objective's total."""
    m = sc.mm
    return TextBox(m(SAFE), size.height - m(SAFE) - m(8), size.width - 2 * m(SAFE), m(7),
                   text, size=sc.pt(*pt), min_size=sc.min_pt(pt[1]), align=align,
                   valign=VAlign.MIDDLE, colour=colour, bold=bold, source=source)


def event_face(game: Game, locale: str, ui: UiText, deck: Deck, card: Card, size: Size,
               bleed: float) -> CardArt:
    """Drawn for a poker card and scaled to `size` (generator.cardscale), as every card here."""
    sc = CardScale.of(size)
    m = sc.mm
    key = f"card.{deck.id}.{card.id}"
    name = f"{deck.id}/{card.id}"
    timing = f"card.timing.{card.timing}"
    icon = 11.0 if card.continue_icon else 0.0
    items: list[Item] = [
        _background(size, bleed, EVENT_COLOUR),
        _title(sc, size, game.text(locale, f"{key}.name"), "#ffffff",
               TextSource(name, f"{key}.name"), icon),
        _panel(sc, size, m(SAFE + 14), m(SAFE + 10)),
        _timing(sc, size, 7, ui(timing), "#7a5c3e", TextSource(name, timing)),
        _body(sc, size, m(SAFE + 25), m(SAFE + 12), game.text(locale, f"{key}.text"),
              TextSource(name, f"{key}.text")),
        _footer(sc, size, game.title(locale), (8, 5), Align.RIGHT, "#ffffff", False,
                TextSource(name, "title")),
    ]
    if card.continue_icon:
        # The rulebook: "nel caso sia presente in alto a sinistra l'icona nera con
        # l'impronta del cinghiale" - top left, beside the title.
        items.append(Circle(m(SAFE + 6), m(SAFE + 6.5), m(5.2),
                            Style(fill="#ffffff", stroke=None)))
        items += paw(m(SAFE + 6), m(SAFE + 6.5), m(7), "#000000")
    return CardArt(name, tuple(items))


def action_face(game: Game, locale: str, ui: UiText, deck: Deck, card: Card, faction: Faction,
                size: Size, bleed: float) -> CardArt:
    sc = CardScale.of(size)
    m = sc.mm
    key = f"card.{deck.id}.{card.id}"
    name = f"{deck.id}/{faction.id}/{card.id}"
    timing = f"card.timing.{card.timing}"
    faction_key = f"faction.{faction.id}.name"
    items: list[Item] = [
        _background(size, bleed, faction.colour),
        _title(sc, size, game.text(locale, f"{key}.name"), faction.text_colour,
               TextSource(name, f"{key}.name")),
        _panel(sc, size, m(SAFE + 14), m(SAFE + 10)),
        _timing(sc, size, 9, ui(timing),
                faction.colour if contrast_ratio(faction.colour, PANEL) >= MIN_CONTRAST
                else hexmap.INK,
                TextSource(name, timing)),
        _body(sc, size, m(SAFE + 27), m(SAFE + 12), game.text(locale, f"{key}.text"),
              TextSource(name, f"{key}.text")),
        _footer(sc, size, game.text(locale, faction_key), (8, 5), Align.CENTER,
                faction.text_colour, False, TextSource(name, faction_key)),
    ]
    return CardArt(name, tuple(items))


def objective_face(game: Game, locale: str, ui: UiText, objective: Objective, size: Size,
                   bleed: float) -> CardArt:
    sc = CardScale.of(size)
    m = sc.mm
    board = game.part(Conquest).board
    assert board is not None
    name = f"objectives/{objective.id}"
    values = {e.territory: e.value for e in objective.entries}
    panel = PageBox(m(SAFE), m(MAP_TOP), size.width - 2 * m(SAFE),
                    size.height - m(MAP_TOP) - m(MAP_BOTTOM))
    items: list[Item] = [
        _background(size, bleed, OBJECTIVE_COLOUR),
        _title(sc, size, game.text(locale, "deck.objectives.name"), "#ffffff",
               TextSource(name, "deck.objectives.name")),
        *mini_map(board, panel, values, sc, name),
        _footer(sc, size, ui("card.total", {"total": objective.total}), (9, 5), Align.CENTER,
                "#ffffff", True, TextSource(name, "card.total")),
    ]
    return CardArt(name, tuple(items))


def back(game: Game, locale: str, title_key: str, colour: str, text_colour: str, size: Size,
         bleed: float, subtitle_key: str = "") -> CardArt:
    """A deck back: the deck's name on a framed field, the same for every card of the deck."""
    sc = CardScale.of(size)
    m = sc.mm
    name = f"back/{title_key}"
    inner = size.width - 2 * m(SAFE) - m(8)
    frame = sc.back_frame()
    items: list[Item] = [
        _background(size, bleed, colour),
        Rect(frame, frame, size.width - 2 * frame, size.height - 2 * frame,
             Style(fill=None, stroke=text_colour, stroke_width=m(0.8)), corner_radius=m(3)),
        TextBox(m(SAFE + 4), size.height / 2 - m(16), inner, m(14),
                game.title(locale), size=sc.pt(18, 8), min_size=sc.min_pt(8),
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=text_colour, bold=True,
                source=TextSource(name, "title")),
        TextBox(m(SAFE + 4), size.height / 2, inner, m(12),
                game.text(locale, title_key), size=sc.pt(13, 7), min_size=sc.min_pt(7),
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=text_colour, bold=True,
                source=TextSource(name, title_key)),
    ]
    if subtitle_key:
        items.append(TextBox(m(SAFE + 4), size.height / 2 + m(13), inner, m(8),
                             game.text(locale, subtitle_key), size=sc.pt(9, 6),
                             min_size=sc.min_pt(6), align=Align.CENTER,
                             valign=VAlign.MIDDLE, colour=text_colour,
                             source=TextSource(name, subtitle_key)))
    return CardArt(name, tuple(items))


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
                deck_back = back(game, locale, f"deck.{deck.id}.name", faction.colour,
                                 faction.text_colour, size, bleed, f"faction.{faction.id}.name")
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
        result["objectives"] = tuple(
            CardPair(objective_face(game, locale, ui, o, size, bleed), objective_back)
            for o in conquest.objectives.cards)
    return result
