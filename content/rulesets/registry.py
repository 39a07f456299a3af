"""Rulesets by id: the only module of the content layer that names the shipped ones.

Rulesets are found through the entry-point group `stamperia.rulesets` (each entry names a
`stamperia.content.parts.RulesetPlugin`), so a publisher's package adds one without editing this
project. The shipped four are registered the same way in pyproject.toml; `BUILT_IN` keeps
them available when the project runs from a checkout with no installed metadata.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from importlib import import_module
from importlib.metadata import entry_points

from stamperia.content.parts import RulesetPlugin

GROUP = "stamperia.rulesets"
BUILT_IN = (
    "stamperia.content.rulesets.cards.plugin:PLUGIN",
    "stamperia.content.rulesets.conquest.plugin:PLUGIN",
    "stamperia.content.rulesets.iwari.plugin:PLUGIN",
    "stamperia.content.rulesets.splut.plugin:PLUGIN",
    "stamperia.content.rulesets.warland.plugin:PLUGIN",
)


class RulesetLoadError(Exception):
    """An installed ruleset entry point that cannot be imported or is not a plug-in."""


def load_object(target: str) -> object:
    """The object at `module:attribute`."""
    module, _, attribute = target.partition(":")
    value: object = import_module(module)
    for name in attribute.split("."):
        value = getattr(value, name)
    return value


@functools.lru_cache(maxsize=8)
def _targets(search_path: tuple[str, ...]) -> tuple[str, ...]:
    """The plug-in targets installed on a search path. Scanning every distribution's
    metadata costs milliseconds and a check asks several times per game, so the answer is
    remembered per sys.path (a path that changes, as in a test installing a package, is
    scanned anew)."""
    del search_path  # the cache key: entry_points() reads sys.path itself
    return tuple(dict.fromkeys([*BUILT_IN, *(ep.value for ep in entry_points(group=GROUP))]))


def plugins() -> Mapping[str, RulesetPlugin]:
    """Every ruleset plug-in by id: the built-in ones, then installed entry points."""
    found: dict[str, RulesetPlugin] = {}
    for target in _targets(tuple(sys.path)):
        try:
            plugin = load_object(target)
        except (ImportError, AttributeError) as error:
            raise RulesetLoadError(f"ruleset entry point {target!r} cannot be loaded: "
                                   f"{error}") from error
        if not isinstance(plugin, RulesetPlugin):
            raise RulesetLoadError(f"ruleset entry point {target!r} is not a RulesetPlugin")
        found.setdefault(plugin.id, plugin)
    return found


def plugin(ruleset: str) -> RulesetPlugin | None:
    return plugins().get(ruleset)
