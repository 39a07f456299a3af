"""Which printed texts a game needs: keys derived from the ids of what it contains."""

from __future__ import annotations

from stamperia.content.errors import Origin
from stamperia.content.model import Game


def text_keys(game: Game) -> tuple[dict[str, Origin], set[str]]:
    """(required key -> what needs it, optional keys that may exist)."""
    required: dict[str, Origin] = {"game.title": game.origin.child("/id")}
    optional: set[str] = {"game.subtitle"}
    for part in game.parts:
        part_required, part_optional = part.text_keys()
        required.update(part_required)
        optional.update(part_optional)
    return required, optional
