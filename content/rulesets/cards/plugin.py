"""The generic `cards` ruleset's content plug-in: decks, tokens, sheets and a board drawn by
layouts and a theme (both generic part kinds), with no rules engine."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from stamperia.content.parts import Part, RulesetPlugin
from stamperia.content.validation.document import Document

CARDS_KIND = "cards"
"""The part kind of the decks, tokens and board file; declared once, so a copy of this
plug-in renames it here (a kind belongs to one plug-in)."""
HEX_WIDGET = "hex_map"
WIDGETS = (HEX_WIDGET,)
"""The drawings the cards kit offers layouts by name: the hex board, fitted to the box
(stamperia.generator.kits.cards.board)."""


def build_parts(manifest: Document, documents: Mapping[str, Document]) -> tuple[Part, ...]:
    """The parts of a game of this ruleset. Its builders are imported here, when a game of
    this ruleset is loaded: finding the ruleset of a game loads every plug-in."""
    from stamperia.content.rulesets.cards.build import build_cards

    return build_cards(manifest, documents)


PLUGIN = RulesetPlugin(
    id="cards", part_kinds=(CARDS_KIND,),
    schemas={CARDS_KIND: files(__package__) / "schemas" / f"{CARDS_KIND}.schema.json"},
    build=build_parts, rules="stamperia.rules.cards.ruleset:RULESET",
    kit="stamperia.generator.kits.cards.kit:KIT", widgets=WIDGETS,
    templates={"cards": files(__package__) / "templates" / "cards"})
