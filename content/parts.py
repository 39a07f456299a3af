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
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any, Protocol, runtime_checkable

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


@runtime_checkable
class FieldTexts(Protocol):
    """A part some of whose printed texts are written in its records' fields rather than in
    the strings (a `cards` deck's CSV): the catalogue lists them with the field's value as
    the source, under the key a translation gives them."""

    def field_texts(self) -> Mapping[str, tuple[str, Origin]]:
        """key -> (the source text, where the field is written)."""
        ...


@runtime_checkable
class DeclaredCopies(Protocol):
    """A part that states how many copies of each piece print (a deck's cards, tokens):
    the kit's read-back counts what its pages place against it."""

    def declared_copies(self) -> Mapping[tuple[str, str], tuple[int, Origin]]:
        """(group: the deck, '' for a token; piece id) -> (copies, where they are stated)."""
        ...


def declared_copies(parts: tuple[Any, ...]) -> dict[tuple[str, str], tuple[int, Origin]]:
    """Every stated count of the parts that state them."""
    found: dict[tuple[str, str], tuple[int, Origin]] = {}
    for part in parts:
        if isinstance(part, DeclaredCopies):
            found.update(part.declared_copies())
    return found


def part_field_texts(parts: tuple[Any, ...]) -> dict[str, tuple[str, Origin]]:
    """Every field text of the parts that have them, in part order."""
    found: dict[str, tuple[str, Origin]] = {}
    for part in parts:
        if isinstance(part, FieldTexts):
            for key, value in part.field_texts().items():
                found.setdefault(key, value)
    return found


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

    part_kinds: the file kinds a manifest of this ruleset may name besides the shared ones
    (layouts, theme: the core's, see content.validation.schemas.SHARED_PART_KINDS); schemas:
    every schema the ruleset ships by kind (part kinds and its position format). A kind
    belongs to one plug-in: the registry refuses two that declare one. rules and kit:
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
    widgets: tuple[str, ...] = ()
    """The drawings the ruleset's kit offers layouts by name (a box's `"widget"`): the one
    list of them, which `check` reads and the kit draws (its `Kit.widgets` table)."""
    templates: Mapping[str, Traversable] = field(default_factory=dict)
    """The `stamperia new --template` folders by name, package data of the plug-in: each
    folder's files become the new game (see stamperia.commands.new)."""
