"""Cards read from a CSV or XLSX sheet, with a column-to-field mapping from the deck file.

Designers keep decks in spreadsheets; every problem names the sheet's own coordinates
(`decks/actions.csv:14: column 'copies': ...`, `decks/actions.xlsx:Sheet1!C14: ...`), the
place they would look in the spreadsheet program. openpyxl is imported only for XLSX.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import SPREADSHEET_PROBLEM
from stamperia.content.guards import MAX_FILE_BYTES, inside, is_regular_file, read_text
from stamperia.content.locate import display_path
from stamperia.content.look.artwork import owning_folder
from stamperia.content.references import did_you_mean

MAX_ROWS = 1000
MAX_COPIES = 200
CARD_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
"""A card id read from a sheet, as JSON content's ids: it names files (PNG exports,
print-shop uploads), so it is never a path, a space or an accent."""
Scalar = str | int | float | bool


@dataclass(frozen=True)
class SheetLocator:
    """Where a card's field lives in its sheet, so later checks (a missing image, an
    unknown icon) name the row and the column: `/fields/art` -> `column 'Art'` (CSV) or
    `Sheet1!F3` (XLSX), shown where a JSON file shows its pointer."""

    file: str
    line: int
    cells: Mapping[str, str]

    def locate(self, pointer: str) -> tuple[str, str, int]:
        field = pointer.removeprefix("/fields/")
        return self.file, self.cells.get(field, f"row {self.line}"), self.line


@dataclass(frozen=True)
class SheetRow:
    """One card of the sheet: id, copies, fields, and where each field is in the sheet."""

    id: str
    copies: int
    fields: Mapping[str, Scalar]
    locator: SheetLocator


@dataclass(frozen=True)
class SheetSpec:
    """The deck's `source`: file, sheet, which columns are id and copies, the mapping."""

    file: str
    sheet: str | None
    id_column: str
    copies_column: str
    columns: Mapping[str, str]
    values: Mapping[str, tuple[str, ...]]


def _column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class _Reader:
    def __init__(self, shown: str, sheet: str | None) -> None:
        self.shown = shown
        self.sheet = sheet
        self.problems: list[ContentError] = []

    def cell(self, row: int, column: int, header: str) -> str:
        if self.sheet is None:
            return f"{row}: column {header!r}"
        return f"{self.sheet}!{_column_letter(column)}{row}"

    def error(self, row: int, column: int, header: str, message: str, hint: str) -> None:
        self.problems.append(ContentError(self.shown, row, "", message, hint,
                                          cell=self.cell(row, column, header)))


def read_sheet(folder: Path, spec: SheetSpec, origin: Origin
               ) -> tuple[tuple[SheetRow, ...], list[ContentError]]:
    """The rows of the sheet, every problem coded as a spreadsheet problem."""
    rows, problems = _read_sheet(folder, spec, origin)
    return rows, coded(problems, SPREADSHEET_PROBLEM)


def _read_sheet(folder: Path, spec: SheetSpec, origin: Origin
                ) -> tuple[tuple[SheetRow, ...], list[ContentError]]:
    """The rows of the sheet as cards, or the problems naming their cells."""
    target = inside(owning_folder(origin, folder), spec.file)
    if target is None:
        return (), [origin.error(f"the sheet path {spec.file!r} leaves the game folder",
                                 "keep decks inside the game folder", "/file")]
    shown = display_path(target)
    try:
        size = target.stat().st_size
    except OSError:
        return (), [origin.error(f"file not found: {spec.file}", "create it or fix the path",
                                 "/file")]
    if size > MAX_FILE_BYTES:
        return (), [origin.error(f"{spec.file} is {size / 2**20:.1f} MB; a deck sheet may be "
                                 f"at most {MAX_FILE_BYTES // 2**20} MB", "split the deck",
                                 "/file")]
    if not is_regular_file(target):
        return (), [origin.error(f"{spec.file} is not a file (a folder, a pipe or a device)",
                                 "name the CSV or XLSX file of the deck", "/file")]
    if target.suffix.lower() == ".xlsx":
        table, sheet, problem = _xlsx(target, spec.sheet)
    else:
        (table, problem), sheet = _csv(target), None
    if problem is not None or table is None:
        return (), [origin.error(problem or f"cannot read {spec.file}", "save it again from "
                                 "your spreadsheet program (CSV as UTF-8)", "/file")]
    return _rows(_Reader(shown, sheet), table, spec, origin)


MAX_UNPACKED_BYTES = 4 * MAX_FILE_BYTES
"""A workbook's parts unpacked: a 300 KB file can hold a 300 MB shared string, which
openpyxl would read whole (minutes and gigabytes) before the row bound applies."""
MAX_UNPACKED_XML_BYTES = 8 * 1024 * 1024
"""The sheets and texts (the XML parts) unpacked. The XML parser's time grows with the
square of its longest token (a cell or a comment): 5 MB in one token took 1.4 s of CPU,
39 MB over 40 s (bench/hostile_bounds.py); pictures pasted into the workbook are not XML
and count only in MAX_UNPACKED_BYTES."""


def _csv(path: Path) -> tuple[list[list[str]] | None, str | None]:
    """The rows, or why the sheet cannot be read: strict, so an unclosed quote is an
    error at its line rather than a field that swallows the cards after it."""
    try:
        text = read_text(path, "utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None, None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        return [row for row, _ in zip(reader, range(MAX_ROWS + 2), strict=False)], None
    except csv.Error as error:
        return None, (f"{path.name}: line {reader.line_num}: {error} (a quote opened and "
                      "never closed?)")


def _xlsx(path: Path, wanted: str | None) -> tuple[list[list[str]] | None, str | None,
                                                   str | None]:
    from openpyxl import load_workbook

    unpacked, xml = _unpacked_size(path)
    if unpacked > MAX_UNPACKED_BYTES:
        return None, None, (f"{path.name} unpacks to {unpacked / 2**20:.0f} MB; a deck "
                            f"workbook may unpack to at most {MAX_UNPACKED_BYTES // 2**20} MB")
    if xml > MAX_UNPACKED_XML_BYTES:
        return None, None, (f"{path.name} holds {xml / 2**20:.1f} MB of sheets and texts; a "
                            f"deck workbook may hold at most {MAX_UNPACKED_XML_BYTES // 2**20} "
                            "MB (a 1,000-card deck is about 2 MB)")
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # noqa: BLE001 - openpyxl raises many kinds on a bad file
        return None, None, f"cannot read {path.name} as XLSX ({type(error).__name__})"
    try:
        names = book.sheetnames
        name = wanted if wanted is not None else names[0]
        if name not in names:
            return None, None, (f"{path.name} has no sheet {name!r} "
                                f"({did_you_mean(name, names) or 'sheets: ' + ', '.join(names)})")
        rows = []
        for row, _ in zip(book[name].iter_rows(values_only=True), range(MAX_ROWS + 2),
                          strict=False):
            rows.append(["" if v is None else _xlsx_text(v) for v in row])
    finally:
        book.close()
    uncached = _uncached_formula(path, name, rows)
    if uncached is not None:
        return None, None, (f"{path.name}: {name}!{uncached} holds a formula without a saved "
                            "value (written by a program that does not compute formulas)")
    return rows, name, None


def _uncached_formula(path: Path, sheet: str, values: Sequence[Sequence[str]]) -> str | None:
    """The first cell holding a formula whose value the file does not keep: read for
    values, it is empty, so a copies formula became one copy. The formulas are read only
    when some cell is empty."""
    if all(all(values_row) for values_row in values):
        return None
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=False)
    except Exception:  # noqa: BLE001 - read once already: no second verdict to give
        return None
    try:
        for number, (formulas, row) in enumerate(
                zip(book[sheet].iter_rows(values_only=True), values, strict=False), start=1):
            for column, formula in enumerate(formulas):
                cached = row[column] if column < len(row) else ""
                if isinstance(formula, str) and formula.startswith("=") and not cached:
                    return f"{_column_letter(column)}{number}"
    finally:
        book.close()
    return None


def _unpacked_size(path: Path) -> tuple[int, int]:
    """What the workbook's parts, and its XML parts alone, add up to unpacked, as its zip
    directory declares (a read stops at the declared size, so a part cannot unpack to
    more); 0 when it is no zip, for openpyxl to say why."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return 0, 0
    return (sum(info.file_size for info in parts),
            sum(info.file_size for info in parts if info.filename.endswith((".xml", ".rels"))))


def _xlsx_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _rows(reader: _Reader, table: Sequence[Sequence[str]], spec: SheetSpec, origin: Origin
          ) -> tuple[tuple[SheetRow, ...], list[ContentError]]:
    if not table:
        return (), [origin.error(f"{spec.file} is empty", "give a header row and a row per "
                                 "card", "/file")]
    header = [h.strip() for h in table[0]]
    for index, name in enumerate(header):
        if name and header.index(name) != index:
            reader.error(1, index, name, f"two columns are named {name!r}",
                         f"the first is column {_column_letter(header.index(name))}; "
                         "rename or delete one")
    if reader.problems:
        return (), reader.problems
    for wanted, pointer in ((spec.id_column, "/id_column"),
                            *((c, f"/columns/{c}") for c in spec.columns)):
        if wanted not in header:
            reader.problems.append(origin.error(
                f"{spec.file} has no column {wanted!r}",
                did_you_mean(wanted, header) or f"columns: {', '.join(header)}", pointer))
    if reader.problems:
        return (), reader.problems
    if len(table) > MAX_ROWS + 1:
        return (), [origin.error(f"{spec.file} has more than {MAX_ROWS} cards",
                                 "split the deck", "/file")]
    rows: list[SheetRow] = []
    seen: dict[str, int] = {}
    for number, values in enumerate(table[1:], start=2):
        if not any(v.strip() for v in values):
            continue
        row = dict(zip(header, (v.strip() for v in values), strict=False))
        card = _row(reader, number, header, row, spec, seen)
        if card is not None:
            rows.append(card)
    return tuple(rows), reader.problems


def _row(reader: _Reader, number: int, header: list[str], row: Mapping[str, str],
         spec: SheetSpec, seen: dict[str, int]) -> SheetRow | None:
    id_index = header.index(spec.id_column)
    card_id = row.get(spec.id_column, "")
    if not card_id:
        reader.error(number, id_index, spec.id_column, "the card has no id", "fill the cell")
        return None
    if not CARD_ID.fullmatch(card_id):
        reader.error(number, id_index, spec.id_column,
                     f"{card_id[:40]!r} is not a card id: ids are lowercase letters, digits "
                     "and _, starting with a letter, at most 64",
                     "use a name column for the title")
        return None
    if card_id in seen:
        reader.error(number, id_index, spec.id_column, f"duplicate card id {card_id!r}",
                     f"first on row {seen[card_id]}")
        return None
    seen[card_id] = number
    copies = 1
    if spec.copies_column in header and row.get(spec.copies_column, ""):
        text = row[spec.copies_column]
        index = header.index(spec.copies_column)
        if not (text.isascii() and text.isdigit() and len(text) <= 4
                and int(text) <= MAX_COPIES):
            reader.error(number, index, spec.copies_column,
                         f"copies must be a whole number from 0 to {MAX_COPIES}, "
                         f"not {text[:20]!r}",
                         "write the number of copies of this card")
            return None
        copies = int(text)
    fields: dict[str, Scalar] = {}
    for column, field in spec.columns.items():
        value = row.get(column, "")
        allowed = spec.values.get(field)
        if allowed is not None and value and value not in allowed:
            reader.error(number, header.index(column), column,
                         f"unknown {field} {value!r}", did_you_mean(value, allowed)
                         or f"one of: {', '.join(allowed)}")
            return None
        if value:
            fields[field] = value
    cells = {field: (f"column {column!r}" if reader.sheet is None
                     else f"{reader.sheet}!{_column_letter(header.index(column))}{number}")
             for column, field in spec.columns.items()}
    return SheetRow(card_id, copies, fields, SheetLocator(reader.shown, number, cells))
