"""One PNG per card face and back, per token and per board, from the kit's pieces.

Names carry the deck, the card's id and the copy (`cards/actions/zannata-1.png`, its back
`cards/actions/zannata-1-back.png`); tokens and boards are one image per design
(`tokens/<kind>/<id>.png`, `pieces/<kind>/<id>.png`, `boards/<id>.png`; a token that is a
kind of its own, `tokens/<id>.png`), the manifest saying how many it stands for.
Copies drawn alike are rendered once.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass

from stamperia.generator.draw.drawing import Item
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.export.files import ExportedFile
from stamperia.generator.export.pngfile import encode_scanlines
from stamperia.generator.export.raster import (
    MM_PER_INCH,
    RasterJob,
    Tick,
    job_at,
    render_scanline_pages,
)
from stamperia.generator.export.scanlines import Scanlines

BOARD_MAX_PIXELS = 32_000_000
FOLDERS = {Kind.CARD: "cards", Kind.TOKEN: "tokens", Kind.PIECE: "pieces",
           Kind.BOARD: "boards"}

Namer = Callable[[Component, str], str]
"""The path of a piece's side ('face' or 'back'), relative to the export's folder."""


@dataclass(frozen=True)
class PngOptions:
    dpi: int = 300
    trim: bool = False


class RenderedPngs:
    """The PNG bytes of the drawings one build has rendered, by drawing: a later locale's
    identical drawing (a back without words, a token's mark, a board) is written from
    them rather than rendered again. One per build, handed from locale to locale."""

    def __init__(self) -> None:
        self._bytes: dict[RasterJob, bytes] = {}

    def get(self, job: RasterJob) -> bytes | None:
        return self._bytes.get(job)

    def keep(self, job: RasterJob, data: bytes) -> None:
        self._bytes[job] = data


def default_name(component: Component, side: str) -> str:
    suffix = "" if side == "face" else "-back"
    folder = FOLDERS[component.kind]
    if component.kind is Kind.CARD:
        return f"{folder}/{component.group}/{component.id}-{component.copy}{suffix}.png"
    if component.kind in (Kind.TOKEN, Kind.PIECE) and component.group:
        return f"{folder}/{component.group}/{component.id}{suffix}.png"
    return f"{folder}/{component.id}{suffix}.png"


def sides(component: Component) -> Iterator[tuple[str, tuple[Item, ...]]]:
    """The piece's drawn sides: its face, and its back when it has one."""
    yield "face", component.face
    if component.back is not None:
        yield "back", component.back


def png_files(components: Sequence[Component], options: PngOptions, fonts: FontSet,
              tick: Tick, name: Namer = default_name,
              rendered: RenderedPngs | None = None) -> Iterator[ExportedFile]:
    """Every side of every piece as a PNG, distinct drawings rendered once each (once per
    build, given the build's `rendered`)."""
    rendered = rendered if rendered is not None else RenderedPngs()
    jobs: dict[RasterJob, list[tuple[Component, str]]] = {}
    dpis: dict[RasterJob, int] = {}
    for component in components:
        dpi = piece_dpi(component, options.dpi)
        for side, items in sides(component):
            bleed = 0.0 if options.trim else component.bleed
            job = job_at(items, (component.size.width, component.size.height), bleed, dpi,
                         transparent=component.kind in (Kind.TOKEN, Kind.PIECE))
            jobs.setdefault(job, []).append((component, side))
            dpis[job] = dpi
    images = render_scanline_pages([job for job in jobs if rendered.get(job) is None],
                                   fonts, tick)
    with closing(images), ThreadPoolExecutor(max_workers=1,
                                             thread_name_prefix="png-deflate") as encoder:
        # PDFium (through ctypes) and zlib both let other threads run: each image is
        # encoded while the next page renders; at most two wait, so memory stays small.
        pending: deque[tuple[RasterJob, Future[bytes]]] = deque()
        for job in jobs:
            pending.append((job, _encoded(job, rendered, images, encoder, dpis[job])))
            if len(pending) > 2:
                yield from _files(*pending.popleft(), jobs, dpis, name, rendered)
        while pending:
            yield from _files(*pending.popleft(), jobs, dpis, name, rendered)


def _encoded(job: RasterJob, rendered: RenderedPngs,
             images: Generator[Scanlines, None, None], encoder: ThreadPoolExecutor,
             dpi: int) -> Future[bytes]:
    """The job's PNG: the bytes already made, else the next rendered image, encoded."""
    known = rendered.get(job)
    if known is not None:
        done: Future[bytes] = Future()
        done.set_result(known)
        return done
    return encoder.submit(encode_scanlines, next(images), dpi)


def piece_dpi(component: Component, dpi: int) -> int:
    """`dpi`, lowered for a board whose image would pass BOARD_MAX_PIXELS (an A1 board at
    1200 dpi is over a billion pixels, beyond any memory this runs in)."""
    if component.kind is not Kind.BOARD:
        return dpi
    area_in2 = component.size.width * component.size.height / MM_PER_INCH ** 2
    return min(dpi, math.floor(math.sqrt(BOARD_MAX_PIXELS / area_in2)))


def _files(job: RasterJob, encoded: Future[bytes],
           jobs: dict[RasterJob, list[tuple[Component, str]]], dpis: dict[RasterJob, int],
           name: Namer, rendered: RenderedPngs) -> Iterator[ExportedFile]:
    data = encoded.result()
    rendered.keep(job, data)
    for component, side in jobs[job]:
        yield ExportedFile(name(component, side), component.kind.value, component.group or None,
                           component.id, side, job.pixels, dpis[job], data,
                           count=None if component.kind is Kind.CARD else component.count)
