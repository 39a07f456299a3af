"""Images as the PDF prints them, sampled: does each image box draw its art?

An SVG feature the PDF backend's reader lacks (a pattern fill, a mask, a filter) prints as
nothing, or as one flat colour, with no error. `build --verify` draws each distinct image
of the kit alone into a small PDF page, renders it (pdfium) and compares: a rendering that
is one flat colour where the art is not is a finding. Only a build loads this module (the
PDF library and pdfium), never a check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from stamperia.generator.draw.drawing import Image, Page
from stamperia.generator.draw.fonts import FontSet

SAMPLE_MM = 24.0
SAMPLE_PX = 96
FLAT = 1.5
"""Standard deviation (0-255) under which every channel of a rendering is one colour."""
_COLOURS = re.compile(rb"#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|url\(#")


def flat_images(images: Iterable[Image], fonts: FontSet) -> list[str]:
    """The paths of the images whose rendering is flat while the art is not, each once,
    in the order first drawn."""
    found: list[str] = []
    seen: set[Path] = set()
    for image in images:
        if image.path in seen:
            continue
        seen.add(image.path)
        if not _flat_art(image.path) and _flat_rendering(image.path, fonts):
            found.append(str(image.path))
    return found


def _flat_art(path: Path) -> bool:
    """Whether the art itself is one colour: a raster's pixels, an SVG's paints (one
    colour and no gradient)."""
    if path.suffix.lower() == ".svg":
        return len(set(_COLOURS.findall(path.read_bytes()))) < 2
    from PIL import Image as PilImage
    from PIL import ImageStat

    with PilImage.open(path) as picture:
        sample = picture.convert("RGB")
        sample.thumbnail((SAMPLE_PX, SAMPLE_PX))
        return max(ImageStat.Stat(sample).stddev) < FLAT


def _flat_rendering(path: Path, fonts: FontSet) -> bool:
    import pypdfium2
    from PIL import ImageStat

    from stamperia.generator.draw.pdf import PdfMetadata, render_pdf

    page = Page(SAMPLE_MM, SAMPLE_MM, (Image(path, 0, 0, SAMPLE_MM, SAMPLE_MM),), "sample")
    data = render_pdf([page], fonts, PdfMetadata("sample", "stamperia"))
    scale = SAMPLE_PX / (SAMPLE_MM / 25.4 * 72)
    document = pypdfium2.PdfDocument(data)
    try:
        picture = document[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()
    return max(ImageStat.Stat(picture).stddev) < FLAT
