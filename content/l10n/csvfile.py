"""CSV catalogues for spreadsheets: a header row, then one row per key.

The first row after the header names the catalogue (`$edition`, the edition id as source,
the target locale as translation), so a sheet for another game is refused on import.
"""

from __future__ import annotations

import csv
import io

from stamperia.content.l10n.model import Catalogue, CatalogueSyntaxError, ReadCatalogue, ReadEntry

HEADER = ("key", "context", "source", "translation", "fuzzy", "comment")
EDITION_ROW = "$edition"


def write_csv(catalogue: Catalogue) -> str:
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerow((EDITION_ROW, "the game this sheet translates", catalogue.edition,
                     catalogue.locale, "", f"source locale {catalogue.source_locale}"))
    for entry in catalogue.entries:
        context = "; ".join((entry.context, *entry.references))
        writer.writerow((entry.key, context, entry.source, entry.translation,
                         "fuzzy" if entry.fuzzy else "", entry.comment))
    return stream.getvalue()


def read_csv(text: str, shown: str) -> ReadCatalogue:
    """Rows with the line each starts on; CatalogueSyntaxError for a malformed sheet."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
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
        key, _context, source, translation, fuzzy, _comment = row
        if key == EDITION_ROW:
            edition, locale = source, translation
            continue
        entries.append(ReadEntry(key, source, translation,
                                 fuzzy.strip().lower() in ("fuzzy", "yes", "true", "1"), line))
    return ReadCatalogue(shown, edition, locale, tuple(entries))
