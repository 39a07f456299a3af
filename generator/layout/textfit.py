"""Word wrap and shrink-to-fit for text boxes.

The fit is decided once, here, from real font metrics: `TextFitter` turns a
page's `TextBox`es into `FittedTextBox`es, and both renderers and the overflow
report read those, so the PDF and the SVG break lines in the same places and a
build measures each text once. Pure functions, except for the fitter's own
cache: the metrics object is passed in.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Protocol

from stamperia.generator.draw.drawing import (
    Align,
    FittedText,
    FittedTextBox,
    Group,
    Item,
    Page,
    PlacedLine,
    TextBox,
    TextFit,
    TextOverflow,
    TextSource,
    VAlign,
    iter_fitted_text,
    pt_to_mm,
)

SIZE_STEP_PT = 0.25
_EPSILON_MM = 1e-6


class TextMetrics(Protocol):
    """What fitting needs to know about fonts (FontSet provides it)."""

    def face_name(self, family: str, bold: bool) -> str: ...

    def text_width_mm(self, text: str, face_name: str, size_pt: float) -> float: ...

    def ascent_ratio(self, face_name: str) -> float: ...


def _paragraph_words(text: str) -> tuple[tuple[str, ...], ...]:
    """Explicit newlines split paragraphs; runs of spaces separate words (NBSP does not)."""
    return tuple(tuple(w for w in line.split(" ") if w) for line in text.split("\n"))


def _wrap_words(
    words: tuple[str, ...], unit_width: dict[str, float], space: float, limit: float
) -> list[tuple[str, float]]:
    """Greedy wrap of one paragraph at unit size; returns (line, unit width) pairs."""
    lines: list[tuple[str, float]] = []
    current: list[str] = []
    width = 0.0
    for word in words:
        extra = unit_width[word] if not current else space + unit_width[word]
        if current and width + extra > limit + _EPSILON_MM:
            lines.append((" ".join(current), width))
            current, width = [word], unit_width[word]
        else:
            current.append(word)
            width += extra
    lines.append((" ".join(current), width))
    return lines


def wrap_text(
    text: str, width_mm: float, face_name: str, size_pt: float, metrics: TextMetrics
) -> tuple[str, ...]:
    """Break `text` into lines no wider than `width_mm` (a lone long word may be wider)."""
    return tuple(line for line, _ in _wrap(text, width_mm, face_name, size_pt, metrics))


def _wrap(
    text: str, width_mm: float, face_name: str, size_pt: float, metrics: TextMetrics
) -> list[tuple[str, float]]:
    paragraphs = _paragraph_words(text)
    vocabulary = {w for words in paragraphs for w in words}
    # Advance widths scale linearly with size: measure at 1 pt once.
    unit = {w: metrics.text_width_mm(w, face_name, 1.0) for w in sorted(vocabulary)}
    space = metrics.text_width_mm(" ", face_name, 1.0)
    lines: list[tuple[str, float]] = []
    for words in paragraphs:
        for line, unit_width in _wrap_words(words, unit, space, width_mm / size_pt):
            lines.append((line, unit_width * size_pt))
    return lines


@functools.lru_cache(maxsize=64, typed=True)
def _candidate_sizes(max_size_pt: float, min_size_pt: float) -> tuple[float, ...]:
    """The sizes tried, largest first; a map's thousands of labels share a few pairs."""
    sizes: list[float] = []
    step = 0
    while (size := round(max_size_pt - step * SIZE_STEP_PT, 4)) > min_size_pt:
        sizes.append(size)
        step += 1
    sizes.append(min_size_pt)
    return tuple(sizes)


def fit_text(
    text: str,
    width_mm: float,
    height_mm: float,
    face_name: str,
    max_size_pt: float,
    min_size_pt: float,
    line_spacing: float,
    metrics: TextMetrics,
) -> TextFit:
    """The largest size (in 0.25 pt steps from the maximum) at which the text fits the box."""
    for size in _candidate_sizes(max_size_pt, min_size_pt):
        lines = _wrap(text, width_mm, face_name, size, metrics)
        line_height = pt_to_mm(size) * line_spacing
        widest = max(width for _, width in lines)
        excess_height = len(lines) * line_height - height_mm
        excess_width = widest - width_mm
        texts = tuple(line for line, _ in lines)
        if excess_height <= _EPSILON_MM and excess_width <= _EPSILON_MM:
            return FittedText(size_pt=size, lines=texts, line_height_mm=line_height)
        if size == min_size_pt:
            return TextOverflow(
                size_pt=size,
                lines=texts,
                line_height_mm=line_height,
                excess_height_mm=max(0.0, excess_height),
                excess_width_mm=max(0.0, excess_width),
            )
    raise AssertionError("unreachable: the minimum size is always tried")


def fit_text_box(box: TextBox, metrics: TextMetrics) -> TextFit:
    """`fit_text` with the box's own size, font and spacing."""
    face_name = metrics.face_name(box.font, box.bold)
    return fit_text(
        box.text, box.width, box.height, face_name, box.size, box.min_size, box.line_spacing,
        metrics,
    )


def place_lines(box: TextBox, fit: TextFit, metrics: TextMetrics) -> tuple[PlacedLine, ...]:
    """Anchor point and baseline of every fitted line, shared by both renderers.

    Each line sits in a line box of `line_height_mm`, its em box centred in it.
    """
    size_mm = pt_to_mm(fit.size_pt)
    block = len(fit.lines) * fit.line_height_mm
    if box.valign is VAlign.TOP:
        top = box.y
    elif box.valign is VAlign.MIDDLE:
        top = box.y + (box.height - block) / 2
    else:
        top = box.y + box.height - block
    align = box.align
    # the anchor by identity, not by a dict of the three (an enum hashes in Python code)
    x = (box.x if align is Align.LEFT else box.x + box.width / 2 if align is Align.CENTER
         else box.x + box.width)
    ascent = metrics.ascent_ratio(metrics.face_name(box.font, box.bold))
    lead = (fit.line_height_mm - size_mm) / 2 + ascent * size_mm
    return tuple(
        PlacedLine(text=line, x=x, baseline=top + i * fit.line_height_mm + lead, align=align)
        for i, line in enumerate(fit.lines)
        if line
    )


def fit_box(box: TextBox, metrics: TextMetrics) -> FittedTextBox:
    """The box with its size chosen and its lines placed."""
    fit = fit_text_box(box, metrics)
    return FittedTextBox(box=box, fit=fit, lines=place_lines(box, fit, metrics))


FitKey = tuple[str, float, float, str, bool, float, float, float]


def fit_key(box: TextBox) -> FitKey:
    """What a fit depends on: the text, the box's size, font and spacing; not where the
    box is, its colour or its source."""
    return (box.text, box.width, box.height, box.font, box.bold, box.size, box.min_size,
            box.line_spacing)


class TextFitter:
    """Fits the text boxes of pages, each distinct text once.

    A card is placed many times on a sheet, a token's letter on many tokens and a
    board's texts again on its tiles: the cache (owned by this object, so by one
    build or one check) measures each distinct (text, box size, font) once and only
    places the lines of each box. Fitted boxes are left as they are, so fitting a
    page twice costs a walk of its tree and no measuring.
    """

    def __init__(self, metrics: TextMetrics) -> None:
        self._metrics = metrics
        self._fitted: dict[TextBox, FittedTextBox] = {}
        self._fits: dict[FitKey, TextFit] = {}

    @property
    def fitted(self) -> int:
        """How many texts this fitter has measured (each distinct text once)."""
        return len(self._fits)

    def box(self, box: TextBox) -> FittedTextBox:
        found = self._fitted.get(box)
        if found is None:
            key = fit_key(box)
            fit = self._fits.get(key)
            if fit is None:
                fit = self._fits[key] = fit_text_box(box, self._metrics)
            found = self._fitted[box] = FittedTextBox(box, fit,
                                                      place_lines(box, fit, self._metrics))
        return found

    def pages(self, pages: Iterable[Page]) -> tuple[Page, ...]:
        return tuple(self.page(page) for page in pages)

    def page(self, page: Page) -> Page:
        items = self.items(page.items)
        if items is page.items:
            return page
        return replace(page, items=items)

    def items(self, items: tuple[Item, ...]) -> tuple[Item, ...]:
        """The items with every text box fitted; the same tuple when nothing needed it."""
        fitted = tuple(self._item(item) for item in items)
        if all(new is old for new, old in zip(fitted, items, strict=True)):
            return items
        return fitted

    def _item(self, item: Item) -> Item:
        if isinstance(item, TextBox):
            return self.box(item)
        if isinstance(item, Group):
            items = self.items(item.items)
            if items is item.items:
                return item
            return Group(items, item.translate, item.rotation, item.clip)
        return item


def fit_pages(pages: Iterable[Page], metrics: TextMetrics) -> tuple[Page, ...]:
    """The pages with every text box fitted (already fitted ones are kept)."""
    return TextFitter(metrics).pages(pages)


@dataclass(frozen=True)
class OverflowReport:
    """A text box that does not fit even at its minimum size, on which page, and (when the
    layout said so) on which card and from which text key."""

    page_label: str
    text: str
    overflow: TextOverflow
    source: TextSource | None = None


def overflows(pages: Iterable[Page]) -> tuple[OverflowReport, ...]:
    """Every fitted text box on fitted pages that overflows; no measuring happens here."""
    reports: list[OverflowReport] = []
    for page in pages:
        for fitted in iter_fitted_text(page.items):
            if isinstance(fitted.fit, TextOverflow):
                reports.append(OverflowReport(page_label=page.label, text=fitted.box.text,
                                              overflow=fitted.fit, source=fitted.box.source))
    return tuple(reports)


def find_overflows(pages: Iterable[Page], metrics: TextMetrics) -> tuple[OverflowReport, ...]:
    """Every text box on the pages that overflows, for a build to report before printing.

    Pages already fitted (a build fits each document once) are read, not fitted again.
    """
    return overflows(fit_pages(pages, metrics))


__all__ = [
    "SIZE_STEP_PT",
    "FittedText",
    "FittedTextBox",
    "OverflowReport",
    "PlacedLine",
    "TextFit",
    "TextFitter",
    "TextMetrics",
    "TextOverflow",
    "TextSource",
    "find_overflows",
    "fit_box",
    "fit_key",
    "fit_pages",
    "fit_text",
    "fit_text_box",
    "overflows",
    "place_lines",
    "wrap_text",
]
