"""Checks of a `cards` game beyond its references: icons named in texts, and artwork that
will print poorly (below 300 dpi at its printed size)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from stamperia.content.errors import ContentError
from stamperia.content.findings import ARTWORK_PROBLEM, UNKNOWN_REFERENCE
from stamperia.content.look.artwork import MIN_DPI
from stamperia.content.model import Game
from stamperia.content.references import did_you_mean
from stamperia.content.rulesets.cards.model import CardSet
from stamperia.rules.cards.glyphs import glyph_problems

ICON = re.compile(r"\{icon:([^}]*)\}")


def check(game: Game, _seed: int) -> tuple[list[ContentError], list[str]]:
    cards = game.part(CardSet)
    problems = [*_icons_in_strings(game, cards), *_icons_in_fields(cards),
                *_resolution(cards), *glyph_problems(game, cards)]
    printed = sum(c.copies for d in cards.decks for c in d.cards)
    notes = [f"{len(cards.decks)} deck(s), {printed} cards to print, "
             f"{sum(t.record.copies for t in cards.tokens)} tokens; no rules engine"]
    return problems, notes


def _unknown_icons(text: str, cards: CardSet) -> Iterator[tuple[str, str]]:
    for found in ICON.finditer(text):
        if found.group(1) not in cards.theme.icon_ids:
            yield found.group(1), did_you_mean(found.group(1), cards.theme.icon_ids)


def _icons_in_strings(game: Game, cards: CardSet) -> list[ContentError]:
    problems = []
    for strings in game.strings.values():
        for key, text in strings.texts.items():
            for icon, hint in _unknown_icons(text, cards):
                problems.append(strings.origins[key].error(
                    f"text {key!r} draws the icon {icon!r}, which no part declares",
                    hint or "declare it under \"icons\" in the theme", kind=UNKNOWN_REFERENCE))
    return problems


def _icons_in_fields(cards: CardSet) -> list[ContentError]:
    problems = []
    for _, record in cards.records():
        for field, value in record.fields.items():
            if not isinstance(value, str):
                continue
            for icon, hint in _unknown_icons(value, cards):
                problems.append(record.origin.error(
                    f"field {field!r} of {record.id!r} draws the icon {icon!r}, which no "
                    "part declares", hint or "declare it under \"icons\" in the theme",
                    f"/fields/{field}", kind=UNKNOWN_REFERENCE))
    return problems


def _resolution(cards: CardSet) -> list[ContentError]:
    """A raster image printed below 300 dpi in the largest box that draws it, said where
    the image is named: the record's field (a deck sheet's row and column) when the box
    draws a field, the layout's box when the box names the image itself."""
    largest: dict[str, tuple[float, float, ContentError | None]] = {}
    for layout_id, record in cards.records():
        layout = cards.layouts.layouts.get(layout_id)
        for box in layout.boxes if layout is not None else ():
            if box.kind != "image":
                continue
            path = box.image if box.image is not None else record.fields.get(box.field or "")
            art = cards.art.get(str(path))
            if art is None or art.kind != "raster":
                continue
            dpi = art.dpi(box.width, box.height)
            if dpi < MIN_DPI and (art.relative not in largest
                                  or dpi < largest[art.relative][0]):
                named = box.origin if box.image is not None else record.origin.child(
                    f"/fields/{box.field}")
                largest[art.relative] = (dpi, box.width, named.warning(
                    f"the image {art.relative!r} ({art.width:.0f}x{art.height:.0f} px) prints "
                    f"at {dpi:.0f} dpi in box {box.id!r} of layout {layout_id!r}, below "
                    f"{MIN_DPI}", "use a larger image, or accept a soft print",
                    kind=ARTWORK_PROBLEM))
    return [warning for _, _, warning in largest.values() if warning is not None]
