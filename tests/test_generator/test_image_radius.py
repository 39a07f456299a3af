"""`radius` on an image box rounds the art itself, in the drawing description and in both
backends, not only the panel behind it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image as PilImage

from stamperia.content.errors import Origin
from stamperia.content.look.artwork import Art
from stamperia.content.look.layouts import Box, Layout
from stamperia.content.look.theme import Theme
from stamperia.content.model import frozen_mapping
from stamperia.generator.draw.drawing import ClipRect, Group, Image, Item, Page
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf
from stamperia.generator.draw.svg import render_svg
from stamperia.generator.draw.themefonts import theme_families
from stamperia.generator.layout.render import LayoutContext, render_layout
from stamperia.generator.layout.richtext import RichSetter

AT = Origin("layouts.json", "", 1)


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet(theme_families(None))


def _layout(tmp_path: Path, fonts: FontSet, fit: str, radius: float | None,
            size: tuple[int, int] = (100, 100)) -> tuple[Item, ...]:
    picture = tmp_path / "art.png"
    PilImage.new("RGB", size, "#ff0000").save(picture)
    art = Art("art.png", str(picture), "raster", size[0], size[1], 1)
    theme = Theme(frozen_mapping({"ink": "#111111"}), frozen_mapping({}),
                  frozen_mapping({"thin": 0.3}), 2.0, frozen_mapping({}), frozen_mapping({}),
                  frozen_mapping({}), str(tmp_path), AT)
    context = LayoutContext(theme, lambda key: key, {"art.png": art},
                            RichSetter(fonts, {}), {})
    box = Box(id="art", kind="image", x=0.0, y=0.0, width=40.0, height=40.0,
              origin=AT, image="art.png", fit=fit, radius=radius)
    return render_layout(Layout("l", (box,), AT), "c", {}, context)


def test_the_description_clips_the_art_to_a_rounded_rectangle(tmp_path: Path,
                                                               fonts: FontSet) -> None:
    [cover] = _layout(tmp_path, fonts, "cover", 6.0)
    assert isinstance(cover, Group) and cover.clip == ClipRect(0, 0, 40, 40, 6.0)
    [contain] = _layout(tmp_path, fonts, "contain", 6.0, (200, 100))
    assert isinstance(contain, Group) and contain.clip == ClipRect(0, 10, 40, 20, 6.0)
    [huge] = _layout(tmp_path, fonts, "cover", 99.0)
    assert isinstance(huge, Group) and huge.clip == ClipRect(0, 0, 40, 40, 20.0)


def test_without_a_radius_the_art_stays_square(tmp_path: Path, fonts: FontSet) -> None:
    [cover] = _layout(tmp_path, fonts, "cover", None)
    assert isinstance(cover, Group) and cover.clip == ClipRect(0, 0, 40, 40)
    [contain] = _layout(tmp_path, fonts, "contain", None)
    assert isinstance(contain, Image)


@pytest.mark.parametrize("fit", ["cover", "contain"])
def test_the_pdf_shows_the_page_at_a_rounded_corner(tmp_path: Path, fonts: FontSet,
                                                    fit: str) -> None:
    items = _layout(tmp_path, fonts, fit, 10.0)
    page = Page(40, 40, items, "card")
    pdf = pypdfium2.PdfDocument(render_pdf([page], fonts, PdfMetadata("t", "a")))
    picture = pdf[0].render(scale=4).to_pil().convert("RGB")
    scale = picture.width / 40
    corner = picture.getpixel((int(1 * scale), int(1 * scale)))
    centre = picture.getpixel((int(20 * scale), int(20 * scale)))
    edge = picture.getpixel((int(20 * scale), int(0.5 * scale)))
    assert corner == (255, 255, 255), corner
    assert centre == (255, 0, 0) and edge == (255, 0, 0), (centre, edge)


def test_the_svg_clips_the_art_with_a_rounded_clip_path(tmp_path: Path,
                                                         fonts: FontSet) -> None:
    svg = render_svg(Page(40, 40, _layout(tmp_path, fonts, "cover", 10.0), "card"), fonts)
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    [rect] = root.findall(".//s:clipPath/s:rect", ns)
    assert (rect.get("width"), rect.get("height"), rect.get("rx")) == ("40", "40", "10")
    [group] = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("clip-path")]
    assert group.find("s:image", ns) is not None
