"""The print guide, the kit's first page: what is in the box and how to make it.

Sections, top to bottom: a 50 mm square to check the printer prints at 100 %, the files
with what each holds (pages, cards, duplex), what else to buy, the print settings, the
cutting order and the duplex calibration. Counts are written in the locale's CLDR plural
category (`guide.<word>.one` / `.other`, generator.uitext).
"""

from __future__ import annotations

from dataclasses import dataclass

from content.model import Game
from generator.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.uitext import UiText

MARGIN = 15.0
INK = "#1d1d1b"
RULE = Style(stroke="#999999", stroke_width=0.2)
HEADING_PT, BODY_PT = 12.0, 9.0


@dataclass(frozen=True)
class GuideEntry:
    """One file of the kit as the guide lists it; `cards` counts the cards it holds (0 for
    files that are not cards)."""

    file: str
    title: str
    pages: int
    duplex: str
    cards: int = 0
    card_size: str = ""


def _entry_line(ui: UiText, entry: GuideEntry) -> str:
    parts = [entry.file, entry.title, ui.count("guide.pages", entry.pages)]
    if entry.cards:
        parts.append(f"{ui.count('guide.cards', entry.cards)}, {entry.card_size}")
    parts.append(ui("guide.duplex." + entry.duplex))
    return " — ".join(parts)


@dataclass
class _Column:
    """Text stacked down the page (a local builder, never shared)."""

    x: float
    width: float
    y: float
    items: list[Item]

    def heading(self, text: str) -> None:
        self.items.append(Line(self.x, self.y, self.x + self.width, self.y, RULE))
        self.items.append(TextBox(self.x, self.y + 1.5, self.width, 6.5, text,
                                  size=HEADING_PT, min_size=8, colour=INK, bold=True))
        self.y += 9.0

    def text(self, text: str, lines: int) -> None:
        height = lines * BODY_PT * 0.4233 * 1.25 + 1.0
        self.items.append(TextBox(self.x + 2, self.y, self.width - 2, height, text,
                                  size=BODY_PT, min_size=6, colour=INK))
        self.y += height + 1.5


def guide_page(game: Game, locale: str, ui: UiText, paper: Size,
               entries: tuple[GuideEntry, ...], stamp: str = "") -> Page:
    """The kit's first page (see the module doc); `stamp` is the version stamp."""
    paper = paper.portrait()
    width = paper.width - 2 * MARGIN
    items: list[Item] = [
        TextBox(MARGIN, MARGIN, width, 12, ui("guide.title", {"title": game.title(locale)}),
                size=20, min_size=10, colour=INK, bold=True),
        Rect(MARGIN, MARGIN + 15, 50, 50, Style(fill=None, stroke=INK, stroke_width=0.3)),
        TextBox(MARGIN, MARGIN + 15, 50, 50, ui("guide.square"), size=12, min_size=8,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=INK),
        TextBox(MARGIN + 55, MARGIN + 15, width - 55, 50, ui("guide.intro"), size=BODY_PT,
                min_size=6, colour=INK),
    ]
    column = _Column(MARGIN, width, MARGIN + 70, items)
    column.heading(ui("guide.files"))
    for entry in entries:
        column.text(_entry_line(ui, entry), 1)
    column.heading(ui("guide.buy"))
    column.text(ui("guide.buy_list"), 3)
    column.heading(ui("guide.settings"))
    column.text(ui("guide.settings_list"), 3)
    column.heading(ui("guide.cutting"))
    column.text(ui("guide.cutting_steps"), 6)
    if any(e.duplex in ("long", "short") for e in entries):
        column.heading(ui("guide.calibration"))
        column.text(ui("guide.calibration_steps"), 3)
    if stamp:
        items.append(TextBox(MARGIN, paper.height - MARGIN + 2, width, 4, stamp, size=6,
                             min_size=6, colour="#4d4d4d", align=Align.CENTER))
    return Page(paper.width, paper.height, tuple(items), "print guide")
