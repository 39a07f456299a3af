"""The typed, frozen model of one game edition: what code downstream reads instead of JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from content.errors import ContentError, Origin
from content.hexgrid import Cell
from content.parts import Part

Pair = tuple[str, str]
T = TypeVar("T")


def pair(a: str, b: str) -> Pair:
    """Unordered pair in a canonical order, so {a, b} and {b, a} compare equal."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Zone:
    id: str
    colour: str
    bonus_pieces: int
    bonus_cards: int
    declared_count: int | None
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Territory:
    id: str
    zone: str
    coastal: bool
    port: bool
    cells: tuple[Cell, ...]
    parts: int
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Border:
    between: Pair
    origin: Origin


@dataclass(frozen=True)
class BorderException:
    between: Pair
    adjacent: bool
    reason: str
    origin: Origin


@dataclass(frozen=True)
class LinkKind:
    id: str
    requires_port: bool
    style: str
    origin: Origin


@dataclass(frozen=True)
class Link:
    kind: str
    between: Pair
    origin: Origin


@dataclass(frozen=True)
class Board:
    hex_size_mm: float
    outside: str
    zones: tuple[Zone, ...]
    territories: tuple[Territory, ...]
    borders: tuple[Border, ...]
    exceptions: tuple[BorderException, ...]
    link_kinds: tuple[LinkKind, ...]
    links: tuple[Link, ...]
    score_track: tuple[int, int] | None
    event_deck_cell: Cell | None
    origin: Origin
    sea_cells: frozenset[Cell] = frozenset()

    def territory(self, territory_id: str) -> Territory:
        return next(t for t in self.territories if t.id == territory_id)

    def zone_territories(self, zone_id: str) -> tuple[str, ...]:
        """Territories of a zone, derived from the data (never the stated count)."""
        return tuple(t.id for t in self.territories if t.zone == zone_id)

    def neighbours(self, territory_id: str, blocked_link_kinds: frozenset[str] = frozenset()
                   ) -> tuple[str, ...]:
        """Territories reachable in one step: declared land borders plus open links."""
        found = {b.between[1] if b.between[0] == territory_id else b.between[0]
                 for b in self.borders if territory_id in b.between}
        found |= {lk.between[1] if lk.between[0] == territory_id else lk.between[0]
                  for lk in self.links
                  if territory_id in lk.between and lk.kind not in blocked_link_kinds}
        return tuple(sorted(found))


@dataclass(frozen=True)
class Faction:
    id: str
    colour: str
    text_colour: str
    origin: Origin


@dataclass(frozen=True)
class Effect:
    """A card effect: its type and parameters, exactly as the content states them."""

    type: str
    params: Mapping[str, object]

    def int_param(self, name: str) -> int:
        value = self.params[name]
        assert isinstance(value, int)
        return value

    def str_param(self, name: str) -> str:
        return str(self.params[name])


@dataclass(frozen=True)
class Card:
    id: str
    copies: int
    continue_icon: bool
    timing: str
    effects: tuple[Effect, ...]
    prototype: bool
    origin: Origin


@dataclass(frozen=True)
class Deck:
    id: str
    kind: str
    per_faction: bool
    declared_total: int | None
    cards: tuple[Card, ...]
    origin: Origin

    @property
    def total(self) -> int:
        """Cards in one copy of the deck, derived from the copy counts."""
        return sum(card.copies for card in self.cards)

    def expanded(self) -> tuple[str, ...]:
        """One entry per physical card, in content order (the unshuffled deck)."""
        return tuple(card.id for card in self.cards for _ in range(card.copies))


@dataclass(frozen=True)
class ObjectiveEntry:
    territory: str
    value: int
    origin: Origin


@dataclass(frozen=True)
class Objective:
    id: str
    entries: tuple[ObjectiveEntry, ...]
    prototype: bool
    origin: Origin

    @property
    def total(self) -> int:
        return sum(entry.value for entry in self.entries)


@dataclass(frozen=True)
class Objectives:
    cards: tuple[Objective, ...]
    max_total_spread: int | None
    origin: Origin


@dataclass(frozen=True)
class Piece:
    id: str
    shape: str
    diameter_mm: float
    per_faction: int
    double_sided: bool
    origin: Origin


@dataclass(frozen=True)
class Die:
    id: str
    colour: str
    count: int
    sides: int
    origin: Origin


@dataclass(frozen=True)
class Setup:
    pieces_per_player: Mapping[int, int]
    piece: str
    first_round_per_turn: int
    later_rounds_per_turn: int
    starting_hand: int
    hand_limit: int
    objectives_per_player: int
    action_deck: str | None
    origin: Origin
    new_pieces: int = 3
    new_cards: int = 1


@dataclass(frozen=True)
class Strings:
    """The printed texts of one locale, by dotted key (`territory.nurra.name`)."""

    locale: str
    texts: Mapping[str, str]
    origins: Mapping[str, Origin]
    origin: Origin
    same_as_source: tuple[str, ...] = ()

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
class Game:
    id: str
    ruleset: str
    publisher: str
    players: tuple[int, int]
    source_locale: str
    translations: tuple[str, ...]
    folder: str
    setup: Setup | None
    base_turns: int | None
    event_deck: str | None
    board: Board | None
    factions: tuple[Faction, ...]
    decks: tuple[Deck, ...]
    objectives: Objectives | None
    pieces: tuple[Piece, ...]
    dice: tuple[Die, ...]
    strings: Mapping[str, Strings]
    prototype_share: PrototypeShare
    origin: Origin
    files: tuple[str, ...] = field(default=())
    points_per_conquest: int = 0
    warnings: tuple[ContentError, ...] = ()
    extras: Mapping[str, Part] = field(default_factory=dict)
    """Models of ruleset-specific part files by kind (see content.parts)."""

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

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def part(self, kind: str, model: type[T]) -> T:
        """The ruleset-specific part of a kind, typed; KeyError when the game has none."""
        value = self.extras[kind]
        if not isinstance(value, model):
            raise TypeError(f"part {kind!r} is {type(value).__name__}, not {model.__name__}")
        return value

    def has_part(self, kind: str) -> bool:
        return kind in self.extras


def frozen_mapping(values: Mapping[str, object]) -> Mapping[str, object]:
    return MappingProxyType(dict(values))
