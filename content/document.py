"""One content file read from disk: parsed with line numbers and validated by its schema."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from content.errors import ContentError, Origin
from content.locate import display_path
from content.schemas import SchemaSet
from content.sourcemap import JsonSyntaxError, SourceMap, parse


@dataclass(frozen=True)
class Document:
    """One parsed content file: its data, where it lives, and the line of each pointer."""

    path: Path
    name: str
    data: Any
    source: SourceMap

    def origin(self, pointer: str = "") -> Origin:
        return Origin(self.name, pointer, self.source.line(pointer), self.source)


def read_document(path: Path, kind: str, schemas: SchemaSet, problems: list[ContentError],
                  named_by: Origin | None = None) -> Document | None:
    """Parse and validate one file; on failure add the problems and return None.

    `named_by` is where another file names this one, so a missing file is reported there.
    """
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if named_by is not None:
            problems.append(named_by.error(f"file not found: {name}",
                                           "create it or fix the path"))
        else:
            problems.append(ContentError(name, 1, "", "file not found",
                                         "create it, or name a folder that holds a game"))
        return None
    except (OSError, UnicodeDecodeError) as error:
        problems.append(ContentError(name, 1, "", f"cannot read the file: {error}",
                                     "save it as UTF-8 text"))
        return None
    try:
        data, source = parse(text)
    except JsonSyntaxError as error:
        problems.append(ContentError(name, error.line, "",
                                     f"malformed JSON at column {error.column}: {error.message}",
                                     "fix the syntax; an editor with JSON support shows where"))
        return None
    found = schemas.validate(kind, data, name, source)
    if found:
        problems.extend(found)
        return None
    return Document(path, name, data, source)
