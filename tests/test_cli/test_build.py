"""`stamperia build` end to end on the tiny game: files, PDFs, SVGs, atomicity, bad options."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from gamefixtures import make_game
from pypdf import PdfReader

from stamperia.building import kit as building
from stamperia.cli import cli

MM = 72 / 25.4


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "pdf,svg", "--locale", "all"])
    assert result.exit_code == 0, result.output
    return tmp_path / "output" / "tiny"


def test_build_writes_every_document_and_a_manifest(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["locales"] == ["it", "en"]
    pdfs = sorted(f["path"] for f in manifest["files"] if f["path"].endswith(".pdf"))
    assert pdfs == sorted(f"{loc}/{stem}.pdf" for loc in ("it", "en") for stem in
                          ("guide", "calibration", "cards", "board-large", "board-tiles",
                           "tokens-boar",
                           "factions"))
    for entry in manifest["files"]:
        assert (built / entry["path"]).is_file()
    cards = next(f for f in manifest["files"] if f["path"] == "it/cards.pdf")
    assert cards["card_size_mm"] == [63.5, 88.9]
    assert cards["page_size_mm"] == [210.0, 297.0]


def test_pdf_pages_sizes_and_embedded_font(built: Path) -> None:
    reader = PdfReader(built / "it" / "cards.pdf")
    # 3 event + 3x4 action + 3 objective cards = 18 cards: 2 sheets, front and back each.
    assert len(reader.pages) == 4
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (210.0, 297.0)
    fonts = reader.pages[0]["/Resources"]["/Font"]
    descriptors = [font.get_object()["/FontDescriptor"].get_object()
                   for font in fonts.values()]
    assert any("/FontFile2" in d for d in descriptors)
    assert any("DejaVu" in str(d["/FontName"]) for d in descriptors)


def _mm(box: object) -> tuple[float, ...]:
    return tuple(round(float(v) / MM, 2) for v in box)  # type: ignore[attr-defined]


def test_board_large_page_has_trim_bleed_and_slug(built: Path) -> None:
    """A3 trim, 3 mm bleed, 10 mm slug: MediaBox 323 x 446, TrimBox and BleedBox inside."""
    page = PdfReader(built / "it" / "board-large.pdf").pages[0]
    media = _mm(page.mediabox)
    assert media in {(0, 0, 323, 446), (0, 0, 446, 323)}
    width, height = media[2], media[3]
    assert _mm(page.trimbox) == (13, 13, width - 13, height - 13)
    assert _mm(page.bleedbox) == (10, 10, width - 10, height - 10)
    assert sorted((width - 26, height - 26)) == [297, 420]


def test_every_page_carries_trim_and_bleed_boxes_and_print_preferences(built: Path) -> None:
    for pdf in sorted((built / "it").glob("*.pdf")):
        reader = PdfReader(pdf)
        for page in reader.pages:
            assert "/TrimBox" in page and "/BleedBox" in page, pdf.name
        preferences = reader.trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None"
        duplex = "/DuplexFlipLongEdge" if pdf.stem in ("cards", "calibration") else "/Simplex"
        assert preferences["/Duplex"] == duplex, pdf.name
        info = reader.metadata
        assert info is not None and "edition=tiny" in str(info["/Keywords"])


def test_card_sheet_boxes_are_the_cards_trim_and_bleed(built: Path) -> None:
    """A4 poker 3 x 3, no gap: trims 9.75..200.25 mm across, bleed 3 mm around them."""
    page = PdfReader(built / "it" / "cards.pdf").pages[0]
    x1, y1, x2, y2 = _mm(page.trimbox)
    assert (x1, x2) == (9.75, 200.25)
    bx1, by1, bx2, by2 = _mm(page.bleedbox)
    assert (x1 - bx1, y1 - by1, bx2 - x2, by2 - y2) == (3.0, 3.0, 3.0, 3.0)


def test_svg_keeps_real_text(built: Path) -> None:
    tree = ET.parse(built / "it" / "svg" / "cards-01.svg")
    root = tree.getroot()
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    texts = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Zannata" in texts and "Calma" in texts


def test_rendered_card_page_is_not_blank(built: Path) -> None:
    page = pypdfium2.PdfDocument(built / "it" / "cards.pdf")[0]
    image = page.render(scale=0.5).to_pil().convert("L")
    dark = sum(image.histogram()[:200])
    assert dark > image.width * image.height * 0.2


def test_same_content_gives_identical_bytes(built: Path, tmp_path: Path) -> None:
    first = {p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "pdf,svg", "--locale", "all"])
    assert result.exit_code == 0
    again = {p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    assert first == again


def test_failed_build_leaves_previous_output_untouched(built: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    before = {p: p.read_bytes() for p in built.rglob("*") if p.is_file()}

    def broken(*_args: object) -> bytes:
        raise building.RenderError("disk on fire")

    monkeypatch.setattr(building, "render_pdf", broken)
    result = CliRunner().invoke(cli, ["build", "tiny"])
    assert result.exit_code == 1
    assert result.output == "Error: tiny: not built: disk on fire\n"
    assert {p: p.read_bytes() for p in built.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in built.parent.iterdir()) == ["tiny"]


@pytest.mark.parametrize(("option", "message"), [
    (["--card-size", "huge"], "unknown card size 'huge'"),
    (["--card-size", "300x400"], "300x400"),
    (["--paper", "a0"], "'a0' is not one of 'a4', 'letter'"),
    (["--format", "gif"], "'gif': choose from pdf, svg, png, tts, showcase, tabletopia"),
    (["--locale", "fr"], "tiny has no locale 'fr'"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      option: list[str], message: str) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", *option])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())


def test_content_problems_stop_the_build_with_exit_1(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "board.json", "op": "set", "pointer": "/territories/1/zone",
                          "value": "altto"}])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "tiny/board.json:56: /territories/1/zone: unknown zone 'altto' (did you mean 'alto'?)",
        "tiny: not built: fix the content problems above (stamperia check tiny)"]
    assert not (tmp_path / "output").exists()


BOUND = "a card is 20 to 400 mm a side"
NAMES = "bridge, business, mini, mini_euro, poker, skat, square, tarot, trading"


@pytest.mark.parametrize(("size", "message"), [
    ("0x0", f"card size '0x0' is 0x0 mm; {BOUND}"),
    ("19.9x88", f"card size '19.9x88' is 19.9x88 mm; {BOUND}"),
    ("63x401", f"card size '63x401' is 63x401 mm; {BOUND}"),
    ("-5x10", f"unknown card size '-5x10'; use one of {NAMES} or WIDTHxHEIGHT in mm ({BOUND})"),
    ("nanxnan", f"unknown card size 'nanxnan'; use one of {NAMES} or WIDTHxHEIGHT in mm "
                f"({BOUND})"),
    ("wide", f"unknown card size 'wide'; use one of {NAMES} or WIDTHxHEIGHT in mm ({BOUND})"),
    ("400x400", "card size 400x400 (400×400 mm) with 3 mm bleed does not fit on A4 "
                "(210×297 mm) with 5 mm margins; choose a larger paper, a smaller margin or "
                "a smaller bleed"),
])
def test_a_card_size_out_of_bounds_is_a_usage_error_naming_the_bound(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str, message: str) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--card-size", size])
    assert result.exit_code == 2
    assert result.output == ("Usage: cli build [OPTIONS] [GAMES]...\n"
                             "Try 'cli build --help' for help.\n\n"
                             f"Error: Invalid value for --card-size: {message}\n")
    assert not (tmp_path / "output").exists()


def test_a_small_card_builds_and_warns_with_the_card_and_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--card-size", "20x20",
                                      "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-2].startswith("tiny: ") and " file(s), " in lines[-2]
    assert lines[-1] == f"open first: {Path('output') / 'tiny' / 'it' / 'guide.pdf'}"
    warnings = lines[:-2]
    assert warnings[:2] == [
        "tiny: warning: it: cards.pdf, card events/calma: text 'ui.card.timing.turn' overflows "
        "its box at the minimum size (6 pt) (2 times)",
        "tiny: warning: it: cards.pdf, card events/calma: text 'game.title' overflows its box at "
        "the minimum size (6 pt) (2 times)"]
    assert len(warnings) == 22
    assert all(line.startswith("tiny: warning: it: cards.pdf, card ") for line in warnings)


def test_build_of_content_its_kit_cannot_draw_reports_the_rules_problems(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build skips the rules checks; when the kit then fails to draw (an unknown biome),
    the rules stage runs and its errors are reported, exit 1, no output, no traceback."""
    make_game(tmp_path, [{"file": "maps.json", "op": "text", "old": '"biome": "forest"',
                          "new": '"biome": "jungle"'}], "iwari")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "iwari", "--out", "kits"])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-2:] == [
        "iwari/maps.json:34: /sides/0/territories/3/biome: unknown biome 'jungle' "
        "(known: coast, desert, forest, glacier, tundra)",
        "iwari: not built: fix the content problems above (stamperia check iwari)"]
    assert not (tmp_path / "kits" / "iwari").exists()
