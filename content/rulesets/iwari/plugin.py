"""The IWARI ruleset's content plug-in: the set (cards, tribes, feats) and the maps, and the
look (layouts and theme in `look/`, a game's own over them)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.look.binding import ruleset_look
from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("iwari_set", "iwari_maps")
WIDGETS = ("tribe_symbol", "score_track", "map_side")
"""The drawings the IWARI kit offers layouts by name (stamperia.generator.kits.iwari.look)."""


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.iwari.build import build_maps, build_set

    parts: list[Part] = []
    if "iwari_set" in documents:
        parts.append(build_set(documents["iwari_set"]))
    if "iwari_maps" in documents:
        parts.append(build_maps(documents["iwari_maps"]))
    return (*parts, *ruleset_look(__package__ or "", manifest, documents, WIDGETS))


PLUGIN = RulesetPlugin(
    id="iwari", part_kinds=(*PART_KINDS, "layouts", "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "iwari_state", "iwari_position")},
    build=build_parts, rules="stamperia.rules.iwari.ruleset:RULESET",
    kit="stamperia.generator.kits.iwari.kit:KIT")
