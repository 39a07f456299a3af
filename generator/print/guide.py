"""The print guide, the kit's first page: what is in the box and how to make it.

The `guide` layout (generator/guide.layouts.json; a game's own `guide` layout replaces
it) places, top to bottom, a 50 mm square to check the printer prints at 100 %, the files
with what each holds (pages, cards, duplex), what else to buy, the print settings, the
cutting order and, when a file prints duplex, the calibration. The layout draws the
files box for one file: the page repeats it once a file, GAP mm apart, and moves what
is below (generator.layout.fit.grow_layout). Counts are written in the locale's CLDR plural
category (`guide.<word>.one` / `.other`, stamperia.generator.uitext). The guide's palette names
(`ink`, `rule`) and line (`square`) have defaults a game's theme may restate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path

from stamperia.content.errors import Origin
from stamperia.content.look.layouts import Layout, Layouts, Scalar
from stamperia.content.look.theme import Theme
from stamperia.content.model import Game, frozen_mapping
from stamperia.generator.draw.drawing import Align, Item, Page, TextBox
from stamperia.generator.draw.fonts import DEFAULT_FAMILY, FontSet
from stamperia.generator.draw.themefonts import game_fonts
from stamperia.generator.layout.fit import grow_layout, stretch_layout
from stamperia.generator.layout.pages import PageLayoutError, load_page_layouts, page_problems
from stamperia.generator.layout.render import LayoutContext, render_layout
from stamperia.generator.layout.richtext import RichSetter
from stamperia.generator.layout.textfit import wrap_text
from stamperia.generator.print.needs import Needs
from stamperia.generator.print.sizes import Size
from stamperia.generator.uitext import UiText

MARGIN = 15.0
ROW_GAP = 0.4
"""mm between the rows of what to get and of the cutting steps."""
PALETTE = {"ink": "#1d1d1b", "rule": "#999999", "stamp": "#4d4d4d"}
LINES = {"square": 0.3}
UI_PREFIX = "ui."
GAP = 1.5


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


def _listed(layout: Layout, field: str, lines: tuple[int, ...], prefix: str,
            gap: float = GAP) -> Layout:
    """The layout with its `field` box repeated once a row (row i `lines[i]` lines of the
    box's height tall), each GAP below the last, and what lies below moved down to make
    room; the rows are the fields `<prefix>0`, `<prefix>1`, ..."""
    listed = next((b for b in layout.boxes if b.field == field), None)
    if listed is None or not lines:
        return layout
    heights = [listed.height * count for count in lines]
    grown = grow_layout(layout, listed, listed.width, sum(heights) + gap * (len(lines) - 1))
    rows, y = [], listed.y
    for i, height in enumerate(heights):
        rows.append(replace(listed, id=f"{prefix}{i}", field=f"{prefix}{i}", y=y, height=height))
        y += height + gap
    at = grown.boxes.index(next(b for b in grown.boxes if b.field == field))
    boxes = (*grown.boxes[:at], *rows, *grown.boxes[at + 1:])
    return replace(grown, boxes=boxes, size=layout.size)


def _wrapped(layout: Layout, field: str, texts: tuple[str, ...], fonts: FontSet
             ) -> tuple[int, ...]:
    """Lines each listed text takes in the `field` box, at its size and width."""
    box = next((b for b in layout.boxes if b.field == field), None)
    if box is None:
        return ()
    face = fonts.face_name(box.font or DEFAULT_FAMILY, box.bold)
    return tuple(max(1, len(wrap_text(t, box.width, face, box.size, fonts))) for t in texts)


def guide_layout(game: Game) -> Layout:
    """The game's own `guide` layout, else the package's."""
    own = game.find_part(Layouts)
    if own is not None and "guide" in own.layouts:
        return own.layouts["guide"]
    return load_page_layouts(files("stamperia.generator") / "guide.layouts.json")["guide"]


def _context(game: Game, locale: str, ui: UiText, fonts: FontSet | None,
             origin: Origin) -> LayoutContext:
    """The game's theme (or none) over the guide's own palette and line."""
    found = game.find_part(Theme)
    theme = found if found is not None else Theme(
        frozen_mapping({}), frozen_mapping({}), frozen_mapping({}), 0.0, frozen_mapping({}),
        frozen_mapping({}), frozen_mapping({}), "", origin)
    theme = replace(theme, palette=frozen_mapping({**PALETTE, **theme.palette}),
                    lines=frozen_mapping({**LINES, **theme.lines}))

    def text(key: str) -> str:
        return ui.template(key[len(UI_PREFIX):]) if key.startswith(UI_PREFIX) \
            else game.text(locale, key)

    icons = {name: Path(art.path) for name, art in theme.icons.items()}
    return LayoutContext(theme, text, {}, RichSetter(fonts or game_fonts(game), icons), {})


def guide_page(game: Game, locale: str, ui: UiText, paper: Size,
               entries: tuple[GuideEntry, ...], stamp: str = "",
               fonts: FontSet | None = None, needs: Needs | None = None) -> Page:
    """The kit's first page (see the module doc); `stamp` is the version stamp; `needs`
    what the build needs and its cutting steps (stamperia.generator.print.needs)."""
    paper = paper.portrait()
    layout = guide_layout(game)
    context = _context(game, locale, ui, fonts, layout.origin)
    buy = needs.buy if needs is not None else (ui("guide.buy_list"),)
    steps = needs.steps if needs is not None else (ui("guide.cutting_steps"),)
    fields: dict[str, Scalar] = {
        "title": game.title(locale), "files": "\n".join(_entry_line(ui, e) for e in entries),
        "buy": "\n".join(buy), "cutting": "\n".join(steps),
        "duplex": any(e.duplex in ("long", "short") for e in entries)}
    problems = page_problems(layout, paper, fields, context)
    if problems:
        raise PageLayoutError(problems[0])
    drawn = _listed(stretch_layout(layout, paper), "files", (1,) * len(entries), "file_")
    metrics = fonts or game_fonts(game)
    drawn = _listed(drawn, "buy", _wrapped(drawn, "buy", buy, metrics), "buy_", ROW_GAP)
    drawn = _listed(drawn, "cutting", _wrapped(drawn, "cutting", steps, metrics), "step_",
                    ROW_GAP)
    fields.update({f"file_{i}": _entry_line(ui, e) for i, e in enumerate(entries)})
    fields.update({f"buy_{i}": text for i, text in enumerate(buy)})
    fields.update({f"step_{i}": text for i, text in enumerate(steps)})
    items: list[Item] = list(render_layout(drawn, "print guide", fields, context))
    if stamp:
        items.append(TextBox(MARGIN, paper.height - MARGIN + 2, paper.width - 2 * MARGIN, 4,
                             stamp, size=6, min_size=6,
                             colour=context.theme.colour("stamp", PALETTE["stamp"]),
                             align=Align.CENTER))
    return Page(paper.width, paper.height, tuple(items), "print guide")
