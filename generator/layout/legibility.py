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
    Circle,
    FittedTextBox,
    Group,
    Image,
    Item,
    MultiPath,
    Page,
    Point,
    Polygon,
    Rect,
    TextBox,
    TextSource,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kit import card_documents, fit_check_options
from stamperia.generator.kitdocument import KitDocument
from stamperia.generator.print.sizes import Size

MIN_PRINTED_PT = 6.0
"""The smallest text a kit prints at the default card size."""
NORMAL_CONTRAST = 4.5
LARGE_CONTRAST = 3.0
PAPER = "#ffffff"

Affine = tuple[float, float, float, float, float, float]
"""x' = a x + c y + e, y' = b x + d y + f, as (a, b, c, d, e, f)."""
_IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

Shape = Rect | Circle | Polygon | MultiPath | Image


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


def _compose(outer: Affine, inner: Affine) -> Affine:
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def _invert(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _apply(m: Affine, point: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = point
    return (a * x + c * y + e, b * x + d * y + f)


def _group_transform(group: Group) -> Affine:
    tx, ty = group.translate
    m: Affine = (1.0, 0.0, 0.0, 1.0, tx, ty)
    if group.rotation is not None:
        r = group.rotation
        cos, sin = math.cos(math.radians(r.degrees)), math.sin(math.radians(r.degrees))
        m = _compose(m, (1.0, 0.0, 0.0, 1.0, r.cx, r.cy))
        m = _compose(m, (cos, sin, -sin, cos, 0.0, 0.0))
        m = _compose(m, (1.0, 0.0, 0.0, 1.0, -r.cx, -r.cy))
    return m


def _inside_polygon(points: Sequence[Point], x: float, y: float) -> bool:
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _contains(shape: Shape, point: Point) -> bool:
    x, y = point
    if isinstance(shape, Rect | Image):
        return shape.x <= x <= shape.x + shape.width and shape.y <= y <= shape.y + shape.height
    if isinstance(shape, Circle):
        return math.hypot(x - shape.cx, y - shape.cy) <= shape.r
    if isinstance(shape, Polygon):
        return _inside_polygon(shape.points, x, y)
    return shape.closed and any(_inside_polygon(p, x, y) for p in shape.subpaths)


def _blend(top: str, under: str, opacity: float) -> str:
    if opacity == 1.0:  # what the blend gives: the top colour, written in lower case
        return top.lower()
    channels = []
    for i in (1, 3, 5):
        t, u = int(top[i:i + 2], 16), int(under[i:i + 2], 16)
        channels.append(round(t * opacity + u * (1 - opacity)))
    return "#" + "".join(f"{c:02x}" for c in channels)


def _local_box(shape: Shape) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) around a shape in its own coordinates; None if it paints no area."""
    if isinstance(shape, Rect | Image):
        return (shape.x, shape.y, shape.x + shape.width, shape.y + shape.height)
    if isinstance(shape, Circle):
        return (shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r)
    if isinstance(shape, Polygon):
        points = shape.points
    elif not shape.closed:
        return None
    elif len(shape.subpaths) == 1:  # one cell: no list of every corner
        points = shape.subpaths[0]
    else:
        points = tuple(p for path in shape.subpaths for p in path)
    if not points:
        return None
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


Span = tuple[int, int, int, int]
"""The grid squares a shape's page bounds reach: first and last column, first and last
row."""
Bounds = tuple[float, float, float, float]
"""A shape's box on the page: left, top, right, bottom."""
SpanCache = dict[tuple[int, Affine], tuple[object, Span | None, Bounds | None]]
"""Spans of drawn corner lists by their identity and transform, kept with the list (so
its id is not reused): a mini-map's cells are the same tuples of corners under the same
transform on every objective card of a check."""


class _Painted:
    """The shapes painted so far on a page, bucketed by a square grid of the page, so
    finding what lies under a point looks only at the shapes whose bounds reach it (a
    board of thousands of cells would otherwise cost a scan per text).

    The buckets are filled only when a text needs them: a text usually lies on what was
    painted just before it (a value on its disc, a label on its panel), so the newest
    RECENT shapes are looked at one by one first, and the shapes under them (the
    thousands of cells of a card's mini-map) are bucketed only if the search goes deeper.
    Either way a text sees the same shapes in the same order: those whose bounds reach
    its grid square, topmost first.
    """

    CELL_MM = 20.0
    RECENT = 32
    MARGIN_MM = 1e-6
    """A shape whose page box misses a point by more than this cannot hold it (far more
    than the rounding between page and shape coordinates): it is not even tested."""

    def __init__(self, shared: SpanCache | None = None) -> None:
        self.shared: SpanCache = {} if shared is None else shared
        self.shapes: list[tuple[Shape, Affine]] = []
        self.inverses: dict[int, Affine] = {}
        self.spans: dict[int, Span | None] = {}
        self.bounds: dict[int, Bounds | None] = {}
        self.buckets: dict[tuple[int, int], list[int]] = {}
        self.indexed = 0
        """The shapes before this number are in the buckets."""

    def add(self, shape: Shape, m: Affine) -> None:
        self.shapes.append((shape, m))

    def _span(self, number: int) -> Span | None:
        """The grid squares a shape's page bounds reach (first and last column, first and
        last row), or None when it paints no area; worked out once per shape."""
        if number in self.spans:
            return self.spans[number]
        shape, m = self.shapes[number]
        points = (shape.points if isinstance(shape, Polygon)
                  else shape.subpaths if isinstance(shape, MultiPath) else None)
        if points is not None:
            known = self.shared.get((id(points), m))
            if known is not None and known[0] is points:
                self.spans[number], self.bounds[number] = known[1], known[2]
                return known[1]
        box = _local_box(shape)
        span = bounds = None
        if box is not None:
            x0, y0, x1, y1 = box
            a, b, c, d, e, f = m
            if b == 0.0 and c == 0.0 and a > 0.0 and d > 0.0:  # a shift and a scale: usual
                left, top, right, bottom = a * x0 + e, d * y0 + f, a * x1 + e, d * y1 + f
            else:  # turned (a mini-map on its side): the box's corners, as _apply moves
                # them; rounding keeps order, so each extreme sums the extreme terms
                ax0, ax1, cy0, cy1 = a * x0, a * x1, c * y0, c * y1
                bx0, bx1, dy0, dy1 = b * x0, b * x1, d * y0, d * y1
                left = min(ax0, ax1) + min(cy0, cy1) + e
                right = max(ax0, ax1) + max(cy0, cy1) + e
                top = min(bx0, bx1) + min(dy0, dy1) + f
                bottom = max(bx0, bx1) + max(dy0, dy1) + f
            size = self.CELL_MM
            span = (math.floor(left / size), math.floor(right / size),
                    math.floor(top / size), math.floor(bottom / size))
            bounds = (left, top, right, bottom)
        self.spans[number], self.bounds[number] = span, bounds
        if points is not None:
            self.shared[(id(points), m)] = (points, span, bounds)
        return span

    def _reaches(self, number: int, point: Point) -> bool:
        """Whether the shape's page box holds the point (within MARGIN_MM)."""
        bounds = self.bounds[number]
        if bounds is None:
            return False
        left, top, right, bottom = bounds
        margin = self.MARGIN_MM
        return (left - margin <= point[0] <= right + margin
                and top - margin <= point[1] <= bottom + margin)

    def _index(self) -> None:
        """Bucket every shape painted so far."""
        buckets = self.buckets
        for number in range(self.indexed, len(self.shapes)):
            span = self._span(number)
            if span is None:
                continue
            first_column, last_column, first_row, last_row = span
            if first_column == last_column and first_row == last_row:  # the usual: one square
                found = buckets.get((first_column, first_row))
                if found is None:
                    buckets[(first_column, first_row)] = [number]
                else:
                    found.append(number)
                continue
            for bx in range(first_column, last_column + 1):
                for by in range(first_row, last_row + 1):
                    found = buckets.get((bx, by))
                    if found is None:
                        buckets[(bx, by)] = [number]
                    else:
                        found.append(number)
        self.indexed = len(self.shapes)

    def _with_inverse(self, number: int) -> tuple[Shape, Affine]:
        inverse = self.inverses.get(number)
        shape, m = self.shapes[number]
        if inverse is None:
            inverse = self.inverses[number] = _invert(m)
        return shape, inverse

    def under(self, point: Point) -> Iterator[tuple[Shape, Affine]]:
        """The shapes that may contain `point`, topmost first, each with the inverse of
        its transform (worked out for the shapes a text lies on, not for every shape)."""
        bx, by = math.floor(point[0] / self.CELL_MM), math.floor(point[1] / self.CELL_MM)
        newest = max(self.indexed, len(self.shapes) - self.RECENT)
        for number in range(len(self.shapes) - 1, newest - 1, -1):
            span = self._span(number)
            if (span is not None and span[0] <= bx <= span[1] and span[2] <= by <= span[3]
                    and self._reaches(number, point)):
                yield self._with_inverse(number)
        if newest > self.indexed:
            self._index()
        for number in reversed(self.buckets.get((bx, by), [])):
            if number < newest and self._reaches(number, point):
                yield self._with_inverse(number)


def _background(painted: _Painted, point: Point) -> str | None:
    """The colour under a page point, or None when an image is under it (unknown)."""
    layers: list[tuple[str, float]] = []
    for shape, inverse in painted.under(point):
        if not _contains(shape, _apply(inverse, point)):
            continue
        if isinstance(shape, Image):
            return None
        fill, opacity = shape.style.fill, shape.style.opacity
        if fill is None:
            continue
        layers.append((fill, opacity))
        if opacity >= 1.0:
            break
    colour = PAPER
    for fill, opacity in reversed(layers):
        colour = _blend(fill, colour, opacity)
    return colour


def required_contrast(size_pt: float, bold: bool) -> float:
    """WCAG 2 AA: 3:1 for large text (18 pt, or 14 pt bold), else 4.5:1."""
    large = size_pt >= 18.0 or (bold and size_pt >= 14.0)
    return LARGE_CONTRAST if large else NORMAL_CONTRAST


_SHAPES = (Rect, Circle, Polygon, MultiPath, Image)


def page_findings(page: Page, spans: SpanCache | None = None, contrast: bool = True
                  ) -> list[TextFinding]:
    """Fitted texts of a page printed too small or with too little contrast; `spans`,
    when given, is shared by the pages of one check (the same cells on many cards).
    Without `contrast`, only the size is read (what is painted under a text is the
    costly part, and it does not change with the card size)."""
    painted = _Painted(spans)
    found: list[TextFinding] = []

    def visit(items: Sequence[Item], m: Affine) -> None:  # in paint order
        for item in items:
            if isinstance(item, Group):
                visit(item.items, _compose(m, _group_transform(item)))
            elif isinstance(item, _SHAPES):
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

    visit(page.items, _IDENTITY)
    return found


def label_contrasts(page: Page, fonts: FontSet) -> list[tuple[str, float, float]]:
    """Every fitted text of a page: (text, its lowest contrast, the contrast it needs).
    Each line is sampled near both ends and in its middle, on the height of its small
    letters: a board's name may start on one territory and end on the next, where
    `page_findings`, reading the middle only, would miss it."""
    painted = _Painted()
    found: list[tuple[str, float, float]] = []

    def visit(items: Sequence[Item], m: Affine) -> None:
        for item in items:
            if isinstance(item, Group):
                visit(item.items, _compose(m, _group_transform(item)))
            elif isinstance(item, _SHAPES):
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
                        under = _background(painted, _apply(m, (left + width * share, y)))
                        if under is not None:
                            ratios.append(contrast_ratio(box.colour, under))
                if min(ratios) < math.inf:
                    found.append((box.text, min(ratios), required_contrast(size, box.bold)))

    visit(page.items, _IDENTITY)
    return found


def _text_finding(label: str, painted: _Painted, item: FittedTextBox,
                  m: Affine) -> TextFinding | None:
    box = item.box
    size = item.fit.size_pt
    middle = _apply(m, (box.x + box.width / 2,
                        sum(line.baseline for line in item.lines) / len(item.lines)
                        - size * 0.35 * 25.4 / 72))
    background = _background(painted, middle)
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
            place = finding.page if finding.source is None else finding.source.card
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
