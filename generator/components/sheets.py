"""A4/Letter information sheets: the factions with their lore, and the print guide."""

from __future__ import annotations

from dataclasses import dataclass

from content.model import Game
from generator.drawing import Align, Item, Line, Page, Rect, Style, TextBox, VAlign
from generator.sizes import Size
from generator.uitext import UiText

MARGIN = 15.0
INK = "#1d1d1b"


def faction_pages(game: Game, locale: str, ui: UiText, paper: Size) -> tuple[Page, ...]:
    """One block per faction: colour band with the name, the fields, the lore."""
    paper = paper.portrait()
    width = paper.width - 2 * MARGIN
    per_page = 3
    pages = []
    factions = list(game.factions)
    for number, first in enumerate(range(0, len(factions), per_page)):
        items: list[Item] = [
            TextBox(MARGIN, MARGIN, width, 12, f"{game.title(locale)} · {ui('factions.title')}",
                    size=18, min_size=10, colour=INK, bold=True)]
        block = (paper.height - 2 * MARGIN - 16) / per_page
        for slot, faction in enumerate(factions[first:first + per_page]):
            top = MARGIN + 16 + slot * block
            key = f"faction.{faction.id}"
            fields = [(ui("factions.trait"), game.text(locale, f"{key}.trait")),
                      (ui("factions.place"), game.text(locale, f"{key}.place")),
                      (ui("factions.leader"), game.text(locale, f"{key}.leader"))]
            motto = game.text(locale, f"{key}.motto")
            if motto != f"{key}.motto":
                fields.append((ui("factions.motto"), motto))
            facts = "\n".join(f"{label}: {value}" for label, value in fields)
            items += [
                Rect(MARGIN, top, width, 12, Style(fill=faction.colour, stroke=None),
                     corner_radius=2),
                TextBox(MARGIN + 4, top, width - 8, 12, game.text(locale, f"{key}.name"),
                        size=14, min_size=8, valign=VAlign.MIDDLE, colour=faction.text_colour,
                        bold=True),
                TextBox(MARGIN, top + 14, width, 20, facts, size=10, min_size=7, colour=INK),
                TextBox(MARGIN, top + 35, width, block - 40, game.text(locale, f"{key}.lore"),
                        size=10, min_size=7, colour=INK),
            ]
        pages.append(Page(paper.width, paper.height, tuple(items), f"factions {number + 1}"))
    return tuple(pages)


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
        line = (f"{entry.file} — {entry.title} — {ui('guide.pages', {'count': entry.pages})}"
                f" — {ui('guide.duplex.' + entry.duplex)}")
        items.append(TextBox(MARGIN + 2, y, width - 2, 10, line, size=9.5, min_size=6,
                             colour=INK))
        y += 11
    items += [
        Line(MARGIN, y + 2, MARGIN + width, y + 2, Style(stroke="#999999", stroke_width=0.2)),
        TextBox(MARGIN, y + 6, width, 9, ui("guide.cutting"), size=13, min_size=8, colour=INK,
                bold=True),
        TextBox(MARGIN + 2, y + 17, width - 2, 40, ui("guide.cutting.steps"), size=10,
                min_size=7, colour=INK),
    ]
    return Page(paper.width, paper.height, tuple(items), "print guide")
