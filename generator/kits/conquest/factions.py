"""The faction sheets: a title, then one block per faction drawn by the `faction_sheet`
layout (colour band with name and emblem, the fields, the lore), three to a page."""

from __future__ import annotations

from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest, Faction
from stamperia.generator.draw.drawing import Group, Item, Page, TextBox
from stamperia.generator.layout.context import Look
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

MARGIN = 15.0
HEADER = 16.0
PER_PAGE = 3


def _facts(game: Game, locale: str, ui: UiText, faction: Faction) -> str:
    """The faction's fields as labelled lines; the motto only when the game gives one."""
    key = f"faction.{faction.id}"
    fields = [(ui("factions.trait"), game.text(locale, f"{key}.trait")),
              (ui("factions.place"), game.text(locale, f"{key}.place")),
              (ui("factions.leader"), game.text(locale, f"{key}.leader"))]
    motto = game.text(locale, f"{key}.motto")
    if motto != f"{key}.motto":
        fields.append((ui("factions.motto"), motto))
    return "\n".join(f"{label}: {value}" for label, value in fields)


def faction_pages(game: Game, locale: str, ui: UiText, look: Look, paper: Size
                  ) -> tuple[Page, ...]:
    paper = paper.portrait()
    width = paper.width - 2 * MARGIN
    block = Size("faction", width, (paper.height - 2 * MARGIN - HEADER) / PER_PAGE)
    ink = look.context.theme.colour("ink", "#1d1d1b")
    pages = []
    factions = list(game.part(Conquest).factions)
    for number, first in enumerate(range(0, len(factions), PER_PAGE)):
        items: list[Item] = [
            TextBox(MARGIN, MARGIN, width, 12, f"{game.title(locale)} · {ui('factions.title')}",
                    size=18, min_size=10, colour=ink, bold=True)]
        for slot, faction in enumerate(factions[first:first + PER_PAGE]):
            drawn = look.draw("faction_sheet", f"factions/{faction.id}",
                              {"faction": faction.id, "emblem": faction.id,
                               "facts": _facts(game, locale, ui, faction)}, block, 0.0)
            items.append(Group(drawn, translate=(MARGIN, MARGIN + HEADER
                                                 + slot * block.height)))
        pages.append(Page(paper.width, paper.height, tuple(items), f"factions {number + 1}"))
    return tuple(pages)
