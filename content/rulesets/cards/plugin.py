"""The generic `cards` ruleset's content plug-in: decks, tokens, sheets and a board drawn by
layouts and a theme (both generic part kinds), with no rules engine."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.cards.build import build_cards

    return build_cards(manifest, documents)


PLUGIN = RulesetPlugin(
    id="cards", part_kinds=("cards", "layouts", "theme"),
    schemas={"cards": files(__package__) / "schemas" / "cards.schema.json"},
    build=build_parts, rules="stamperia.rules.cards.ruleset:RULESET",
    kit="stamperia.generator.kits.cards.kit:KIT")
