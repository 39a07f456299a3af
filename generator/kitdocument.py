"""What a kit is made of: options from the command line and the documents it writes."""

from __future__ import annotations

from dataclasses import dataclass

from generator.drawing import Page
from generator.imposition import DEFAULT_BLEED, Duplex
from generator.sizes import Size


@dataclass(frozen=True)
class KitOptions:
    paper: Size
    card: Size
    duplex: Duplex
    bleed: float = DEFAULT_BLEED


@dataclass(frozen=True)
class KitDocument:
    """One output file: its stem, what it holds, its pages and how to print them."""

    stem: str
    component: str
    title: str
    pages: tuple[Page, ...]
    duplex: str
    card_size: Size | None = None
