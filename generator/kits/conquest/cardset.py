"""Every physical conquest card, face and back, drawn by the game's layouts: the fields
each layout reads come from the decks, factions and objectives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.look.layouts import Scalar
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Card, Conquest, Deck, Faction
from stamperia.generator.kits.conquest.cards import CardArt
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.print.sizes import Size


@dataclass(frozen=True)
class CardPair:
    """A physical card: face and back, drawn at the same size."""

    face: CardArt
    back: CardArt


def event_fields(deck: Deck, card: Card) -> dict[str, Scalar]:
    return {"deck": deck.id, "card": card.id, "timing": card.timing,
            "continue": card.continue_icon}


def action_fields(deck: Deck, card: Card, faction: Faction) -> dict[str, Scalar]:
    return {**event_fields(deck, card), "faction": faction.id}


def all_cards(game: Game, look: Look, size: Size, bleed: float
              ) -> Mapping[str, tuple[CardPair, ...]]:
    """Every physical card of the game, grouped by deck, copies repeated."""
    conquest = game.part(Conquest)
    result: dict[str, tuple[CardPair, ...]] = {}

    def art(layout: str, name: str, fields: Mapping[str, Scalar],
            piece: PieceNumber | None = None) -> CardArt:
        return CardArt(name, look.draw(layout, name, fields, size, bleed, piece=piece))

    def copies(card: CardArt, back: CardArt, count: int) -> tuple[CardPair, ...]:
        """A card's copies: drawn once (a card with no copies is not drawn), the same
        drawing repeated."""
        return (CardPair(card, back),) * count

    for deck in conquest.decks:
        if deck.per_faction:
            for faction in conquest.factions:
                back = art("back", f"back/{deck.id}/{faction.id}",
                           {"deck": deck.id, "back": f"faction_{faction.id}",
                            "faction": faction.id, "emblem": faction.id})
                result[f"{deck.id}-{faction.id}"] = tuple(
                    pair for number, card in enumerate(deck.cards, start=1) if card.copies
                    for pair in copies(art("action", f"{deck.id}/{faction.id}/{card.id}",
                                           action_fields(deck, card, faction),
                                           PieceNumber(deck.id, number)), back,
                                       card.copies))
        else:
            back = art("back", f"back/{deck.id}", {"deck": deck.id, "back": "event"})
            result[deck.id] = tuple(
                pair for number, card in enumerate(deck.cards, start=1) if card.copies
                for pair in copies(art("event", f"{deck.id}/{card.id}",
                                       event_fields(deck, card), PieceNumber(deck.id, number)),
                                   back, card.copies))
    if conquest.objectives is not None and conquest.board is not None:
        back = art("back", "back/objectives", {"deck": "objectives", "back": "objective"})
        result["objectives"] = tuple(
            CardPair(art("objective", f"objectives/{o.id}",
                         {"deck": "objectives", "objective": o.id, "total": o.total},
                         PieceNumber("objectives", number)), back)
            for number, o in enumerate(conquest.objectives.cards, start=1))
    return result
