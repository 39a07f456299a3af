"""The conquest ruleset's own look: the layouts and theme every conquest game starts from.

They ship beside the ruleset (`look/`), so a conquest game with no `layouts` or `theme` part
of its own still prints; a game's theme replaces the default theme (MUGRUGNI changes the
look of SGRUNT by its theme alone), and a game's layouts replace the default layouts of
the same id and add new ones.
"""

from __future__ import annotations

from collections.abc import Mapping

from stamperia.content.look.binding import default_look_document, ruleset_look
from stamperia.content.look.layouts import Layouts, build_layouts
from stamperia.content.parts import Part
from stamperia.content.validation.document import Document
from stamperia.content.validation.schemas import SchemaSet

WIDGETS = ("objective_map",)
"""The drawings the conquest kit offers layouts by name (generator.kits.conquest.widgets)."""


def look(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The game's layouts over the ruleset's, its theme or the ruleset's, and their check."""
    return ruleset_look(__package__ or "", manifest, documents, WIDGETS)


def default_layouts() -> Layouts:
    """The ruleset's layouts alone (for tests and for `stamperia new`)."""
    return build_layouts(default_look_document(__package__ or "", "layouts", SchemaSet()))
