"""Gettext PO catalogues (Poedit, Weblate, Crowdin), read and written with polib.

msgctxt is the key, msgid the source, msgstr the translation; `#.` holds where the text
prints and the translator comments, `#:` the content file that needs it.
"""

from __future__ import annotations

import os
import re

import polib

from stamperia.content.l10n.locales import plural_forms
from stamperia.content.l10n.model import (
    Catalogue,
    CatalogueSyntaxError,
    ReadCatalogue,
    ReadEntry,
    placeholders,
)

EDITION_HEADER = "X-Stamperia-Edition"
_LINE = re.compile(r"line (\d+)")


def write_po(catalogue: Catalogue) -> str:
    """The catalogue as PO text; no dates, so the same content gives the same bytes."""
    po = polib.POFile(wrapwidth=78)
    po.metadata = {
        "Project-Id-Version": catalogue.title,
        "Language": catalogue.locale,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": plural_forms(catalogue.locale),
        "X-Source-Language": catalogue.source_locale,
        EDITION_HEADER: catalogue.edition,
        "X-Generator": "stamperia l10n export",
    }
    for entry in catalogue.entries:
        flags = ["fuzzy"] if entry.fuzzy else []
        if placeholders(entry.source):
            flags.append("python-brace-format")
        po.append(polib.POEntry(
            msgctxt=entry.key, msgid=entry.source, msgstr=entry.translation,
            comment="\n".join(filter(None, (entry.context, entry.comment))),
            occurrences=[tuple(r.rsplit(":", 1)) for r in entry.references],
            flags=flags))
    return str(po)


def _names_a_file(text: str) -> bool:
    """Whether polib would take `text` for a file name: it reads any string that names an
    existing file, so a 30-byte .po holding a path imported another game's catalogue."""
    try:
        return os.path.isfile(text)
    except (ValueError, OSError):
        return False


def read_po(text: str, shown: str) -> ReadCatalogue:
    """Entries of a PO file with the line of each msgctxt; CatalogueSyntaxError when it
    does not parse."""
    if _names_a_file(text):  # polib would read that file instead of this text
        raise CatalogueSyntaxError("the file holds the path of another file, not a PO "
                                   "catalogue", 1)
    try:
        po = polib.pofile(text, wrapwidth=78)
    except (OSError, ValueError) as error:
        message = str(error)
        found = _LINE.search(message)
        raise CatalogueSyntaxError(message, int(found.group(1)) if found else 1) from None
    lines = _context_lines(text)
    entries = []
    seen: dict[str, int] = {}
    for entry in po:
        if entry.obsolete or not entry.msgid and not entry.msgctxt:
            continue
        key = entry.msgctxt or ""
        index = seen.get(key, 0)
        seen[key] = index + 1
        occurrences = lines.get(key, [])
        line = occurrences[index] if index < len(occurrences) else (entry.linenum or 1)
        entries.append(ReadEntry(key, entry.msgid, entry.msgstr, "fuzzy" in entry.flags, line))
    header = next((n for n, line in enumerate(text.splitlines(), start=1)
                   if line.startswith('"Language:')), 1)
    return ReadCatalogue(shown, po.metadata.get(EDITION_HEADER),
                         po.metadata.get("Language"), tuple(entries), header)


def _context_lines(text: str) -> dict[str, list[int]]:
    """The line of each `msgctxt "key"`, in order: what an error names for an entry."""
    found: dict[str, list[int]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith('msgctxt "') and line.endswith('"'):
            found.setdefault(line[9:-1], []).append(number)
    return found
