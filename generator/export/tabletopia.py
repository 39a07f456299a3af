"""Tabletopia upload images: one image a component face, as its Workshop asks for them.

Tabletopia publishes no import file: a game is built in its Workshop from uploaded images.
Its guide (https://help.tabletopia.com/knowledge-base/how-to-prepare-graphics/) asks for
each component's image in a file of its own, front and back in separate files (a deck
of 52 cards with one back is 53 files), both sides of a card the same size, and every
component of a type exactly the same size in pixels. So this writes, under
`tabletopia/`, each distinct card face once (the manifest counts its copies), each
distinct back of a deck once, every token, piece and board, cut at the trim (a
virtual table shows no bleed), at the build's DPI (boards kept within 4096 px).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from stamperia.generator.draw.drawing import Item
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.export.files import ExportedFile
from stamperia.generator.export.pngfile import encode_png
from stamperia.generator.export.raster import (
    RasterJob,
    Tick,
    effective_dpi,
    pixels_for,
    render_images,
)

FOLDER = "tabletopia"
MAX_SIDE_PX = 4096


def _job(items: tuple[Item, ...], piece: Component, dpi: int, transparent: bool) -> RasterJob:
    width, height = pixels_for(piece.size.width, dpi), pixels_for(piece.size.height, dpi)
    scale = min(1.0, MAX_SIDE_PX / max(width, height))
    return RasterJob(items, (piece.size.width, piece.size.height), 0.0,
                     (max(1, round(width * scale)), max(1, round(height * scale))),
                     transparent)


def tabletopia_files(components: Sequence[Component], dpi: int, fonts: FontSet, tick: Tick
                     ) -> Iterator[ExportedFile]:
    """The images to upload, each with the piece it shows and how many copies it stands
    for (a card's copies in its deck, a token's count)."""
    planned: list[tuple[str, Component, str, int, RasterJob]] = []
    faces: dict[tuple[str, str], int] = {}
    for card in (c for c in components if c.kind is Kind.CARD):
        faces[(card.group, card.id)] = faces.get((card.group, card.id), 0) + 1
    backs: dict[str, list[tuple[tuple[Item, ...], int]]] = {}
    for card in (c for c in components if c.kind is Kind.CARD):
        key = (card.group, card.id)
        if card.copy == 1:
            planned.append((f"cards/{card.group}/{card.id}.png", card, "face", faces[key],
                            _job(card.face, card, dpi, False)))
        if card.back is not None:
            known = backs.setdefault(card.group, [])
            for number, (items, _count) in enumerate(known):
                if items == card.back:
                    known[number] = (items, known[number][1] + 1)
                    break
            else:
                known.append((card.back, 1))
                planned.append((f"cards/{card.group}/back-{len(known)}.png", card, "back", 0,
                                _job(card.back, card, dpi, False)))
    counted = {(group, n + 1): count for group, known in backs.items()
               for n, (_items, count) in enumerate(known)}
    for piece in (c for c in components if c.kind in (Kind.TOKEN, Kind.PIECE, Kind.BOARD)):
        folder = "boards" if piece.kind is Kind.BOARD else "tokens"
        stem = "-".join(filter(None, (piece.group, piece.id))) or piece.kind.value
        transparent = piece.kind is not Kind.BOARD
        planned.append((f"{folder}/{stem}.png", piece, "face", piece.count,
                        _job(piece.face, piece, dpi, transparent)))
        if piece.back is not None:
            planned.append((f"{folder}/{stem}-back.png", piece, "back", piece.count,
                            _job(piece.back, piece, dpi, transparent)))
    images = render_images([job for *_rest, job in planned], fonts, tick)
    for (path, piece, side, count, _job_done), image in zip(planned, images, strict=True):
        if side == "back" and piece.kind is Kind.CARD:
            number = int(path.rsplit("-", 1)[1].removesuffix(".png"))
            count = counted[(piece.group, number)]
        shown = effective_dpi(image.width, piece.size.width)
        yield ExportedFile(f"{FOLDER}/{path}", piece.kind.value, piece.group or None,
                           piece.id if not (side == "back" and piece.kind is Kind.CARD)
                           else None, side, image.size, shown, encode_png(image, shown),
                           count=count)
