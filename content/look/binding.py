"""A ruleset's look and the check that binds a game's layouts to its theme.

A ruleset whose kit draws by layouts ships its own look in its package's `look/` folder;
a game's parts go over it (`ruleset_look`). Every name a box uses must be declared: palette
colours, fonts, line widths and icons in the theme, widgets in the ruleset's own list (its
kit offers those by name). A name with a `{field}` in it is filled per record by the kit,
so only its fixed names are checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib.resources import as_file, files
from pathlib import Path

from stamperia.content.errors import ContentError, Origin
from stamperia.content.findings import LAYOUT_PROBLEM
from stamperia.content.look.layouts import Box, Layouts, build_layouts
from stamperia.content.look.theme import Theme, build_theme
from stamperia.content.model import frozen_mapping
from stamperia.content.parts import Part, PartSection
from stamperia.content.references import did_you_mean, unknown
from stamperia.content.validation.document import Document, parse_document, validate_document
from stamperia.content.validation.schemas import SchemaSet


@dataclass(frozen=True)
class LookNames:
    """The link between a game's layouts and its theme: checks the names boxes use."""

    layouts: Layouts
    theme: Theme
    widgets: tuple[str, ...]

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        return {}, frozenset()

    def references(self) -> list[ContentError]:
        problems: list[ContentError] = []
        for layout in self.layouts.layouts.values():
            for box in layout.boxes:
                problems += box_names(box, self.theme, self.widgets)
        return list(dict.fromkeys(problems))  # a box inherited by several layouts: once

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        return {}

    def describe(self) -> tuple[PartSection, ...]:
        return ()


def box_names(box: Box, theme: Theme, widgets: tuple[str, ...]) -> list[ContentError]:
    """Problems with the names one box uses; templated names are filled per record."""
    problems = []
    for what in ("colour", "fill", "stroke"):
        name = getattr(box, what)
        if name is not None and "{" not in name and name not in theme.palette:
            problems.append(unknown("palette colour", name, theme.palette, box.at(what),
                                    f"/{what}"))
    if box.font is not None and box.font not in theme.font_families():
        problems.append(unknown("font", box.font, theme.font_families(), box.at("font"),
                                "/font"))
    if box.icon is not None and "{" not in box.icon and box.icon not in theme.icon_ids:
        problems.append(unknown("icon", box.icon, theme.icon_ids, box.at("icon"), "/icon"))
    if box.widget is not None and box.widget not in widgets:
        problems.append(box.at("widget").error(
            f"unknown widget {box.widget!r}",
            did_you_mean(box.widget, widgets) or (f"known: {', '.join(widgets)}" if widgets
                                                   else "use text, image, icon and shape boxes"),
            "/widget", kind=LAYOUT_PROBLEM))
    if box.line is not None and box.line not in theme.lines:
        problems.append(unknown("line width", box.line, theme.lines, box.at("line"), "/line"))
    return problems


class DefaultLookError(Exception):
    """A ruleset's own look files do not load: a broken installation."""


def default_look_document(package: str, kind: str, schemas: SchemaSet) -> Document:
    """The `kind` document (layouts or theme) a ruleset ships in its package's `look/`."""
    problems: list[ContentError] = []
    with as_file(files(package) / "look" / f"{kind}.json") as path:
        document = parse_document(Path(path), problems)
    valid = validate_document(document, kind, schemas, problems) if document else None
    if valid is None:
        raise DefaultLookError("; ".join(str(p) for p in problems))
    return valid


def ruleset_look(package: str, manifest: Document, documents: Mapping[str, Document],
                 widgets: tuple[str, ...]) -> tuple[Part, ...]:
    """A game's look over its ruleset's: the game's layouts replace the ruleset's of the
    same id and add new ones, the game's theme replaces the ruleset's whole, and the names
    the boxes use are checked against that theme and the kit's `widgets`."""
    schemas = SchemaSet()
    default = default_look_document(package, "layouts", schemas)
    layouts = build_layouts(default)
    if "layouts" in documents:
        own = build_layouts(documents["layouts"])
        layouts = replace(own, layouts=frozen_mapping({**layouts.layouts, **own.layouts}))
    theme_document = documents.get("theme") or default_look_document(package, "theme", schemas)
    folder = manifest.path.parent if "theme" in documents else default.path.parent
    theme = build_theme(theme_document, folder)
    return (layouts, theme, LookNames(layouts, theme, widgets))
