"""The id a printed card or token carries, so a playtester's note can name it.

`SG-OBJ-07 · v0.3 · 3b20b7`: the game's code (the first two letters of its id), the
group's code (the first three letters of its deck or kind), the piece's number in the
content's order, then the game's declared version (when game.json gives one) and the
first six digits of the content hash. Reports and check findings name a piece by the same
id, so what a finding says is found on the table.
"""

from __future__ import annotations

MAX_NUMBER = 999


def _letters(text: str, count: int) -> str:
    letters = "".join(c for c in text if c.isalpha())
    return (letters[:count] or "X").upper()


def piece_id(game_id: str, group: str, number: int) -> str:
    """`SG-OBJ-07` for the 7th piece of group 'objectives' of a game whose id starts 'sg'."""
    width = 2 if number < 100 else 3
    return f"{_letters(game_id, 2)}-{_letters(group, 3)}-{min(number, MAX_NUMBER):0{width}d}"


def stamp_text(piece: str, version: str | None, content: str) -> str:
    """What the piece prints: its id, the game's version if declared, the content hash."""
    parts = [piece, *([f"v{version}"] if version else []), content[:6]]
    return " · ".join(parts)
