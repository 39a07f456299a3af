"""Embedded TrueType fonts and their metrics.

Text is measured with the very font files the PDF embeds, so wrapping decided
here holds in the PDF and (line by line) in the SVG. The bundled family is
DejaVu Sans (regular and bold), which covers Italian and most Latin, Greek and
Cyrillic text.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from stamperia.generator.draw.cffoutlines import (
    CFF_MAGIC,
    CffConversionError,
    is_cff,
    truetype_bytes,
)
from stamperia.generator.draw.drawing import MM_PER_PT
from stamperia.generator.draw.ttfmetrics import FaceMetrics, UnsupportedFont, read_face_metrics

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONTS_DIR = Path(__file__).parent.parent / "fonts"
DEFAULT_FAMILY = "DejaVu Sans"


class FontError(Exception):
    """A font file is missing or unreadable, or a text asks for an unknown font."""


@dataclass(frozen=True)
class FontFamily:
    """A family name and the files of its regular and bold faces."""

    name: str
    regular: Path
    bold: Path


@dataclass(frozen=True)
class FontFace:
    """One face: `name` is the PDF font name, `family` + `bold` are what SVG uses."""

    name: str
    family: str
    bold: bool
    path: Path


def bundled_family() -> FontFamily:
    """DejaVu Sans as shipped in generator/fonts (package data)."""
    return FontFamily(
        name=DEFAULT_FAMILY,
        regular=FONTS_DIR / "DejaVuSans.ttf",
        bold=FONTS_DIR / "DejaVuSans-Bold.ttf",
    )


_SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"true", b"ttcf", CFF_MAGIC)
"""The first four bytes of a TrueType file or collection (what ReportLab reads), or of an
OpenType file with CFF outlines (converted for it, stamperia.generator.draw.cffoutlines)."""


def _unreadable(path: Path, reason: object) -> FontError:
    return FontError(f"cannot read font file {path}: {reason}. Replace it with a TrueType "
                     f"(.ttf) or OpenType (.otf) file.")


def _open(path: Path) -> None:
    """Fail now on a missing file or one that is not TrueType at all; the tables are
    parsed when a face is first measured."""
    if not path.is_file():
        raise FontError(
            f"font file not found: {path}. Reinstall stamperia, or restore the file "
            f"(DejaVu fonts come from the Debian package fonts-dejavu-core)."
        )
    try:
        with path.open("rb") as file:
            head = file.read(4)
    except OSError as error:
        raise _unreadable(path, error) from error
    if head not in _SFNT_VERSIONS:
        raise _unreadable(path, "not a TrueType or OpenType font file")


_DAMAGED = (KeyError, IndexError, ValueError, struct.error)
"""What ReportLab's parser raises when a file's tables are damaged past its header."""


def _reason(error: Exception) -> str:
    if isinstance(error, _DAMAGED):
        return f"damaged font tables ({type(error).__name__}: {error})"
    return str(error) or type(error).__name__


def _load(path: Path, name: str) -> TTFont:
    """ReportLab's parse of the whole file, for drawing with it (imported only here: a
    check measures text without ReportLab)."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        return TTFont(name, _readable(path))
    except (TTFError, OSError, CffConversionError, *_DAMAGED) as error:
        raise _unreadable(path, _reason(error)) from error


def _readable(path: Path) -> str | BinaryIO:
    """What ReportLab reads for the file: its path, or for CFF outlines (which ReportLab
    cannot embed) the same font converted to TrueType outlines."""
    if not is_cff(path):
        return str(path)
    return io.BytesIO(truetype_bytes(path))


def _metrics(path: Path, name: str) -> FaceMetrics:
    """The face's metrics read from its tables; a file the light reader does not handle
    is parsed by ReportLab, which gives the same figures or says what is wrong."""
    try:
        return read_face_metrics(path)
    except UnsupportedFont:
        face = _load(path, name).face
        return FaceMetrics(dict(face.charWidths), frozenset(face.charToGlyph),
                           face.defaultWidth, face.ascent, face.descent)
    except OSError as error:
        raise _unreadable(path, _reason(error)) from error


def unreadable_reason(path: Path) -> str | None:
    """Why ReportLab cannot parse this font file, or None when it can: faces are parsed
    only when a text first uses them, too late for a finding at the theme's pointer."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        TTFont("stamperia-probe", _readable(path))
    except (TTFError, OSError, CffConversionError, *_DAMAGED) as error:
        return _reason(error)
    return None


def _face_name(family: str, bold: bool) -> str:
    base = family.replace(" ", "")
    return f"{base}-Bold" if bold else base


class FontSet:
    """Loaded faces keyed by family and weight; build one and pass it around.

    Each face's metrics are read once per FontSet, when the face is first measured, and
    ReportLab parses its file (~60 ms) only when a document first draws with it: a check
    measures, and uses few of the faces it offers.
    """

    def __init__(self, families: Sequence[FontFamily]) -> None:
        if not families:
            raise FontError("a FontSet needs at least one font family")
        faces: dict[str, FontFace] = {}
        for family in families:
            for bold, path in ((False, family.regular), (True, family.bold)):
                _open(path)
                name = _face_name(family.name, bold)
                faces[name] = FontFace(name=name, family=family.name, bold=bold, path=path)
        self._faces = faces
        self._metrics: dict[str, FaceMetrics] = {}
        self._fonts: dict[str, TTFont] = {}
        self._missing: dict[tuple[str, str], str] = {}

    @classmethod
    def default(cls) -> FontSet:
        """The bundled DejaVu Sans family."""
        return cls([bundled_family()])

    @property
    def faces(self) -> tuple[FontFace, ...]:
        return tuple(self._faces[name] for name in sorted(self._faces))

    def face(self, family: str, bold: bool = False) -> FontFace:
        """The face for a text box's font family and weight."""
        name = _face_name(family, bold)
        if name not in self._faces:
            known = ", ".join(sorted({face.family for face in self._faces.values()}))
            raise FontError(f"unknown font family {family!r}; available: {known}")
        return self._faces[name]

    def face_name(self, family: str, bold: bool) -> str:
        """The PDF name of a family's face (raises FontError for an unknown family)."""
        return self.face(family, bold).name

    def text_width_mm(self, text: str, face_name: str, size_pt: float) -> float:
        """Advance width of `text` set in `face_name` at `size_pt`, in millimetres."""
        return self._face_metrics(face_name).string_width(text, size_pt) * MM_PER_PT

    def ascent_ratio(self, face_name: str) -> float:
        """Share of the em box above the baseline (places baselines in a line box)."""
        face = self._face_metrics(face_name)
        return float(face.ascent) / float(face.ascent - face.descent)

    def missing_characters(self, text: str, face_name: str) -> str:
        """Characters of `text` the face has no glyph for (sorted, without duplicates);
        each text once per face (a kit prints the same words on many cards)."""
        key = (text, face_name)
        if key not in self._missing:
            glyphs = self._face_metrics(face_name).mapped
            self._missing[key] = "".join(sorted({c for c in text if not c.isspace()
                                                 and ord(c) not in glyphs}))
        return self._missing[key]

    def register_face_with_reportlab(self, face_name: str) -> None:
        """Make this face the one ReportLab draws under its name.

        ReportLab keeps one process-wide registry and registering again replaces the
        entry, so a document registers each face it draws with as it meets it: the canvas
        uses the file this FontSet measured with, and a face no page uses is never
        parsed (~60 ms each)."""
        from reportlab.pdfbase import pdfmetrics

        # registerFont keeps the first TrueType font of a name, so a second game of the run
        # whose family has the same name printed in the first game's file: the old entry
        # goes first. (One face file under two names stays one embedded face.)
        registry: dict[str, object] = pdfmetrics._fonts  # type: ignore[attr-defined]
        registry.pop(face_name, None)
        pdfmetrics.registerFont(self._font(face_name))

    def _path(self, face_name: str) -> Path:
        face = self._faces.get(face_name)
        if face is None:
            raise FontError(f"unknown font face {face_name!r}")
        return face.path

    def _face_metrics(self, face_name: str) -> FaceMetrics:
        metrics = self._metrics.get(face_name)
        if metrics is None:
            metrics = self._metrics[face_name] = _metrics(self._path(face_name), face_name)
        return metrics

    def _font(self, face_name: str) -> TTFont:
        font = self._fonts.get(face_name)
        if font is None:
            font = self._fonts[face_name] = _load(self._path(face_name), face_name)
        return font
