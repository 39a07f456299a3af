"""PNG bytes a print shop or a game table can trust: sRGB, the DPI in pHYs, no timestamp.

Written here rather than by Pillow's encoder, which tries every row filter at full zlib
effort and took three quarters of an export's time: card art is large flat areas, which
deflate at level 1 with no row filter packs nearly as small, four times faster (zlib also
lets other threads run meanwhile). zlib's memory level is 7, not its default 8: every
32 KB of input zlib rebases its hash table, a large share of level 1's work on flat art,
and a table half the size deflated a 108-card kit ~7 % faster into files 0.2 %
smaller (levels 2-3 were no faster; Z_RLE after the Sub or Up filter was no faster and
larger; level 0 is five times faster but makes files thirty times larger). The deflate
stays zlib's: ISA-L's is about six times faster on card art, but its output depends on the
processor's instruction set, so two machines would write different bytes for the same
kit. The chunks are fixed (IHDR, sRGB with the gAMA value the PNG specification pairs with
it, pHYs, IDAT, IEND), so the same pixels give the same bytes; no ICC profile, whose
header carries a date.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image as PilImage

from stamperia.generator.export.scanlines import Scanlines

SIGNATURE = b"\x89PNG\r\n\x1a\n"
SRGB_PERCEPTUAL = b"\x00"
SRGB_GAMMA = 45455
COLOUR_TYPES = {"RGB": (2, 3), "RGBA": (6, 4)}
INCH_PER_METRE = 1 / 0.0254
BAND_ROWS = 256
LEVEL = 1
MEMORY_LEVEL = 7


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data)))


def encode_png(image: PilImage.Image, dpi: int) -> bytes:
    """An 8-bit RGB or RGBA PNG of the image, `dpi` recorded as pixels per metre."""
    if image.mode not in COLOUR_TYPES:
        image = image.convert("RGB")
    return _png(image.size, image.mode, _deflated_bands(image), dpi)


def encode_scanlines(lines: Scanlines, dpi: int) -> bytes:
    """The PNG of rendered row data, compressed as it lies (zlib lets other threads run
    meanwhile)."""
    compressor = _compressor()
    data = compressor.compress(lines.rows()) + compressor.flush()
    return _png((lines.width, lines.height), lines.mode, data, dpi)


def _png(size: tuple[int, int], mode: str, idat: bytes, dpi: int) -> bytes:
    colour_type, _channels = COLOUR_TYPES[mode]
    width, height = size
    per_metre = round(dpi * INCH_PER_METRE)
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
        _chunk(b"sRGB", SRGB_PERCEPTUAL),
        _chunk(b"gAMA", struct.pack(">I", SRGB_GAMMA)),
        _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
        _chunk(b"IDAT", idat),
        _chunk(b"IEND", b""),
    ))


def _compressor() -> zlib._Compress:
    return zlib.compressobj(LEVEL, zlib.DEFLATED, 15, MEMORY_LEVEL)


def _deflated_bands(image: PilImage.Image) -> bytes:
    """The rows, each after its filter byte 0 (none), compressed band by band so a large
    image never holds more than one band of raw bytes beside it."""
    row = image.width * COLOUR_TYPES[image.mode][1]
    compressor = _compressor()
    parts = []
    for top in range(0, image.height, BAND_ROWS):
        band = image.crop((0, top, image.width, min(top + BAND_ROWS, image.height)))
        # The band as one byte per pixel, pasted one column in: each row gets its
        # leading filter byte at C speed.
        rows = PilImage.frombytes("L", (row, band.height), band.tobytes())
        filtered = PilImage.new("L", (row + 1, band.height), 0)
        filtered.paste(rows, (1, 0))
        parts.append(compressor.compress(filtered.tobytes()))
    parts.append(compressor.flush())
    return b"".join(parts)
