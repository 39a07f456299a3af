"""The SPLUT! ruleset's content plug-in: the diamond board, seats and glossary."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from content.document import Document
from content.look import theme_parts
from content.parts import Part, RulesetPlugin
from content.rulesets.splut.board import build_splut_board

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("splut_board",)


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    board = (build_splut_board(documents["splut_board"]),) if "splut_board" in documents else ()
    return (*board, *theme_parts(manifest, documents))


PLUGIN = RulesetPlugin(
    id="splut", part_kinds=(*PART_KINDS, "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "splut_position")},
    build=build_parts, rules="rules.splut.ruleset:RULESET", kit="generator.kits.splut.kit:KIT")
