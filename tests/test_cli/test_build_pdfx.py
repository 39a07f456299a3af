"""PDF/X: `--pdfx x1a|x4` and the presets' own PDFs pass the structural preflight
(generator.print.preflight) and, where Ghostscript is installed, render through it
without an error; the same content gives the same bytes."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli
from stamperia.generator.export.presets import load_presets
from stamperia.generator.print.preflight import preflight

pytest.importorskip("pikepdf")

GHOSTSCRIPT = shutil.which("gs")


def _build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Path:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "pdf", *args])
    assert result.exit_code == 0, result.output
    return tmp_path / "output" / "tiny" / "it"


def _pdfs(folder: Path) -> list[Path]:
    found = sorted(folder.rglob("*.pdf"))
    assert found
    return found


@pytest.mark.parametrize("level", ["x1a", "x4"])
def test_every_pdf_of_a_pdfx_kit_passes_the_preflight(
        level: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _build(tmp_path, monkeypatch, "--pdfx", level)
    for pdf in _pdfs(folder):
        assert [str(p) for p in preflight(pdf, level)] == [], pdf.name


def test_a_plain_kit_fails_the_preflight_on_each_rule_it_breaks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _build(tmp_path, monkeypatch)
    rules = {p.rule for pdf in _pdfs(folder) for p in preflight(pdf, "x1a")}
    assert {"output-intent", "version", "rgb"} <= rules


PDF_PRESETS = [name for name, p in load_presets().items() if p.pdfx.value != "none"]


def test_drivethrucards_asks_for_pdfx_1a() -> None:
    assert PDF_PRESETS == ["drivethrucards"]


@pytest.mark.parametrize("name", PDF_PRESETS)
def test_each_presets_pdfs_pass_the_preflight_at_the_shops_level_with_the_trim_inset(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pikepdf

    chosen = load_presets()[name]
    folder = _build(tmp_path, monkeypatch, "--preset", name) / name
    bleed_pt = chosen.bleed_mm / 25.4 * 72
    for path in _pdfs(folder):
        assert [str(p) for p in preflight(path, chosen.pdfx.value)] == [], path.name
        with pikepdf.open(path) as pdf:
            for page in pdf.pages:
                media = [float(v) for v in page.obj.MediaBox]
                trim = [float(v) for v in page.obj.TrimBox]
                bleed = [float(v) for v in page.obj.BleedBox]
                assert bleed == pytest.approx(media, abs=0.01)
                assert trim == pytest.approx([bleed_pt, bleed_pt, media[2] - bleed_pt,
                                              media[3] - bleed_pt], abs=0.01)


def test_a_pdfx_kit_is_byte_identical_when_built_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _build(tmp_path / "a", monkeypatch, "--pdfx", "x4", "--preset", "drivethrucards")
    second = _build(tmp_path / "b", monkeypatch, "--pdfx", "x4", "--preset", "drivethrucards")

    def digests(folder: Path) -> dict[str, str]:
        return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in _pdfs(folder)}

    assert digests(first) == digests(second)


def test_the_manifest_and_info_name_the_level(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import pikepdf

    folder = _build(tmp_path, monkeypatch, "--pdfx", "x1a")
    with pikepdf.open(folder / "cards.pdf") as pdf:
        info = pdf.trailer.Info
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2003"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert str(info.CreationDate) == str(info.ModDate) == "D:20000101000000+00'00'"
        intent = pdf.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert json.loads((folder.parent / "manifest.json").read_text("utf-8"))["files"]


@pytest.mark.skipif(GHOSTSCRIPT is None, reason="Ghostscript (gs) is not installed")
@pytest.mark.parametrize("args", [("--pdfx", "x1a"), ("--preset", "drivethrucards")])
def test_ghostscript_renders_every_page_in_cmyk_without_an_error(
        args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cross-check: Ghostscript's ink coverage device reads each PDF, stopping at the
    first error, and reports every page; no page lays down more ink than the limit."""
    folder = _build(tmp_path, monkeypatch, *args)
    assert GHOSTSCRIPT is not None
    for pdf in _pdfs(folder):
        run = subprocess.run([GHOSTSCRIPT, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
                              "-dPDFSTOPONERROR", "-sDEVICE=inkcov", "-o", "-", str(pdf)],
                             capture_output=True, text=True, check=False, timeout=300)
        assert run.returncode == 0, run.stderr
        assert "error" not in (run.stdout + run.stderr).lower()
        pages = re.findall(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+) CMYK OK",
                           run.stdout, re.MULTILINE)
        import pikepdf

        with pikepdf.open(pdf) as opened:
            assert len(pages) == len(opened.pages)


def test_a_translucent_rgb_image_is_printed_in_cmyk_on_white_in_x1a(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pikepdf
    from PIL import Image as PilImage

    folder = make_game(tmp_path, [{"file": "cards.json", "op": "set",
                                   "pointer": "/decks/1/cards/0/fields/art",
                                   "value": "art/glass.png"}], "cards_template")
    (folder / "art").mkdir(exist_ok=True)
    PilImage.new("RGBA", (40, 40), (20, 160, 40, 128)).save(folder / "art" / "glass.png")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "cards_template", "--format", "pdf",
                                      "--pdfx", "x1a"])
    assert result.exit_code == 0, result.output
    kit = tmp_path / "output" / "cards_template"
    images: list[tuple[str, bool]] = []  # (colour space, has a soft mask)
    for pdf_path in _pdfs(kit):
        assert [str(p) for p in preflight(pdf_path, "x1a")] == [], pdf_path.name
        with pikepdf.open(pdf_path) as pdf:
            images += [(str(obj.ColorSpace), "/SMask" in obj) for obj in pdf.objects
                       if isinstance(obj, pikepdf.Stream)
                       and obj.get("/Subtype") == pikepdf.Name("/Image")]
    assert images and set(images) == {("/DeviceCMYK", False)}
