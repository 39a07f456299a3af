"""The ruler at true scale: millimetre ticks, centimetre numbers, a calibration bar, and
sections with glue tabs when the ruler is longer than the page. The `ruler` page layout
(content/rulesets/warland/look/pages.json) places the title, the `calibration_bar` widget
and its caption, and the `ruler_sections` widget."""

from __future__ import annotations

import math
from collections.abc import Mapping

from stamperia.content.look.layouts import Box, Scalar
from stamperia.generator.draw.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from stamperia.generator.layout.pages import Pages
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.sizes import Size

BODY = 20.0
GLUE = 10.0
ROW = BODY + 12.0
CALIBRATION_MM = 100.0
INK = "#1d1d1b"
TICK = Style(stroke=INK, stroke_width=0.15)
TICK_STRONG = Style(stroke=INK, stroke_width=0.3)


def sections(length: float, printable: float) -> tuple[tuple[float, float], ...]:
    """Cut points of the ruler: whole centimetres, each piece short enough for the page
    with its glue tab."""
    if length <= printable:
        return ((0.0, length),)
    step = math.floor((printable - GLUE) / 10) * 10
    if step <= 0:
        raise ValueError("the page is too small for a ruler section")
    cuts = [float(c) for c in range(0, math.ceil(length), int(step))] + [length]
    if cuts[-2] == length:
        cuts.pop()
    return tuple((a, b) for a, b in zip(cuts, cuts[1:], strict=False))


def tick_length(mm: int) -> float:
    return 5.5 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0


def section_items(start: float, end: float, x: float, y: float, caption: str,
                  glue_caption: str) -> tuple[Item, ...]:
    """One section: its body spans exactly end - start millimetres from x; a tick every
    millimetre whose position is x + (mm - start)."""
    width = end - start
    items: list[Item] = [Rect(x, y, width, BODY, Style(fill="#fffdf5", stroke=INK,
                                                       stroke_width=0.3))]
    for mm in range(math.ceil(start), math.floor(end) + 1):
        at = x + (mm - start)
        items.append(Line(at, y, at, y + tick_length(mm),
                          TICK_STRONG if mm % 10 == 0 else TICK))
        if mm % 10 == 0 and start < mm < end:
            items.append(TextBox(at - 4, y + 6, 8, 4, str(mm // 10), size=6.5, min_size=5,
                                 align=Align.CENTER, colour=INK))
    items.append(TextBox(x + 2, y + BODY - 7, max(width - 4, 10), 6, caption, size=7,
                         min_size=4.5, valign=VAlign.MIDDLE, colour=INK, bold=True))
    if glue_caption:
        items += [Rect(x + width, y, GLUE, BODY,
                       Style(fill="#e6e6e6", stroke="#9a9a9a", stroke_width=0.2, dash=(1, 1))),
                  TextBox(x + width + 0.5, y + 1, GLUE - 1, BODY - 2, glue_caption, size=5,
                          min_size=3.5, align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK)]
    return tuple(items)


def calibration_bar(x: float, y: float) -> tuple[Item, ...]:
    """A bar exactly CALIBRATION_MM long, ticked every 10 mm, to check the print scale."""
    items: list[Item] = [Rect(x, y, CALIBRATION_MM, 4, Style(fill=INK, stroke=None))]
    for cm in range(0, int(CALIBRATION_MM) + 1, 10):
        items.append(Line(x + cm, y + 4, x + cm, y + 7, TICK_STRONG))
    return tuple(items)


def calibration_widget(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
    """The `calibration_bar` widget: the bar at its true length from the box's left."""
    return calibration_bar(box.x, box.y)


Row = tuple[int, tuple[float, float]]
"""One printed section: its index along the ruler, and its start and end in mm."""


def ruler_rows(length: float, copies: int, box: Box) -> tuple[list[Row], int, int]:
    """The sections of `copies` rulers cut to fit `box`'s width, in print order; how many
    the box holds a page, and how many sections make one ruler."""
    parts = sections(length, box.width)
    rows = [(index, part) for _ in range(copies) for index, part in enumerate(parts)]
    return rows, max(1, int(box.height // ROW)), len(parts)


def sections_widget(captions: tuple[str, str]) -> Widget:
    """The `ruler_sections` widget: the page's fields say the ruler's length (`ruler_mm`),
    how many rulers (`copies`) and the page's `first` row; its rows go down its box.

    captions: the section caption ({section}, {sections}, {start}, {end}) and the glue-tab
    caption ({next})."""

    def draw(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        length, copies, first = (fields.get(k, 0) for k in ("ruler_mm", "copies", "first"))
        if not isinstance(length, (int, float)) or not isinstance(copies, int) \
                or not isinstance(first, int):
            return ()
        rows, per_page, count = ruler_rows(float(length), copies, box)
        items: list[Item] = []
        for slot, (index, (start, end)) in enumerate(rows[first:first + per_page]):
            values = {"section": index + 1, "sections": count, "start": f"{start:g}",
                      "end": f"{end:g}", "next": index + 2}
            glue = captions[1].format_map(values) if index + 1 < count else ""
            items += section_items(start, end, box.x, box.y + slot * ROW,
                                   captions[0].format_map(values), glue)
        return tuple(items)

    return draw


def ruler_pages(pages: Pages, paper: Size, length: float, copies: int,
                fields: Mapping[str, Scalar]) -> tuple[Page, ...]:
    """Copies of the ruler, section by section, rows stacked over landscape pages (the
    `ruler` page layout, with the page's `fields` and its `first` row)."""
    page = paper.landscape()
    box = pages.placed("ruler", "ruler_sections", page)
    rows, per_page, _ = ruler_rows(length, copies, box)
    values = {**fields, "ruler_mm": length, "copies": copies}
    return tuple(pages.draw("ruler", f"ruler {number + 1}", {**values, "first": first}, page)
                 for number, first in enumerate(range(0, len(rows), per_page)))
