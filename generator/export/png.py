"""One PNG per card face and back, per token and per board, from the kit's pieces.

Names carry the deck, the card's id and the copy (`cards/actions/zannata-1.png`, its back
`cards/actions/zannata-1-back.png`); tokens and boards are one image per design
(`tokens/<kind>/<id>.png`, `pieces/<kind>/<id>.png`, `boards/<id>.png`), the manifest
saying how many it stands for.
Copies drawn alike are rendered once.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from generator.components import Component, Kind
from generator.drawing import Item
from generator.export.files import ExportedFile
from generator.export.pngfile import encode_png
from generator.export.raster import MM_PER_INCH, RasterJob, Tick, job_at, render_images
from generator.fonts import FontSet

BOARD_MAX_PIXELS = 32_000_000
FOLDERS = {Kind.CARD: "cards", Kind.TOKEN: "tokens", Kind.PIECE: "pieces",
           Kind.BOARD: "boards"}

Namer = Callable[[Component, str], str]
"""The path of a piece's side ('face' or 'back'), relative to the export's folder."""


@dataclass(frozen=True)
class PngOptions:
    dpi: int = 300
    trim: bool = False


def default_name(component: Component, side: str) -> str:
    suffix = "" if side == "face" else "-back"
    folder = FOLDERS[component.kind]
    if component.kind is Kind.CARD:
        return f"{folder}/{component.group}/{component.id}-{component.copy}{suffix}.png"
    if component.kind in (Kind.TOKEN, Kind.PIECE):
        return f"{folder}/{component.group}/{component.id}{suffix}.png"
    return f"{folder}/{component.id}{suffix}.png"


def sides(component: Component) -> Iterator[tuple[str, tuple[Item, ...]]]:
    """The piece's drawn sides: its face, and its back when it has one."""
    yield "face", component.face
    if component.back is not None:
        yield "back", component.back


def png_files(components: Sequence[Component], options: PngOptions, fonts: FontSet,
              tick: Tick, name: Namer = default_name) -> Iterator[ExportedFile]:
    """Every side of every piece as a PNG, distinct drawings rendered once each."""
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
    with ThreadPoolExecutor(max_workers=1) as encoder:
        # PDFium (through ctypes) and zlib both let other threads run: each image is
        # encoded while the next page renders; at most two wait, so memory stays small.
        pending: deque[tuple[RasterJob, Future[bytes]]] = deque()
        for job, image in zip(jobs, render_images(list(jobs), fonts, tick), strict=True):
            pending.append((job, encoder.submit(encode_png, image, dpis[job])))
            del image
            if len(pending) > 2:
                yield from _files(*pending.popleft(), jobs, dpis, name)
        while pending:
            yield from _files(*pending.popleft(), jobs, dpis, name)


def piece_dpi(component: Component, dpi: int) -> int:
    """`dpi`, lowered for a board whose image would pass BOARD_MAX_PIXELS (an A1 board at
    1200 dpi is over a billion pixels, beyond any memory this runs in)."""
    if component.kind is not Kind.BOARD:
        return dpi
    area_in2 = component.size.width * component.size.height / MM_PER_INCH ** 2
    return min(dpi, math.floor(math.sqrt(BOARD_MAX_PIXELS / area_in2)))


def _files(job: RasterJob, encoded: Future[bytes],
           jobs: dict[RasterJob, list[tuple[Component, str]]], dpis: dict[RasterJob, int],
           name: Namer) -> Iterator[ExportedFile]:
    data = encoded.result()
    for component, side in jobs[job]:
        yield ExportedFile(name(component, side), component.kind.value, component.group,
                           component.id, side, job.pixels, dpis[job], data,
                           count=None if component.kind is Kind.CARD else component.count)
