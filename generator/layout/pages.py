"""Whole pages drawn by layouts: boards, sheets and rulers as data, like cards.

A ruleset ships its page layouts in `look/pages.json` (the layouts schema) beside its
card layouts; a game's own `layouts` part replaces one by id, as it replaces a card's. A
page layout states the page it is drawn for; on other paper, or on a page whose size the
content decides (a map at true scale), its boxes keep their share of the page and text
keeps its size (stamperia.generator.layout.fit.stretch_layout). What is a drawing algorithm (a score
track, a ruled table, a map, ruler graduations) is a widget of the kit, placed by a box.

Before a page is drawn its layout is checked: every box on the page, every widget one
the kit offers, every `{field}` one the page's record has, every name one the theme
declares. A problem is a content error at the box's file, line and JSON pointer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import LAYOUT_PROBLEM
from stamperia.content.look.binding import box_names
from stamperia.content.look.layouts import Box, Layout, Scalar, build_layouts
from stamperia.content.references import did_you_mean
from stamperia.content.validation.document import parse_document, validate_document
from stamperia.content.validation.schemas import SchemaSet
from stamperia.generator.draw.drawing import Page
from stamperia.generator.layout.context import Look
from stamperia.generator.layout.fit import grow_layout, stretch_layout
from stamperia.generator.layout.render import LayoutContext, render_layout
from stamperia.generator.print.sizes import Size

EPS = 1e-6
TEMPLATE = re.compile(r"\{([a-z][a-z0-9_]*)\}")
BOUND = ("text", "colour", "fill", "stroke", "icon")
"""Box properties whose `{field}`s the page's record fills."""


class PageLayoutError(ValueError):
    """A page layout that cannot be drawn; `problem` says where (the CLI reports it as
    content, never as a traceback)."""

    def __init__(self, problem: ContentError) -> None:
        super().__init__(problem.format())
        self.problem = problem


class MissingPages(Exception):
    """A ruleset's own `look/pages.json` does not load: a broken installation."""


def ruleset_pages(package: str) -> Mapping[str, Layout]:
    """The page layouts a ruleset ships in its package's `look/pages.json`."""
    return load_page_layouts(files(package) / "look" / "pages.json")


def load_page_layouts(resource: Traversable) -> Mapping[str, Layout]:
    """The page layouts of a layouts file shipped in a package."""
    problems: list[ContentError] = []
    with as_file(resource) as path:
        document = parse_document(Path(path), problems)
    valid = validate_document(document, "layouts", SchemaSet(), problems) if document else None
    layouts = build_layouts(valid) if valid is not None else None
    if layouts is None or layouts.problems or problems:
        found = problems + list(layouts.problems if layouts is not None else ())
        raise MissingPages("; ".join(p.format() for p in found))
    return layouts.layouts


@dataclass(frozen=True)
class Pages:
    """The page layouts of one game (its own over its ruleset's), drawn with its look."""

    layouts: Mapping[str, Layout]
    look: Look

    @staticmethod
    def of(look: Look, shipped: Mapping[str, Layout]) -> Pages:
        own = look.layouts.layouts
        return Pages({name: own.get(name, layout) for name, layout in shipped.items()}, look)

    def around(self, layout: str, widget: str, width: float, height: float, label: str,
               fields: Mapping[str, Scalar]) -> Page:
        """The page `label` drawn by `layout` grown so that the box placing `widget` is
        `width` x `height` mm (a map at true scale; stamperia.generator.layout.fit.grow_layout)."""
        found = self.layouts[layout]
        box = next((b for b in found.boxes if b.widget == widget), None)
        if box is None or box.width <= 0 or box.height <= 0:
            raise PageLayoutError(found.origin.error(
                f"layout {layout!r} has no box placing the {widget!r} widget",
                f"add a box with \"widget\": \"{widget}\"", kind=LAYOUT_PROBLEM))
        grown = grow_layout(found, box, width, height)
        assert grown.size is not None
        return self.draw(layout, label, fields, Size(label, *grown.size), grown)

    def placed(self, layout: str, widget: str, size: Size) -> Box:
        """The box placing `widget` in `layout` on a page of `size` (where a kit pages what
        the widget draws)."""
        stretched = stretch_layout(self.layouts[layout], size)
        box = next((b for b in stretched.boxes if b.widget == widget), None)
        if box is None:
            raise PageLayoutError(stretched.origin.error(
                f"layout {layout!r} has no box placing the {widget!r} widget",
                f"add a box with \"widget\": \"{widget}\"", kind=LAYOUT_PROBLEM))
        return box

    def draw(self, layout: str, label: str, fields: Mapping[str, Scalar], size: Size,
             fitted: Layout | None = None) -> Page:
        """The page `label` of `size`, drawn by `layout` with the page's record `fields`
        (stretched to the page, unless `fitted` is that layout already fitted to it)."""
        found = self.layouts[layout]
        problems = page_problems(found, size, fields, self.look.context)
        if problems:
            raise PageLayoutError(problems[0])
        drawn = fitted if fitted is not None else stretch_layout(found, size)
        items = render_layout(drawn, label, fields, self.look.context)
        return Page(size.width, size.height, items, label)


def page_problems(layout: Layout, size: Size, fields: Mapping[str, Scalar],
                  context: LayoutContext) -> list[ContentError]:
    """What keeps `layout` from drawing a page of `size` with `fields` (module doc)."""
    width, height = layout.size or (size.width, size.height)
    widgets = tuple(context.widgets)
    problems: list[ContentError] = []
    for box in layout.boxes:
        problems += _placement(box, layout, width, height)
        problems += box_names(box, context.theme, widgets)
        if box.when is None or box.when.holds(fields):
            problems += _bindings(box, layout, fields)
    return coded(dict.fromkeys(problems), LAYOUT_PROBLEM)


def _placement(box: Box, layout: Layout, width: float, height: float) -> list[ContentError]:
    right, bottom = box.x + box.width, box.y + box.height
    if box.x < -EPS or box.y < -EPS or right > width + EPS or bottom > height + EPS:
        return [box.at("x").error(
            f"box {box.id!r} ({box.x:g},{box.y:g} to {right:g},{bottom:g} mm) lies outside "
            f"the {width:g}x{height:g} mm page of layout {layout.id!r}", "move or shrink it")]
    return []


def _bindings(box: Box, layout: Layout, fields: Mapping[str, Scalar]) -> list[ContentError]:
    """A field the box prints, or fills into a name, that the page's record lacks."""
    wanted: list[tuple[str, str]] = [] if box.field is None else [("field", box.field)]
    for prop in BOUND:
        value = getattr(box, prop)
        if value is not None:
            wanted += [(prop, name) for name in TEMPLATE.findall(value)]
    return [box.at(prop).error(
        f"box {box.id!r} of layout {layout.id!r} reads the field {name!r}, which this page "
        f"does not have", did_you_mean(name, fields) or
        f"the page has: {', '.join(sorted(fields)) or 'no fields'}", f"/{prop}")
        for prop, name in _unique(wanted) if name not in fields]


def _unique(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    return list(dict.fromkeys(pairs))
