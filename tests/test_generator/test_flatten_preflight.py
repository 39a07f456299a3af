"""PDF/X-1a's transparency drawn opaque as it shows, and the preflight's rules on files
that break them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from stamperia.generator.draw.drawing import Group, Line, Page, Rect, Style
from stamperia.generator.layout.flatten import flattened
from stamperia.generator.print.preflight import preflight


def test_a_translucent_line_takes_the_colour_it_shows_over_what_lies_under_it() -> None:
    page = Page(100, 100, (
        Rect(0, 0, 50, 100, Style(fill="#ff0000", stroke=None)),
        Group((Line(10, 10, 20, 10, Style(stroke="#000000", opacity=0.5)),),
              translate=(5, 5)),  # over the red half, in a moved group
        Line(70, 50, 90, 50, Style(stroke="#000000", opacity=0.25)),  # over paper
        Rect(60, 60, 10, 10, Style(fill="#0000ff", stroke=None, opacity=1.0)),
    ))
    flat = flattened(page)
    group = flat.items[1]
    assert isinstance(group, Group)
    over_red, over_paper = group.items[0], flat.items[2]
    assert isinstance(over_red, Line) and isinstance(over_paper, Line)
    assert (over_red.style.stroke, over_red.style.opacity) == ("#800000", 1.0)
    assert (over_paper.style.stroke, over_paper.style.opacity) == ("#bfbfbf", 1.0)
    assert flat.items[3] == page.items[3]


def test_a_page_without_transparency_is_left_as_it_is() -> None:
    page = Page(10, 10, (Rect(0, 0, 10, 10, Style(fill="#123456")),))
    assert flattened(page) is page


def _reportlab_pdf(path: Path, trim: tuple[float, float, float, float]) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=(200, 200), invariant=1)
    canvas.setTrimBox(trim)
    canvas.setFont("Helvetica", 12)  # a base-14 font: never embedded
    canvas.setFillColorRGB(0.2, 0.4, 0.6)
    canvas.drawString(20, 20, "unembedded")
    canvas.showPage()
    canvas.save()
    path.write_bytes(stream.getvalue())
    return path


@pytest.mark.parametrize("level", ["x1a", "x4"])
def test_the_preflight_names_each_rule_a_plain_file_breaks(level: str, tmp_path: Path) -> None:
    pytest.importorskip("pikepdf")
    pdf = _reportlab_pdf(tmp_path / "plain.pdf", (10, 10, 250, 190))  # trim off the page
    rules = sorted({p.rule for p in preflight(pdf, level)})
    expected = {"boxes", "fonts", "output-intent", "version"}
    assert rules == sorted(expected | ({"rgb"} if level == "x1a" else set()))
    assert any(str(p) == "page 1: TrimBox is not inside BleedBox inside MediaBox [boxes]"
               for p in preflight(pdf, level))
