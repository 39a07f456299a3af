"""A page rendered by PDFium straight into the bytes a PNG compresses.

PNG compresses its rows each after a filter byte. PDFium draws into a caller's buffer with
any row stride, so each row is given one byte more than its pixels and the buffer starts
one byte in: the byte before every row stays 0 (filter "none") and the whole buffer is the
PNG's row data as it stands. No copy is made between the renderer and zlib (a Pillow image
in between cost a copy for the byte order, one per band and one to insert the filter
bytes), and the background is written with the buffer (one memset-speed repeat) instead of
PDFium's pixel-by-pixel fill. RGBA pieces (tokens) take one copy: see `_rgba`.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import RenderError

OPAQUE_WHITE = b"\xff\xff\xff"
CLEAR_WHITE = b"\xff\xff\xff\x00"
"""What shows where nothing is drawn: white, or white at no opacity for a transparent
piece (PDFium composites onto it, so the edges of a shape blend as they do on paper)."""
FLAGS = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
"""pypdfium2's defaults with RGB byte order, as `PdfPage.render(rev_byteorder=True)`."""


@dataclass(frozen=True, eq=False)
class Scanlines:
    """An 8-bit RGB or RGBA image as PNG row data: `height` rows of `stride` bytes, each a
    filter byte 0 and the row's pixels; `data` has one spare byte at its end."""

    data: bytearray
    width: int
    height: int
    channels: int

    @property
    def stride(self) -> int:
        return self.width * self.channels + 1

    @property
    def mode(self) -> str:
        return "RGBA" if self.channels == 4 else "RGB"

    def rows(self) -> memoryview:
        """The PNG's row data before compression."""
        return memoryview(self.data)[:self.height * self.stride]

    def image(self) -> PilImage.Image:
        """A Pillow copy, for composing (Tabletop Simulator's sheets)."""
        return PilImage.frombytes(self.mode, (self.width, self.height),
                                  memoryview(self.data)[1:], "raw", self.mode, self.stride, 1)


def render_scanlines(page: pypdfium2.PdfPage, pixels: tuple[int, int],
                     transparent: bool) -> Scanlines:
    """The page at the scale that covers `pixels` both ways, in an image of exactly
    `pixels`: PDFium rounds the scaled page up to whole pixels and draws what passes the
    image's right and bottom edges nowhere, so the pixel or two of excess bleed is cut
    there without a copy."""
    width, height = pixels
    if transparent:
        return _rgba(page, width, height)
    # Each row: its filter byte 0, then the background; one spare byte at the end, so the
    # pixels PDFium draws (from byte 1) span exactly height * stride bytes.
    data = bytearray(b"\x00" + OPAQUE_WHITE * width) * height
    data.append(0)
    lines = Scanlines(data, width, height, 3)
    _render(page, pixels, pdfium_c.FPDFBitmap_BGR,
            (ctypes.c_ubyte * (len(data) - 1)).from_buffer(data, 1), lines.stride)
    return lines


def _rgba(page: pypdfium2.PdfPage, width: int, height: int) -> Scanlines:
    """PDFium draws 4-byte pixels only into rows aligned on 4 bytes (it stops the process
    otherwise), so the rows are drawn packed and copied behind their filter bytes."""
    row = 4 * width
    drawn = bytearray(CLEAR_WHITE * width) * height
    _render(page, (width, height), pdfium_c.FPDFBitmap_BGRA,
            (ctypes.c_ubyte * len(drawn)).from_buffer(drawn), row)
    lines = Scanlines(bytearray(height * (row + 1) + 1), width, height, 4)
    target, source = memoryview(lines.data), memoryview(drawn)
    for number in range(height):
        start = number * (row + 1) + 1
        target[start:start + row] = source[number * row:(number + 1) * row]
    return lines


def _render(page: pypdfium2.PdfPage, pixels: tuple[int, int], bitmap_format: int,
            first_row: ctypes.Array[ctypes.c_ubyte], stride: int) -> None:
    width_pt, height_pt = page.get_size()
    width, height = pixels
    scale = max(width / width_pt, height / height_pt)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, bitmap_format, first_row, stride)
    if not bitmap:  # pragma: no cover - PDFium out of memory
        raise RenderError(f"PDFium cannot make a {width}x{height} image")
    try:
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page.raw, 0, 0, math.ceil(width_pt * scale),
                                       math.ceil(height_pt * scale), 0, FLAGS)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
