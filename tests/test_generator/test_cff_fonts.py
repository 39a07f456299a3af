"""A CFF-flavoured OpenType font (`.otf` with PostScript outlines, as most display fonts
ship) is accepted: converted to TrueType outlines for ReportLab, measured as the original,
embedded in the PDF and drawn; a damaged one is a clear problem, not a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from cfffont import cff_font
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.generator.draw.drawing import Page, TextBox
from stamperia.generator.draw.fonts import FontError, FontFamily, FontSet, unreadable_reason
from stamperia.generator.draw.pdf import PdfMetadata, render_pdf

TEXT = "Hello, world: 42 cards"


@pytest.fixture(scope="module")
def otf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return cff_font(tmp_path_factory.mktemp("fonts") / "OttoSans.otf", TEXT + " ")


def test_the_file_is_cff_and_reportlab_reads_it(otf: Path) -> None:
    assert otf.read_bytes()[:4] == b"OTTO"
    assert unreadable_reason(otf) is None


def test_it_measures_as_the_font_it_was_made_from(otf: Path) -> None:
    fonts = FontSet([FontFamily("Otto", otf, otf)])
    dejavu = FontSet.default()
    assert fonts.text_width_mm(TEXT, "Otto", 10) == pytest.approx(
        dejavu.text_width_mm(TEXT, "DejaVuSans", 10), abs=1e-9)
    assert fonts.missing_characters(TEXT, "Otto") == ""


def test_the_pdf_embeds_it_and_draws_the_text(otf: Path) -> None:
    fonts = FontSet([FontFamily("Otto", otf, otf)])
    page = Page(120, 30, (TextBox(5, 5, 110, 20, TEXT, "Otto", size=14),), "p")
    data = render_pdf([page], fonts, PdfMetadata("t", "a"))
    reader = pypdf.PdfReader(io.BytesIO(data))
    [font] = [f.get_object() for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert str(font["/BaseFont"]).endswith("+Otto-Sans")
    assert "/FontFile2" in font["/FontDescriptor"].get_object()
    assert reader.pages[0].extract_text().strip() == TEXT
    picture = pypdfium2.PdfDocument(data)[0].render(scale=2).to_pil().convert("L")
    assert picture.getextrema()[0] < 60  # ink, not a blank page


def test_a_damaged_cff_font_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.otf"
    broken.write_bytes(b"OTTO" + bytes(60))
    reason = unreadable_reason(broken)
    assert reason is not None and reason.startswith("its CFF outlines could not be converted")
    fonts = FontSet([FontFamily("Broken", broken, broken)])
    with pytest.raises(FontError, match=r"cannot read font file .*broken\.otf: its CFF "
                                        r"outlines could not be converted"):
        fonts.text_width_mm("a", "Broken", 10)


def test_a_game_with_a_cff_font_checks_clean_and_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, otf: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "my_game"]).exit_code == 0
    latin = "".join(map(chr, (*range(0x20, 0x250), *range(0x2010, 0x2070))))
    full = cff_font(tmp_path / "my_game" / "fonts" / "Otto.otf", latin)
    theme_path = tmp_path / "my_game" / "theme.json"
    theme = json.loads(theme_path.read_text(encoding="utf-8"))
    theme["fonts"]["Lettera"]["regular"] = "fonts/" + full.name
    theme_path.write_text(json.dumps(theme), encoding="utf-8")
    checked = CliRunner().invoke(cli, ["check", "my_game"])
    assert checked.exit_code == 0, checked.output
    assert "font" not in checked.output.lower().replace("checked", ""), checked.output
    built = CliRunner().invoke(cli, ["build", "my_game", "--out", "out"])
    assert built.exit_code == 0, built.output
    cards = pypdf.PdfReader(tmp_path / "out" / "my_game" / "en" / "cards-actions.pdf")
    names = {str(f.get_object()["/BaseFont"]).split("+")[-1]
             for page in cards.pages for f in page["/Resources"]["/Font"].values()}
    assert "Otto-Sans" in names, names


def test_a_family_name_reused_by_another_game_prints_in_that_games_file() -> None:
    """ReportLab keeps the first font registered under a name; a second game of the run
    whose family has the same name must not print in the first game's file."""
    from stamperia.generator.draw.fonts import FONTS_DIR

    names = []
    for file in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        face = FONTS_DIR / file
        fonts = FontSet([FontFamily("Lettera Reused", face, face)])
        page = Page(120, 30, (TextBox(5, 5, 110, 20, TEXT, "Lettera Reused"),), "p")
        reader = pypdf.PdfReader(io.BytesIO(render_pdf([page], fonts, PdfMetadata("t", "a"))))
        names += [str(f.get_object()["/BaseFont"]).split("+")[-1]
                  for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert names == ["DejaVuSans", "DejaVuSans-Bold"]
