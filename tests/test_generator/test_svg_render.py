"""SVG backend: millimetre units, real text, same fitted lines as the PDF."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import (
    Align,
    ClipRect,
    Group,
    Image,
    Page,
    Rect,
    Rotation,
    Style,
    TextBox,
    VAlign,
    pt_to_mm,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.svg import render_svg
from stamperia.generator.layout.textfit import fit_text_box

SVG = "{http://www.w3.org/2000/svg}"
TEXT = "Sposta due armate da un territorio all'altro, perché è più già così."


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def _page() -> Page:
    box = TextBox(10, 10, 40, 30, TEXT, size=10, min_size=6, align=Align.CENTER,
                  valign=VAlign.MIDDLE, bold=True)
    group = Group((Rect(0, 0, 20, 20, Style(fill="#123456", dash=(1.0, 0.5), opacity=0.5)),),
                  translate=(100, 100), rotation=Rotation(30, 10, 10), clip=ClipRect(0, 0, 15, 15))
    return Page(210, 297, (box, group, group), "card")


def test_size_in_mm_and_viewbox(fonts: FontSet) -> None:
    root = ET.fromstring(render_svg(_page(), fonts))
    assert root.get("width") == "210mm"
    assert root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"


def test_text_is_real_text_one_tspan_per_fitted_line(fonts: FontSet) -> None:
    page = _page()
    root = ET.fromstring(render_svg(page, fonts))
    texts = root.findall(f".//{SVG}text")
    assert len(texts) == 1
    spans = texts[0].findall(f"{SVG}tspan")
    box = page.items[0]
    assert isinstance(box, TextBox)
    fit = fit_text_box(box, fonts)
    assert [s.text for s in spans] == list(fit.lines)
    assert " ".join(s.text or "" for s in spans).split() == TEXT.split()
    assert float(texts[0].get("font-size") or 0) == pytest.approx(pt_to_mm(fit.size_pt), abs=1e-3)
    assert "DejaVu Sans" in (texts[0].get("font-family") or "")
    assert texts[0].get("font-weight") == "bold"
    assert texts[0].get("text-anchor") == "middle"
    assert all(s.get("x") == "30" for s in spans)


def test_groups_clip_and_styles(fonts: FontSet) -> None:
    root = ET.fromstring(render_svg(_page(), fonts))
    clips = root.findall(f".//{SVG}clipPath")
    assert [c.get("id") for c in clips] == ["clip1", "clip2"]
    groups = root.findall(f"{SVG}g")
    assert groups[0].get("transform") == "translate(100 100) rotate(30 10 10)"
    assert groups[0].get("clip-path") == "url(#clip1)"
    rect = groups[0].find(f"{SVG}rect")
    assert rect is not None
    assert rect.get("fill") == "#123456"
    assert rect.get("stroke-dasharray") == "1,0.5"
    assert rect.get("fill-opacity") == "0.5"


def test_deterministic(fonts: FontSet) -> None:
    assert render_svg(_page(), fonts) == render_svg(_page(), fonts)


def test_images_are_embedded(fonts: FontSet, tmp_path: Path) -> None:
    picture = tmp_path / "p.png"
    PilImage.new("RGB", (4, 4), (255, 0, 0)).save(picture)
    root = ET.fromstring(render_svg(Page(50, 50, (Image(picture, 1, 2, 30, 20),)), fonts))
    image = root.find(f"{SVG}image")
    assert image is not None
    href = image.get("{http://www.w3.org/1999/xlink}href") or ""
    assert href.startswith("data:image/png;base64,")
    assert (image.get("x"), image.get("width")) == ("1", "30")
