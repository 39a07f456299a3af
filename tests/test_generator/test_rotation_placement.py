"""A rotated group lands where the description says, in the PDF (pixels) and the SVG.

The description's promise (generator.draw.drawing.Group, Rotation): a local point p lands on the
page at translate + rotate(p), the rotation clockwise on the page (y down) about (cx, cy).
The expected places are computed from that promise alone, not from either backend.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pypdfium2
import pytest

from stamperia.generator.draw.drawing import Group, Page, Point, Rect, Rotation, Style
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf
from stamperia.generator.draw.svg import render_svg

PAGE = 100.0
SQUARE = 6.0
LOCAL_CENTRE = (65.0, 50.0)  # 15 mm right of the rotation centre
ANGLES = (30.0, 90.0, -60.0, 135.0)


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def _group(degrees: float) -> Group:
    x, y = LOCAL_CENTRE
    square = Rect(x - SQUARE / 2, y - SQUARE / 2, SQUARE, SQUARE,
                  Style(fill="#000000", stroke=None))
    return Group((square,), translate=(4.0, -3.0), rotation=Rotation(degrees, 50.0, 50.0))


def _on_page(group: Group, point: Point, sign: float = 1.0) -> Point:
    """Where the description puts a local point (sign -1: where a flipped rotation would)."""
    assert group.rotation is not None
    rot = group.rotation
    angle = math.radians(sign * rot.degrees)
    dx, dy = point[0] - rot.cx, point[1] - rot.cy
    # Clockwise on a y-down page is the usual matrix [[cos, -sin], [sin, cos]].
    x = rot.cx + dx * math.cos(angle) - dy * math.sin(angle)
    y = rot.cy + dx * math.sin(angle) + dy * math.cos(angle)
    return group.translate[0] + x, group.translate[1] + y


@pytest.mark.parametrize("degrees", ANGLES)
def test_pdf_rotated_group_lands_as_described(fonts: FontSet, degrees: float) -> None:
    group = _group(degrees)
    pdf = pypdfium2.PdfDocument(render_pdf([Page(PAGE, PAGE, (group,))], fonts,
                                           PdfMetadata("rotation")))
    image = pdf[0].render(scale=4.0).to_pil().convert("L")
    pdf.close()
    px_per_mm = image.width / PAGE

    def ink(point: Point) -> int:
        return 255 - int(image.getpixel((round(point[0] * px_per_mm),
                                         round(point[1] * px_per_mm))))

    expected = _on_page(group, LOCAL_CENTRE)
    flipped = _on_page(group, LOCAL_CENTRE, sign=-1.0)
    assert math.dist(expected, flipped) > 2 * SQUARE  # the test can tell the two apart
    assert ink(expected) > 200, f"no ink at {expected} mm"
    assert ink(flipped) < 20, f"ink at {flipped} mm, where a flipped rotation puts it"
    # The square's edges too: a point just inside each side along the rotated axes.
    for along in (-1.0, 1.0):
        inside = (LOCAL_CENTRE[0] + along * (SQUARE / 2 - 1.0), LOCAL_CENTRE[1])
        assert ink(_on_page(group, inside)) > 200, (degrees, along)


def _svg_transform(text: str, point: Point) -> Point:
    """Apply an SVG transform list (translate/rotate only) to a point, per the SVG spec."""
    operations = re.findall(r"(translate|rotate)\(([^)]*)\)", text)
    x, y = point
    for name, raw in reversed(operations):  # the rightmost applies first
        values = [float(v) for v in raw.replace(",", " ").split()]
        if name == "translate":
            x, y = x + values[0], y + (values[1] if len(values) > 1 else 0.0)
        else:
            a = math.radians(values[0])
            cx, cy = (values[1], values[2]) if len(values) == 3 else (0.0, 0.0)
            dx, dy = x - cx, y - cy
            x, y = (cx + dx * math.cos(a) - dy * math.sin(a),
                    cy + dx * math.sin(a) + dy * math.cos(a))
    return x, y


@pytest.mark.parametrize("degrees", ANGLES)
def test_svg_rotated_group_lands_as_described(fonts: FontSet, degrees: float) -> None:
    group = _group(degrees)
    root = ET.fromstring(render_svg(Page(PAGE, PAGE, (group,)), fonts))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    element = root.find("svg:g", ns)
    assert element is not None
    rect = element.find("svg:rect", ns)
    assert rect is not None
    local = (float(rect.get("x", "0")) + float(rect.get("width", "0")) / 2,
             float(rect.get("y", "0")) + float(rect.get("height", "0")) / 2)
    assert local == pytest.approx(LOCAL_CENTRE)
    placed = _svg_transform(element.get("transform", ""), local)
    assert placed == pytest.approx(_on_page(group, LOCAL_CENTRE), abs=1e-3)
