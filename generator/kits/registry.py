"""Kits by ruleset id, as the ruleset's content plug-in names them (`RulesetPlugin.kit`).

This module names no ruleset: the content registry (built-in list and the
`stamperia.rulesets` entry points) says where each ruleset's kit lives.
"""

from __future__ import annotations

from stamperia.content.rulesets.registry import load_object, plugin
from stamperia.generator.kitdocument import Kit


class NoKit(LookupError):
    """A ruleset with no kit (an unknown ruleset, or a plug-in whose kit is not a Kit)."""


def kit_for(ruleset: str) -> Kit:
    found = plugin(ruleset)
    if found is None:
        raise NoKit(f"no ruleset {ruleset!r} is installed")
    kit = load_object(found.kit)
    if not isinstance(kit, Kit):
        raise NoKit(f"ruleset {ruleset!r}: {found.kit} is not a generator Kit")
    return kit
