"""Text is fitted once: `TextFitter` gives fitted boxes that renderers and reports only read."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

import stamperia.generator.layout.textfit
from stamperia.building import kit as building
from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import (
    ClipRect,
    FittedTextBox,
    Group,
    Page,
    Rotation,
    TextBox,
    iter_fitted_text,
    iter_text_boxes,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf
from stamperia.generator.draw.svg import render_svg
from stamperia.generator.kit import build_kit, content_text_pages, fit_check_options
from stamperia.generator.layout.textfit import (
    TextFitter,
    TextMetrics,
    TextOverflow,
    find_overflows,
    fit_key,
    fit_pages,
    fit_text_box,
    overflows,
    place_lines,
)


class CountingMonospace:
    """Half a size wide per character, ascent 0.8; counts every measurement asked of it."""

    def __init__(self) -> None:
        self.measured = 0

    def face_name(self, family: str, bold: bool) -> str:
        return "mono"

    def text_width_mm(self, text: str, face_name: str, size_pt: float) -> float:
        self.measured += 1
        return len(text) * 0.5 * size_pt

    def ascent_ratio(self, face_name: str) -> float:
        return 0.8


BOX = TextBox(5, 5, 40, 20, "una carta con un testo", size=10, min_size=6)
TOO_MUCH = TextBox(0, 0, 5, 5, "troppo testo per questa casella", size=10, min_size=8)


def _page(*boxes: TextBox) -> Page:
    group = Group(boxes, translate=(10, 20), rotation=Rotation(90, 1, 2), clip=ClipRect(0, 0, 9, 9))
    return Page(100, 100, (*boxes, group), "carta")


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def test_fitted_box_carries_the_fit_and_the_placed_lines() -> None:
    metrics = CountingMonospace()
    page = TextFitter(metrics).page(_page(BOX))
    fitted = iter_fitted_text(page.items)
    assert len(fitted) == 2 and fitted[0] is fitted[1]  # the same box, fitted once
    assert fitted[0] == FittedTextBox(BOX, fit_text_box(BOX, metrics),
                                      place_lines(BOX, fit_text_box(BOX, metrics), metrics))
    group = page.items[-1]
    assert isinstance(group, Group)
    assert (group.translate, group.rotation, group.clip) == ((10, 20), Rotation(90, 1, 2),
                                                              ClipRect(0, 0, 9, 9))
    assert iter_text_boxes(page.items) == (BOX, BOX)  # checks on the layout still see boxes


def test_each_distinct_box_is_measured_once() -> None:
    once, many = CountingMonospace(), CountingMonospace()
    TextFitter(once).page(Page(100, 100, (BOX,)))
    TextFitter(many).pages([_page(BOX, BOX), _page(BOX)])
    assert many.measured == once.measured > 0


def test_fitted_pages_are_read_not_fitted_again() -> None:
    metrics = CountingMonospace()
    fitted = fit_pages([_page(BOX, TOO_MUCH)], metrics)
    metrics.measured = 0
    again = TextFitter(metrics)
    assert again.page(fitted[0]) is fitted[0]
    reports = find_overflows(fitted, metrics)
    assert metrics.measured == 0
    assert reports == overflows(fitted)
    assert [r.text for r in reports] == [TOO_MUCH.text, TOO_MUCH.text]
    assert all(isinstance(r.overflow, TextOverflow) for r in reports)


def test_renderers_draw_the_same_bytes_from_fitted_pages(fonts: FontSet) -> None:
    pages = [_page(BOX, TOO_MUCH), Page(50, 50, (TextBox(1, 1, 40, 10, "Dorso"),))]
    fitted = fit_pages(pages, fonts)
    meta = PdfMetadata("prova")
    assert render_pdf(fitted, fonts, meta) == render_pdf(pages, fonts, meta)
    assert render_svg(fitted[0], fonts) == render_svg(pages[0], fonts)


def _count_fits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = stamperia.generator.layout.textfit.fit_text

    def counting(text: str, width_mm: float, height_mm: float, face_name: str,
                 max_size_pt: float, min_size_pt: float, line_spacing: float,
                 metrics: TextMetrics) -> stamperia.generator.layout.textfit.TextFit:
        calls.append(text)
        return real(text, width_mm, height_mm, face_name, max_size_pt, min_size_pt,
                    line_spacing, metrics)

    monkeypatch.setattr(stamperia.generator.layout.textfit, "fit_text", counting)
    return calls


def test_the_same_text_in_boxes_of_one_size_is_measured_once() -> None:
    """A token's letter on many tokens: one measurement, each box its own placed lines."""
    metrics = CountingMonospace()
    moved = TextBox(30, 40, BOX.width, BOX.height, BOX.text, colour="#ff0000")
    fitter = TextFitter(metrics)
    page = fitter.page(Page(100, 100, (BOX, moved)))
    first, second = iter_fitted_text(page.items)
    assert fitter.fitted == 1 and first.fit is second.fit
    assert second.lines == place_lines(moved, second.fit, metrics) != first.lines


def test_a_build_fits_each_distinct_text_once(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """PDF, SVG and the overflow warnings of a build share one fit per distinct text (and
    box size and font) per locale."""
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    calls = _count_fits(monkeypatch)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "pdf,svg", "--locale", "all"])
    assert result.exit_code == 0, result.output
    game = load_game("tiny")
    options = building.parse_options("a4", "poker", "long")
    distinct = sum(len({fit_key(box) for document in build_kit(game, locale, options)
                        for page in document.pages for box in iter_text_boxes(page.items)})
                   for locale in game.locales)
    assert len(calls) == distinct


def test_check_fits_each_text_once_for_overflow_and_legibility(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The overflow and the legibility checks read one fit of the text pages."""
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    calls = _count_fits(monkeypatch)
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance"])
    assert result.exit_code == 0, result.output
    game = load_game("tiny")
    distinct = {fit_key(box) for locale in game.locales
                for page in content_text_pages(game, locale, fit_check_options())
                for box in iter_text_boxes(page.items)}
    assert len(calls) == len(distinct)
