"""The glyph check: characters a text box's own face cannot draw, with code points."""

from __future__ import annotations

from stamperia.content.l10n.pseudo import pseudo_text
from stamperia.generator.draw.drawing import Page, TextBox, TextSource
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.glyphs import describe_characters, missing_glyphs


def _page(*boxes: TextBox) -> Page:
    return Page(100, 100, boxes, "p1")


def test_japanese_in_dejavu_is_reported_with_face_and_source() -> None:
    source = TextSource("zones/alto", "zone.alto.name")
    box = TextBox(0, 0, 50, 10, "Alto あい", bold=True, source=source)
    plain = TextBox(0, 20, 50, 10, "Çàrîçà ŁőЖΩệ")
    reports = missing_glyphs([_page(box, plain)], FontSet.default())
    assert [(r.face, r.missing, r.source) for r in reports] == [
        ("DejaVuSans-Bold", "あい", source)]


def test_characters_are_named_with_their_code_points() -> None:
    assert describe_characters("あ\u200b") == "'あ' (U+3042), '\\u200b' (U+200B)"


class LatinOnly:
    """A face that draws printable ASCII only, as a narrow theme font would."""

    def face_name(self, family: str, bold: bool) -> str:
        return f"{family}-{'bold' if bold else 'regular'}"

    def missing_characters(self, text: str, face_name: str) -> str:
        return "".join(sorted({c for c in text if not c.isspace() and not " " < c <= "~"}))


def test_the_pseudo_locale_exercises_the_glyph_check() -> None:
    """Pseudo texts carry letters beyond Latin-1 (Central European, Greek, Cyrillic,
    Vietnamese): a font without them fails before translators deliver."""
    text = pseudo_text("Carica bestiale del cinghiale sardo")
    reports = missing_glyphs([_page(TextBox(0, 0, 50, 10, text))], LatinOnly())
    assert len(reports) == 1
    assert {"ł", "ş", "Ω", "Ж", "ệ"} <= set(reports[0].missing)
    assert missing_glyphs([_page(TextBox(0, 0, 50, 10, text))], FontSet.default()) == ()
