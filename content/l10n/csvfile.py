"""CSV catalogues for spreadsheets: a header row, then one row per key.

The first row after the header names the catalogue (`$edition`, the edition id as source,
the target locale as translation), so a sheet for another game is refused on import.
"""

from __future__ import annotations

import csv
import io
import re

from stamperia.content.l10n.model import Catalogue, CatalogueSyntaxError, ReadCatalogue, ReadEntry

HEADER = ("key", "context", "source", "translation", "fuzzy", "comment")
EDITION_ROW = "$edition"
_FORMULA = re.compile(r"'*[=+\-@\t\r]")
"""A cell a spreadsheet would run as a formula (OWASP's CSV injection list), behind any
number of quotes already: export adds one quote, import removes one, so every text comes
back as it went and `=cmd|' /C calc'!A0` reaches the translator as text."""


def neutralised(cell: str) -> str:
    return "'" + cell if _FORMULA.match(cell) else cell


def restored(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and _FORMULA.match(cell[1:]) else cell


def write_csv(catalogue: Catalogue) -> str:
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerow((EDITION_ROW, "the game this sheet translates", catalogue.edition,
                     catalogue.locale, "", f"source locale {catalogue.source_locale}"))
    for entry in catalogue.entries:
        context = "; ".join((entry.context, *entry.references))
        writer.writerow([neutralised(cell) for cell in (
            entry.key, context, entry.source, entry.translation,
            "fuzzy" if entry.fuzzy else "", entry.comment)])
    return stream.getvalue()


def read_csv(text: str, shown: str) -> ReadCatalogue:
    """Rows with the line each starts on; CatalogueSyntaxError for a malformed sheet. A
    byte-order mark (Excel's "CSV UTF-8") is not part of the header."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), strict=True)
    rows = []
    start = 1
    try:
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as error:
        raise CatalogueSyntaxError(str(error), reader.line_num or 1) from None
    if not rows or tuple(c.strip().lower() for c in rows[0][1]) != HEADER:
        raise CatalogueSyntaxError(f"the first row must be the header {','.join(HEADER)}", 1)
    edition = locale = None
    entries = []
    for line, row in rows[1:]:
        if not any(row):
            continue
        if len(row) != len(HEADER):
            raise CatalogueSyntaxError(f"expected {len(HEADER)} columns, found {len(row)}",
                                       line)
        key, _context, source, translation, fuzzy, _comment = (restored(c) for c in row)
        if key == EDITION_ROW:
            edition, locale = source, translation
            continue
        entries.append(ReadEntry(key, source, translation,
                                 fuzzy.strip().lower() in ("fuzzy", "yes", "true", "1"), line))
    return ReadCatalogue(shown, edition, locale, tuple(entries))
