"""The content side of a ruleset plug-in: its part kinds, how it builds its parts, its schemas.

A game's manifest names its part files by kind (`"parts": {"<kind>": "<file>.json"}`).
Each ruleset declares the kinds it reads and one builder that turns the validated
documents (and the manifest) into frozen part models. A part says which printed texts it
needs, which cross-references it breaks, how much of it is prototype and, for `diff`, how
it reads as rows, so the loader, the translation check, `list` and `diff` treat every game
alike. The rules and generator layers find their side of the plug-in by the import paths
named here, so no layer imports another to learn about a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any, Protocol

from stamperia.content.errors import ContentError, Origin
from stamperia.content.validation.document import Document

Fields = tuple[tuple[str, str], ...]
"""One entity as ordered (field, value) pairs, values already written as text."""


@dataclass(frozen=True)
class PartGroup:
    """Entities of one kind in a diff section: label (`territory`) and rows by id."""

    label: str
    rows: Mapping[str, Fields]


@dataclass(frozen=True)
class PartSection:
    """A section of `stamperia diff`: counts shown in its head, then its groups."""

    name: str
    counts: tuple[tuple[str, int], ...]
    groups: tuple[PartGroup, ...]


class Part(Protocol):
    """What the loader, the checks and diff need from a part model."""

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        """(required printed-text key -> what needs it, optional keys that may exist)."""
        ...

    def references(self) -> list[ContentError]:
        """Cross-reference problems inside this part (unknown or duplicate ids)."""
        ...

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        """Per kind of entity: (how many are prototype, how many in all)."""
        ...

    def describe(self) -> tuple[PartSection, ...]:
        """The part as diff sections; a section named like another part's is merged."""
        ...


def is_prototype(entry: Mapping[str, Any], inherited: bool) -> bool:
    """An entry's `"status"`, or the status it inherits from its file or list when it has
    none (the content format's rule for every part kind)."""
    status = entry.get("status")
    return inherited if status is None else status == "prototype"


PartsBuilder = Callable[[Document, Mapping[str, Document]], tuple[Part, ...]]
"""(manifest, validated documents by kind) -> the ruleset's parts, in a stable order."""


@dataclass(frozen=True)
class RulesetPlugin:
    """A ruleset as the content layer sees it, and where its other layers live.

    part_kinds: the file kinds a manifest may name for this ruleset; schemas: every
    schema the ruleset ships by kind (part kinds and its position format); rules and kit:
    `module:attribute` of its rules-side `Ruleset` and its generator `Kit`;
    manifest_kind: the schema kind (in `schemas`) of the keys this ruleset adds to a game's
    manifest, e.g. its setup parameters, or None when it adds none.
    """

    id: str
    part_kinds: tuple[str, ...]
    schemas: Mapping[str, Traversable]
    build: PartsBuilder
    rules: str
    kit: str
    manifest_kind: str | None = None
