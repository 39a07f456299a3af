"""The conquest ruleset's content plug-in (SGRUNT, MUGRUGNI)."""

from __future__ import annotations

from importlib.resources import files

from content.parts import RulesetPlugin
from content.rulesets.conquest.build import build_conquest

_SCHEMAS = files(__package__) / "schemas"
PART_KINDS = ("board", "factions", "decks", "objectives", "components")

PLUGIN = RulesetPlugin(
    id="conquest", part_kinds=(*PART_KINDS, "layouts", "theme"),
    schemas={kind: _SCHEMAS / f"{kind}.schema.json"
             for kind in (*PART_KINDS, "conquest_game", "conquest_state", "conquest_position")},
    build=build_conquest, rules="rules.conquest.ruleset:RULESET",
    kit="generator.kits.conquest.kit:KIT", manifest_kind="conquest_game")
