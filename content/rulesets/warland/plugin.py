"""The WARLAND ruleset's content plug-in: building cards and the forces, and the look
(layouts and theme in `look/`, a game's own over them)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.look.binding import ruleset_look
from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("warland_buildings", "warland_forces")
WIDGETS = ("shield", "faction_symbol", "pips",
           "tracking_table", "calibration_bar", "ruler_sections")
"""The drawings the WARLAND kit offers layouts by name (stamperia.generator.kits.warland.look)."""


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.warland.buildings import build_buildings
    from stamperia.content.rulesets.warland.forces import build_forces

    parts: list[Part] = []
    if "warland_buildings" in documents:
        parts.append(build_buildings(documents["warland_buildings"]))
    if "warland_forces" in documents:
        parts.append(build_forces(documents["warland_forces"]))
    return (*parts, *ruleset_look(__package__ or "", manifest, documents, WIDGETS))


PLUGIN = RulesetPlugin(
    id="warland", part_kinds=(*PART_KINDS, "layouts", "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "warland_position")},
    build=build_parts, rules="stamperia.rules.warland.ruleset:RULESET",
    kit="stamperia.generator.kits.warland.kit:KIT")
