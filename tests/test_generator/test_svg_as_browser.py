"""SVG art as Inkscape and Illustrator write it (linear and radial gradients, a gradient
borrowing its stops through xlink:href, clip paths by attribute and by CSS class with a
<use> inside, fill, element and group opacity) prints as a browser shows it: the PDF page,
rendered by pdfium, against a headless Chromium screenshot of the same SVG.

Tolerance: the two renderers anti-alias edges differently and svglib fills a clipped
gradient shape to its clip rather than to the shape inside it, so pixels are compared at
200x200 in the channel that differs most, and the run passes when the mean difference is
at most 4 of 255 per pixel and at most 2% of pixels differ by more than 40. Measured: the
Inkscape file 2.3 and 0.6%, the Illustrator file 2.5 and 0.7%; without the preparation
(generator.draw.svgprep) 5.4 and 4.6% (a half-transparent group printed opaque) and 28.0
and 21.6% (a class's clip path and opacity ignored). Skipped where Chromium is not
installed (CI has /usr/bin/chromium)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image as PilImage
from PIL import ImageChops

from stamperia.generator.draw.drawing import Image, Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf

ART = Path(__file__).parents[1] / "fixtures" / "svgart"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SIDE = 200
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         "--force-device-scale-factor=1")
MAX_MEAN = 4.0
MAX_FAR_SHARE = 0.02


def printed(svg: Path) -> PilImage.Image:
    page = Page(100, 100, (Image(svg, 0, 0, 100, 100),), "art")
    data = render_pdf([page], FontSet.default(), PdfMetadata("t", "a"))
    scale = SIDE / (100 / 25.4 * 72)
    picture = pypdfium2.PdfDocument(data)[0].render(scale=scale).to_pil()
    return picture.convert("RGB").resize((SIDE, SIDE))


def browsed(svg: Path, folder: Path) -> PilImage.Image:
    assert CHROMIUM is not None
    shutil.copy(svg, folder / svg.name)
    page = folder / "page.html"
    page.write_text(f'<html><body style="margin:0;background:#fff"><img src="{svg.name}" '
                    f'style="display:block;width:{SIDE}px;height:{SIDE}px"></body></html>',
                    encoding="utf-8")
    shot = folder / "shot.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--window-size={SIDE},{SIDE}",
                    f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert shot.is_file(), "chromium wrote no screenshot"
    return PilImage.open(shot).convert("RGB").crop((0, 0, SIDE, SIDE))


def difference(a: PilImage.Image, b: PilImage.Image) -> tuple[float, float]:
    """(mean difference per pixel, share of pixels differing by more than 40), 0-255, in
    the channel that differs most."""
    red, green, blue = ImageChops.difference(a, b).split()
    histogram = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
    total = sum(histogram)
    mean = sum(level * count for level, count in enumerate(histogram)) / total
    return mean, sum(histogram[41:]) / total


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium for the browser's rendering")
@pytest.mark.parametrize("name", ["inkscape.svg", "illustrator.svg"])
def test_svg_art_prints_as_a_browser_shows_it(name: str, tmp_path: Path) -> None:
    mean, far = difference(printed(ART / name), browsed(ART / name, tmp_path))
    assert mean <= MAX_MEAN and far <= MAX_FAR_SHARE, (mean, far)
