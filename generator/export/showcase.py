"""Showcase images for a game's page: per deck, a hand of its cards fanned out and a
table-top spread of them beside the face-down deck.

The cards are the kit's own faces (rendered through the PDF, as every raster export),
cut at the trim with rounded corners and a soft shadow, composed with Pillow. Nothing
is random: the small turns of the spread come from the cards' ids, so the same kit gives
byte-identical images.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image as PilImage
from PIL import ImageDraw, ImageFilter

from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.export.files import ExportedFile
from stamperia.generator.export.pngfile import encode_png
from stamperia.generator.export.raster import RasterJob, Tick, render_images

FOLDER = "showcase"
CARD_HEIGHT_PX = 560
"""A card's long side in the images: sharp on a web page at twice its shown size."""
HAND_CARDS = 7
SPREAD_CARDS = 8
HAND_SPAN_DEGREES = 48.0
CANVAS_DPI = 144
TABLE = (46, 74, 62)
"""The green baize the cards lie on."""
BACKDROP = (236, 231, 220)
"""The light paper behind the fanned hand."""


@dataclass(frozen=True)
class _Deck:
    name: str
    cards: tuple[Component, ...]
    """The deck's distinct faces, in the deck's order."""
    back: Component | None


def _decks(components: Sequence[Component]) -> list[_Deck]:
    found: dict[str, list[Component]] = {}
    for card in components:
        if card.kind is Kind.CARD:
            found.setdefault(card.group, [])
            if all(c.id != card.id for c in found[card.group]):
                found[card.group].append(card)
    return [_Deck(name, tuple(cards), next((c for c in cards if c.back is not None), None))
            for name, cards in found.items()]


def _pixels(card: Component) -> tuple[int, int]:
    width, height = card.size.width, card.size.height
    scale = CARD_HEIGHT_PX / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def showcase_files(components: Sequence[Component], fonts: FontSet, tick: Tick
                   ) -> Iterator[ExportedFile]:
    """Two images a deck: `showcase/<deck>-hand.png` and `showcase/<deck>-table.png`."""
    decks = _decks(components)
    jobs: list[RasterJob] = []
    for deck in decks:
        for card in (*deck.cards[:max(HAND_CARDS, SPREAD_CARDS)],):
            jobs.append(RasterJob(card.face, (card.size.width, card.size.height), 0.0,
                                  _pixels(card)))
        if deck.back is not None and deck.back.back is not None:
            jobs.append(RasterJob(deck.back.back, (deck.back.size.width,
                                                   deck.back.size.height), 0.0,
                                  _pixels(deck.back)))
    images = iter(render_images(jobs, fonts, tick))
    for deck in decks:
        faces = [_rounded(next(images)) for _ in deck.cards[:max(HAND_CARDS, SPREAD_CARDS)]]
        back = (_rounded(next(images))
                if deck.back is not None and deck.back.back is not None else None)
        hand = _hand(faces[:HAND_CARDS])
        yield _file(f"{deck.name}-hand.png", deck.name, hand)
        table = _table(faces[:SPREAD_CARDS], back, [c.id for c in deck.cards])
        yield _file(f"{deck.name}-table.png", deck.name, table)


def _file(name: str, deck: str, image: PilImage.Image) -> ExportedFile:
    return ExportedFile(f"{FOLDER}/{name}", Kind.CARD.value, deck, None, None, image.size,
                        CANVAS_DPI, encode_png(image, CANVAS_DPI))


def _rounded(card: PilImage.Image) -> PilImage.Image:
    """The card cut with the rounded corners of a die-cut card (3 mm on a poker card)."""
    mask = PilImage.new("L", card.size, 0)
    radius = round(min(card.size) * 0.05)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius,
                                           fill=255)
    cut = card.convert("RGBA")
    cut.putalpha(mask)
    return cut


def _shadowed(canvas: PilImage.Image, card: PilImage.Image, x: int, y: int) -> None:
    """`card` pasted at (x, y) over a soft shadow falling down and to the right."""
    blur = max(4, card.height // 40)
    shadow = PilImage.new("RGBA", (card.width + 4 * blur, card.height + 4 * blur),
                          (0, 0, 0, 0))
    alpha = card.getchannel("A").point(lambda v: v * 110 // 255)
    shadow.paste((0, 0, 0, 255), (2 * blur, 2 * blur), alpha)
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    canvas.alpha_composite(shadow, (x - 2 * blur + blur // 2, y - 2 * blur + blur))
    canvas.alpha_composite(card, (x, y))


def _hand(faces: Sequence[PilImage.Image]) -> PilImage.Image:
    """The cards held in a fan, turning about a point below the hand, on light paper."""
    width, height = faces[0].size
    count = len(faces)
    radius = height * 1.9
    step = HAND_SPAN_DEGREES / (count - 1) if count > 1 else 0.0
    angles = [(i - (count - 1) / 2) * step for i in range(count)]
    side = round(2 * (radius + height))
    canvas = PilImage.new("RGBA", (side, side), (0, 0, 0, 0))
    pivot = (side / 2, side / 2 + radius / 2)
    for face, angle in zip(faces, angles, strict=True):
        turned = face.rotate(-angle, resample=PilImage.Resampling.BICUBIC, expand=True)
        cx = pivot[0] + radius * math.sin(math.radians(angle))
        cy = pivot[1] - radius * math.cos(math.radians(angle))
        _shadowed(canvas, turned, round(cx - turned.width / 2), round(cy - turned.height / 2))
    left, top, right, bottom = canvas.getchannel("A").getbbox() or (0, 0, side, side)
    margin = height // 8
    framed = PilImage.new("RGBA", (right - left + 2 * margin, bottom - top + 2 * margin),
                          BACKDROP + (255,))
    framed.alpha_composite(canvas.crop((left, top, right, bottom)), (margin, margin))
    return framed.convert("RGB")


def _turn(card_id: str) -> float:
    """A small turn of a card in the spread, -3 to 3 degrees, from its id."""
    digest = hashlib.sha1(card_id.encode("utf-8")).digest()
    return (digest[0] / 255.0 - 0.5) * 6.0


def _table(faces: Sequence[PilImage.Image], back: PilImage.Image | None,
           ids: Sequence[str]) -> PilImage.Image:
    """The deck face down at the left and its cards dealt face up in rows beside it."""
    width, height = faces[0].size
    gap = width // 6
    columns = min(len(faces), 4)
    rows = math.ceil(len(faces) / columns)
    left = (width + gap) if back is not None else 0
    canvas_w = left + columns * (width + gap) + 2 * gap
    canvas_h = rows * (height + gap) + 2 * gap
    canvas = PilImage.new("RGBA", (canvas_w, canvas_h), TABLE + (255,))
    if back is not None:
        top = (canvas_h - height) // 2
        for layer in range(5, -1, -1):  # a stack: each card a little lower and further
            _shadowed(canvas, back, 2 * gap - layer * 3, top + layer * 3)
    for number, face in enumerate(faces):
        row, column = divmod(number, columns)
        turned = face.rotate(_turn(ids[number]), resample=PilImage.Resampling.BICUBIC,
                             expand=True)
        x = left + 2 * gap + column * (width + gap) + (width - turned.width) // 2
        y = 3 * gap // 2 + row * (height + gap) + (height - turned.height) // 2
        _shadowed(canvas, turned, x, y)
    return canvas.convert("RGB")
