"""The IWARI kit's documents, registered in generator.extra_kits for the iwari_maps part."""

from __future__ import annotations

from stamperia.content.findings import CANNOT_LAY_OUT
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, IwariSet, MapSide
from stamperia.content.rulesets.iwari.plugin import MAP_SIDE
from stamperia.generator.draw.drawing import Group, Page
from stamperia.generator.export.components import board_component, card_components
from stamperia.generator.kitdocument import Kit, KitDocument, KitError, KitOptions
from stamperia.generator.kits.iwari import maplegend
from stamperia.generator.kits.iwari.look import iwari_look, kit_widgets
from stamperia.generator.kits.iwari.mapside import PALETTE, side_size
from stamperia.generator.kits.iwari.pieces import (
    BACK_LABELS,
    biome_face,
    card_back,
    kit_tokens,
    reference_face,
    token_components,
    token_pages,
)
from stamperia.generator.layout.context import Look
from stamperia.generator.layout.pages import Pages, ruleset_pages
from stamperia.generator.print.imposition import impose, paginate
from stamperia.generator.print.printshop import PaperTooSmall, print_shop_page, shop_paper
from stamperia.generator.print.sheets import sheet_pages
from stamperia.generator.print.sizes import Size
from stamperia.generator.print.tiling import TileCaptions, tile_pages
from stamperia.generator.uitext import UiText

PACKAGE = "stamperia.content.rulesets.iwari"
"""Where the ruleset's page layouts ship (look/pages.json)."""
KEY_GAP = 2.0
"""mm between the map side's page and its key on the print shop's board."""
KEY_INSET = 12.0
"""mm the key is set in from the map page's sides (the `map_side` layout's margin)."""


def map_page(game: Game, locale: str, pages: Pages, side: MapSide) -> Page:
    """The side at its true scale under its title (the `map_side` page layout), labelled
    with the side's name: the tiles' assembly page and captions print the label."""
    name = game.text(locale, f"side.{side.id}.name")
    return pages.around("map_side", MAP_SIDE, *side_size(game, side), name,
                        {"side": side.id, "title": f"{game.title(locale)} — {name}"})


def _shop_page(game: Game, side: MapSide, ui: UiText, plain: Page) -> Page:
    """The side and its key (stamperia.generator.kits.iwari.maplegend) centred on the
    smallest shop paper that holds both, with trim, bleed, slug and crop marks."""
    theme = game.find_part(Theme)
    colours = {name: theme.colour(name, default) if theme is not None else default
               for name, default in PALETTE.items()}
    key_width = plain.width_mm - 2 * KEY_INSET
    key_height = maplegend.height(side, key_width)
    try:
        paper = shop_paper(plain.width_mm, plain.height_mm + KEY_GAP + key_height)
    except PaperTooSmall as error:
        hint = "make the hex cells smaller"
        raise KitError(f"{error}; {hint} (maps.json /hex/size_mm)",
                       game.part(IwariMaps).origin.error(str(error), hint, "/hex/size_mm",
                                                          CANNOT_LAY_OUT)) from error
    top = (paper.height - plain.height_mm - KEY_GAP - key_height) / 2
    items = (Group(plain.items, translate=((paper.width - plain.width_mm) / 2, top)),
             Group(maplegend.legend(game, side, ui, colours, key_width),
                   translate=((paper.width - key_width) / 2, top + plain.height_mm + KEY_GAP)))
    return print_shop_page(Page(paper.width, paper.height, items, plain.label),
                           colours["wilds"], paper)


def score_board_page(game: Game, locale: str, pages: Pages, paper: Size) -> Page:
    """The score track on a landscape page (the `score_board` page layout)."""
    title = f"{game.title(locale)} — {game.text(locale, 'score_board.name')}"
    return pages.draw("score_board", "score board", {"title": title}, paper.landscape())


def documents(game: Game, locale: str, ui: UiText, options: KitOptions
              ) -> tuple[KitDocument, ...]:
    maps = game.part(IwariMaps)
    result: list[KitDocument] = []
    look = iwari_look(game, locale, ui, options.fonts)
    pages = Pages.of(look, ruleset_pages(PACKAGE))
    captions = TileCaptions(tile=ui.template("tiles.tile"), title=ui.template("tiles.title"),
                            instructions=ui.template("tiles.instructions"))
    for side in maps.sides:
        plain = map_page(game, locale, pages, side)
        large = _shop_page(game, side, ui, plain)
        stem = side.id.replace("_", "-")
        result.append(KitDocument(f"map-{stem}-large", "board", ui("kit.board_large"),
                                  (large,), "none",
                                  components=(board_component(f"map-{stem}", large),)))
        result.append(KitDocument(f"map-{stem}-tiles", "board", ui("kit.board_tiles"),
                                  tile_pages(plain, options.paper, captions=captions), "none"))
    result.append(_cards(game, look, ui, options))
    score_board = score_board_page(game, locale, pages, options.paper)
    result.append(KitDocument("score-board", "board", game.text(locale, "score_board.name"),
                              (score_board,), "none",
                              components=(board_component("score-board", score_board),)))
    result.append(KitDocument("tokens", "tokens", ui("kit.tokens"),
                              token_pages(look, kit_tokens(game, locale), options.paper,
                                          ui("kit.tokens")), "none",
                              components=token_components(game, locale, look)))
    return tuple(result)


def card_documents(game: Game, locale: str, ui: UiText, options: KitOptions
                   ) -> tuple[KitDocument, ...]:
    """The card sheets alone, for the back check (the maps and the board are not drawn)."""
    return (_cards(game, iwari_look(game, locale, ui, options.fonts), ui, options),)


def _cards(game: Game, look: Look, ui: UiText, options: KitOptions) -> KitDocument:
    """The biome and reference cards on their sheets, fronts and backs."""
    components = game.part(IwariSet)
    card, bleed = options.card, options.bleed
    faces = {b.id: biome_face(look, b.id, card, bleed) for b in components.biomes}
    fronts = [faces[b.id] for b in components.biomes for _ in range(b.cards)]
    fronts += [reference_face(look, card, bleed)] * components.reference_cards
    biome_back, reference_back = (card_back(look, card, bleed, label) for label in BACK_LABELS)
    backs = [biome_back] * (len(fronts) - components.reference_cards)
    backs += [reference_back] * components.reference_cards
    layout = impose(options.paper, card, bleed, duplex=options.duplex, gap=options.gap)
    sheets = sheet_pages(layout, paginate(layout, len(fronts)), fronts, backs, "cards",
                         options.back_offset)
    ids = [b.id for b in components.biomes for _ in range(b.cards)]
    ids += ["reference"] * components.reference_cards
    drawn = list(zip(ids, fronts, backs, strict=True))
    played = len(drawn) - components.reference_cards  # the reference: a deck of its own
    pieces = (*card_components("cards", drawn[:played], card, bleed),
              *card_components("reference", drawn[played:], card, bleed))
    return KitDocument("cards", "cards", ui("kit.cards"), sheets, options.duplex.value, card,
                       pieces)


def text_pages(game: Game, locale: str, ui: UiText, options: KitOptions) -> tuple[Page, ...]:
    """Each content text once: one face per biome, the reference card, backs, maps, board."""
    components = game.part(IwariSet)
    maps = game.part(IwariMaps)
    card, bleed = options.card, options.bleed
    look = iwari_look(game, locale, ui, options.fonts)
    faces = [biome_face(look, b.id, card, bleed) for b in components.biomes]
    faces += [reference_face(look, card, bleed),
              *(card_back(look, card, bleed, label) for label in BACK_LABELS)]
    pages = Pages.of(look, ruleset_pages(PACKAGE))
    result = [Page(card.width, card.height, items, "card") for items in faces]
    result += [map_page(game, locale, pages, side) for side in maps.sides]
    result.append(score_board_page(game, locale, pages, options.paper))
    result += token_pages(look, kit_tokens(game, locale), options.paper, ui("kit.tokens"))
    return tuple(result)


KIT = Kit(documents, text_pages,
          words=("kit.board_", "kit.cards", "kit.tokens", "tiles.", "map.key."),
          card_documents=card_documents, widgets=kit_widgets)
