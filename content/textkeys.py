"""Which printed texts a game needs: keys derived from the ids of what it contains."""

from __future__ import annotations

from content.errors import Origin
from content.model import Game

FACTION_FIELDS = ("name", "trait", "place", "leader", "lore")
FACTION_OPTIONAL = ("motto", "token")


def text_keys(game: Game) -> tuple[dict[str, Origin], set[str]]:
    """(required key -> what needs it, optional keys that may exist)."""
    required: dict[str, Origin] = {"game.title": game.origin.child("/id")}
    optional: set[str] = {"game.subtitle"}
    if game.board is not None:
        for territory in game.board.territories:
            required[f"territory.{territory.id}.name"] = territory.origin
        for zone in game.board.zones:
            required[f"zone.{zone.id}.name"] = zone.origin
        for kind in game.board.link_kinds:
            required[f"link_kind.{kind.id}.name"] = kind.origin
    for faction in game.factions:
        for name in FACTION_FIELDS:
            required[f"faction.{faction.id}.{name}"] = faction.origin
        optional.update(f"faction.{faction.id}.{name}" for name in FACTION_OPTIONAL)
    for deck in game.decks:
        required[f"deck.{deck.id}.name"] = deck.origin
        for card in deck.cards:
            required[f"card.{deck.id}.{card.id}.name"] = card.origin
            required[f"card.{deck.id}.{card.id}.text"] = card.origin
    if game.objectives is not None:
        required["deck.objectives.name"] = game.objectives.origin
        optional.update(f"objective.{o.id}.name" for o in game.objectives.cards)
    for piece in game.pieces:
        required[f"component.{piece.id}.name"] = piece.origin
        optional.add(f"component.{piece.id}.plural")
    for die in game.dice:
        required[f"component.{die.id}.name"] = die.origin
    for part in game.extras.values():
        part_required, part_optional = part.text_keys()
        required.update(part_required)
        optional.update(part_optional)
    return required, optional
