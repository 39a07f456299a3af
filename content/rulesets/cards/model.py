"""The generic `cards` ruleset's content: decks of cards with free fields, tokens, reference
sheets and an optional board image, all drawn by layouts in the game's theme.

The part keeps the game's layouts and theme beside its decks, so its references can check
what the layouts bind against what the cards hold: fields, palette names, fonts, icons and
images, and where each box sits on the card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import LAYOUT_PROBLEM
from stamperia.content.l10n.model import KIT_PREFIX
from stamperia.content.look.artwork import Art
from stamperia.content.look.binding import box_names
from stamperia.content.look.conditions import type_problems
from stamperia.content.look.layouts import Box, Layout, Layouts, fill_fields
from stamperia.content.look.theme import Theme
from stamperia.content.parts import PartGroup, PartSection
from stamperia.content.references import duplicates, unknown
from stamperia.content.rulesets.cards.board import Board
from stamperia.content.rulesets.cards.fieldtexts import field_texts
from stamperia.content.rulesets.cards.plugin import HEX_WIDGET, WIDGETS

Scalar = str | int | float | bool
MAX_REPORTED_PER_BOX = 3
"""Cards reported per box with the same problem; a 200-card deck would repeat it."""


@dataclass(frozen=True)
class Record:
    """One card, token or sheet: its fields, how many to print, where it was written."""

    id: str
    copies: int
    fields: Mapping[str, Scalar]
    origin: Origin
    prototype: bool = False


@dataclass(frozen=True)
class Deck:
    id: str
    layout: str
    back: str | None
    cards: tuple[Record, ...]
    origin: Origin


@dataclass(frozen=True)
class Token:
    record: Record
    layout: str
    width: float
    height: float


@dataclass(frozen=True)
class CardDice:
    """Dice on the table, `count` alike: never printed."""

    id: str
    colour: str
    count: int
    sides: int


@dataclass(frozen=True)
class CardSet:
    card_width: float
    card_height: float
    bleed: float
    decks: tuple[Deck, ...]
    tokens: tuple[Token, ...]
    sheets: tuple[tuple[Record, str], ...]
    board: Board | None
    layouts: Layouts
    theme: Theme
    art: Mapping[str, Art]
    """Every image a field or a box names, by its path relative to the game folder."""
    origin: Origin
    problems: tuple[ContentError, ...] = ()
    dice: tuple[CardDice, ...] = ()

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        keys = {f"deck.{d.id}.name": d.origin for d in self.decks}
        if self.board is not None:
            keys.update(self.board.text_keys())
        for key, origin in self._record_keys().items():
            keys.setdefault(key, origin)
        return keys, frozenset(self.field_texts())

    def declared_copies(self) -> Mapping[tuple[str, str], tuple[int, Origin]]:
        """How many of each card (by deck) and token the content says print."""
        found = {(deck.id, card.id): (card.copies, card.origin.child("/copies"))
                 for deck in self.decks for card in deck.cards}
        found.update({("", token.record.id): (token.record.copies,
                                              token.record.origin.child("/copies"))
                      for token in self.tokens})
        return found

    def field_texts(self) -> Mapping[str, tuple[str, Origin]]:
        """The records' printed fields a translation gives under a key of its own
        (content.rulesets.cards.fieldtexts): key -> (the field's value, where it is)."""
        return field_texts(self)

    def _record_keys(self) -> dict[str, Origin]:
        """The string keys the layouts' `{field}` texts name for the records they draw
        (`card.{deck}.{card}.flavour` once per card), each needed by its box's `text`: a
        key no strings file has would print as itself."""
        found: dict[str, Origin] = {}
        for layout_id, fields in self.drawn():
            layout = self.layouts.layouts.get(layout_id)
            for box in layout.boxes if layout is not None else ():
                if box.text is None or "{" not in box.text or box.text.startswith(KIT_PREFIX):
                    continue
                if box.when is None or box.when.holds(fields):
                    found.setdefault(fill_fields(box.text, fields),
                                     box.at("text").child("/text"))
        return found

    def references(self) -> list[ContentError]:
        problems = list(self.problems)
        problems += duplicates("deck", ((d.id, d.origin) for d in self.decks))
        if self.board is not None:
            problems += self.board.problems(self.theme)
        for deck in self.decks:
            problems += duplicates("card", ((c.id, c.origin) for c in deck.cards))
            problems += self._bound(deck.layout, deck.origin, "/layout", deck.cards,
                                    (self.card_width, self.card_height))
            if deck.back is not None and deck.back not in self.theme.backs \
                    and deck.back not in self.layouts.layouts:
                problems.append(unknown("back", deck.back, (*self.theme.backs,
                                                            *self.layouts.layouts),
                                        deck.origin, "/back"))
        for token in self.tokens:
            problems += self._bound(token.layout, token.record.origin, "/layout",
                                    (token.record,), (token.width, token.height))
        for record, layout in self.sheets:
            problems += self._bound(layout, record.origin, "/layout", (record,), (210.0, 297.0))
        return list(dict.fromkeys(problems))  # a box inherited by several layouts: once

    def _bound(self, name: str, origin: Origin, pointer: str, records: tuple[Record, ...],
               size: tuple[float, float]) -> list[ContentError]:
        layout = self.layouts.layouts.get(name)
        if layout is None:
            if name in self.layouts.layouts or self.layouts.problems:
                return []  # the layout itself is broken and reported
            return [unknown("layout", name, self.layouts.layouts, origin, pointer)]
        problems: list[ContentError] = []
        for box in layout.boxes:
            problems += box_names(box, self.theme, WIDGETS)
            if box.widget == HEX_WIDGET and (self.board is None or not self.board.is_hex):
                problems.append(box.at("widget").error(
                    f"box {box.id!r} draws the hex board, and the game has none",
                    "give cards.json a board with hex_size_mm and regions", "/widget",
                    kind=LAYOUT_PROBLEM))
            problems += coded(_placement(box, size, self.layouts.safe, self.bleed),
                              LAYOUT_PROBLEM)
            if box.field is not None:
                problems += coded(_missing_field(box, layout, records), LAYOUT_PROBLEM)
            if box.when is not None:
                found = [p for r in records for p in type_problems(box.when, r.fields, r.id)]
                problems += coded(found[:MAX_REPORTED_PER_BOX], LAYOUT_PROBLEM)
        return problems

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        cards = [c for d in self.decks for c in d.cards]
        return {"cards": (sum(c.prototype for c in cards), len(cards))}

    def describe(self) -> tuple[PartSection, ...]:
        rows = {f"{d.id}/{c.id}": (("copies", str(c.copies)),
                                   *((k, str(v)) for k, v in sorted(c.fields.items())))
                for d in self.decks for c in d.cards}
        return (PartSection("cards", (("decks", len(self.decks)),
                                      ("cards", sum(len(d.cards) for d in self.decks))),
                            (PartGroup("card", rows),)),)

    def drawn(self) -> Iterator[tuple[str, Mapping[str, Scalar]]]:
        """Every record's layout and the fields it is drawn with (drawn_fields)."""
        for deck in self.decks:
            for card in deck.cards:
                yield deck.layout, drawn_fields(card, deck.id)
        for token in self.tokens:
            yield token.layout, drawn_fields(token.record)
        for record, layout in self.sheets:
            yield layout, drawn_fields(record)

    def records(self) -> Iterator[tuple[str, Record]]:
        """Every record with the layout that draws it."""
        for deck in self.decks:
            for card in deck.cards:
                yield deck.layout, card
        for token in self.tokens:
            yield token.layout, token.record
        for record, layout in self.sheets:
            yield layout, record


def drawn_fields(record: Record, deck: str | None = None) -> Mapping[str, Scalar]:
    """The fields a layout draws a record with: its own, and the names the documented keys
    hold (`card.{deck}.{card}.name`): `id`, and for a card `card` and `deck`. A field the
    record states itself wins."""
    names: dict[str, Scalar] = {"id": record.id}
    if deck is not None:
        names.update(deck=deck, card=record.id)
    return {**names, **record.fields}


def _placement(box: Box, size: tuple[float, float], safe: float, bleed: float
               ) -> list[ContentError]:
    """A box must lie on the card (art may reach into the bleed); text inside the safe zone."""
    width, height = size
    right, bottom = box.x + box.width, box.y + box.height
    eps = 1e-6
    origin = box.at("width") if box.at("width") == box.at("x") else box.at("x")
    if box.x < -bleed - eps or box.y < -bleed - eps or right > width + bleed + eps \
            or bottom > height + bleed + eps:
        return [origin.error(
            f"box {box.id!r} ({box.x:g},{box.y:g} to {right:g},{bottom:g} mm) lies outside "
            f"the card's trim of {width:g}x{height:g} mm and its {bleed:g} mm bleed",
            "move or shrink it")]
    if box.kind == "text" and (box.x < safe - eps or box.y < safe - eps
                               or right > width - safe + eps or bottom > height - safe + eps):
        return [origin.error(
            f"text box {box.id!r} ({box.x:g},{box.y:g} to {right:g},{bottom:g} mm) overlaps "
            f"the {safe:g} mm safe zone of the {width:g}x{height:g} mm card",
            "keep text at least the safe margin inside the trim: a cut may stray there")]
    return []


def _missing_field(box: Box, layout: Layout, records: tuple[Record, ...]) -> list[ContentError]:
    assert box.field is not None
    problems = []
    for record in records:
        if box.field in record.fields or (box.when is not None and not box.when.holds(
                record.fields)):
            continue
        problems.append(record.origin.error(
            f"{record.id!r} has no field {box.field!r}, which layout {layout.id!r} prints in "
            f"box {box.id!r}", "add the field, or draw the box only "
            f"\"when\": {{\"field\": \"{box.field}\", \"present\": true}}"))
        if len(problems) == MAX_REPORTED_PER_BOX:
            break
    return problems
