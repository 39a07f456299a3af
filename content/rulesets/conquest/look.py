"""The conquest ruleset's own look: the layouts and theme every conquest game starts from.

They ship beside the ruleset (`look/`), so a conquest game with no `layouts` or `theme` part
of its own still prints; a game's theme replaces the default theme (MUGRUGNI changes the
look of SGRUNT by its theme alone), and a game's layouts replace the default layouts of
the same id and add new ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from importlib.resources import as_file, files
from pathlib import Path

from content.document import Document, parse_document, validate_document
from content.errors import ContentError
from content.layouts import Layouts, build_layouts
from content.look import LookNames
from content.model import frozen_mapping
from content.parts import Part
from content.schemas import SchemaSet
from content.theme import build_theme

WIDGETS = ("objective_map",)
"""The drawings the conquest kit offers layouts by name (generator.kits.conquest.widgets)."""


class DefaultLookError(Exception):
    """The package's own look files do not load: a broken installation."""


def _default(kind: str, schemas: SchemaSet) -> Document:
    problems: list[ContentError] = []
    with as_file(files(__package__) / "look" / f"{kind}.json") as path:
        document = parse_document(Path(path), problems)
    valid = validate_document(document, kind, schemas, problems) if document else None
    if valid is None:
        raise DefaultLookError("; ".join(str(p) for p in problems))
    return valid


def look(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The game's layouts over the ruleset's, its theme or the ruleset's, and their check."""
    schemas = SchemaSet()
    default = _default("layouts", schemas)
    layouts = build_layouts(default)
    if "layouts" in documents:
        own = build_layouts(documents["layouts"])
        layouts = replace(own, layouts=frozen_mapping({**layouts.layouts, **own.layouts}))
    theme_document = documents.get("theme") or _default("theme", schemas)
    folder = manifest.path.parent if "theme" in documents else default.path.parent
    theme = build_theme(theme_document, folder)
    return (layouts, theme, LookNames(layouts, theme, WIDGETS))


def default_layouts() -> Layouts:
    """The ruleset's layouts alone (for tests and for `stamperia new`)."""
    return build_layouts(_default("layouts", SchemaSet()))
