"""The duplex calibration sheet: measure how far a printer shifts the back of a sheet.

The front carries crosses; the back carries millimetre scales centred exactly behind them
(the sheet turned over as the kit's duplex mode says). Held against a light, each front
line is seen on its back scale at the printer's offset, with the opposite sign: the
number read is the shift the backs need, so it goes straight into `--back-offset X,Y`
(x to the right, y down, as seen looking at the back). The back is drawn with the offset
already given, so a reprint reads 0,0 when the offset is right.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.generator.draw.drawing import Align, Group, Item, Line, Page, Style, TextBox, VAlign
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

SCALE_HALF = 10
"""mm each side of zero: the largest offset --back-offset accepts."""
SCALE_AT = 13.0
"""mm from the point to each scale's baseline: the scales never meet each other."""
CORNER_INSET = 45.0
INK = "#000000"
LINE = Style(stroke=INK, stroke_width=0.15)
TICK = Style(stroke=INK, stroke_width=0.12)


@dataclass(frozen=True)
class Target:
    """Where a front cross and its back scales meet, in the front page's mm."""

    x: float
    y: float


def targets(paper: Size) -> tuple[Target, ...]:
    """The centre (what the offset is read on) and four points near the corners (they show
    a skewed feed); the set is symmetric, so it lands on itself when the sheet turns."""
    w, h = paper.width, paper.height
    return (Target(w / 2, h / 2), Target(CORNER_INSET, CORNER_INSET),
            Target(w - CORNER_INSET, CORNER_INSET), Target(CORNER_INSET, h - CORNER_INSET),
            Target(w - CORNER_INSET, h - CORNER_INSET))


def behind(target: Target, paper: Size, duplex: Duplex) -> Target:
    """Where a front point lies on the back page, by the way the sheet turns over."""
    if duplex is Duplex.LONG and paper.width <= paper.height or (
            duplex is Duplex.SHORT and paper.width > paper.height):
        return Target(paper.width - target.x, target.y)
    return Target(target.x, paper.height - target.y)


def _cross(target: Target) -> tuple[Item, ...]:
    arm = SCALE_AT + 6.0
    return (Line(target.x - arm, target.y, target.x + arm, target.y, LINE),
            Line(target.x, target.y - arm, target.x, target.y + arm, LINE))


def _scales(target: Target, label: bool) -> tuple[Item, ...]:
    """A horizontal scale (read x on it) above the point and a vertical one (read y)
    left of it, SCALE_AT away, ticks every mm, longer every 5; numbers on the centre's."""
    items: list[Item] = []
    x, y, at = target.x, target.y, SCALE_AT
    for mm_ in range(-SCALE_HALF, SCALE_HALF + 1):
        long = mm_ % 5 == 0
        length = 3.0 if long else 1.6
        items.append(Line(x + mm_, y - at, x + mm_, y - at - length, TICK))
        items.append(Line(x - at, y + mm_, x - at - length, y + mm_, TICK))
        if label and long:
            text = f"{mm_:+d}" if mm_ else "0"
            items.append(TextBox(x + mm_ - 3.0, y - at - 7.0, 6.0, 3.5, text, size=7,
                                 min_size=6, align=Align.CENTER, valign=VAlign.MIDDLE,
                                 colour=INK))
            items.append(TextBox(x - at - 10.5, y + mm_ - 1.75, 6.5, 3.5, text, size=7,
                                 min_size=6, align=Align.RIGHT, valign=VAlign.MIDDLE,
                                 colour=INK))
    return tuple(items)


def calibration_pages(paper: Size, duplex: Duplex, ui: UiText,
                      back_offset: tuple[float, float]) -> tuple[Page, ...]:
    """Front and back of the calibration sheet; none for single-sided or fold kits."""
    if duplex not in (Duplex.LONG, Duplex.SHORT):
        return ()
    paper = paper.portrait()
    w, h = paper.width, paper.height
    text_width = w - 2 * 20.0
    front: list[Item] = [
        TextBox(20.0, 62.0, text_width, 10.0, ui("calibration.title"), size=14, min_size=9,
                bold=True, align=Align.CENTER, colour=INK),
        TextBox(20.0, 74.0, text_width, 40.0, ui("calibration.steps"), size=9.5, min_size=7,
                colour=INK),
    ]
    for target in targets(paper):
        front.extend(_cross(target))
    back: list[Item] = [
        TextBox(20.0, h - 80.0, text_width, 10.0, ui("calibration.back"), size=10,
                min_size=7, align=Align.CENTER, colour=INK),
    ]
    centre = targets(paper)[0]
    for target in targets(paper):
        spot = behind(target, paper, duplex)
        back.extend(_scales(spot, label=target == centre))
    shifted = (Group(tuple(back), translate=back_offset),) if back_offset != (0.0, 0.0) \
        else tuple(back)
    return (Page(w, h, tuple(front), "calibration front"),
            Page(w, h, shifted, "calibration back"))
