"""Which piece, and which box on it, a check finding concerns.

Findings name a file, a line and a JSON pointer; pieces are drawn from content through
layouts. A finding is pinned on a piece when it names a text the piece prints (a strings
key in the pointer, or the text's own origin), the piece's id as a pointer segment or a
quoted word of the message, or, in a spreadsheet deck, the row of the piece's card.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from stamperia.content.errors import ContentError
from stamperia.generator.draw.drawing import FittedTextBox, Group, Item, TextBox

MAX_ROWS = 100_000
"""Rows of a CSV deck read to find a finding's card: far beyond a real deck."""


@dataclass(frozen=True)
class Box:
    """A text box of a piece, in millimetres from the trim's top-left corner."""

    key: str
    x: float
    y: float
    width: float
    height: float
    origin_file: str = ""
    origin_pointer: str = ""
    origin_line: int = 0


@dataclass(frozen=True)
class Pin:
    """Finding `finding` (its index in the findings list) on a piece; `box` when the finding
    concerns one text box of it."""

    finding: int
    box: Box | None = None


def text_boxes(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0) -> Iterator[Box]:
    """The text boxes with a known source, placed (translations added up; a rotated group
    keeps its boxes' unrotated places, near enough to pin a marker)."""
    for item in items:
        if isinstance(item, Group):
            tx, ty = item.translate
            yield from text_boxes(item.items, dx + tx, dy + ty)
            continue
        box = item.box if isinstance(item, FittedTextBox) else item
        if isinstance(box, TextBox) and box.source is not None:
            origin = box.source.origin
            yield Box(box.source.key, box.x + dx, box.y + dy, box.width, box.height,
                      origin.file if origin else "", origin.pointer if origin else "",
                      origin.line if origin else 0)


def _segments(pointer: str) -> list[str]:
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/") if part]


def _quoted(message: str) -> set[str]:
    return set(re.findall(r"'([^'\s]+)'", message))


class CsvRows:
    """The `id` of each row of the CSV files findings name, read once per file."""

    def __init__(self) -> None:
        self._ids: dict[str, dict[int, str]] = {}

    def card_at(self, file: str, line: int) -> str | None:
        if not file.lower().endswith(".csv"):
            return None
        if file not in self._ids:
            self._ids[file] = _row_ids(Path(file))
        return self._ids[file].get(line)


def _row_ids(path: Path) -> dict[int, str]:
    """Line number -> the row's `id` (or first) column; empty when the file cannot be read."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as stream:
            reader = csv.reader(stream)
            header = next(reader, [])
            column = header.index("id") if "id" in header else 0
            found: dict[int, str] = {}
            for number, row in enumerate(reader):
                if number >= MAX_ROWS:
                    break
                if len(row) > column:
                    found[reader.line_num] = row[column].strip()
            return found
    except (OSError, UnicodeDecodeError, csv.Error):
        return {}


def pins_for(piece_id: str, boxes: tuple[Box, ...], findings: tuple[ContentError, ...],
             rows: CsvRows) -> tuple[Pin, ...]:
    """The findings that concern one piece, at a box where one is named."""
    pins: list[Pin] = []
    for index, finding in enumerate(findings):
        box = _box_of(finding, boxes)
        segments = _segments(finding.pointer)
        if box is not None:
            pins.append(Pin(index, box))
        elif rows.card_at(finding.file, finding.line) == piece_id:
            pins.append(Pin(index, _column_box(finding.cell, boxes)))
        elif piece_id in segments or piece_id in _quoted(finding.message):
            pins.append(Pin(index))
    return tuple(pins)


def _column_box(cell: str, boxes: tuple[Box, ...]) -> Box | None:
    """The box printing the spreadsheet column a finding names (`3: column 'Text'`)."""
    named = re.search(r"column '([^']+)'", cell)
    column = named.group(1).strip().lower() if named else None
    return next((box for box in boxes if column and box.key.lower() == column), None)


def _box_of(finding: ContentError, boxes: tuple[Box, ...]) -> Box | None:
    """The box whose strings key or origin the finding's pointer names."""
    segments = _segments(finding.pointer)
    dotted = ".".join(segments)
    for box in boxes:
        if box.origin_file and box.origin_file == finding.file and box.origin_pointer:
            if not box.origin_pointer.startswith("/"):  # a spreadsheet's cell: its row too
                if (finding.pointer, finding.line) == (box.origin_pointer, box.origin_line):
                    return box
            elif (finding.pointer == box.origin_pointer
                  or finding.pointer.startswith(box.origin_pointer + "/")):
                return box
        if box.key.count(".") >= 2 and (dotted == box.key or box.key in segments):
            return box
    return None
