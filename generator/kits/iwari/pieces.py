"""IWARI cards (biome and reference, with backs) and tokens, drawn by the game's layouts
(content/rulesets/iwari/look/), and the score board's track as a widget."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from stamperia.content.look.layouts import Box, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.generator.draw.drawing import Align, Group, Item, Page, Rect, Style, TextBox, VAlign
from stamperia.generator.export.components import Component, Kind
from stamperia.generator.layout.context import Look, PieceNumber
from stamperia.generator.layout.render import Widget
from stamperia.generator.print.sizes import Size

MARGIN = 10.0
GAP = 3.0
COLUMNS = 14
INK, PANEL, GOLD = "#1d1d1b", "#fbf6ea", "#d9b77e"
TOKEN_BLEED = 0.2
"""Room for the half of a token's outline that lies outside its shape."""
BACK_LABELS = ("card.back", "reference.title")
"""The string under the title on a biome card's back and on a reference card's back."""


def biome_face(look: Look, biome_id: str, size: Size, bleed: float,
               number: int | None = None) -> tuple[Item, ...]:
    """A biome's card (all its cards alike); `number` is the biome's (the id it prints)."""
    return look.draw("biome", f"biome/{biome_id}", {"biome": biome_id}, size, bleed,
                     piece=None if number is None else PieceNumber("cards", number))


def card_back(look: Look, size: Size, bleed: float, label: str) -> tuple[Item, ...]:
    return look.draw("back", f"back/{label}", {"label": label}, size, bleed)


def reference_face(look: Look, size: Size, bleed: float, number: int | None = None
                   ) -> tuple[Item, ...]:
    """The reference card; `number` follows the biomes' (the id it prints)."""
    return look.draw("reference", "reference", {}, size, bleed,
                     piece=None if number is None else PieceNumber("cards", number))


@dataclass(frozen=True)
class Token:
    """A token design: its `layout` drawn at `size` mm with `fields`; `fill` names its
    palette colour; the sheets print `count` of it."""

    group: str
    id: str
    layout: str
    size: float
    fill: str
    fields: Mapping[str, Scalar]
    count: int
    number: int = 1
    """The design's place in its group (the id it prints)."""

    def draw(self, look: Look) -> tuple[Item, ...]:
        return look.draw(self.layout, f"{self.group}/{self.id}", self.fields,
                         Size(self.group, self.size, self.size), TOKEN_BLEED,
                         piece=PieceNumber(self.group, self.number))


def _box_designs(game: Game, locale: str) -> list[Token]:
    """The shared tokens: feats, markers and mountains."""
    components = game.part(IwariSet)
    designs = [Token("feat", feat.id, "round_token", 24, "feat",
                     {"fill": "feat", "label": game.text(locale, f"feat.{feat.id}.name")},
                     feat.copies, number)
               for number, feat in enumerate(components.feats, start=1)]
    designs += [
        Token("marker", "territory", "small_round_token", 18, "marker",
              {"fill": "marker", "label": game.text(locale, "marker.territory")},
              components.territory_markers),
        Token("marker", "connected-totems", "round_token", 24, "connected",
              {"fill": "connected", "label": game.text(locale, "marker.connected_totems")},
              components.connected_totems_marker, 2),
        Token("mountain", "mountain", "mountain", 22, "mountain",
              {"label": game.text(locale, "mountain.name")}, components.mountains)]
    return designs


def _lap_sides(game: Game) -> list[Token]:
    """One side of a lap token per value (50, 100)."""
    components = game.part(IwariSet)
    return [Token("lap", str(v), "small_round_token", 18, "lap", {"fill": "lap", "label": str(v)},
                  components.lap_tokens, number)
            for number, v in enumerate(components.lap_values, start=1)]


def _tribe_designs(game: Game) -> list[Token]:
    """Each tribe's tents and totems: its colour, its symbol, the piece's icon."""
    components = game.part(IwariSet)
    designs: list[Token] = []
    for number, tribe in enumerate(components.tribes, start=1):
        for piece, size, count in (("tent", 13, components.tents),
                                   ("totem", 18, components.totems)):
            designs.append(Token(piece, tribe.id, piece, size, f"tribe_{tribe.id}",
                                 {"tribe": tribe.id, "piece": piece}, count, number))
    return designs


def kit_tokens(game: Game, locale: str) -> list[Token]:
    """Every token the sheets print, one entry per physical token (each lap token's two
    sides as two circles)."""
    tokens = [token for token in _box_designs(game, locale) for _ in range(token.count)]
    for _ in range(game.part(IwariSet).lap_tokens):
        tokens += _lap_sides(game)
    tokens += [token for token in _tribe_designs(game) for _ in range(token.count)]
    return tokens


def token_pages(look: Look, tokens: list[Token], paper: Size, title: str) -> tuple[Page, ...]:
    """Tokens flowed row by row over as many pages as they need."""
    pages: list[Page] = []
    items: list[Item] = []
    x, y, row = MARGIN, MARGIN + 10, 0.0
    drawn: dict[tuple[str, str], tuple[Item, ...]] = {}

    def close() -> None:
        header = TextBox(MARGIN, MARGIN - 2, paper.width - 2 * MARGIN, 9,
                         f"{title} ({len(pages) + 1})", size=11, min_size=7, bold=True,
                         colour=look.colour("text", "#000000"))
        pages.append(Page(paper.width, paper.height, (header, *items), f"{title} {len(pages) + 1}"))

    for token in tokens:
        if x + token.size > paper.width - MARGIN:
            x, y, row = MARGIN, y + row + GAP, 0.0
        if y + token.size > paper.height - MARGIN:
            close()
            items = []
            x, y, row = MARGIN, MARGIN + 10, 0.0
        key = (token.group, token.id)
        if key not in drawn:
            drawn[key] = token.draw(look)
        items.append(Group(drawn[key], translate=(x, y)))
        x += token.size + GAP
        row = max(row, token.size)
    if items:
        close()
    return tuple(pages)


def _component(look: Look, token: Token, back: Token | None = None) -> Component:
    size = Size(token.group, token.size, token.size)
    return Component(Kind.TOKEN, token.group, token.id, 1, size, TOKEN_BLEED, token.draw(look),
                     None if back is None else back.draw(look), colour=look.colour(token.fill),
                     count=token.count)


def token_components(game: Game, locale: str, look: Look) -> tuple[Component, ...]:
    """One per token design, with how many the sheets print; a lap token is one token
    with 50 on one side and 100 on the other, as in the box."""
    laps = _lap_sides(game)
    lap = replace(laps[0], id="-".join(t.id for t in laps))
    return (*(_component(look, design) for design in _box_designs(game, locale)),
            _component(look, lap, laps[-1] if len(laps) > 1 else None),
            *(_component(look, design) for design in _tribe_designs(game)))


def score_track_widget(game: Game, theme: Theme) -> Widget:
    """The `score_track` widget: the 0..100 track snaking in rows of COLUMNS square cells
    across its box; cells are the theme's `panel`, every tenth its `gold`, lines the
    box's stroke, numbers the box's colour at its size."""
    components = game.part(IwariSet)
    values = list(range(components.score_first, components.score_last + 1))

    def draw(box: Box, fields: Mapping[str, Scalar]) -> tuple[Item, ...]:
        cell = min(box.width / COLUMNS, box.height / -(-len(values) // COLUMNS))
        line = Style(fill=theme.colour("panel", PANEL), stroke=theme.colour(box.stroke, INK),
                     stroke_width=0.4)
        tenth = replace(line, fill=theme.colour("gold", GOLD))
        ink = theme.colour(box.colour, INK)
        items: list[Item] = []
        for index, value in enumerate(values):
            row, column = divmod(index, COLUMNS)
            if row % 2:
                column = COLUMNS - 1 - column
            x, y = box.x + column * cell, box.y + row * cell
            items.append(Rect(x, y, cell, cell, tenth if value % 10 == 0 else line))
            items.append(TextBox(x + 1, y + 1, cell - 2, cell - 2, str(value), size=box.size,
                                 min_size=5, align=Align.CENTER, valign=VAlign.MIDDLE,
                                 colour=ink))
        return tuple(items)

    return draw
