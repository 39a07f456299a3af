"""Word wrap and shrink-to-fit, with a fake monospace font and with DejaVu."""

from __future__ import annotations

import pytest

from stamperia.generator.draw.drawing import Align, Page, TextBox, VAlign, pt_to_mm
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.layout.textfit import (
    FittedText,
    TextOverflow,
    find_overflows,
    fit_text,
    fit_text_box,
    place_lines,
    wrap_text,
)


class Monospace:
    """Every character is half the size wide (in mm per pt), ascent 0.8."""

    def face_name(self, family: str, bold: bool) -> str:
        return "mono"

    def text_width_mm(self, text: str, face_name: str, size_pt: float) -> float:
        return len(text) * 0.5 * size_pt

    def ascent_ratio(self, face_name: str) -> float:
        return 0.8


MONO = Monospace()


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def test_wraps_greedily_at_spaces() -> None:
    # At 1 pt a character is 0.5 mm: 10 mm holds 20 characters.
    lines = wrap_text("aaaa bbbb cccc dddd eeee", 10.0, "mono", 1.0, MONO)
    assert lines == ("aaaa bbbb cccc dddd", "eeee")


def test_explicit_newlines_and_blank_lines_are_kept() -> None:
    assert wrap_text("a\n\nb c", 100.0, "mono", 1.0, MONO) == ("a", "", "b c")


def test_fits_at_max_size_when_it_can() -> None:
    fit = fit_text("ciao", 50.0, 20.0, "mono", 10.0, 6.0, 1.2, MONO)
    assert isinstance(fit, FittedText)
    assert (fit.size_pt, fit.lines) == (10.0, ("ciao",))
    assert fit.line_height_mm == pytest.approx(pt_to_mm(10.0) * 1.2)


def test_shrinks_until_it_fits() -> None:
    # 12 characters need 6 mm per pt of size on one line; box is 40 mm wide, 1 line high.
    height = pt_to_mm(10.0) * 1.2
    fit = fit_text("abcdefghijkl", 40.0, height, "mono", 10.0, 4.0, 1.2, MONO)
    assert isinstance(fit, FittedText)
    assert fit.size_pt == 6.5  # largest 0.25 pt step with 12 * 0.5 * size <= 40
    assert fit.lines == ("abcdefghijkl",)


def test_overflow_reports_by_how_much() -> None:
    text = " ".join(["word"] * 40)
    fit = fit_text(text, 20.0, 5.0, "mono", 10.0, 8.0, 1.0, MONO)
    assert isinstance(fit, TextOverflow)
    assert not fit.fits
    assert fit.size_pt == 8.0
    expected = len(fit.lines) * pt_to_mm(8.0) - 5.0
    assert fit.excess_height_mm == pytest.approx(expected)
    assert fit.excess_width_mm == 0.0


def test_a_word_too_long_for_the_width_overflows_sideways() -> None:
    fit = fit_text("supercalifragilistic", 10.0, 50.0, "mono", 10.0, 1.5, 1.2, MONO)
    assert isinstance(fit, TextOverflow)
    assert fit.excess_width_mm == pytest.approx(20 * 0.5 * 1.5 - 10.0)


def test_real_font_lines_fit_the_width_and_keep_every_word(fonts: FontSet) -> None:
    text = "Sposta due armate da un territorio all'altro; perché città è più già così."
    box = TextBox(0, 0, 40.0, 40.0, text, size=10.0, min_size=6.0)
    fit = fit_text_box(box, fonts)
    assert fit.fits and len(fit.lines) > 1
    for line in fit.lines:
        assert fonts.text_width_mm(line, "DejaVuSans", fit.size_pt) <= 40.0 + 1e-6
    assert " ".join(fit.lines).split() == text.split()


def test_bold_is_wider_than_regular(fonts: FontSet) -> None:
    regular = fonts.text_width_mm("Territorio", fonts.face_name("DejaVu Sans", False), 10)
    bold = fonts.text_width_mm("Territorio", fonts.face_name("DejaVu Sans", True), 10)
    assert bold > regular > 0


def test_place_lines_centres_and_stacks_lines() -> None:
    box = TextBox(10.0, 20.0, 30.0, 40.0, "a\nb\nc", size=10.0, min_size=5.0,
                  align=Align.CENTER, valign=VAlign.MIDDLE, line_spacing=1.5)
    fit = fit_text_box(box, MONO)
    placed = place_lines(box, fit, MONO)
    assert [p.text for p in placed] == ["a", "b", "c"]
    assert all(p.x == 25.0 and p.align is Align.CENTER for p in placed)
    step = pt_to_mm(10.0) * 1.5
    assert placed[1].baseline - placed[0].baseline == pytest.approx(step)
    block_top = 20.0 + (40.0 - 3 * step) / 2
    lead = (step - pt_to_mm(10.0)) / 2 + 0.8 * pt_to_mm(10.0)
    assert placed[0].baseline == pytest.approx(block_top + lead)


def test_place_lines_right_bottom() -> None:
    box = TextBox(0.0, 0.0, 30.0, 40.0, "x", size=10.0, align=Align.RIGHT,
                  valign=VAlign.BOTTOM, line_spacing=1.0)
    placed = place_lines(box, fit_text_box(box, MONO), MONO)
    assert placed[0].x == 30.0
    assert placed[0].baseline == pytest.approx(40.0 - pt_to_mm(10.0) + 0.8 * pt_to_mm(10.0))


def test_find_overflows_names_the_page() -> None:
    fits = TextBox(0, 0, 50, 20, "ok", size=10)
    too_much = TextBox(0, 0, 5, 5, "troppo testo per questa casella", size=10, min_size=8)
    reports = find_overflows([Page(100, 100, (fits, too_much), "carta 1")], MONO)
    assert [(r.page_label, r.text) for r in reports] == [("carta 1", too_much.text)]
