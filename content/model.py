"""The typed, frozen model of one game edition: what code downstream reads instead of JSON.

`Game` holds only what every game has; everything a ruleset adds is a part (see
stamperia.content.parts), found by its type. The model pickles, so simulation workers receive it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from stamperia.content.errors import ContentError, Origin
from stamperia.content.parts import Part

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")
Pair = tuple[str, str]


def pair(a: str, b: str) -> Pair:
    """Unordered pair in a canonical order, so {a, b} and {b, a} compare equal."""
    return (a, b) if a <= b else (b, a)


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that pickles (a MappingProxyType does not)."""

    __slots__ = ("_data",)

    def __init__(self, values: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(values) if values is not None else {}

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (FrozenMap, (self._data,))


def frozen_mapping(values: Mapping[K, V]) -> Mapping[K, V]:
    return FrozenMap(values)


@dataclass(frozen=True)
class Strings:
    """The printed texts of one locale, by dotted key (`territory.<id>.name`)."""

    locale: str
    texts: Mapping[str, str]
    origins: Mapping[str, Origin]
    origin: Origin
    same_as_source: tuple[str, ...] = ()
    fuzzy: frozenset[str] = frozenset()
    """Keys whose translation still needs review (`"$fuzzy"`)."""
    source_hashes: Mapping[str, str] = field(default_factory=lambda: FrozenMap())
    """Per key, the hash of the source text the translation was made from."""
    comments: Mapping[str, str] = field(default_factory=lambda: FrozenMap())
    """Translator comments by key (`"$comments"`)."""

    def get(self, key: str) -> str | None:
        return self.texts.get(key)


@dataclass(frozen=True)
class PrototypeShare:
    """How much of a game is still prototype data: counted entities, per kind."""

    by_kind: Mapping[str, tuple[int, int]]

    @property
    def prototype(self) -> int:
        return sum(p for p, _ in self.by_kind.values())

    @property
    def total(self) -> int:
        return sum(t for _, t in self.by_kind.values())

    @property
    def percent(self) -> int:
        return round(100 * self.prototype / self.total) if self.total else 0


@dataclass(frozen=True)
class Band:
    """A target range, both ends included."""

    low: float
    high: float

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Targets:
    """What the box and rulebook state about a game's shape, as bands the simulation
    report measures against (the manifest's `targets`)."""

    status: str
    source: str
    minutes: Band | None
    turns: Band | None
    """Median game length in turns, as the ruleset counts them."""
    early_before: int | None
    early_most: float | None
    """At most this share of games may end before turn `early_before`."""
    ends: Mapping[str, Band]
    """End name -> the share of games that may end so."""
    origin: Origin


@dataclass(frozen=True)
class Game:
    """One game edition: identity, players, locales and texts, plus its ruleset's parts."""

    id: str
    ruleset: str
    publisher: str
    players: tuple[int, int]
    source_locale: str
    translations: tuple[str, ...]
    folder: str
    strings: Mapping[str, Strings]
    prototype_share: PrototypeShare
    origin: Origin
    parts: tuple[Part, ...] = ()
    """The ruleset's part models (stamperia.content.parts), in the ruleset's order."""
    files: tuple[str, ...] = field(default=())
    warnings: tuple[ContentError, ...] = ()
    version: str | None = None
    """The content's version as game.json declares it, printed on every piece."""
    card_sizes: tuple[str, ...] = ()
    """Card sizes the game is made for besides its default, as written (`business`)."""
    targets: Targets | None = None
    """The rulebook's targets, where the manifest states them."""

    @property
    def locales(self) -> tuple[str, ...]:
        return (self.source_locale, *self.translations)

    def text(self, locale: str, key: str) -> str:
        """A printed text; falls back to the source locale, then to the key itself."""
        for candidate in (locale, self.source_locale):
            strings = self.strings.get(candidate)
            if strings is not None and (value := strings.get(key)) is not None:
                return value
        return key

    def title(self, locale: str) -> str:
        return self.text(locale, "game.title")

    def part(self, model: type[T]) -> T:
        """The part of a type; LookupError naming the type when the game has none."""
        found = self.find_part(model)
        if found is None:
            raise LookupError(f"{self.id} has no {model.__name__} part")
        return found

    def find_part(self, model: type[T]) -> T | None:
        """The part of a type, or None."""
        for value in self.parts:
            if isinstance(value, model):
                return value
        return None
