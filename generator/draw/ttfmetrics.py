"""Advance widths, character map and ascent of a TrueType face, read straight from its tables.

Why: measuring text needs only the `head`, `hhea`, `maxp`, `OS/2`, `cmap` and `hmtx` tables,
while ReportLab's TTFont parses every table field by field (~60 ms a face, most of a check's
text fit start). The figures here are the ones ReportLab derives from the same tables (the
same cmap subtable choice, widths scaled to 1/1000 em, the space / no-break space pairing),
so a width measured here is the width ReportLab's `stringWidth` gives, bit for bit.
A file this reader does not understand raises `UnsupportedFont`: the caller then lets
ReportLab parse it (and report what is wrong with it).
"""

from __future__ import annotations

import struct
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

_HEAD_MAGIC = 0x5F0F3CF5


class UnsupportedFont(Exception):
    """The file is not a plain TrueType font this reader handles (collections, unusual cmap
    formats, damaged tables)."""


@dataclass(frozen=True)
class FaceMetrics:
    """What text measuring needs from one face, in ReportLab's units (1/1000 em)."""

    widths: dict[int, float]
    """Advance width of every character code the face maps to a glyph it has metrics for."""
    mapped: frozenset[int]
    """Every character code the cmap maps (to any glyph, even glyph 0)."""
    default_width: float
    """Advance width of glyph 0, for characters the face does not map."""
    ascent: float
    descent: float

    def string_width(self, text: str, size: float) -> float:
        """Width of `text` at `size` points, as ReportLab's TTFont.stringWidth computes it."""
        get, default = self.widths.get, self.default_width
        total = 0.0
        for char in text:  # plain additions in order, as ReportLab's C accelerator adds
            total += get(ord(char), default)
        return total / 1000.0 * size

    def has_glyph(self, code: int) -> bool:
        return code in self.mapped


def _tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise UnsupportedFont("not a single TrueType font")
    (count,) = struct.unpack_from(">H", data, 4)
    tables: dict[bytes, tuple[int, int]] = {}
    for index in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * index)
        tables[tag] = (offset, length)
    return tables


def _offset(tables: dict[bytes, tuple[int, int]], tag: bytes) -> int:
    if tag not in tables:
        raise UnsupportedFont(f"no {tag.decode('latin-1')} table")
    return tables[tag][0]


def _cmap_subtable(data: bytes, start: int) -> int:
    """Offset of the subtable ReportLab would pick (the last suitable record wins)."""
    version, count = struct.unpack_from(">HH", data, start)
    if count == 0 and version != 0:
        count = version
    chosen, kind = None, 0
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, start + 4 + 8 * index)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0
                                                                  and encoding != 5):
            chosen, kind = offset, 1
        elif platform == 1 and encoding == 0 and kind != 1:
            chosen, kind = offset, 2
    if chosen is None:
        raise UnsupportedFont("no suitable cmap encoding")
    return start + int(chosen)


def _format4(data: bytes, at: int, glyphs: dict[int, int]) -> int:
    length, _language, double_count = struct.unpack_from(">HHH", data, at + 2)
    limit = at + length
    segments = double_count // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_start = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, range_start)
    assigned = 0
    for n in range(segments):
        first, last, delta, offset = starts[n], ends[n], deltas[n], ranges[n]
        assigned += max(0, last + 1 - first)
        if offset == 0:
            for char in range(first, last + 1):
                glyphs[char] = (char + delta) & 0xFFFF
            continue
        base = range_start + 2 * n + offset
        for char in range(first, last + 1):
            where = base + 2 * (char - first)
            glyph = 0
            if where < limit:
                (glyph,) = struct.unpack_from(">H", data, where)
                if glyph != 0:
                    glyph = (glyph + delta) & 0xFFFF
            glyphs[char] = glyph
    return assigned


def _format12(data: bytes, at: int, glyphs: dict[int, int]) -> int:
    (groups,) = struct.unpack_from(">L", data, at + 12)
    assigned = 0
    for group in range(groups):
        first, last, glyph = struct.unpack_from(">LLL", data, at + 16 + 12 * group)
        count = max(0, last + 1 - first)
        glyphs.update(zip(range(first, first + count), range(glyph, glyph + count), strict=True))
        assigned += count
    return assigned


def _character_map(data: bytes, tables: dict[bytes, tuple[int, int]]) -> dict[int, int]:
    """Character code -> glyph; a code mapped twice is left to ReportLab, whose width and
    glyph for it would then depend on the order it reads them in."""
    at = _cmap_subtable(data, _offset(tables, b"cmap"))
    (form,) = struct.unpack_from(">H", data, at)
    glyphs: dict[int, int] = {}
    if form == 4:
        assigned = _format4(data, at, glyphs)
    elif form == 12:
        assigned = _format12(data, at, glyphs)
    else:
        raise UnsupportedFont(f"cmap format {form}")
    if assigned != len(glyphs):
        raise UnsupportedFont("a character mapped twice")
    return glyphs


def _read(data: bytes) -> FaceMetrics:
    tables = _tables(data)
    head = _offset(tables, b"head")
    major, magic, units, y_min, y_max = (struct.unpack_from(">H", data, head)[0],
                                         *struct.unpack_from(">L2xH", data, head + 12),
                                         *struct.unpack_from(">h2xh", data, head + 38))
    (glyph_format,) = struct.unpack_from(">H", data, head + 52)
    if major != 1 or magic != _HEAD_MAGIC or glyph_format != 0 or b"loca" not in tables:
        raise UnsupportedFont("unexpected head table")
    multiple = 1000 / units
    if b"OS/2" in tables:
        os2 = tables[b"OS/2"][0]
        (embedding,) = struct.unpack_from(">H", data, os2 + 8)
        if embedding == 0x0002 or embedding & 0x0300:
            raise UnsupportedFont("restricted embedding")  # ReportLab decides, by file name
        ascent, descent = struct.unpack_from(">hh", data, os2 + 68)
    else:
        ascent, descent = y_max, y_min
    hhea = _offset(tables, b"hhea")
    hhea_major, metric_format, metrics_count = struct.unpack_from(">H30xHH", data, hhea)
    maxp = _offset(tables, b"maxp")
    maxp_major, glyph_count = struct.unpack_from(">H2xH", data, maxp)
    (post_major,) = struct.unpack_from(">H", data, _offset(tables, b"post"))
    if (hhea_major != 1 or metric_format != 0 or metrics_count == 0 or maxp_major != 1
            or post_major not in (1, 2, 3, 4)):
        raise UnsupportedFont("unexpected hhea, maxp or post table")
    glyphs = _character_map(data, tables)
    hmtx = _offset(tables, b"hmtx")
    advances = array("H", data[hmtx:hmtx + 4 * metrics_count])
    if sys.byteorder == "little":
        advances.byteswap()
    if len(advances) != 2 * metrics_count:
        raise UnsupportedFont("short hmtx table")
    # ReportLab keeps 1000-unit advances as they are and scales any other by 1000 / units
    by_glyph = [float(a) if units == 1000 else a * multiple for a in advances[0::2]]
    by_glyph += [by_glyph[-1]] * (glyph_count - metrics_count)
    known = len(by_glyph)
    widths = {char: by_glyph[glyph] for char, glyph in glyphs.items() if glyph < known}
    mapped = set(glyphs)
    if 0x20 in mapped:
        mapped.add(0xA0)
        widths[0xA0] = widths[0x20]
    elif 0xA0 in mapped:
        mapped.add(0x20)
        widths[0x20] = widths[0xA0]
    scale = float if units == 1000 else multiple.__mul__
    return FaceMetrics(widths, frozenset(mapped), by_glyph[0], scale(ascent), scale(descent))


def read_face_metrics(path: Path) -> FaceMetrics:
    """The face's metrics (OSError if the file cannot be read, UnsupportedFont otherwise)."""
    data = path.read_bytes()
    try:
        return _read(data)
    except (struct.error, IndexError, KeyError, ValueError) as error:
        raise UnsupportedFont(str(error)) from error
