"""The print guide: what to print and how, and a 50 mm calibration square."""

from __future__ import annotations

from dataclasses import dataclass

from content.model import Game
from generator.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.uitext import UiText

MARGIN = 15.0
INK = "#1d1d1b"


@dataclass(frozen=True)
class GuideEntry:
    """One file of the kit as the guide lists it."""

    file: str
    title: str
    pages: int
    duplex: str


def guide_page(game: Game, locale: str, ui: UiText, paper: Size,
               entries: tuple[GuideEntry, ...]) -> Page:
    """What to print and how, and a 50 mm square to confirm the printer printed at 100%."""
    paper = paper.portrait()
    width = paper.width - 2 * MARGIN
    items: list[Item] = [
        TextBox(MARGIN, MARGIN, width, 14, ui("guide.title", {"title": game.title(locale)}),
                size=20, min_size=10, colour=INK, bold=True),
        TextBox(MARGIN, MARGIN + 16, width, 12, ui("guide.intro"), size=10, min_size=7,
                colour=INK),
        Rect(MARGIN, MARGIN + 32, 50, 50, Style(fill=None, stroke=INK, stroke_width=0.3)),
        TextBox(MARGIN, MARGIN + 32, 50, 50, ui("guide.square"), size=12, min_size=8,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK),
        TextBox(MARGIN, MARGIN + 90, width, 9, ui("guide.files"), size=13, min_size=8,
                colour=INK, bold=True),
    ]
    y = MARGIN + 101
    for entry in entries:
        line = (f"{entry.file} — {entry.title} — {ui.count('guide.pages', entry.pages)}"
                f" — {ui('guide.duplex.' + entry.duplex)}")
        items.append(TextBox(MARGIN + 2, y, width - 2, 10, line, size=9.5, min_size=6,
                             colour=INK))
        y += 11
    items += [
        Line(MARGIN, y + 2, MARGIN + width, y + 2, Style(stroke="#999999", stroke_width=0.2)),
        TextBox(MARGIN, y + 6, width, 9, ui("guide.cutting"), size=13, min_size=8, colour=INK,
                bold=True),
        TextBox(MARGIN + 2, y + 17, width - 2, 40, ui("guide.cutting_steps"), size=10,
                min_size=7, colour=INK),
    ]
    return Page(paper.width, paper.height, tuple(items), "print guide")
