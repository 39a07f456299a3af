"""The printed texts of the `cards` ruleset that live in its records' fields (a card's
title and text in a deck's CSV), made translatable: each has a strings key a translation
gives it under, `card.<deck>.<card>.<field>`, `token.<id>.<field>` or `sheet.<id>.<field>`,
the pattern docs/content-format.md shows for layout keys. The catalogue lists them with
the field's value as the source, and the kit prints a locale's text where it has one."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from stamperia.content.errors import Origin
from stamperia.content.look.layouts import Scalar

if TYPE_CHECKING:
    from stamperia.content.rulesets.cards.model import CardSet, Record


def field_key(kind: str, record_id: str, field: str, deck: str | None = None) -> str:
    """The key a translation gives a record's printed field under."""
    if deck is not None:
        return f"{kind}.{deck}.{record_id}.{field}"
    return f"{kind}.{record_id}.{field}"


def _records(cards: CardSet) -> Iterator[tuple[str, str | None, Record, str]]:
    """(kind, deck, record, layout) of everything the kit draws from a record."""
    for deck in cards.decks:
        for card in deck.cards:
            yield "card", deck.id, card, deck.layout
    for token in cards.tokens:
        yield "token", None, token.record, token.layout
    for record, layout in cards.sheets:
        yield "sheet", None, record, layout


def field_texts(cards: CardSet) -> dict[str, tuple[str, Origin]]:
    """Every field a text box prints as words (not a number, not empty): key -> (the
    field's value, where it is written)."""
    found: dict[str, tuple[str, Origin]] = {}
    for kind, deck, record, layout_id in _records(cards):
        layout = cards.layouts.layouts.get(layout_id)
        for box in layout.boxes if layout is not None else ():
            if box.kind != "text" or box.field is None:
                continue
            value = record.fields.get(box.field)
            if isinstance(value, str) and any(ch.isalpha() for ch in value):
                found.setdefault(field_key(kind, record.id, box.field, deck),
                                 (value, record.origin.child(f"/fields/{box.field}")))
    return found


def translated(fields: Mapping[str, Scalar], text: Callable[[str], str], kind: str,
               record_id: str, deck: str | None = None) -> Mapping[str, Scalar]:
    """A record's fields with each text the locale gives (`text`: a key's text in the
    locale, else the source's, else the key itself) in place of the field's value."""
    result = dict(fields)
    for name, value in fields.items():
        key = field_key(kind, record_id, name, deck)
        if isinstance(value, str) and (found := text(key)) != key:
            result[name] = found
    return result
