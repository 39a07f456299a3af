"""SVG art with gradients prints its gradient, not a black block, in the PDF (and so in
the PNG and TTS exports rendered from it): the form the SVG is drawn into carries its
shading resources."""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import Image, Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf

LINEAR = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#ffff00"/>
  </linearGradient></defs>
  <rect x="0" y="0" width="100" height="100" fill="url(#g)"/>
</svg>"""
RADIAL = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <defs><radialGradient id="g" cx="50" cy="50" r="50" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#0000ff"/>
  </radialGradient></defs>
  <rect x="0" y="0" width="100" height="100" fill="url(#g)"/>
</svg>"""

HALF_BLACK = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
  <rect x="0" y="0" width="100" height="100" fill="#000000" fill-opacity="0.5"/>
</svg>"""


def _render(tmp_path: Path, svg: str) -> tuple[bytes, PilImage.Image]:
    art = tmp_path / "art.svg"
    art.write_text(svg, encoding="utf-8")
    page = Page(100, 100, (Image(art, 0, 0, 100, 100),), "art")
    data = render_pdf([page], FontSet.default(), PdfMetadata("t", "a"))
    picture = pypdfium2.PdfDocument(data)[0].render(scale=1.0).to_pil().convert("RGB")
    return data, picture


def _at(picture: PilImage.Image, fx: float, fy: float) -> tuple[int, int, int]:
    pixel = picture.getpixel((int(fx * (picture.width - 1)), int(fy * (picture.height - 1))))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def test_a_linear_gradient_runs_from_red_to_yellow(tmp_path: Path) -> None:
    _data, picture = _render(tmp_path, LINEAR)
    left, middle, right = (_at(picture, x, 0.5) for x in (0.05, 0.5, 0.95))
    assert left[0] > 230 and left[1] < 40 and left[2] < 40, left
    assert right[0] > 230 and right[1] > 215 and right[2] < 40, right
    assert 90 < middle[1] < 170, middle


def test_a_radial_gradient_runs_from_white_to_blue(tmp_path: Path) -> None:
    _data, picture = _render(tmp_path, RADIAL)
    centre, edge = _at(picture, 0.5, 0.5), _at(picture, 0.5, 0.99)
    assert min(centre) > 220, centre
    assert edge[2] > 200 and edge[0] < 60 and edge[1] < 60, edge


@pytest.mark.parametrize("svg", [LINEAR, RADIAL])
def test_the_form_names_every_shading_it_paints(tmp_path: Path, svg: str) -> None:
    data, _picture = _render(tmp_path, svg)
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    content = forms[0].get_data().decode("latin-1")
    used = {word for word, op in pairwise(content.split()) if op == "sh"}
    assert used, content
    assert used <= set(forms[0]["/Resources"].get("/Shading", {})), forms[0]["/Resources"]


def test_an_svgs_opacity_keeps_its_graphics_state(tmp_path: Path) -> None:
    _data, picture = _render(tmp_path, HALF_BLACK)
    grey = _at(picture, 0.5, 0.5)
    assert all(110 < channel < 145 for channel in grey), grey
