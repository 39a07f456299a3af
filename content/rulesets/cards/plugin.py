"""The generic `cards` ruleset's content plug-in: decks, tokens, sheets and a board drawn by
layouts and a theme (both generic part kinds), with no rules engine."""

from __future__ import annotations

from importlib.resources import files

from content.parts import RulesetPlugin
from content.rulesets.cards.build import build_cards

PLUGIN = RulesetPlugin(
    id="cards", part_kinds=("cards", "layouts", "theme"),
    schemas={"cards": files(__package__) / "schemas" / "cards.schema.json"},
    build=build_cards, rules="rules.cards.ruleset:RULESET", kit="generator.kits.cards.kit:KIT")
