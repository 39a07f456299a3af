"""PNG bytes a print shop or a game table can trust: sRGB, the DPI in pHYs, no timestamp.

Pillow writes no tIME chunk and no text chunks unless asked, so the same pixels give the
same bytes; the sRGB chunk (with the gAMA value the PNG specification pairs with it) says
how to read the colours without embedding an ICC profile, whose header carries a date.
"""

from __future__ import annotations

import io

from PIL import Image as PilImage
from PIL.PngImagePlugin import PngInfo

SRGB_PERCEPTUAL = b"\x00"
SRGB_GAMMA = (45455).to_bytes(4, "big")


def encode_png(image: PilImage.Image, dpi: int) -> bytes:
    info = PngInfo()
    info.add(b"sRGB", SRGB_PERCEPTUAL)
    info.add(b"gAMA", SRGB_GAMMA)
    stream = io.BytesIO()
    image.save(stream, "PNG", pnginfo=info, dpi=(dpi, dpi), compress_level=6)
    return stream.getvalue()
