"""`stamperia build --format png,tts` and `--preset` end to end on the tiny game, and the
export options' usage errors (exit 2, nothing written)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game
from PIL import Image as PilImage

from stamperia.cli import cli


def _build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_png_export_writes_every_card_side_and_lists_them_in_the_manifest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    output = _build(tmp_path, monkeypatch, "--format", "png", "--dpi", "72")
    folder = tmp_path / "output" / "tiny"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    cards = [f for f in manifest["files"] if f["component"] == "card"]
    assert len(cards) == 36  # 18 cards, face and back
    zannata = next(f for f in cards if f["path"].endswith("/zannata-1.png"))
    assert zannata["card"] == "zannata" and zannata["side"] == "face"
    assert zannata["dpi"] == 72 and zannata["pixels"] == [197, 269]
    with PilImage.open(folder / zannata["path"]) as image:
        assert image.size == (197, 269)
    assert any(f["component"] == "token" for f in manifest["files"])
    assert any(f["component"] == "board" for f in manifest["files"])
    assert not any(f["path"].endswith(".pdf") for f in manifest["files"])
    assert output == (f"tiny: {len(manifest['files'])} file(s), 0 PDF page(s) in "
                      f"{Path('output') / 'tiny'}\n"
                      f"open first: {Path('output') / 'tiny' / 'it'}{os.sep}\n")


def test_tts_export_points_at_the_output_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path, monkeypatch, "--format", "tts", "--dpi", "72")
    tts = tmp_path / "output" / "tiny" / "it" / "tts"
    save = json.loads((tts / "tiny.json").read_text(encoding="utf-8"))
    names = [o["Name"] for o in save["ObjectStates"]]
    assert "DeckCustom" in names and "Custom_Tile" in names
    assert "Custom_Token" in [o["Name"] for bag in save["ObjectStates"] if bag["Name"] == "Bag"
                              for o in bag["ContainedObjects"]]
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    face_url = next(iter(deck["CustomDeck"].values()))["FaceURL"]
    assert face_url.startswith("file:///") and face_url.endswith(".png")
    assert Path(face_url.removeprefix("file://")).parent == tts.resolve()


def test_tts_base_url_prefixes_every_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path, monkeypatch, "--format", "tts", "--dpi", "72", "--tts-base-url",
           "https://example.org/tiny")
    save = json.loads((tmp_path / "output/tiny/it/tts/tiny.json").read_text(encoding="utf-8"))
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert next(iter(deck["CustomDeck"].values()))["FaceURL"].startswith(
        "https://example.org/tiny/")


def test_preset_writes_the_shops_upload_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path, monkeypatch, "--format", "pdf", "--preset", "thegamecrafter")
    manifest = json.loads((tmp_path / "output/tiny/manifest.json").read_text(encoding="utf-8"))
    shop = [f for f in manifest["files"] if f["path"].startswith("it/thegamecrafter/")]
    assert len(shop) == 36
    assert {tuple(f["pixels"]) for f in shop} == {(825, 1125)}
    assert manifest["bleed_mm"] == 3.175


@pytest.mark.parametrize(("args", "gap"), [
    ([], 0.0),
    (["--preset", "drivethrucards"], 3.0),
    (["--preset", "drivethrucards", "--gap", "0"], 0.0),
    (["--preset", "makeplayingcards", "--gap", "5"], 5.0),
])
def test_a_preset_spaces_the_cards_3_mm_apart_unless_gap_says_otherwise(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], gap: float) -> None:
    _build(tmp_path, monkeypatch, "--format", "pdf", *args)
    manifest = json.loads((tmp_path / "output/tiny/manifest.json").read_text(encoding="utf-8"))
    assert manifest["gap_mm"] == gap


@pytest.mark.parametrize(("args", "message"), [
    (["--format", "png", "--dpi", "71"], "Invalid value for --dpi: 71 is not within 72-1200"),
    (["--format", "tts", "--dpi", "1201"],
     "Invalid value for --dpi: 1201 is not within 72-1200"),
    (["--format", "tts", "--tts-base-url", "ftp://example.org/x"],
     "Invalid value for --tts-base-url: 'ftp://example.org/x' is not an http(s) URL (for "
     "example https://example.org/my-game/)"),
    (["--format", "tts", "--tts-base-url", "https://"],
     "Invalid value for --tts-base-url: 'https://' is not an http(s) URL (for example "
     "https://example.org/my-game/)"),
    (["--format", "png", "--preset", "drivethrucards", "--card-size", "40x40"],
     "Invalid value for --card-size: DriveThruCards does not print '40x40' cards: choose "
     "from poker, bridge, mini, tarot, square"),
    (["--format", "tts", "--tts-base-url", "example.org/x"],
     "Invalid value for --tts-base-url: 'example.org/x' is not an http(s) URL (for example "
     "https://example.org/my-game/)"),
    (["--preset", "makeplayingcards", "--card-size", "skat"],
     "Invalid value for --card-size: MakePlayingCards does not print 'skat' cards: choose "
     "from poker, bridge, mini, tarot, square"),
    (["--format", "png,jpg"], "Invalid value for '--format': 'jpg': choose from pdf, svg, png, "
                              "tts, showcase, tabletopia, comma-separated"),
])
def test_bad_export_options_exit_2_and_write_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", *args])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: {message}"
    assert not (tmp_path / "output").exists()


def _contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_the_same_content_gives_byte_identical_exports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(tmp_path, monkeypatch, "--format", "png,tts", "--dpi", "72")
    first = _contents(tmp_path / "output" / "tiny")
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "png,tts", "--dpi", "72"])
    assert result.exit_code == 0, result.output
    assert _contents(tmp_path / "output" / "tiny") == first


def test_disk_full_while_writing_a_png_keeps_the_previous_kit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stamperia.building import kit as building
    _build(tmp_path, monkeypatch, "--format", "pdf")
    before = _contents(tmp_path / "output")
    real = building.write_file

    def filling(path: Path, data: bytes) -> None:
        if path.name == "zannata-2.png":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(building, "write_file", filling)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "png", "--dpi", "72"])
    assert result.exit_code == 1
    assert result.output == ("Error: disk full while writing "
                             "output/tiny/it/cards/actions-rossi/zannata-2.png; the previous kit "
                             "is intact\n")
    assert _contents(tmp_path / "output") == before


def test_drivethrucards_gets_its_deck_pdfs_in_cmyk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader

    _build(tmp_path, monkeypatch, "--format", "pdf", "--preset", "drivethrucards")
    shop = tmp_path / "output/tiny/it/drivethrucards"
    decks = sorted(p.name for p in shop.iterdir())
    assert decks and all(name.endswith(".pdf") for name in decks)
    content = PdfReader(shop / decks[0]).pages[1].get_contents().get_data().decode(  # type: ignore[union-attr]
        "latin-1")
    assert " k\n" in content or " k " in content  # CMYK fill operator
    assert " rg\n" not in content and " rg " not in content
    rgb_kit = PdfReader(tmp_path / "output/tiny/it/cards.pdf").pages[0].get_contents()
    assert " rg" in rgb_kit.get_data().decode("latin-1")  # type: ignore[union-attr]


def test_an_output_folder_that_cannot_be_written_stops_the_export_before_any_drawing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root ignores chmod: the refusal is simulated at the first write into OUT, the lock."""
    import builtins

    from stamperia.building import outputfolder
    from stamperia.generator.export import raster

    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kits").mkdir()
    real_open = builtins.open

    def refusing(file: object, *args: object) -> object:
        if str(file).endswith(outputfolder.LOCK_NAME):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args)  # type: ignore[call-overload]

    def no_drawing(*_args: object) -> object:
        raise AssertionError("rendered pieces for a folder that cannot be written")

    monkeypatch.setattr(outputfolder, "open", refusing, raising=False)
    monkeypatch.setattr(raster, "render_pdf", no_drawing)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "png,tts", "--dpi", "72",
                                      "--out", "kits"])
    assert (result.exit_code, result.output) == (
        1, "Error: cannot write to kits: permission denied\n")
    assert list((tmp_path / "kits").iterdir()) == []


def test_disk_full_while_writing_the_tts_save_keeps_the_previous_kit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stamperia.building import kit as building
    _build(tmp_path, monkeypatch, "--format", "tts", "--dpi", "72")
    before = _contents(tmp_path / "output")
    real = building.write_file

    def filling(path: Path, data: bytes) -> None:
        if path.name == "tiny.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(building, "write_file", filling)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "tts", "--dpi", "100"])
    assert result.exit_code == 1
    assert result.output == ("Error: disk full while writing output/tiny/it/tts/tiny.json; "
                             "the previous kit is intact\n")
    assert _contents(tmp_path / "output") == before
