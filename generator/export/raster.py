"""Pieces drawn alone to pixels: each on its own PDF page, rasterised by PDFium.

Why through the PDF backend: it is what prints, so a PNG shows the printed card exactly
(same fonts, same fitted text, same clip), and PDFium comes as a wheel with no system
libraries. Each page is exactly one piece, so no crop boxes have to be worked out from a
sheet. The pages are written a few at a time, in a thread of their own: ReportLab builds
the next PDF while PDFium (which lets other threads run) renders the last one, and the
first image is ready after two pages rather than after the whole kit. Every chunk is a
whole document, so font embedding is paid once per chunk; the chunks grow to
`CHUNK_PAGES[-1]` pages, which keeps that cost small. The pixels do not depend on the
chunking.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pypdfium2
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import ClipRect, Group, Item, Page, RenderError
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, PrintSettings, render_pdf
from stamperia.generator.export.scanlines import Scanlines, render_scanlines

MM_PER_INCH = 25.4
CHUNK_PAGES = (2, 4, 8, 16)

Tick = Callable[[int, int], None]
"""Told (pages rendered, pages in all) after each page: what a progress bar reads."""


@dataclass(frozen=True)
class RasterJob:
    """A drawing in trim coordinates, shown with `bleed` mm around a `trim` of (w, h) mm,
    as an image of exactly `pixels`; `transparent` keeps what is not drawn see-through."""

    items: tuple[Item, ...]
    trim: tuple[float, float]
    bleed: float
    pixels: tuple[int, int]
    transparent: bool = False


def pixels_for(length_mm: float, dpi: int) -> int:
    """Pixels a length covers at `dpi`, rounded to the nearest (69.5 mm at 300 dpi: 821)."""
    return round(length_mm * dpi / MM_PER_INCH)


def effective_dpi(pixels: int, length_mm: float) -> int:
    """The DPI at which `pixels` cover `length_mm`: what a scaled-down image records."""
    return max(1, round(pixels * MM_PER_INCH / length_mm))


def job_at(items: tuple[Item, ...], trim: tuple[float, float], bleed: float, dpi: int,
           transparent: bool = False) -> RasterJob:
    """A job whose pixel size is the trim plus bleed at `dpi`."""
    width, height = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    return RasterJob(items, trim, bleed, (pixels_for(width, dpi), pixels_for(height, dpi)),
                     transparent)


def piece_page(items: tuple[Item, ...], trim: tuple[float, float], bleed: float) -> Page:
    """A page of exactly one piece with `bleed` mm around its trim, clipped there."""
    width, height = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    return Page(width, height, (Group(items, translate=(bleed, bleed),
                                      clip=ClipRect(-bleed, -bleed, width, height)),))


def render_scanline_pages(jobs: Sequence[RasterJob], fonts: FontSet, tick: Tick
                          ) -> Generator[Scanlines, None, None]:
    """One image per job, in order, as PNG row data, rendered one page at a time (memory
    stays a page and the PDF chunks). PDFium is called only from the caller's thread."""
    if not jobs:
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="raster-pdf") as writer:
        spans = chunk_spans(len(jobs))
        pdfs = [writer.submit(_chunk_pdf, jobs[span.start:span.stop], fonts)
                for span in spans]
        try:
            for span, pdf in zip(spans, pdfs, strict=True):
                yield from _rendered(pdf.result(), jobs, span, tick)
        finally:
            for pending in pdfs:
                pending.cancel()


def render_images(jobs: Sequence[RasterJob], fonts: FontSet, tick: Tick
                  ) -> Generator[PilImage.Image, None, None]:
    """One Pillow image per job, in order: what Tabletop Simulator's sheets are made of."""
    for lines in render_scanline_pages(jobs, fonts, tick):
        yield lines.image()


def chunk_spans(count: int) -> list[range]:
    """The pages of each PDF chunk: CHUNK_PAGES, then the last size until all are taken."""
    spans: list[range] = []
    while (first := spans[-1].stop if spans else 0) < count:
        size = CHUNK_PAGES[min(len(spans), len(CHUNK_PAGES) - 1)]
        spans.append(range(first, min(first + size, count)))
    return spans


def _chunk_pdf(jobs: Sequence[RasterJob], fonts: FontSet) -> bytes:
    """The jobs' pages as one uncompressed PDF (read straight back: deflating page streams
    only to inflate them again costs time and saves nothing)."""
    pages = [piece_page(job.items, job.trim, job.bleed) for job in jobs]
    return render_pdf(pages, fonts, PdfMetadata("stamperia raster"),
                      PrintSettings(compressed=False))


def _rendered(pdf: bytes, jobs: Sequence[RasterJob], span: range, tick: Tick
              ) -> Iterator[Scanlines]:
    try:
        document = pypdfium2.PdfDocument(pdf)
    except pypdfium2.PdfiumError as error:  # pragma: no cover - our own PDF
        raise RenderError(f"cannot rasterise the pieces: {error}") from None
    try:
        for index, number in enumerate(span):
            job = jobs[number]
            page = document[index]
            try:
                lines = render_scanlines(page, job.pixels, job.transparent)
            finally:
                page.close()
            tick(number + 1, len(jobs))
            yield lines
    finally:
        document.close()
