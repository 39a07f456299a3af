"""The conquest ruleset's content plug-in (SGRUNT, MUGRUGNI)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("board", "factions", "decks", "objectives", "components")


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.conquest.build import build_conquest

    return build_conquest(manifest, documents)


PLUGIN = RulesetPlugin(
    id="conquest", part_kinds=(*PART_KINDS, "layouts", "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "conquest_game", "conquest_state", "conquest_position")},
    build=build_parts, rules="stamperia.rules.conquest.ruleset:RULESET",
    kit="stamperia.generator.kits.conquest.kit:KIT", manifest_kind="conquest_game")
