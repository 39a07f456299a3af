"""Where each value of a document came from, when a document is merged from several files.

An edition that extends another is read as one merged document per kind; a problem in an
inherited value must still name the parent's file and line, a problem in an override the
child's. A locator answers `locate(pointer) -> (file, pointer in that file, line)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.errors import Locator
from stamperia.content.validation.sourcemap import SourceMap


@dataclass(frozen=True)
class FileLocator:
    """The pointers of one file, as read: every pointer is its own."""

    file: str
    source: SourceMap

    def locate(self, pointer: str) -> tuple[str, str, int]:
        return self.file, pointer, self.source.line(pointer)


@dataclass(frozen=True)
class MergedLocator:
    """A merged document: each recorded subtree maps to a pointer of another document.

    Only the roots of subtrees that changed source are recorded; a pointer is resolved by
    its longest recorded prefix, with the rest of the pointer carried over unchanged.
    """

    entries: Mapping[str, tuple[Locator, str]]

    def locate(self, pointer: str) -> tuple[str, str, int]:
        probe = pointer
        while probe not in self.entries and probe:
            probe = probe.rsplit("/", 1)[0]
        locator, at = self.entries[probe]
        return locator.locate(at + pointer[len(probe):])
