"""IWARI cards (biome and reference, with backs), the score board and token sheets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from content.colourscience import readable_on
from content.model import Game
from content.rulesets.iwari.model import IwariSet
from content.theme import Theme
from generator.cardscale import CardScale
from generator.components import Component, Kind
from generator.drawing import (
    Align,
    Circle,
    Image,
    Item,
    Page,
    Polygon,
    Rect,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from generator.factionmarks import faction_symbol
from generator.sizes import Size

SAFE = 3.0
BACK = "#3b2f2a"
INK = "#1d1d1b"
PANEL = "#fbf6ea"
MARGIN = 10.0
MIN_TOKEN_PT = 6.0
GAP = 3.0


def icon(game: Game, name: str) -> Path | None:
    """The file of an icon the game's theme declares (biome symbols, tent, totem), if any."""
    theme = game.find_part(Theme)
    art = theme.icons.get(name) if theme is not None else None
    return Path(art.path) if art is not None else None


def _background(size: Size, bleed: float, colour: str) -> Rect:
    return Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed,
                Style(fill=colour, stroke=None))


def biome_face(game: Game, locale: str, biome_id: str, size: Size, bleed: float
               ) -> tuple[Item, ...]:
    """Drawn for a poker card and scaled to `size` (generator.cardscale), as every card here."""
    sc = CardScale.of(size)
    m = sc.mm
    biome = game.part(IwariSet).biome(biome_id)
    key = f"biome.{biome_id}.name"
    source = TextSource(f"biome/{biome_id}", key)
    name = game.text(locale, key)
    w, h = size.width, size.height
    on_biome = readable_on(biome.colour, INK, "#ffffff")
    symbol = icon(game, biome_id)
    # The biome's symbol (the rulebook tells biomes by it) above its name, in the disc.
    name_top = h / 2 - m(6) if symbol is None else h / 2 - m(1)
    marks: tuple[Item, ...] = () if symbol is None else (
        Image(symbol, w / 2 - m(6), h / 2 - m(14), m(12), m(12)),)
    return (_background(size, bleed, biome.colour),
            Rect(m(SAFE), m(SAFE), w - 2 * m(SAFE), h - 2 * m(SAFE),
                 Style(fill=None, stroke=on_biome, stroke_width=m(0.8)), corner_radius=m(3)),
            Circle(w / 2, h / 2, min(w, h) * 0.28, Style(fill="#ffffff", stroke=None,
                                                         opacity=0.9)),
            *marks,
            TextBox(w / 2 - min(w, h) * 0.26, name_top, min(w, h) * 0.52, m(12), name,
                    size=sc.pt(13, 6), min_size=sc.min_pt(6), bold=True, align=Align.CENTER,
                    valign=VAlign.MIDDLE, colour=INK, source=source),
            TextBox(m(SAFE + 2), m(SAFE + 2), w - 2 * m(SAFE) - m(4), m(8), name,
                    size=sc.pt(10, 6), min_size=sc.min_pt(6), bold=True, colour=on_biome,
                    source=source),
            TextBox(m(SAFE + 2), h - m(SAFE) - m(10), w - 2 * m(SAFE) - m(4), m(8), name,
                    size=sc.pt(10, 6), min_size=sc.min_pt(6), bold=True, colour=on_biome,
                    align=Align.RIGHT, valign=VAlign.BOTTOM, source=source))


def card_back(game: Game, locale: str, size: Size, bleed: float, key: str) -> tuple[Item, ...]:
    sc = CardScale.of(size)
    m = sc.mm
    card = f"back/{key}"
    w, h = size.width, size.height
    frame = sc.back_frame()
    return (_background(size, bleed, BACK),
            Rect(frame, frame, w - 2 * frame, h - 2 * frame,
                 Style(fill=None, stroke="#d9b77e", stroke_width=m(1.0)), corner_radius=m(3)),
            TextBox(m(SAFE + 2), h / 2 - m(12), w - 2 * m(SAFE) - m(4), m(14),
                    game.title(locale), size=sc.pt(22, 10), min_size=sc.min_pt(10), bold=True,
                    align=Align.CENTER, valign=VAlign.MIDDLE, colour="#d9b77e",
                    source=TextSource(card, "title")),
            TextBox(m(SAFE + 2), h / 2 + m(4), w - 2 * m(SAFE) - m(4), m(10),
                    game.text(locale, key), size=sc.pt(10, 6), min_size=sc.min_pt(6),
                    align=Align.CENTER, colour="#ffffff", source=TextSource(card, key)))


def reference_face(game: Game, locale: str, size: Size, bleed: float) -> tuple[Item, ...]:
    sc = CardScale.of(size)
    m = sc.mm
    card = "reference"
    w, h = size.width, size.height
    items: list[Item] = [_background(size, bleed, "#d9b77e"),
                         Rect(m(SAFE), m(SAFE + 10), w - 2 * m(SAFE), h - 2 * m(SAFE) - m(10),
                              Style(fill=PANEL, stroke=None), corner_radius=m(2.5)),
                         TextBox(m(SAFE), m(SAFE), w - 2 * m(SAFE), m(9),
                                 game.text(locale, "reference.title"), size=sc.pt(11, 7),
                                 min_size=sc.min_pt(7), bold=True, align=Align.CENTER,
                                 valign=VAlign.MIDDLE,
                                 source=TextSource(card, "reference.title"))]
    keys = ("reference.turn", "reference.placement", "reference.scoring", "reference.feats")
    top = m(SAFE + 12)
    room = (h - m(SAFE) - m(2) - top) / len(keys)
    for index, key in enumerate(keys):
        items.append(TextBox(m(SAFE + 2), top + index * room, w - 2 * m(SAFE) - m(4),
                             room - m(1), game.text(locale, key), size=sc.pt(7, 4.5),
                             min_size=sc.min_pt(4.5), source=TextSource(card, key)))
    return tuple(items)


@dataclass(frozen=True)
class Token:
    """A token to cut out: circle, square or triangle of `size` mm with a label."""

    shape: str
    size: float
    fill: str
    label: str
    text_colour: str = "#000000"
    symbol: int | None = None
    """A tribe's symbol (generator.factionmarks), so pieces read without their colour."""
    icon: Path | None = None
    """The piece's icon (tent, totem), drawn instead of its label when the theme has one."""


def _token(token: Token, x: float, y: float) -> tuple[Item, ...]:
    s = token.size
    style = Style(fill=token.fill, stroke="#000000", stroke_width=0.3)
    if token.shape == "circle":
        body: Item = Circle(x + s / 2, y + s / 2, s / 2, style)
    elif token.shape == "triangle":
        body = Polygon(((x + s / 2, y), (x + s, y + s), (x, y + s)), style)
    else:
        body = Rect(x, y, s, s, style, corner_radius=1.0)
    inset, top, tall = ((s * 0.22, s * 0.55, s * 0.4) if token.shape == "triangle"
                        else (s * 0.1, s * 0.2, s * 0.6))
    marks: tuple[Item, ...] = ()
    if token.symbol is not None:
        marks = faction_symbol(token.symbol, x + s / 2, y + s * 0.27, s * 0.22,
                               token.text_colour)
        top, tall = s * 0.42, s * 0.48
    if token.icon is not None:
        side = min(tall, s - 2 * inset)
        return (body, *marks, Image(token.icon, x + (s - side) / 2, y + top, side, side))
    label = TextBox(x + inset, y + top, s - 2 * inset, tall, token.label,
                    size=max(MIN_TOKEN_PT, min(9.0, s * 0.45)), min_size=MIN_TOKEN_PT,
                    align=Align.CENTER, valign=VAlign.MIDDLE, colour=token.text_colour,
                    bold=True)
    return (body, *marks, label)


def token_pages(tokens: list[Token], paper: Size, title: str) -> tuple[Page, ...]:
    """Tokens flowed row by row over as many pages as they need."""
    pages: list[Page] = []
    items: list[Item] = []
    x, y, row = MARGIN, MARGIN + 10, 0.0

    def close() -> None:
        header = TextBox(MARGIN, MARGIN - 2, paper.width - 2 * MARGIN, 9,
                         f"{title} ({len(pages) + 1})", size=11, min_size=7, bold=True)
        pages.append(Page(paper.width, paper.height, (header, *items), f"{title} {len(pages) + 1}"))

    for token in tokens:
        if x + token.size > paper.width - MARGIN:
            x, y, row = MARGIN, y + row + GAP, 0.0
        if y + token.size > paper.height - MARGIN:
            close()
            items = []
            x, y, row = MARGIN, MARGIN + 10, 0.0
        items.extend(_token(token, x, y))
        x += token.size + GAP
        row = max(row, token.size)
    if items:
        close()
    return tuple(pages)


Design = tuple[str, str, Token, int]
"""A token design of the kit: (group, id, the token, how many the sheets print)."""


def _box_designs(game: Game, locale: str) -> list[Design]:
    """The shared tokens: feats, markers and mountains."""
    components = game.part(IwariSet)
    designs: list[Design] = [
        ("feat", feat.id, Token("circle", 24, "#c9a66b", game.text(locale, f"feat.{feat.id}.name")),
         feat.copies) for feat in components.feats]
    designs += [
        ("marker", "territory", Token("circle", 18, "#eeeeee",
                                      game.text(locale, "marker.territory")),
         components.territory_markers),
        ("marker", "connected-totems", Token("circle", 24, "#f5e6b8",
                                             game.text(locale, "marker.connected_totems")),
         components.connected_totems_marker),
        ("mountain", "mountain", Token("triangle", 22, "#8d6e4a",
                                       game.text(locale, "mountain.name"), "#ffffff"),
         components.mountains)]
    return designs


def _lap_tokens(game: Game) -> list[Token]:
    """One side of a lap token per value (50, 100)."""
    return [Token("circle", 18, "#ffffff", str(v)) for v in game.part(IwariSet).lap_values]


def _tribe_designs(game: Game, locale: str) -> list[Design]:
    """Each tribe's tents and totems, with its symbol so they read without colour."""
    components = game.part(IwariSet)
    designs: list[Design] = []
    for number, tribe in enumerate(components.tribes):
        designs.append(("tent", tribe.id, Token("square", 13, tribe.colour,
                                                game.text(locale, "piece.tent"),
                                                tribe.text_colour, number, icon(game, "tent")),
                        components.tents))
        designs.append(("totem", tribe.id, Token("circle", 18, tribe.colour,
                                                 game.text(locale, "piece.totem"),
                                                 tribe.text_colour, number, icon(game, "totem")),
                        components.totems))
    return designs


def kit_tokens(game: Game, locale: str) -> list[Token]:
    """Every token the sheets print, one entry per physical token (each lap token's two
    sides as two circles)."""
    tokens = [token for _g, _i, token, count in _box_designs(game, locale)
              for _ in range(count)]
    for _ in range(game.part(IwariSet).lap_tokens):
        tokens += _lap_tokens(game)
    tokens += [token for _g, _i, token, count in _tribe_designs(game, locale)
               for _ in range(count)]
    return tokens


TOKEN_BLEED = 0.2
"""Room for the half of a token's outline that lies outside its shape."""


def _component(group: str, token_id: str, token: Token, count: int,
               back: Token | None = None) -> Component:
    size = Size(group, token.size, token.size)
    return Component(Kind.TOKEN, group, token_id, 1, size, TOKEN_BLEED, _token(token, 0.0, 0.0),
                     None if back is None else _token(back, 0.0, 0.0), colour=token.fill,
                     count=count)


def token_components(game: Game, locale: str) -> tuple[Component, ...]:
    """One per token design, with how many the sheets print; a lap token is one token
    with 50 on one side and 100 on the other, as in the box."""
    laps = _lap_tokens(game)
    lap = _component("lap", "-".join(t.label for t in laps), laps[0],
                     game.part(IwariSet).lap_tokens, laps[-1] if len(laps) > 1 else None)
    return (*(_component(*design) for design in _box_designs(game, locale)), lap,
            *(_component(*design) for design in _tribe_designs(game, locale)))


def score_board_page(game: Game, locale: str, paper: Size) -> Page:
    """The 0..100 track, snaking in rows on a landscape page."""
    components = game.part(IwariSet)
    width, height = max(paper.width, paper.height), min(paper.width, paper.height)
    values = list(range(components.score_first, components.score_last + 1))
    columns = 14
    cell = min((width - 2 * MARGIN) / columns,
               (height - 2 * MARGIN - 12) / -(-len(values) // columns))
    items: list[Item] = [TextBox(MARGIN, MARGIN - 4, width - 2 * MARGIN, 12,
                                 f"{game.title(locale)} — {game.text(locale, 'score_board.name')}",
                                 size=14, min_size=8, bold=True, align=Align.CENTER)]
    for index, value in enumerate(values):
        row, column = divmod(index, columns)
        if row % 2:
            column = columns - 1 - column
        x, y = MARGIN + column * cell, MARGIN + 10 + row * cell
        fill = "#d9b77e" if value % 10 == 0 else "#fbf6ea"
        items.append(Rect(x, y, cell, cell, Style(fill=fill, stroke="#3b2f2a",
                                                  stroke_width=0.4)))
        items.append(TextBox(x + 1, y + 1, cell - 2, cell - 2, str(value), size=10,
                             min_size=5, align=Align.CENTER, valign=VAlign.MIDDLE))
    return Page(width, height, tuple(items), "score board")
