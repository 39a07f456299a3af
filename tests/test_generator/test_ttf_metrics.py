"""The light TrueType reader measures exactly as ReportLab does, and hands what it does
not understand to ReportLab."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from stamperia.generator.draw import fonts as fonts_module
from stamperia.generator.draw.fonts import FONTS_DIR, FontError, FontFamily, FontSet
from stamperia.generator.draw.ttfmetrics import UnsupportedFont, read_face_metrics

SHIPPED = sorted(FONTS_DIR.glob("*.ttf"))
SAMPLES = (
    "Perché così? È già l'ora: città, più, né, però — «virtù» “ciò”",
    "ÀÈÉÌÒÙ àèéìòù æÆ œŒ ß € ½ №",
    "Ünïcödé ẞ ŁŻŚĆ Ħ Ĳ ǅ",
    "Привет, мир! Ελληνικά κείμενα",
    "中文 한국어 ok",
    "",
    " \u00a0 \t",
    "The quick brown fox jumps over the lazy dog 0123456789",
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_tables_agree_with_reportlab(path: Path) -> None:
    metrics, face = read_face_metrics(path), TTFont("probe", str(path)).face
    assert metrics.widths == face.charWidths
    assert metrics.mapped == frozenset(face.charToGlyph)
    assert (metrics.default_width, metrics.ascent, metrics.descent) == (
        face.defaultWidth, face.ascent, face.descent)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_widths_are_reportlabs_bit_for_bit(path: Path) -> None:
    metrics, font = read_face_metrics(path), TTFont("probe", str(path))
    rng = random.Random(7)
    codes = sorted(font.face.charToGlyph) + [0x4E2D, 0x10FFFF]
    texts = list(SAMPLES) + ["".join(chr(rng.choice(codes)) for _ in range(rng.randint(1, 60)))
                             for _ in range(400)]
    for index, text in enumerate(texts):
        for size in (5, 6.5, 7, 8.25, 9.1, 13.7, 0.1 * (index % 300 + 1)):
            assert metrics.string_width(text, size) == font.stringWidth(text, size), (text, size)


def test_a_collection_is_left_to_reportlab(tmp_path: Path) -> None:
    collection = tmp_path / "Family.ttc"
    collection.write_bytes(b"ttcf" + bytes(64))
    with pytest.raises(UnsupportedFont):
        read_face_metrics(collection)


def test_damaged_tables_are_a_font_error_with_the_path(tmp_path: Path) -> None:
    cut = tmp_path / "Cut.ttf"
    cut.write_bytes((FONTS_DIR / "DejaVuSans.ttf").read_bytes()[:2000])
    fonts = FontSet([FontFamily("Cut", cut, cut)])
    with pytest.raises(FontError, match="Cut.ttf.*damaged font tables"):
        fonts.text_width_mm("ciao", "Cut", 9)


def _with_embedding(tmp_path: Path, embedding: int) -> Path:
    data = bytearray((FONTS_DIR / "DejaVuSans.ttf").read_bytes())
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sLLL", data, 12 + 16 * index)
        if tag == b"OS/2":
            struct.pack_into(">H", data, offset + 8, embedding)
    path = tmp_path / "Restricted.ttf"
    path.write_bytes(bytes(data))
    return path


def test_restricted_embedding_is_left_to_reportlab(tmp_path: Path) -> None:
    path = _with_embedding(tmp_path, 0x0002)
    with pytest.raises(UnsupportedFont):
        read_face_metrics(path)
    fonts = FontSet([FontFamily("Restricted", path, path)])
    assert fonts.text_width_mm(SAMPLES[0], "Restricted", 9) == FontSet.default().text_width_mm(
        SAMPLES[0], "DejaVuSans", 9)


def test_reportlab_measures_what_the_reader_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    light = FontSet.default()
    expected = [light.text_width_mm(text, "DejaVuSans-Bold", 8.5) for text in SAMPLES]
    missing = light.missing_characters(SAMPLES[4], "DejaVuSans")

    def unsupported(path: Path) -> None:
        raise UnsupportedFont(str(path))

    monkeypatch.setattr(fonts_module, "read_face_metrics", unsupported)
    parsed = FontSet.default()
    assert [parsed.text_width_mm(text, "DejaVuSans-Bold", 8.5) for text in SAMPLES] == expected
    assert parsed.missing_characters(SAMPLES[4], "DejaVuSans") == missing == "中文국어한"
    assert parsed.ascent_ratio("DejaVuSans") == light.ascent_ratio("DejaVuSans")
