"""What an export hands back: files to write, each described for the build's manifest."""

from __future__ import annotations

from dataclasses import dataclass


class ExportError(ValueError):
    """Pieces an export cannot write as asked (a deck larger than a sheet can hold)."""


@dataclass(frozen=True)
class ExportedFile:
    """`path` is relative to the locale's folder; `group` the deck or piece kind, `card`
    the piece's id and `side` face or back, when the file shows one piece; `count` how
    many identical pieces a token, piece or board image stands for."""

    path: str
    component: str
    group: str | None
    card: str | None
    side: str | None
    pixels: tuple[int, int] | None
    dpi: int | None
    data: bytes
    pages: int = 1
    count: int | None = None
