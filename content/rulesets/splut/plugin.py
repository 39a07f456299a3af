"""The SPLUT! ruleset's content plug-in: the diamond board, seats and glossary, and the look
(layouts and theme in `look/`, a game's own over them)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.look.binding import ruleset_look
from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("splut_board",)
WIDGETS = ("reference_body",)
"""The drawings the SPLUT! kit offers layouts by name (stamperia.generator.kits.splut.look)."""


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.splut.board import build_splut_board

    board = (build_splut_board(documents["splut_board"]),) if "splut_board" in documents else ()
    return (*board, *ruleset_look(__package__ or "", manifest, documents, WIDGETS))


PLUGIN = RulesetPlugin(
    id="splut", part_kinds=(*PART_KINDS, "layouts", "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "splut_position")},
    build=build_parts, rules="stamperia.rules.splut.ruleset:RULESET",
    kit="stamperia.generator.kits.splut.kit:KIT")
