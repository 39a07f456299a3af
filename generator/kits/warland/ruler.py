"""The ruler at true scale: millimetre ticks, centimetre numbers, a calibration bar, and
sections with glue tabs when the ruler is longer than the page."""

from __future__ import annotations

import math

from generator.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size

MARGIN = 10.0
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


def calibration_bar(x: float, y: float, caption: str) -> tuple[Item, ...]:
    """A bar exactly CALIBRATION_MM long, ticked every 10 mm, to check the print scale."""
    items: list[Item] = [Rect(x, y, CALIBRATION_MM, 4, Style(fill=INK, stroke=None))]
    for cm in range(0, int(CALIBRATION_MM) + 1, 10):
        items.append(Line(x + cm, y + 4, x + cm, y + 7, TICK_STRONG))
    items.append(TextBox(x + CALIBRATION_MM + 4, y - 1, 150, 8, caption, size=8, min_size=6,
                         valign=VAlign.MIDDLE, colour=INK))
    return tuple(items)


def ruler_pages(paper: Size, length: float, copies: int, title: str, captions: tuple[str, str],
                calibration: str) -> tuple[Page, ...]:
    """Copies of the ruler, section by section, rows stacked over landscape pages.

    captions: the section caption ({section}, {sections}, {start}, {end}) and the glue-tab
    caption ({next}).
    """
    page = paper.landscape()
    parts = sections(length, page.width - 2 * MARGIN)
    rows = [(copy, index, part) for copy in range(copies) for index, part in enumerate(parts)]
    top = MARGIN + 22
    per_page = max(1, int((page.height - top - MARGIN) // ROW))
    pages = []
    for number, first in enumerate(range(0, len(rows), per_page)):
        items: list[Item] = [
            TextBox(MARGIN, MARGIN - 4, page.width - 2 * MARGIN, 8, title, size=12,
                    min_size=7, colour=INK, bold=True),
            *calibration_bar(MARGIN, MARGIN + 8, calibration)]
        for slot, (_copy, index, (start, end)) in enumerate(rows[first:first + per_page]):
            values = {"section": index + 1, "sections": len(parts), "start": f"{start:g}",
                      "end": f"{end:g}", "next": index + 2}
            glue = captions[1].format_map(values) if index + 1 < len(parts) else ""
            items += section_items(start, end, MARGIN, top + slot * ROW,
                                   captions[0].format_map(values), glue)
        pages.append(Page(page.width, page.height, tuple(items), f"ruler {number + 1}"))
    return tuple(pages)
