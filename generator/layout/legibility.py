"""Legibility of printed text, read from the drawing description: size and contrast.

Text fitting decides each box's final size (generator.layout.textfit); this module reports text
printed below MIN_PRINTED_PT, and text whose colour against what is painted under it is
below the WCAG 2 AA contrast (4.5:1, or 3:1 for large text: 18 pt, or 14 pt bold). What
lies under a text is found by walking the page in paint order: the topmost filled shape
containing the middle of the text box, blended through any translucent ones above it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import BACKS_ALIKE, LOW_CONTRAST, SMALL_TEXT
from stamperia.content.look.colourscience import MIN_DELTA_E, Closeness, contrast_ratio, too_close
from stamperia.content.model import Game
from stamperia.generator.draw.drawing import (
    Align,
    FittedTextBox,
    Group,
    Item,
    Page,
    Rect,
    TextBox,
    TextSource,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import card_documents, fit_check_options
from stamperia.generator.kitdocument import KitDocument
from stamperia.generator.layout.paintedpage import (
    IDENTITY,
    SHAPES,
    Affine,
    PaintedPage,
    SpanCache,
    apply,
    colour_under,
    compose,
    group_transform,
)
from stamperia.generator.print.sizes import Size

MIN_PRINTED_PT = 6.0
"""The smallest text a kit prints at the default card size."""
NORMAL_CONTRAST = 4.5
LARGE_CONTRAST = 3.0
@dataclass(frozen=True)
class TextFinding:
    """A text that is too small or too faint: where, what, and the numbers."""

    page: str
    source: TextSource | None
    text: str
    size_pt: float
    colour: str
    background: str | None
    contrast: float | None


def required_contrast(size_pt: float, bold: bool) -> float:
    """WCAG 2 AA: 3:1 for large text (18 pt, or 14 pt bold), else 4.5:1."""
    large = size_pt >= 18.0 or (bold and size_pt >= 14.0)
    return LARGE_CONTRAST if large else NORMAL_CONTRAST


def page_findings(page: Page, spans: SpanCache | None = None, contrast: bool = True
                  ) -> list[TextFinding]:
    """Fitted texts of a page printed too small or with too little contrast; `spans`,
    when given, is shared by the pages of one check (the same cells on many cards).
    Without `contrast`, only the size is read (what is painted under a text is the
    costly part, and it does not change with the card size)."""
    painted = PaintedPage(spans)
    found: list[TextFinding] = []

    def visit(items: Sequence[Item], m: Affine) -> None:  # in paint order
        for item in items:
            if isinstance(item, Group):
                visit(item.items, compose(m, group_transform(item)))
            elif isinstance(item, SHAPES):
                if contrast:
                    painted.add(item, m)
            elif isinstance(item, FittedTextBox) and item.lines:
                if not contrast:
                    if item.fit.size_pt < MIN_PRINTED_PT - 1e-9:
                        box = item.box
                        found.append(TextFinding(page.label, box.source, box.text,
                                                 item.fit.size_pt, box.colour, None, None))
                    continue
                finding = _text_finding(page.label, painted, item, m)
                if finding is not None:
                    found.append(finding)

    visit(page.items, IDENTITY)
    return found


def label_contrasts(page: Page, fonts: FontSet) -> list[tuple[str, float, float]]:
    """Every fitted text of a page: (text, its lowest contrast, the contrast it needs).
    Each line is sampled near both ends and in its middle, on the height of its small
    letters: a board's name may start on one territory and end on the next, where
    `page_findings`, reading the middle only, would miss it."""
    painted = PaintedPage()
    found: list[tuple[str, float, float]] = []

    def visit(items: Sequence[Item], m: Affine) -> None:
        for item in items:
            if isinstance(item, Group):
                visit(item.items, compose(m, group_transform(item)))
            elif isinstance(item, SHAPES):
                painted.add(item, m)
            elif isinstance(item, FittedTextBox) and item.lines:
                box, size = item.box, item.fit.size_pt
                face = fonts.face_name(box.font, box.bold)
                ratios = [math.inf]
                for line in item.lines:
                    width = fonts.text_width_mm(line.text, face, size)
                    left = line.x - {Align.LEFT: 0.0, Align.CENTER: width / 2,
                                     Align.RIGHT: width}[line.align]
                    y = line.baseline - size * 0.25 * 25.4 / 72
                    for share in (0.1, 0.5, 0.9):
                        under = colour_under(painted, apply(m, (left + width * share, y)))
                        if under is not None:
                            ratios.append(contrast_ratio(box.colour, under))
                if min(ratios) < math.inf:
                    found.append((box.text, min(ratios), required_contrast(size, box.bold)))

    visit(page.items, IDENTITY)
    return found


def _text_finding(label: str, painted: PaintedPage, item: FittedTextBox,
                  m: Affine) -> TextFinding | None:
    box = item.box
    size = item.fit.size_pt
    middle = apply(m, (box.x + box.width / 2,
                        sum(line.baseline for line in item.lines) / len(item.lines)
                        - size * 0.35 * 25.4 / 72))
    background = colour_under(painted, middle)
    ratio = None if background is None else contrast_ratio(box.colour, background)
    small = size < MIN_PRINTED_PT - 1e-9
    faint = ratio is not None and ratio < required_contrast(size, box.bold)
    if small or faint:
        return TextFinding(label, box.source, box.text, size, box.colour, background, ratio)
    return None


def legibility_warnings(game: Game, locale: str, pages: Sequence[Page], card: str = ""
                        ) -> list[ContentError]:
    """`stamperia check` findings for one locale: text below MIN_PRINTED_PT (an error: the
    build refuses it too) or below the WCAG AA contrast (a warning), each named by its
    component (card or page) and text key, once; `card` names the card size when it is not
    the default.

    `pages` are already fitted (the check fits each text once, and the overflow check
    reads the same pages); nothing is measured here.
    """
    strings = game.strings[locale]
    keys = {text: key for key, text in strings.texts.items()}
    problems: list[ContentError] = []
    seen: set[tuple[str, str, str]] = set()
    spans: SpanCache = {}
    for page in pages:
        carrier: float | None = None  # the size of a rich text's first run, said for all
        for finding in page_findings(page, spans, contrast=not card):
            if finding.source is not None:
                carrier = finding.size_pt
            elif finding.size_pt == carrier:
                continue
            place = finding.page if finding.source is None else finding.source.place
            key = keys.get(finding.text)
            if finding.source is not None and finding.source.key in strings.origins:
                key = finding.source.key
            what = repr(key) if key is not None else repr(finding.text[:40])
            if finding.size_pt < MIN_PRINTED_PT - 1e-9:
                message = (f"{locale} text {what} on {place}{_box_name(finding.source)} is "
                           f"printed at {finding.size_pt:g} pt{card}, below "
                           f"{MIN_PRINTED_PT:g} pt")
                hint = "shorten it, or give its box more room in the layout"
                kind = SMALL_TEXT
            else:
                if card:  # contrast does not change with the card size: said once
                    continue
                message = (f"{locale} text {what} on {place}: contrast "
                           f"{finding.contrast:.2f}:1 ({finding.colour} on "
                           f"{finding.background}), below WCAG AA "
                           f"{required_contrast(finding.size_pt, False):g}:1")
                hint = "darken or lighten the text or its background colour"
                kind = LOW_CONTRAST
            if (message, place, what) in seen:
                continue
            seen.add((message, place, what))
            origin = strings.origin if key is None else strings.origins.get(key, strings.origin)
            if key is None and finding.source is not None:  # a field's text: at the field
                origin = finding.source.origin or finding.source.box_origin or origin
            if kind is SMALL_TEXT:
                problems.append(origin.error(message, hint, kind=kind))
            else:
                problems.append(origin.warning(message, hint, kind=kind))
    return problems


def _box_name(source: TextSource | None) -> str:
    """` (layout 'action', box 'body')` for a text a layout placed, else nothing."""
    if source is None or source.layout is None:
        return ""
    return f" (layout {source.layout!r}, box {source.box!r})"


def small_text_problems(documents: Sequence[KitDocument], locale: str, card: Size,
                        fallback: Origin) -> list[ContentError]:
    """The build's refusal of text fitted below MIN_PRINTED_PT on the card size being
    built, each text of each layout box once, at the box (or, for text a kit draws
    itself, at `fallback`'s place). `documents` are fitted."""
    problems: list[ContentError] = []
    seen: set[tuple[str | None, str | None, str]] = set()
    for document in documents:
        if document.stem == "guide":  # the kit's own words, on paper, not on a card
            continue
        for page in document.pages:
            carrier: FittedTextBox | None = None  # a rich text's first run: the others follow
            for item in _fitted(page.items):
                size = item.fit.size_pt
                source = item.box.source
                if source is not None:
                    carrier = item
                elif carrier is not None and carrier.fit.size_pt == size:
                    continue  # a later run of the same rich text, said with its first
                if not item.lines or size >= MIN_PRINTED_PT - 1e-9:
                    continue
                text = item.box.text if source is None else source.key
                mark = (source.layout if source else None, source.box if source else None,
                        text)
                if mark in seen:
                    continue
                seen.add(mark)
                place = source.card if source is not None else page.label
                message = (f"{locale}: {document.stem}.pdf, {place}{_box_name(source)}: "
                           f"{text[:40]!r} is printed at {size:g} pt on {card.label} cards, "
                           f"below {MIN_PRINTED_PT:g} pt")
                hint = ("give the layout a variant for this card shape (layouts: "
                        "variants), more room for the box, or a shorter text")
                origin = source.box_origin if source is not None else None
                problems.append((origin or fallback).error(message, hint, kind=SMALL_TEXT))
    return problems


def _fitted(items: Sequence[Item]) -> Iterator[FittedTextBox]:
    for item in items:
        if isinstance(item, Group):
            yield from _fitted(item.items)
        elif isinstance(item, FittedTextBox):
            yield item


@dataclass(frozen=True)
class BackClash:
    """Two card backs printed on one sheet whose colours are too close to tell apart."""

    document: str
    first: str
    second: str
    first_colour: str
    second_colour: str
    closeness: Closeness


def _back_of(card: Group) -> tuple[str, str] | None:
    """(name, background colour) of a placed card: its first filled shape, and the card
    name its texts come from (else the colour)."""
    fill = next((i.style.fill for i in card.items
                 if isinstance(i, Rect) and i.style.fill is not None), None)
    if fill is None:
        return None
    source = next((i.source for i in card.items
                   if isinstance(i, TextBox) and i.source is not None), None)
    return (source.card if source is not None else fill), fill


def back_clashes(documents: Sequence[KitDocument]) -> list[BackClash]:
    """Backs of different decks on the same sheet (so a player may mix them up when
    cutting or sorting) closer than ΔE2000 10 in some vision; each pair once."""
    found: dict[tuple[str, str, str], BackClash] = {}
    for document in documents:
        if document.card_size is None:
            continue
        for page in document.pages:
            if not page.label.endswith(" back"):
                continue
            backs = {b for card in page.items if isinstance(card, Group)
                     for b in [_back_of(card)] if b is not None}
            for (name_a, colour_a), (name_b, colour_b) in combinations(sorted(backs), 2):
                if name_a == name_b or colour_a == colour_b:
                    continue
                close = too_close(colour_a, colour_b)
                if close is not None:
                    key = (document.stem, name_a, name_b)
                    found.setdefault(key, BackClash(document.stem, name_a, name_b, colour_a,
                                                    colour_b, close))
    return list(found.values())


def back_warnings(game: Game, fonts: FontSet | None = None) -> list[ContentError]:
    """`stamperia check` warnings for card backs that share a sheet and look alike;
    `fonts` are the game's (generator.draw.themefonts.game_fonts), loaded by the kit if None."""
    options = fit_check_options() if fonts is None else replace(fit_check_options(),
                                                                 fonts=fonts)
    return [game.origin.warning(
        f"{c.document}.pdf: the backs {c.first!r} ({c.first_colour}) and {c.second!r} "
        f"({c.second_colour}) share a sheet and are hard to tell apart in "
        f"{c.closeness.vision.value}: ΔE2000 {c.closeness.delta_e:.1f} < {MIN_DELTA_E:g}",
        "give the decks back colours of different lightness", kind=BACKS_ALIKE)
        for c in back_clashes(card_documents(game, game.source_locale, options))]
