"""One content document: parsed with line numbers and validated by its schema.

A document is usually one file; for an edition that extends another it is the merge of
the parent's document and the child's overrides, and its locator says which file holds
each value (see stamperia.content.editions.trace and stamperia.content.editions.resolve).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import ContentError, Locator, Origin
from stamperia.content.findings import (
    CONTROL_CHARACTER,
    FILE_NOT_FOUND,
    MALFORMED_JSON,
    UNREADABLE_FILE,
)
from stamperia.content.guards import (
    MAX_REPORTED_PER_FILE,
    control_characters,
    may_hold_control_characters,
    read_text,
    too_large,
)
from stamperia.content.locate import display_path
from stamperia.content.validation.schemas import SchemaSet
from stamperia.content.validation.sourcemap import JsonSyntaxError, parse


@dataclass(frozen=True)
class Document:
    """One parsed content document: its data, and where each of its values lives."""

    path: Path
    name: str
    data: Any
    locator: Locator
    files: tuple[str, ...]

    def origin(self, pointer: str = "") -> Origin:
        file, shown, line = self.locator.locate(pointer)
        return Origin(file, shown, line, self.locator, pointer)


def parse_document(path: Path, problems: list[ContentError],
                   named_by: Origin | None = None) -> Document | None:
    """Read and parse one file (no schema yet); on failure add the problems, return None.

    `named_by` is where another file names this one, so a missing file is reported there.
    """
    name = display_path(path)
    oversized = too_large(path, name)
    if oversized is not None:
        problems.append(oversized)
        return None
    try:
        text = read_text(path)
    except FileNotFoundError:
        if named_by is not None:
            problems.append(named_by.error(f"file not found: {name}",
                                           "create it or fix the path", kind=FILE_NOT_FOUND))
        else:
            problems.append(ContentError(name, 1, "", "file not found",
                                         "create it, or name a folder that holds a game",
                                         code=FILE_NOT_FOUND.code))
        return None
    except UnicodeDecodeError as error:
        problems.append(ContentError(name, 1, "", f"cannot read the file: {error}",
                                     "save it as UTF-8 text", code=UNREADABLE_FILE.code))
        return None
    except OSError as error:  # permission denied, a folder: said in words, never a traceback
        problems.append(ContentError(name, 1, "", "cannot read the file: "
                                     f"{(error.strerror or str(error)).lower()}",
                                     "check that it is a file you may read",
                                     code=UNREADABLE_FILE.code))
        return None
    try:
        data, source = parse(text)
    except JsonSyntaxError as error:
        problems.append(ContentError(name, error.line, "",
                                     f"malformed JSON at column {error.column}: {error.message}",
                                     "fix the syntax; an editor with JSON support shows where",
                                     code=MALFORMED_JSON.code))
        return None
    document = Document(path, name, data, FileLocator(name, source), (name,))
    refused = [document.origin(pointer).error(
        what, "remove it: only newline and tab may appear in a text", kind=CONTROL_CHARACTER)
        for pointer, what in (control_characters(data) if may_hold_control_characters(text)
                              else ())]
    if refused:
        problems.extend(refused[:MAX_REPORTED_PER_FILE])
        return None
    return document


def validate_document(document: Document, kind: str, schemas: SchemaSet,
                      problems: list[ContentError]) -> Document | None:
    """The document when its schema accepts it; otherwise add the problems, return None."""
    found = schemas.validate(kind, document.data, document.locator)
    if found:
        problems.extend(found)
        return None
    return document


def read_document(path: Path, kind: str, schemas: SchemaSet, problems: list[ContentError],
                  named_by: Origin | None = None) -> Document | None:
    """Parse and validate one file; on failure add the problems and return None."""
    document = parse_document(path, problems, named_by)
    return None if document is None else validate_document(document, kind, schemas, problems)
