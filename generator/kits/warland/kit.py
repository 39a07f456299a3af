"""WARLAND's kit documents, registered in generator.extra_kits by part kind: the cards
for warland_buildings; pawns, flags, ruler and tracking sheets for warland_forces."""

from __future__ import annotations

from stamperia.content.model import Game
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.generator.draw.drawing import Page
from stamperia.generator.export.components import (
    Component,
    Dice,
    Kind,
    board_component,
    card_components,
)
from stamperia.generator.kitdocument import Kit, KitDocument, KitOptions
from stamperia.generator.kits.warland.cards import building_back, building_face, physical_cards
from stamperia.generator.kits.warland.look import kit_widgets, warland_look
from stamperia.generator.kits.warland.pieces import (
    flag_components,
    flag_pages,
    pawn_components,
    token_pages,
)
from stamperia.generator.kits.warland.ruler import BODY, ruler_pages, section_items
from stamperia.generator.kits.warland.tracking import tracking_pages
from stamperia.generator.layout.pages import Pages, ruleset_pages
from stamperia.generator.print.imposition import impose, paginate
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

PACKAGE = "stamperia.content.rulesets.warland"
"""Where the ruleset's page layouts ship (look/pages.json)."""


def card_documents(game: Game, locale: str, ui: UiText, options: KitOptions
                   ) -> tuple[KitDocument, ...]:
    look = warland_look(game, locale, ui, options.fonts, options.stamps)
    cards = physical_cards(game, locale, ui, look, options.card, options.bleed)
    layout = impose(options.paper, options.card, options.bleed, duplex=options.duplex,
                    gap=options.gap)
    pages = sheet_pages(layout, paginate(layout, len(cards)), [c[1] for c in cards],
                        [c[2] for c in cards], "buildings", options.back_offset)
    pieces = card_components("buildings", cards, options.card, options.bleed)
    return (KitDocument("buildings", "cards", ui("warland.kit.buildings"), pages,
                        options.duplex.value, options.card, pieces),)


def card_text_pages(game: Game, locale: str, ui: UiText, options: KitOptions
                    ) -> tuple[Page, ...]:
    from stamperia.content.rulesets.warland.buildings import Buildings

    size, bleed = options.card, options.bleed
    look = warland_look(game, locale, ui, options.fonts, options.stamps)
    faces = [Page(size.width, size.height,
                  building_face(game, locale, ui, look, b, size, bleed, number),
                  f"building/{b.id}")
             for number, b in enumerate(game.part(Buildings).buildings, start=1)]
    back = Page(size.width, size.height, building_back(game, look, size, bleed),
                "building/back")
    return (*faces, back)


def _ruler(game: Game, locale: str, pages: Pages, options: KitOptions) -> tuple[Page, ...]:
    forces = game.part(Forces)
    return ruler_pages(pages, options.paper, forces.ruler_mm, game.players[1],
                       {"title": game.title(locale), "length": f"{forces.ruler_mm:g}"})


def _ruler_component(game: Game, ui: UiText) -> Component:
    """The ruler whole, one section long, standing for one per player."""
    length = game.part(Forces).ruler_mm
    caption = ui.template("warland.ruler.section").format_map(
        {"section": 1, "sections": 1, "start": "0", "end": f"{length:g}"})
    return Component(Kind.TOKEN, "ruler", "ruler", 1, Size("ruler", length, BODY), 0.0,
                     section_items(0.0, length, 0.0, 0.0, caption, ""),
                     count=game.players[1])


def _sheet_components(sheets: tuple[Page, ...], game: Game) -> tuple[Component, ...]:
    """Each player's tracking sheet, named by its faction."""
    factions = game.part(Forces).factions
    return tuple(board_component(f"sheet-{faction.id}", page)
                 for faction, page in zip(factions[:len(sheets)], sheets, strict=True))


def forces_documents(game: Game, locale: str, ui: UiText, options: KitOptions
                     ) -> tuple[KitDocument, ...]:
    title = game.title(locale)
    look = warland_look(game, locale, ui, options.fonts, options.stamps)
    pages = Pages.of(look, ruleset_pages(PACKAGE))
    sheets = tracking_pages(game, locale, pages, options.paper)
    return (
        KitDocument("pawns", "tokens", ui("warland.kit.pawns"),
                    token_pages(game, locale, look, options.paper,
                                ui("warland.pawns.title", {"title": title})), "none",
                    components=pawn_components(game, locale, look)),
        KitDocument("flags", "tokens", ui("warland.kit.flags"),
                    flag_pages(game, locale, look, options.paper,
                               ui("warland.flags.title", {"title": title})), "none",
                    components=flag_components(game, locale, look)),
        KitDocument("ruler", "ruler", ui("warland.kit.ruler"), _ruler(game, locale, pages, options),
                    "none", components=(_ruler_component(game, ui),)),
        KitDocument("tracking", "sheets", ui("warland.kit.tracking"), sheets, "none",
                    components=_sheet_components(sheets, game)),
    )


def forces_text_pages(game: Game, locale: str, ui: UiText, options: KitOptions
                      ) -> tuple[Page, ...]:
    look = warland_look(game, locale, ui, options.fonts, options.stamps)
    pages = Pages.of(look, ruleset_pages(PACKAGE))
    return (*tracking_pages(game, locale, pages, options.paper)[:1],
            *_ruler(game, locale, pages, options)[:1],
            *flag_pages(game, locale, look, options.paper, game.title(locale))[:1])


def documents(game: Game, locale: str, ui: UiText, options: KitOptions
              ) -> tuple[KitDocument, ...]:
    """The building cards first, then the forces' pieces, flags, ruler and sheets."""
    return (*card_documents(game, locale, ui, options),
            *forces_documents(game, locale, ui, options))


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    return (*card_text_pages(game, locale, ui, options),
            *forces_text_pages(game, locale, ui, options))


def dice(game: Game) -> tuple[Dice, ...]:
    """The forces part's dice: the pair of d6 every roll uses."""
    forces = game.find_part(Forces)
    return () if forces is None else tuple(Dice(d.id, d.colour, d.count, d.sides)
                                           for d in forces.dice)


KIT = Kit(documents, text_pages, word_package=__package__, dice=dice,
          card_documents=card_documents, widgets=kit_widgets)
