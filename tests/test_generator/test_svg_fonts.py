"""Fonts embedded in SVG pages (opt-in): one WOFF2 subset per face a page sets text in,
holding exactly that page's characters, the same bytes every time; none by default."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from fontTools.ttLib import TTFont

from stamperia.cli import cli
from stamperia.generator.draw.drawing import Page, TextBox
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.svg import render_svg
from stamperia.generator.draw.svgfonts import FontEmbedder
from stamperia.generator.export.options import ExportOptions, ExportUsage

RULE = re.compile(r"@font-face\{font-family:'([^']+)';font-weight:(\w+);font-style:(\w+);"
                  r"src:url\(data:font/woff2;base64,([A-Za-z0-9+/=]+)\) format\('woff2'\)\}")


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet.default()


def _page() -> Page:
    return Page(60, 40, (TextBox(2, 2, 56, 10, "Hello", size=10),
                         TextBox(2, 20, 56, 10, "Ciao!", size=10, bold=True)))


def _characters(woff2: str) -> str:
    font = TTFont(io.BytesIO(base64.b64decode(woff2)))
    assert font.flavor == "woff2"
    return "".join(sorted(chr(code) for code in font.getBestCmap()))


def test_each_face_carries_exactly_the_characters_the_page_sets(fonts: FontSet) -> None:
    svg = render_svg(_page(), fonts, FontEmbedder())
    rules = [(family, weight, style, _characters(data))
             for family, weight, style, data in RULE.findall(svg)]
    assert rules == [("DejaVu Sans", "normal", "normal", "Helo"),
                     ("DejaVu Sans", "bold", "normal", "!Caio")]
    assert svg.index("<style") < svg.index("<text")  # in <defs>, before any text


def test_embedded_pages_are_byte_identical_and_named_pages_embed_nothing(
        fonts: FontSet) -> None:
    assert render_svg(_page(), fonts, FontEmbedder()) == render_svg(_page(), fonts,
                                                                     FontEmbedder())
    assert "@font-face" not in render_svg(_page(), fonts)


def test_embedding_without_fonttools_is_a_usage_error(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    import stamperia.generator.export.options as options

    monkeypatch.setattr(options, "svg_fonts_missing", lambda: "needs fonttools")
    with pytest.raises(ExportUsage) as raised:
        ExportOptions(svg_fonts="embedded")
    assert (raised.value.option, raised.value.message) == ("--svg-fonts", "needs fonttools")
    assert ExportOptions().svg_fonts == "named"


def test_build_embeds_the_theme_fonts_with_their_weights_and_italic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "demo"]).exit_code == 0
    result = runner.invoke(cli, ["build", "demo", "--format", "svg", "--svg-fonts",
                                 "embedded", "--out", "out"])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "out" / "demo" / "en" / "svg" / "cards-actions-01.svg").read_text(
        encoding="utf-8")
    faces = {(family, weight, style) for family, weight, style, _ in RULE.findall(svg)}
    assert faces == {("Lettera", "normal", "normal"), ("Lettera", "bold", "normal"),
                     ("Lettera", "normal", "italic"),
                     ("DejaVu Sans", "normal", "normal")}  # the sheet's stamp line
    named = runner.invoke(cli, ["build", "demo", "--format", "svg", "--out", "plain"])
    assert named.exit_code == 0
    plain = tmp_path / "plain" / "demo" / "en" / "svg" / "cards-actions-01.svg"
    assert "@font-face" not in plain.read_text(encoding="utf-8")
    wrong = runner.invoke(cli, ["build", "demo", "--svg-fonts", "inline"])
    assert wrong.exit_code == 2 and "--svg-fonts" in wrong.output
