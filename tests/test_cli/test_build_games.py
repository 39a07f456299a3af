"""`stamperia build` of the games with ruleset-specific kits: exact output and files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from stamperia.cli import cli

SPLUT_FILES = [("guide.pdf", "guide", 1, [210.0, 297.0], None),
               ("calibration.pdf", "calibration", 2, [210.0, 297.0], None),
               ("board-large.pdf", "board", 1, [446.0, 620.0], None),
               ("board-tiles.pdf", "board", 5, [210.0, 297.0], None),
               ("standees.pdf", "tokens", 2, [210.0, 297.0], None),
               ("reference.pdf", "cards", 2, [210.0, 297.0], [70.0, 120.0])]


def _build(out: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["build", *options, "--out", str(out)])
    return result.exit_code, result.output


def _manifest(folder: Path) -> dict[str, object]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_build_splut_writes_the_kit_in_both_languages(tmp_path: Path) -> None:
    code, output = _build(tmp_path, "splut", "--locale", "all")
    assert code == 0
    assert output == (f"splut: 12 file(s), 26 PDF page(s) in {tmp_path / 'splut'}\n"
                      f"open first: {tmp_path / 'splut' / 'it' / 'guide.pdf'}\n")
    manifest = _manifest(tmp_path / "splut")
    assert manifest["locales"] == ["it", "en"]
    assert (manifest["paper"], manifest["duplex"], manifest["warnings"]) == ("A4", "long", [])
    assert manifest["files"] == [
        {"path": f"{locale}/{name}", "component": component, "pages": pages,
         "page_size_mm": page, "card_size_mm": card}
        for locale in ("it", "en") for name, component, pages, page, card in SPLUT_FILES]
    for locale in ("it", "en"):
        written = sorted(p.name for p in (tmp_path / "splut" / locale).iterdir())
        assert written == sorted(name for name, *_ in SPLUT_FILES)
        for name, _, pages, _, _ in SPLUT_FILES:
            assert len(PdfReader(tmp_path / "splut" / locale / name).pages) == pages
    guide = PdfReader(tmp_path / "splut" / "en" / "guide.pdf").pages[0].extract_text()
    assert "reference.pdf" in guide and "standees.pdf" in guide


def test_build_splut_svg_letter_and_a_card_size(tmp_path: Path) -> None:
    code, output = _build(tmp_path, "splut", "--locale", "en", "--paper", "letter",
                          "--format", "pdf,svg", "--card-size", "tarot", "--duplex", "fold")
    assert code == 0
    assert output == (f"splut: 16 file(s), 11 PDF page(s) in {tmp_path / 'splut'}\n"
                      f"open first: {tmp_path / 'splut' / 'en' / 'guide.pdf'}\n")
    manifest = _manifest(tmp_path / "splut")
    reference = next(f for f in manifest["files"] if f["path"] == "en/reference.pdf")
    # two tarot cards per folded Letter sheet: four cards on two sheets
    assert reference == {"path": "en/reference.pdf", "component": "cards", "pages": 2,
                         "page_size_mm": [215.9, 279.4], "card_size_mm": [70.0, 120.0]}
    svgs = sorted(p.name for p in (tmp_path / "splut" / "en" / "svg").iterdir())
    assert svgs == ["board-large-01.svg", *(f"board-tiles-0{i}.svg" for i in range(1, 6)),
                    "guide-01.svg", "reference-01.svg", "reference-02.svg", "standees-01.svg",
                    "standees-02.svg"]


def test_build_splut_on_a_mini_card_keeps_the_reference_card_readable(tmp_path: Path) -> None:
    """The reference card is at least tarot size: on a mini card its glossary overflowed
    at 4 pt; now the build has nothing to warn about."""
    code, output = _build(tmp_path, "splut", "--locale", "en", "--card-size", "mini")
    assert code == 0
    assert output == (f"splut: 6 file(s), 13 PDF page(s) in {tmp_path / 'splut'}\n"
                      f"open first: {tmp_path / 'splut' / 'en' / 'guide.pdf'}\n")
    manifest = _manifest(tmp_path / "splut")
    reference = next(f for f in manifest["files"] if f["path"] == "en/reference.pdf")
    assert reference["card_size_mm"] == [70.0, 120.0]
    # the only cards printed are tarot-sized, whatever was asked: the manifest says so
    assert manifest["card_size_mm"] == [70.0, 120.0]
    assert manifest["card_sizes_mm"] == [{"size_mm": [70.0, 120.0],
                                          "files": ["en/reference.pdf"]}]


def test_build_iwari_writes_the_kit_in_both_languages(tmp_path: Path) -> None:
    code, output = _build(tmp_path, "iwari", "--locale", "all")
    assert code == 0
    manifest = _manifest(tmp_path / "iwari")
    files = manifest["files"]
    assert isinstance(files, list)
    pages = sum(f["pages"] for f in files)
    assert output == (f"iwari: {len(files)} file(s), {pages} PDF page(s) in "
                      f"{tmp_path / 'iwari'}\n"
                      f"open first: {tmp_path / 'iwari' / 'it' / 'guide.pdf'}\n")
    stems = ["guide", "calibration", "map-nuovi-orizzonti-large", "map-nuovi-orizzonti-tiles",
             "map-vaste-terre-large", "map-vaste-terre-tiles", "cards", "score-board", "tokens"]
    assert [f["path"] for f in files] == [f"{locale}/{stem}.pdf" for locale in ("it", "en")
                                          for stem in stems]
    cards = next(f for f in files if f["path"] == "it/cards.pdf")
    assert (cards["component"], cards["card_size_mm"]) == ("cards", [63.5, 88.9])
    for entry in files:
        assert len(PdfReader(tmp_path / "iwari" / entry["path"]).pages) == entry["pages"]


def test_build_warland_output_line_and_manifest(tmp_path: Path) -> None:
    code, output = _build(tmp_path, "warland", "--locale", "it")
    assert code == 0
    manifest = _manifest(tmp_path / "warland")
    files = manifest["files"]
    assert isinstance(files, list)
    pages = sum(f["pages"] for f in files)
    assert output == (f"warland: 7 file(s), {pages} PDF page(s) in {tmp_path / 'warland'}\n"
                      f"open first: {tmp_path / 'warland' / 'it' / 'guide.pdf'}\n")
    assert [f["path"] for f in files] == [f"it/{stem}.pdf" for stem in
                                          ("guide", "calibration", "buildings", "pawns",
                                           "flags", "ruler", "tracking")]


def test_a_build_with_cards_of_several_sizes_lists_each_with_its_files() -> None:
    from stamperia.building.kit import BuiltFile, card_sizes

    files = [BuiltFile("it/cards.pdf", "cards", 2, (210.0, 297.0), (63.5, 88.9)),
             BuiltFile("it/board.pdf", "board", 1, (210.0, 297.0), None),
             BuiltFile("it/reference.pdf", "cards", 1, (210.0, 297.0), (70.0, 120.0)),
             BuiltFile("en/cards.pdf", "cards", 2, (210.0, 297.0), (63.5, 88.9))]
    assert card_sizes(files) == [
        {"size_mm": [63.5, 88.9], "files": ["it/cards.pdf", "en/cards.pdf"]},
        {"size_mm": [70.0, 120.0], "files": ["it/reference.pdf"]}]
