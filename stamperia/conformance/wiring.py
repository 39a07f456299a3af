"""A plug-in's three layer objects and its schemas, as the registries will look them up.

A plug-in that loads but names a rules object of another ruleset, a kit that is no Kit, or
a schema another plug-in's schema of the same kind shadows, fails later and far from the
cause; here it fails first, with the object to fix.
"""

from __future__ import annotations

import json

from stamperia.conformance.failure import fail
from stamperia.content.parts import RulesetPlugin
from stamperia.content.rulesets.registry import plugins
from stamperia.content.validation.schemas import schema_files, validator_class
from stamperia.rules.ruleset import Ruleset


def plugin_of(ruleset: str) -> RulesetPlugin:
    """The registered content plug-in of `ruleset`."""
    found = plugins().get(ruleset)
    if found is None:
        fail(f"no ruleset plug-in {ruleset!r} is registered (registered: "
             f"{', '.join(sorted(plugins()))}): add an entry point to the group "
             "stamperia.rulesets naming its RulesetPlugin")
    return found


def rules_of(ruleset: str) -> Ruleset:
    """The rules side of `ruleset`, which must say it is that ruleset's."""
    from stamperia.rules.registry import NoRuleset, ruleset_for

    try:
        rules = ruleset_for(ruleset)
    except NoRuleset as error:
        fail(f"{error}: RulesetPlugin.rules must name a stamperia.rules.ruleset.Ruleset")
    if rules.id != ruleset:
        fail(f"the {ruleset!r} plug-in's rules ({plugin_of(ruleset).rules}) say they are "
             f"ruleset {rules.id!r}: give Ruleset the plug-in's id")
    return rules


def check_wiring(ruleset: str) -> None:
    """The plug-in's rules and kit resolve, every part kind has a schema, its own schemas
    are valid JSON Schema and are the ones validation uses, and its position format's
    schema is one of them."""
    from stamperia.generator.kits.registry import NoKit, kit_for

    plugin = plugin_of(ruleset)
    rules = rules_of(ruleset)
    try:
        kit_for(ruleset)
    except NoKit as error:
        fail(f"{error}: RulesetPlugin.kit must name a stamperia.generator.kitdocument.Kit")
    used = schema_files()
    for kind in plugin.part_kinds:
        if kind not in used:
            fail(f"the {ruleset!r} plug-in reads part kind {kind!r} but no plug-in ships its "
                 f"schema: add it to RulesetPlugin.schemas")
    for kind, path in plugin.schemas.items():
        try:
            text = path.read_text(encoding="utf-8")
            schema = json.loads(text)
        except (OSError, ValueError) as error:
            fail(f"the {ruleset!r} plug-in's {kind!r} schema ({path}) cannot be read: {error}")
        problem = _schema_problem(schema)
        if problem is not None:
            fail(f"the {ruleset!r} plug-in's {kind!r} schema ({path}) is no JSON Schema "
                 f"2020-12: {problem}")
        if used[kind].read_text(encoding="utf-8") != text:
            fail(f"the {ruleset!r} plug-in's {kind!r} schema is shadowed by another "
                 f"plug-in's schema of the same kind ({used[kind]}): name the kind after "
                 f"the ruleset, e.g. {ruleset + '_' + kind!r}")
    if rules.positions is not None:
        kind = rules.positions().schema_kind
        if kind not in plugin.schemas:
            fail(f"the {ruleset!r} positions are validated by kind {kind!r}, which is not in "
                 "RulesetPlugin.schemas: ship the position schema with the plug-in")


def _schema_problem(schema: object) -> str | None:
    """Why `schema` is not a valid JSON Schema 2020-12 document, or None."""
    from jsonschema.exceptions import SchemaError

    try:
        validator_class().check_schema(schema)
    except SchemaError as error:
        return str(error.message)
    return None
