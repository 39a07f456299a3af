"""The arena game's reference card rows: the `reference_body` widget the card's layouts
place under their title (the band, panel and title are the `reference` layouts).

Front: the turn's step rule, each piece's power, then the glossary; the
glossary runs on to the back. Where it breaks is chosen so that both faces are filled
alike, from an estimate of each text's height (characters per line at the body size);
the exact fit is left to textfit, which shrinks a box's text only when the estimate
was short. The layout therefore needs no font file and works for any card size: its
margins and type sizes are a poker card's, scaled to the card (generator.layout.cardscale), and
rows that cannot all fit even at the smallest size share the room out alike, so every box
stays on the card and the build reports the texts that overflow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import SplutBoard
from stamperia.generator.draw.drawing import (
    Item,
    Line,
    PageBox,
    Style,
    TextBox,
    TextSource,
    pt_to_mm,
)
from stamperia.generator.layout.cardscale import CardScale
from stamperia.generator.layout.textfit import SIZE_STEP_PT
from stamperia.generator.print.sizes import Size

GAP = 0.8
BODY_PT, MIN_PT = 6.0, 4.5
LINE_SPACING = 1.15
CHAR_WIDTH_EM = 0.53
"""Average advance of a DejaVu Sans character, in ems: 0.49-0.50 measured on the shipped
texts, rounded up for safety."""
NAME_COLUMN = 0.24
"""Share of the text width given to a piece's name, left of its rule."""
FRONT, BACK = "reference/front", "reference/back"
"""The two faces, as reports name them."""


@dataclass(frozen=True)
class RowColours:
    """The theme's colours of the rows: bold labels, body text, the glossary's rule line."""

    ink: str
    text: str
    rule: str
    rule_width: float

    def rule_style(self) -> Style:
        return Style(stroke=self.rule, stroke_width=self.rule_width)


@dataclass(frozen=True)
class Block:
    """One row of the card. `kind`: "text" (a paragraph), "piece" (bold name beside its
    rule), "entry" (bold term above its text) or "heading" (a rule line and a bold title);
    `label_key` and `text_key` name the strings, for reports."""

    kind: str
    label: str
    text: str
    label_key: str = ""
    text_key: str = ""


def estimate_lines(text: str, width: float, size_pt: float) -> int:
    """Lines `text` takes wrapped word by word to `width` mm, counting characters."""
    per_line = max(1, int(width / (pt_to_mm(size_pt) * CHAR_WIDTH_EM)))
    lines = 0
    for paragraph in text.split("\n"):
        used = -1
        lines += 1
        for word in paragraph.split():
            if used >= 0 and used + 1 + len(word) > per_line:
                lines += 1
                used = -1
            used += 1 + len(word)
    return lines


def _line(size_pt: float) -> float:
    return pt_to_mm(size_pt) * LINE_SPACING


def block_height(block: Block, width: float, size_pt: float) -> float:
    """Estimated height of a block at `size_pt`, the gap below it included."""
    line = _line(size_pt)
    if block.kind == "piece":
        lines = max(estimate_lines(block.label, width * NAME_COLUMN - 1.0, size_pt),
                    estimate_lines(block.text, width * (1 - NAME_COLUMN), size_pt))
    elif block.kind == "entry":
        lines = 1 + estimate_lines(block.text, width, size_pt)
    elif block.kind == "heading":
        return line + 3 * GAP
    else:
        lines = estimate_lines(block.text, width, size_pt)
    return lines * line + GAP


def faces_height(faces: list[list[Block]], width: float, size_pt: float) -> float:
    """The estimated height of the fuller face."""
    return max(sum(block_height(b, width, size_pt) for b in face) for face in faces)


def body_size(faces: list[list[Block]], width: float, room: float, largest: float = BODY_PT,
              smallest: float = MIN_PT) -> float:
    """The largest size, in 0.25 pt steps from `largest` down to `smallest`, at which every
    face is estimated to fit its room."""
    size = largest
    while size > smallest and faces_height(faces, width, size) > room:
        size = round(size - SIZE_STEP_PT, 4)
    return max(size, smallest)


def split_point(fixed: float, entries: list[float], front: float, back: float) -> int:
    """How many glossary entries go on the front so the fuller face is as empty as can be."""
    best, best_load = 0, math.inf
    for count in range(len(entries) + 1):
        load = max((fixed + sum(entries[:count])) / front, sum(entries[count:]) / back)
        if load < best_load - 1e-9:
            best, best_load = count, load
    return best


@dataclass(frozen=True)
class _Type:
    """The body's size for every box, the smallest it may shrink to, the card whose boxes
    these are (for reports) and the theme's colours."""

    size_pt: float
    min_pt: float
    card: str
    colours: RowColours


def _box(x: float, y: float, width: float, height: float, text: str, key: str, kind: _Type,
         bold: bool = False) -> TextBox:
    return TextBox(x, y, width, height, text, size=kind.size_pt,
                   min_size=min(kind.min_pt, kind.size_pt), bold=bold,
                   colour=kind.colours.ink if bold else kind.colours.text,
                   line_spacing=LINE_SPACING,
                   source=TextSource(kind.card, key))


def _rows(blocks: list[Block], x: float, top: float, width: float, height: float,
          kind: _Type) -> list[Item]:
    """The blocks stacked from `top`, each at least as tall as its estimate at the body
    size; spare room is shared out in proportion, so the text of every box keeps one size
    unless an estimate was short (then textfit shrinks that box alone). Blocks too tall
    for the room all give up the same share of their height, so none leaves the card."""
    size_pt = kind.size_pt
    heights = [block_height(b, width, size_pt) for b in blocks]
    scale = height / max(sum(heights), 1e-9)
    line = _line(size_pt)
    if scale < 1.0:
        return _squeezed_rows(blocks, heights, x, top, width, height, kind)
    items: list[Item] = []
    y = top
    for block, estimated in zip(blocks, heights, strict=True):
        room = estimated * scale - GAP
        if block.kind == "piece":
            name = width * NAME_COLUMN
            items += [_box(x, y, name - 1.0, room, block.label, block.label_key, kind, True),
                      _box(x + name, y, width - name, room, block.text, block.text_key, kind)]
        elif block.kind == "entry":
            items += [_box(x, y, width, line, block.label, block.label_key, kind, True),
                      _box(x, y + line, width, room - line, block.text, block.text_key, kind)]
        elif block.kind == "heading":
            items += [Line(x, y + GAP, x + width, y + GAP, kind.colours.rule_style()),
                      _box(x, y + 2 * GAP, width, line, block.label, block.label_key, kind,
                           True)]
        else:
            items.append(_box(x, y, width, room, block.text, block.text_key, kind))
        y += estimated * scale
    return items


def _fixed_height(block: Block, line: float) -> float:
    """The part of a block's estimate that is not wrapped text: a heading, a term's line."""
    if block.kind == "heading":
        return line + 3 * GAP
    return line if block.kind == "entry" else 0.0


def _squeezed_rows(blocks: list[Block], heights: list[float], x: float, top: float,
                   width: float, height: float, kind: _Type) -> list[Item]:
    """`_rows` when the estimates overfill the room. Headings and terms keep their line
    (unless they alone would fill half the room); the wrapped texts share what is left in
    proportion, so those are the boxes textfit reports, and every box keeps a positive
    size and ends inside the room."""
    line = _line(kind.size_pt)
    fixed = [_fixed_height(b, line) for b in blocks]
    fixed_total = sum(fixed)
    keep = min(1.0, height / 2 / fixed_total) if fixed_total > 0 else 1.0
    flexible = sum(heights) - fixed_total
    share = (height - keep * fixed_total) / flexible if flexible > 0 else 1.0
    items: list[Item] = []
    y = top
    for block, estimated, still in zip(blocks, heights, fixed, strict=True):
        room = share * (estimated - GAP)
        if block.kind == "piece":
            name = width * NAME_COLUMN
            items += [_box(x, y, name - 1.0, room, block.label, block.label_key, kind, True),
                      _box(x + name, y, width - name, room, block.text, block.text_key, kind)]
        elif block.kind == "entry":
            items += [_box(x, y, width, keep * line, block.label, block.label_key, kind, True),
                      _box(x, y + keep * line, width, share * (estimated - line - GAP),
                           block.text, block.text_key, kind)]
        elif block.kind == "heading":
            gap = keep * GAP
            items += [Line(x, y + gap, x + width, y + gap, kind.colours.rule_style()),
                      _box(x, y + 2 * gap, width, keep * line, block.label, block.label_key,
                           kind, True)]
        else:
            items.append(_box(x, y, width, room, block.text, block.text_key, kind))
        y += keep * still + share * (estimated - still)
    return items


def reference_rows(game: Game, locale: str, body: PageBox, card: Size, colours: RowColours
                   ) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """(front, back) rows of the reference card in the `body` box: the turn, the pieces and
    the glossary split between the faces; type sizes are a poker card's scaled to `card`."""
    sc = CardScale.of(card)
    board = game.part(SplutBoard)
    text = game.text
    x, width, top, room = body.x, body.width, body.y, body.height
    heading = Block("heading", text(locale, "reference.glossary"), "", "reference.glossary")
    fixed = [Block("text", "", text(locale, "reference.turn"), "", "reference.turn")]
    fixed += [Block("piece", text(locale, f"piece.{p.id}.name"),
                    text(locale, f"piece.{p.id}.rule"), f"piece.{p.id}.name",
                    f"piece.{p.id}.rule") for p in board.pieces]
    glossary = [Block("entry", text(locale, f"glossary.{g}.term"),
                      text(locale, f"glossary.{g}.text"), f"glossary.{g}.term",
                      f"glossary.{g}.text") for g in board.glossary]
    count = split_point(sum(block_height(b, width, BODY_PT) for b in [*fixed, heading]),
                        [block_height(b, width, BODY_PT) for b in glossary], room, room)
    on_front = fixed + ([heading, *glossary[:count]] if count else [])
    on_back = glossary[count:]
    smallest = sc.min_pt(MIN_PT)
    size = body_size([on_front, on_back], width, room, sc.pt(BODY_PT, MIN_PT), smallest)
    return (tuple(_rows(on_front, x, top, width, room, _Type(size, smallest, FRONT, colours))),
            tuple(_rows(on_back, x, top, width, room, _Type(size, smallest, BACK, colours))))
