"""Rulesets by id: the only module of the content layer that names the shipped ones.

Rulesets are found through the entry-point group `stamperia.rulesets` (each entry names a
`stamperia.content.parts.RulesetPlugin`), so a publisher's package adds one without editing this
project. The shipped ones are registered the same way in pyproject.toml; `BUILT_IN` keeps
them available when the project runs from a checkout with no installed metadata.

What plug-ins declare shares one namespace per kind of name: a ruleset id, a schema kind
(`stamperia schema KIND`, the `<kind>.schema.json` a file names) and a `stamperia new`
template each belong to one plug-in, and the core's kinds (a manifest, strings, layouts,
theme) to none. Two plug-ins declaring one name is refused when the plug-ins are found, with
both named, instead of the first one found winning in silence.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Mapping
from importlib import import_module
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable

from stamperia.content.parts import RulesetPlugin
from stamperia.content.validation.schemas import GENERIC_KINDS, SHARED_PART_KINDS

GROUP = "stamperia.rulesets"
BUILT_IN = (
    "stamperia.content.rulesets.cards.plugin:PLUGIN",
    "stamperia.content.rulesets.conquest.plugin:PLUGIN",
    "stamperia.content.rulesets.iwari.plugin:PLUGIN",
    "stamperia.content.rulesets.splut.plugin:PLUGIN",
    "stamperia.content.rulesets.warland.plugin:PLUGIN",
)
REINSTALL = "reinstall or remove the package that declares it"


class RulesetLoadError(Exception):
    """An installed ruleset entry point that cannot be imported or is not a plug-in, or two
    plug-ins that declare one name; `hint` says what to do."""

    def __init__(self, message: str, hint: str = REINSTALL) -> None:
        super().__init__(message)
        self.hint = hint


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


def _load(target: str) -> RulesetPlugin:
    try:
        plugin = load_object(target)
    except (ImportError, AttributeError) as error:
        raise RulesetLoadError(f"ruleset entry point {target!r} cannot be loaded: "
                               f"{error}") from error
    if not isinstance(plugin, RulesetPlugin):
        raise RulesetLoadError(f"ruleset entry point {target!r} is not a RulesetPlugin")
    return plugin


def plugins() -> Mapping[str, RulesetPlugin]:
    """Every ruleset plug-in by id: the built-in ones, then installed entry points.
    Raises RulesetLoadError when two of them declare one ruleset id, schema kind or
    template, or one declares a kind of the core's."""
    found: dict[str, RulesetPlugin] = {}
    where: dict[str, str] = {}
    for target in _targets(tuple(sys.path)):
        plugin = _load(target)
        if plugin.id in found:
            if found[plugin.id] is plugin:
                continue
            raise RulesetLoadError(
                f"ruleset entry points {where[plugin.id]!r} and {target!r} both declare the "
                f"ruleset {plugin.id!r}",
                "give the copy a ruleset id of its own, or uninstall one of the two packages")
        found[plugin.id] = plugin
        where[plugin.id] = target
    _refuse_clashes(found.values(), where)
    return found


def _declared(plugin: RulesetPlugin) -> Iterable[tuple[str, str]]:
    """(what, name) for every name the plug-in declares besides its id."""
    for kind in dict.fromkeys((*plugin.part_kinds, *plugin.schemas)):
        yield "kind", kind
    for template in plugin.templates:
        yield "template", template


def _refuse_clashes(found: Iterable[RulesetPlugin], where: Mapping[str, str]) -> None:
    owners: dict[tuple[str, str], RulesetPlugin] = {}
    for plugin in found:
        named = f"ruleset plug-in {plugin.id!r} ({where[plugin.id]})"
        for kind in plugin.part_kinds:
            if kind not in plugin.schemas and kind not in GENERIC_KINDS:
                raise RulesetLoadError(f"{named} names the part kind {kind!r} but gives no "
                                       "schema for it", "add the kind's schema to its schemas")
        for what, name in _declared(plugin):
            if what == "kind" and name in GENERIC_KINDS:
                raise RulesetLoadError(
                    f"{named} declares the kind {name!r}, which stamperia's core declares for "
                    "every game", f"remove {name!r} from the plug-in's part kinds and schemas: "
                    "a game of any ruleset may name it")
            first = owners.setdefault((what, name), plugin)
            if first is not plugin:
                raise RulesetLoadError(
                    f"ruleset plug-ins {first.id!r} ({where[first.id]}) and {plugin.id!r} "
                    f"({where[plugin.id]}) both declare the {what} {name!r}",
                    f"a {what} belongs to one ruleset: rename it in one of the two plug-ins, "
                    "or uninstall one of their packages")


def plugin(ruleset: str) -> RulesetPlugin | None:
    return plugins().get(ruleset)


def part_kinds_of(ruleset: object) -> tuple[str, ...]:
    """The part kinds a manifest naming `ruleset` may list: its plug-in's own, then the
    shared ones of the core. For a ruleset no plug-in provides, every plug-in's kinds, so
    that the loader reports the unknown ruleset rather than each of its parts."""
    found = plugins()
    own = found.get(ruleset) if isinstance(ruleset, str) else None
    kinds = ((own.part_kinds,) if own is not None
             else tuple(p.part_kinds for p in found.values()))
    return tuple(dict.fromkeys((*(k for group in kinds for k in group), *SHARED_PART_KINDS)))


def templates() -> dict[str, Traversable]:
    """Every `stamperia new` template by name (sorted): the folders the plug-ins declare."""
    declared = {name: folder for p in plugins().values() for name, folder in p.templates.items()}
    return dict(sorted(declared.items()))
