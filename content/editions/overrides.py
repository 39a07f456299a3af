"""What-if values: one JSON value set at a pointer of an edition's documents, in memory.

`stamperia sweep` loads a game several times with different values and never touches
its files. A target is `FILE#/json/pointer`, FILE naming the manifest (`game.json`), a
part by its kind (`objectives`) or by its file name (`objectives.json`). The value
replaces one that exists; the loader then validates the changed document by its schema
again, so a value of the wrong type is a content error at that pointer.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from stamperia.content.errors import ContentError
from stamperia.content.validation.document import Document

MANIFEST = "game.json"


@dataclass(frozen=True)
class Override:
    """Set `value` at `pointer` in the document `file` names."""

    file: str
    pointer: str
    value: Any

    @property
    def target(self) -> str:
        return f"{self.file}#{self.pointer}"


class OverrideError(ValueError):
    """A target that is not `FILE#/pointer` (a usage error, before any content is read)."""


def parse_target(text: str) -> tuple[str, str]:
    """(file, pointer) of `FILE#/json/pointer`."""
    file, hash_, pointer = text.partition("#")
    if not hash_ or not file or not pointer.startswith("/"):
        raise OverrideError(f"{text!r}: a target is FILE#/json/pointer, e.g. "
                            "objectives.json#/cards/0/entries/0/value or game.json#/setup/"
                            "starting_hand")
    return file, pointer


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _matches(name: str, document: Document, file: str) -> bool:
    return file in (name, PurePath(document.name).name, document.name)


def apply_overrides(manifest: Document, parts: dict[str, Document],
                    overrides: Sequence[Override], problems: list[ContentError]
                    ) -> tuple[Document, dict[str, Document]]:
    """The documents with every override set (copies; the originals are untouched); a
    target naming no document or no existing value is a problem at the manifest or at
    the deepest value it reaches."""
    parts = dict(parts)
    for override in overrides:
        if override.file in (MANIFEST, "game"):
            manifest = _set(manifest, override, problems)
            continue
        kind = next((k for k, d in parts.items() if _matches(k, d, override.file)), None)
        if kind is None:
            problems.append(manifest.origin("/parts").error(
                f"{override.target}: no part file or kind {override.file!r} in this game",
                f"known: {', '.join(sorted(parts))}"))
            continue
        parts[kind] = _set(parts[kind], override, problems)
    return manifest, parts


def _set(document: Document, override: Override, problems: list[ContentError]) -> Document:
    data = copy.deepcopy(document.data)
    tokens = _tokens(override.pointer)
    node: Any = data
    reached = ""
    for depth, token in enumerate(tokens):
        last = depth == len(tokens) - 1
        if isinstance(node, dict) and token in node:
            key: Any = token
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            key = int(token)
        else:
            problems.append(document.origin(reached).error(
                f"{override.target}: the pointer does not resolve (nothing at "
                f"{token!r} here)", "a sweep changes values that exist"))
            return document
        if last:
            node[key] = copy.deepcopy(override.value)
        else:
            node = node[key]
            reached += "/" + token.replace("~", "~0").replace("/", "~1")
    return replace(document, data=data)
