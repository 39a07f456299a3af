"""What a catalogue holds: one entry per printed string, and what the layers pass in."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

KIT_PREFIX = "ui."
"""Keys of the kit's own words (guide, labels, titles) in a game's strings: `ui.<word>`."""

HASH_CHARS = 12
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def source_hash(text: str) -> str:
    """A short, stable fingerprint of a source text, kept beside each translation, so a
    later change of the source shows the translation is stale. (hashlib, with OpenSSL, is
    imported here: loading a game imports this module, and only catalogues hash.)"""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def placeholders(text: str) -> frozenset[str]:
    """The `{...}` tokens of a text (`{n}`, `{icon:boar}`): a translation must keep them."""
    return frozenset(_PLACEHOLDER.findall(text))


@dataclass(frozen=True)
class Placement:
    """Where a text prints (component, card, box) and how many characters its box holds at
    the minimum size; None when the room cannot be computed."""

    where: str
    room: int | None


@dataclass(frozen=True)
class KitWords:
    """The kit's own words as the package ships them, keyed `ui.<word>`: the source
    locale's text and, per locale, the package's translation (a default for every game)."""

    source: Mapping[str, str]
    defaults: Mapping[str, Mapping[str, str]]


@dataclass(frozen=True)
class Entry:
    """One printed string: key, source text, where it prints, comments, translation."""

    key: str
    source: str
    context: str
    references: tuple[str, ...]
    comment: str
    translation: str
    fuzzy: bool


@dataclass(frozen=True)
class Catalogue:
    """The strings of one game in one target locale, in the source's order."""

    edition: str
    title: str
    source_locale: str
    locale: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class ReadEntry:
    """An entry as read back from a translator's file, with the line that holds it."""

    key: str
    source: str
    translation: str
    fuzzy: bool
    line: int


@dataclass(frozen=True)
class ReadCatalogue:
    """A translator's file read back: its header fields and its entries in file order."""

    file: str
    edition: str | None
    locale: str | None
    entries: tuple[ReadEntry, ...]
    header_line: int = 1


class CatalogueSyntaxError(ValueError):
    """A catalogue file that does not parse: the line and the parser's message."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
