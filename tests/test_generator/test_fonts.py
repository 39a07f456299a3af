"""Bundled fonts: present, licensed, Italian coverage, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.generator.draw.fonts import FONTS_DIR, FontError, FontFamily, FontSet


def test_bundled_files_and_licence_are_package_data() -> None:
    assert (FONTS_DIR / "DejaVuSans.ttf").is_file()
    assert (FONTS_DIR / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (FONTS_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def test_italian_text_has_every_glyph() -> None:
    fonts = FontSet.default()
    text = "àèéìòù ÀÈÉÌÒÙ æÆ œ «perché» – “città” €"
    for bold in (False, True):
        assert fonts.missing_characters(text, fonts.face_name("DejaVu Sans", bold)) == ""


def test_missing_characters_are_listed() -> None:
    fonts = FontSet.default()
    assert fonts.missing_characters("ok 中文", "DejaVuSans") == "中文"


def test_missing_font_file_raises_font_error_with_path(tmp_path: Path) -> None:
    missing = tmp_path / "Nope.ttf"
    family = FontFamily("Nope", missing, missing)
    with pytest.raises(FontError) as error:
        FontSet([family])
    assert str(missing) in str(error.value)
    assert "Reinstall" in str(error.value)


def test_unreadable_font_file_raises_font_error(tmp_path: Path) -> None:
    broken = tmp_path / "Broken.ttf"
    broken.write_bytes(b"not a font")
    with pytest.raises(FontError, match="Broken.ttf"):
        FontSet([FontFamily("Broken", broken, broken)])


def test_unknown_family_is_a_font_error() -> None:
    with pytest.raises(FontError, match="DejaVu Sans"):
        FontSet.default().face("Comic Sans")
