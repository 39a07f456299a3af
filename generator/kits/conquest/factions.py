"""The faction sheets: one block per faction with its colour band, fields and lore."""

from __future__ import annotations

from content.model import Game
from content.rulesets.conquest.model import Conquest
from generator.drawing import Item, Page, Rect, Style, TextBox, VAlign
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
    factions = list(game.part(Conquest).factions)
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
