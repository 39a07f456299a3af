"""The game board as one large page: map, legend of zones, event deck space, score track."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from stamperia.content.findings import CANNOT_LAY_OUT
from stamperia.content.look.artwork import Art
from stamperia.content.look.colourscience import readable_on
from stamperia.content.look.hexgrid import centre
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Board, Conquest
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    Group,
    Item,
    Page,
    Rect,
    Style,
    TextBox,
    VAlign,
)
from stamperia.generator.kitdocument import KitError
from stamperia.generator.kits.conquest import bordermarks, hexmap, linkicons, links
from stamperia.generator.kits.conquest.hatching import hatch
from stamperia.generator.print.printshop import BLEED, SAFE, SLUG, boxes, crop_marks
from stamperia.generator.print.sizes import PAPER_SIZES, Size
from stamperia.generator.uitext import UiText

TRACK_BAND = 12.0
PADDING = 8.0
LEGEND_WIDTH = 86.0
EVENT_CARD = (63.5, 88.9)
LARGE_PAPERS = ("a3", "a2", "a1")
LINK_COLOUR = "#ffffff"
LINK_ROW = 10.0
"""mm per link kind in the legend."""
LEGEND_ICON = 8.0
"""mm, the link kind's icon disc in the legend, beside its line."""
ROUTE_MARGIN = 1.5
"""mm kept between a link line and the score track or the legend."""
MIN_NAME_PT = 8.0
"""Territory names on the board are read from across the table: never smaller."""


class BoardError(KitError):
    """The board does not fit the largest paper the kit prints on."""


@dataclass(frozen=True)
class BoardLayout:
    """Where things go on the board page, in mm from the page's top-left (slug and bleed
    included): the trim is `paper`, at (SLUG + BLEED, SLUG + BLEED)."""

    paper: Size
    page_width: float
    page_height: float
    map_x: float
    map_y: float
    legend_x: float
    legend_y: float


def full_style(board: Board) -> hexmap.MapStyle:
    size = board.hex_size_mm
    return hexmap.MapStyle(cell_size=size, border_width=max(0.6, size * 0.07),
                           inner_width=0.2, coast_width=max(0.8, size * 0.09),
                           label_size=max(MIN_NAME_PT, size * 0.7))


def layout(board: Board) -> BoardLayout:
    """The smallest large paper, either way round, that holds the map and the legend."""
    map_width, map_height = hexmap.map_size(board, board.hex_size_mm)
    legend_height = _legend_height(board)
    need_width = map_width + PADDING + LEGEND_WIDTH + 2 * (SAFE + TRACK_BAND + PADDING)
    need_height = max(map_height, legend_height) + 2 * (SAFE + TRACK_BAND + PADDING)
    for name in LARGE_PAPERS:
        for paper in (PAPER_SIZES[name].portrait(), PAPER_SIZES[name].landscape()):
            if paper.width >= need_width and paper.height >= need_height:
                spare_x = (paper.width - need_width) / 2
                spare_y = (paper.height - need_height) / 2
                inner = SLUG + BLEED + SAFE + TRACK_BAND + PADDING
                map_x = inner + spare_x
                map_y = inner + spare_y + (max(map_height, legend_height) - map_height) / 2
                outside = 2 * (SLUG + BLEED)
                return BoardLayout(paper, paper.width + outside, paper.height + outside,
                                   map_x, map_y, map_x + map_width + PADDING, inner + spare_y)
    need = f"the board needs {need_width:.0f}×{need_height:.0f} mm, more than A1"
    hint = "make the hex cells smaller, or split the map"
    raise BoardError(f"{need}; {hint} (board.json /hex/size_mm)",
                     board.origin.error(need, hint, "/hex/size_mm", CANNOT_LAY_OUT))


def _legend_height(board: Board) -> float:
    """Title, zones, link kinds, and the event deck space when the map does not place it
    at sea."""
    height = 44.0 + 16.0 * len(board.zones) + _links_height(board) + _marks_height(board)
    return height + (EVENT_CARD[1] + 12 if board.event_deck_cell is None else 0)


def board_page(game: Game, locale: str, ui: UiText) -> Page:
    board = game.part(Conquest).board
    assert board is not None
    place = layout(board)
    origin = hexmap.map_bounds(board, board.hex_size_mm)[:2]
    style = full_style(board)
    names = {t.id: game.text(locale, f"territory.{t.id}.name") for t in board.territories}
    zone_colour = {z.id: z.colour for z in board.zones}
    zone_names = {z.id: game.text(locale, f"zone.{z.id}.name") for z in board.zones}
    fills = {t.id: zone_colour[t.zone] for t in board.territories}
    shift = (place.map_x - origin[0], place.map_y - origin[1])
    legend = (place.legend_x - ROUTE_MARGIN - shift[0], place.legend_y - ROUTE_MARGIN - shift[1],
              LEGEND_WIDTH + 2 * ROUTE_MARGIN, _legend_height(board) + 2 * ROUTE_MARGIN)
    marks = bordermarks.obstacles(board, board.hex_size_mm)
    homes = tuple(hexmap.label_boxes(board, style, marks).values())
    found = links.routes(board, board.hex_size_mm, route_area(place, shift), (legend,), homes)
    lines = [*links.lines_of(found), *marks]
    icons = link_icons(game)
    placed = linkicons.place_icons(found, icons, board.hex_size_mm * linkicons.ICON_CELLS,
                                   tuple(hexmap.label_boxes(board, style, lines).values()))
    map_items: list[Item] = [
        *hexmap.sea_polygons(board, style),
        *hexmap.cell_polygons(board, style, {t.id: zone_colour[t.zone] for t in board.territories}),
        *hexmap.zone_hatches(board, style),
        *hexmap.cell_edges(board, style),
        *bordermarks.marks(board, style.cell_size, style.border_width),
        *links.route_items(found, style.border_width, LINK_COLOUR, hexmap.INK),
        *hexmap.port_marks(board, style),
        *linkicons.icon_items(placed, icons, hexmap.INK, hexmap.PAPER),
        *hexmap.labels(board, style, names, fills, lines),
        *hexmap.zone_labels(board, style, zone_names, zone_colour, lines,
                            tuple(icon.box for icon in placed)),
        *(_event_deck_space(centre(board.event_deck_cell, board.hex_size_mm), ui)
          if board.event_deck_cell is not None else ()),
    ]
    trim, bleed = boxes(place.paper.width, place.paper.height)
    items: list[Item] = [
        Rect(bleed.x, bleed.y, bleed.width, bleed.height,
             Style(fill=hexmap.SEA if board.outside == "sea" else hexmap.LAND, stroke=None)),
        Group(tuple(map_items), translate=shift),
        Group(_legend(game, locale, ui), translate=(place.legend_x, place.legend_y)),
        *_score_track(board, place),
        *crop_marks(trim),
    ]
    return Page(place.page_width, place.page_height, tuple(items),
                label=f"board {place.paper.name}", trim=trim, bleed=bleed)



def link_icons(game: Game) -> Mapping[str, Art]:
    """The theme's icons by id: a link kind shows the icon of its own id."""
    theme = game.find_part(Theme)
    return theme.icons if theme is not None else {}


def route_area(place: BoardLayout, shift: tuple[float, float]) -> links.Area:
    """Where link lines may run, in map coordinates: inside the score track, ROUTE_MARGIN
    clear of it."""
    inner = SLUG + BLEED + SAFE + TRACK_BAND + ROUTE_MARGIN
    return (inner - shift[0], inner - shift[1], place.page_width - inner - shift[0],
            place.page_height - inner - shift[1])


def _event_deck_space(at: tuple[float, float], ui: UiText) -> list[Item]:
    """A card-sized dashed frame centred on `at`, where the event deck is placed."""
    x, y = at
    width, height = EVENT_CARD
    left, top = x - width / 2, y - height / 2
    return [
        Rect(left, top, width, height, Style(fill="#ffffff", stroke=hexmap.INK,
                                             stroke_width=0.6, dash=(3, 2), opacity=0.85),
             corner_radius=3),
        TextBox(left + 4, top + 4, width - 8, height - 8, ui("board.event_deck"), size=14,
                min_size=8, align=Align.CENTER, valign=VAlign.MIDDLE, colour=hexmap.INK,
                bold=True),
    ]


def _legend(game: Game, locale: str, ui: UiText) -> tuple[Item, ...]:
    conquest = game.part(Conquest)
    board = conquest.board
    assert board is not None
    piece = conquest.setup.piece if conquest.setup is not None else ""
    piece_name = game.text(locale, f"component.{piece}.plural")
    if piece_name.endswith(".plural"):
        piece_name = game.text(locale, f"component.{piece}.name")
    items: list[Item] = [
        TextBox(0, 0, LEGEND_WIDTH, 22, game.title(locale), size=30, min_size=12,
                align=Align.CENTER, valign=VAlign.MIDDLE, colour=hexmap.INK, bold=True),
        TextBox(0, 26, LEGEND_WIDTH, 10, ui("board.legend"), size=14, min_size=8,
                colour=hexmap.INK, bold=True),
    ]
    y = 40.0
    for zone in board.zones:
        count = len(board.zone_territories(zone.id))
        bonus = ui("board.bonus_pieces", {"pieces": zone.bonus_pieces, "piece": piece_name})
        if zone.bonus_cards:
            bonus += ", " + ui.count("board.bonus_cards", zone.bonus_cards, "cards")
        swatch = ((0.0, y), (12.0, y), (12.0, y + 12), (0.0, y + 12))
        items += [
            Rect(0, y, 12, 12, Style(fill=zone.colour, stroke=hexmap.INK, stroke_width=0.4)),
            *hatch((swatch,), zone.hatch, board.hex_size_mm * hexmap.HATCH_SPACING,
                   full_style(board).inner_width * 1.5, hexmap.INK),
            TextBox(0, y, 12, 12, str(count), size=11, min_size=6, align=Align.CENTER,
                    valign=VAlign.MIDDLE, bold=True,
                    colour=readable_on(zone.colour, hexmap.INK, hexmap.PAPER)),
            TextBox(15, y - 0.5, LEGEND_WIDTH - 15, 7, game.text(locale, f"zone.{zone.id}.name"),
                    size=11, min_size=6, colour=hexmap.INK, bold=True),
            TextBox(15, y + 6.5, LEGEND_WIDTH - 15, 6,
                    f"{ui.count('board.territories', count)} · {bonus}",
                    size=8.5, min_size=5, colour=hexmap.INK),
        ]
        y += 16.0
    kinds = links.drawn_kinds(board)
    if kinds:
        y += LINK_ROW / 2
    width = full_style(board).border_width
    icons = link_icons(game)
    text_x = 15.0 + (LEGEND_ICON + 2 if any(k.id in icons for k in kinds) else 0)
    for kind in kinds:
        middle = y + LINK_ROW / 2
        items += links.link_symbol(((0.0, middle), (12.0, middle)), kind, width, LINK_COLOUR,
                                   hexmap.INK)
        if kind.id in icons:
            items += linkicons.icon_badge((15.0 + LEGEND_ICON / 2, middle), LEGEND_ICON,
                                          icons[kind.id], hexmap.INK, hexmap.PAPER)
        items += [TextBox(text_x, y, LEGEND_WIDTH - text_x, LINK_ROW,
                          game.text(locale, f"link_kind.{kind.id}.name"), size=11, min_size=6,
                          valign=VAlign.MIDDLE, colour=hexmap.INK, bold=True)]
        y += LINK_ROW
    if not kinds and bordermarks.kinds(board):
        y += LINK_ROW / 2
    rows, y = _mark_rows(board, ui, y)
    items += rows
    if board.event_deck_cell is None:
        items += _event_deck_space((LEGEND_WIDTH / 2, y + 8 + EVENT_CARD[1] / 2), ui)
    return tuple(items)


def _marks_height(board: Board) -> float:
    shown = bordermarks.kinds(board)
    return LINK_ROW * (len(shown) + (0.5 if not links.drawn_kinds(board) else 0)) if shown else 0.0


def _mark_rows(board: Board, ui: UiText, y: float) -> tuple[list[Item], float]:
    """One legend row per kind of border mark the map prints, from `y`: the mark as the
    map draws it, and what it means."""
    items: list[Item] = []
    size = board.hex_size_mm
    width = full_style(board).border_width
    for kind in bordermarks.kinds(board):
        middle = y + LINK_ROW / 2
        if kind == "stone":
            items.append(bordermarks.stone_item((6.0, middle), size))
        elif kind == "bridge":
            items += bordermarks.bridge_line_items(((0.0, middle), (12.0, middle)), width)
        elif kind == "bridge_badge":
            items += bordermarks.badge_items((6.0, middle), min(LINK_ROW / 2 - 0.5,
                                                                size * bordermarks.BADGE_CELLS),
                                             "A")
        else:
            radius = size * 0.28
            items += [Circle(6.0, middle, radius, Style(fill=hexmap.PAPER, stroke=hexmap.INK,
                                                        stroke_width=0.3)),
                      TextBox(6.0 - radius, middle - radius, 2 * radius, 2 * radius, "⚓",
                              size=full_style(board).label_size, min_size=3,
                              align=Align.CENTER, valign=VAlign.MIDDLE, colour=hexmap.INK)]
        items.append(TextBox(15.0, y, LEGEND_WIDTH - 15.0, LINK_ROW, ui(f"board.mark.{kind}"),
                             size=9, min_size=6, valign=VAlign.MIDDLE, colour=hexmap.INK))
        y += LINK_ROW
    return items, y


def _links_height(board: Board) -> float:
    kinds = links.drawn_kinds(board)
    return LINK_ROW * (len(kinds) + 0.5) if kinds else 0.0


def _score_track(board: Board, place: BoardLayout) -> list[Item]:
    """Numbered boxes around the board's edge, clockwise from the top-left corner."""
    if board.score_track is None:
        return []
    first, last = board.score_track
    count = last - first + 1
    left = top = SLUG + BLEED + SAFE
    width, height = place.paper.width - 2 * SAFE, place.paper.height - 2 * SAFE
    per_side = (2 * (width + height)) / count
    across = max(2, round(width / per_side))
    down = max(2, (count + 4 - 2 * across) // 2)
    while 2 * across + 2 * down - 4 < count:
        across += 1
    cells: list[tuple[float, float, float, float]] = []
    step_x, step_y = width / across, (height - 2 * TRACK_BAND) / (down - 2)
    for i in range(across):
        cells.append((left + i * step_x, top, step_x, TRACK_BAND))
    for i in range(down - 2):
        cells.append((left + width - TRACK_BAND, top + TRACK_BAND + i * step_y, TRACK_BAND, step_y))
    for i in reversed(range(across)):
        cells.append((left + i * step_x, top + height - TRACK_BAND, step_x, TRACK_BAND))
    for i in reversed(range(down - 2)):
        cells.append((left, top + TRACK_BAND + i * step_y, TRACK_BAND, step_y))
    items: list[Item] = []
    for index, (x, y, w, h) in enumerate(cells):
        value = first + index
        fill = "#f4efe1" if index % 2 == 0 else "#e2d8bd"
        items.append(Rect(x, y, w, h, Style(fill=fill, stroke=hexmap.INK, stroke_width=0.3)))
        if value <= last:
            items.append(TextBox(x, y, w, h, str(value), size=9, min_size=5, align=Align.CENTER,
                                 valign=VAlign.MIDDLE, colour=hexmap.INK,
                                 bold=value % 5 == 0))
    return items
