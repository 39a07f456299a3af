"""Pieces drawn alone to pixels: each on its own PDF page, rasterised by PDFium.

Why through the PDF backend: it is what prints, so a PNG shows the printed card exactly
(same fonts, same fitted text, same clip), and PDFium comes as a wheel with no system
libraries. Every distinct piece goes on one page of a single PDF, so ReportLab's font
embedding and PDFium's document loading are paid once, not once per card; each page is
exactly one piece, so no crop boxes have to be worked out from a sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

import pypdfium2
from PIL import Image as PilImage

from generator.drawing import ClipRect, Group, Item, Page, RenderError
from generator.fonts import FontSet
from generator.pdf import PdfMetadata, PrintSettings, render_pdf

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0

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


def render_images(jobs: Sequence[RasterJob], fonts: FontSet, tick: Tick
                  ) -> Generator[PilImage.Image, None, None]:
    """One image per job, in order, rendered one page at a time (memory stays one page)."""
    if not jobs:
        return
    pages = [piece_page(job.items, job.trim, job.bleed) for job in jobs]
    pdf = render_pdf(pages, fonts, PdfMetadata("stamperia raster"),
                     PrintSettings(compressed=False))
    try:
        document = pypdfium2.PdfDocument(pdf)
    except pypdfium2.PdfiumError as error:  # pragma: no cover - our own PDF
        raise RenderError(f"cannot rasterise the pieces: {error}") from None
    try:
        for index, job in enumerate(jobs):
            image = _render_page(document[index], job)
            tick(index + 1, len(jobs))
            yield image
    finally:
        document.close()


def _render_page(page: pypdfium2.PdfPage, job: RasterJob) -> PilImage.Image:
    """The page at the scale that covers the wanted pixels both ways; PDFium rounds sizes
    up and cuts whole pixels, so the pixel or two of excess bleed is cut off on the right
    and at the bottom by PDFium itself, with no copy of the image."""
    width_pt, height_pt = page.get_size()
    want_w, want_h = job.pixels
    scale = max(want_w / width_pt, want_h / height_pt)
    extra_x = math.ceil(width_pt * scale) - want_w
    extra_y = math.ceil(height_pt * scale) - want_h
    # Half a pixel short of each excess: PDFium's ceil() lands on it exactly.
    cut_x = (extra_x - 0.5) / scale if extra_x > 0 else 0.0
    cut_y = (extra_y - 0.5) / scale if extra_y > 0 else 0.0
    fill = (255, 255, 255, 0) if job.transparent else (255, 255, 255, 255)
    bitmap = page.render(scale=scale, crop=(0.0, cut_y, cut_x, 0.0), fill_color=fill,
                         rev_byteorder=True)
    image: PilImage.Image = bitmap.to_pil()
    page.close()
    if image.size != (want_w, want_h):  # pragma: no cover - PDFium rounded otherwise
        raise RenderError(f"rendered {image.size}, not {job.pixels}")
    mode = "RGBA" if job.transparent else "RGB"
    return image if image.mode == mode else image.convert(mode)
