"""PDF backend: pages, sizes, embedded fonts, metadata, determinism, pixels."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from PIL import Image as PilImage

from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    ClipRect,
    Group,
    Image,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    RenderError,
    Rotation,
    Style,
    TextBox,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf

PT_PER_MM = 72.0 / 25.4
META = PdfMetadata(title="Kit di prova", author="Stamperia")


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def _pages() -> list[Page]:
    card = (
        Rect(10, 10, 50, 20, Style(fill="#ff0000", stroke=None)),
        Circle(100, 100, 10, Style(fill="#00ff00", stroke="#000000", dash=(1.0, 1.0))),
        Polygon(((20, 200), (40, 200), (30, 220)), Style(fill="#0000ff", opacity=0.5)),
        Polyline(((0, 0), (50, 50), (100, 0)), Style(stroke="#333333", stroke_width=0.5)),
        Line(5, 290, 205, 290),
        TextBox(20, 50, 150, 30, "Perché città àèéìòù ÀÈÉ æ", size=14, bold=True,
                align=Align.CENTER),
        Group((Rect(0, 0, 40, 40, Style(fill="#000000")),), translate=(150, 150),
              rotation=Rotation(45, 20, 20), clip=ClipRect(0, 0, 30, 30)),
    )
    return [Page(210, 297, card, "a4"), Page(100, 150, (TextBox(5, 5, 90, 20, "Dorso"),), "b")]


def test_pages_count_sizes_and_metadata(fonts: FontSet) -> None:
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(_pages(), fonts, META)))
    assert len(reader.pages) == 2
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    assert sizes[0] == pytest.approx((210 * PT_PER_MM, 297 * PT_PER_MM), abs=0.01)
    assert sizes[1] == pytest.approx((100 * PT_PER_MM, 150 * PT_PER_MM), abs=0.01)
    assert reader.metadata is not None
    assert reader.metadata.title == "Kit di prova"
    assert reader.metadata.author == "Stamperia"


def test_dejavu_is_embedded_and_nothing_else_is_referenced(fonts: FontSet) -> None:
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(_pages(), fonts, META)))
    fonts_on_page = reader.pages[0]["/Resources"]["/Font"]
    names = []
    for ref in fonts_on_page.values():
        font = ref.get_object()
        names.append(str(font["/BaseFont"]))
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert any(name.endswith("+DejaVuSans-Bold") for name in names)
    assert all("DejaVuSans" in name for name in names)


def test_italian_text_survives_extraction(fonts: FontSet) -> None:
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(_pages(), fonts, META)))
    text = reader.pages[0].extract_text()
    assert "Perché città àèéìòù ÀÈÉ æ" in text


def test_rendering_twice_gives_identical_bytes(fonts: FontSet) -> None:
    assert render_pdf(_pages(), fonts, META) == render_pdf(_pages(), fonts, META)


def test_raster_is_not_blank_and_y_points_down(fonts: FontSet) -> None:
    pdf = pypdfium2.PdfDocument(render_pdf(_pages(), fonts, META))
    image = pdf[0].render(scale=1.0).to_pil().convert("RGB")
    px_per_mm = image.width / 210.0
    # The red rectangle spans x 10..60, y 10..30 mm from the TOP-left corner.
    r, g, b = image.getpixel((int(35 * px_per_mm), int(20 * px_per_mm)))
    assert r > 200 and g < 60 and b < 60
    assert image.getpixel((int(35 * px_per_mm), int(277 * px_per_mm))) == (255, 255, 255)
    pdf.close()


def test_images_are_drawn_and_missing_images_fail_clearly(fonts: FontSet,
                                                          tmp_path: Path) -> None:
    picture = tmp_path / "blue.png"
    PilImage.new("RGB", (20, 10), (0, 0, 255)).save(picture)
    page = Page(100, 100, (Image(picture, 10, 10, 80, 40),))
    pdf = pypdfium2.PdfDocument(render_pdf([page], fonts, META))
    image = pdf[0].render(scale=1.0).to_pil().convert("RGB")
    scale = image.width / 100.0
    r, g, b = image.getpixel((int(50 * scale), int(30 * scale)))
    assert b > 200 and r < 60
    pdf.close()
    missing = Page(100, 100, (Image(tmp_path / "none.png", 0, 0, 10, 10),))
    with pytest.raises(RenderError, match="none.png"):
        render_pdf([missing], fonts, META)


def test_no_pages_is_an_error(fonts: FontSet) -> None:
    with pytest.raises(RenderError):
        render_pdf([], fonts, META)


def test_a_face_no_page_uses_is_not_parsed(tmp_path: Path) -> None:
    """A document registers only the faces it draws with: a theme family whose files are
    damaged past their header does not stop a PDF that never uses it (parsing each face
    costs ~60 ms a build), and using it still fails with the file named."""
    from stamperia.generator.draw.fonts import FontError, FontFamily, bundled_family

    damaged = tmp_path / "Broken.ttf"
    damaged.write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 64)
    fonts = FontSet([bundled_family(), FontFamily("Zeta", damaged, damaged)])
    page = Page(100, 100, (TextBox(5, 5, 90, 20, "Dorso"),), "b")
    reader = pypdf.PdfReader(io.BytesIO(render_pdf([page], fonts, META)))
    assert "Dorso" in reader.pages[0].extract_text()
    with pytest.raises(FontError, match="Broken.ttf"):
        render_pdf([Page(100, 100, (TextBox(5, 5, 90, 20, "Dorso", font="Zeta"),), "b")],
                   fonts, META)
