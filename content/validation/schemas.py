"""The JSON Schemas shipped as package data, and validation that reports every error."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any

from stamperia.content.errors import SHOWN_VALUE_CHARS, ContentError, Locator, pointer_join, shorten
from stamperia.content.findings import SCHEMA_VIOLATION, WRONG_SCHEMA
from stamperia.content.validation.typedchecks import Check
from stamperia.content.validation.validity import compile_validity

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

GENERIC_KINDS = ("game", "strings", "layouts", "theme")


def _is_strict_integer(checker: object, instance: object) -> bool:
    """Only a number written without a fraction is an integer: 3.0 is a decimal.

    JSON Schema 2020-12 counts 3.0 as an integer; a count written 3.0 then reaches code
    that needs an int (range, list repetition) and fails far from the file.
    """
    return isinstance(instance, int) and not isinstance(instance, bool)


def validator_class() -> Any:
    """Draft 2020-12 with strict integers. jsonschema is imported here, when a document
    first fails its compiled check (content.validation.validity), so that clean content and commands
    that validate nothing (`--help`) never load it."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer",
                                                                _is_strict_integer))


def schema_files() -> dict[str, Traversable]:
    """Every shipped schema by kind: the generic ones, then each ruleset's."""
    from stamperia.content.rulesets.registry import plugins

    root = files("stamperia.content") / "schemas"
    found: dict[str, Traversable] = {k: root / f"{k}.schema.json" for k in GENERIC_KINDS}
    for plugin in plugins().values():
        for kind, path in plugin.schemas.items():
            found.setdefault(kind, path)
    return found


def schema_kinds() -> tuple[str, ...]:
    return tuple(schema_files())


def schema_text(kind: str) -> str:
    """The schema of one kind of content file, as shipped; KeyError for an unknown kind."""
    return schema_files()[kind].read_text(encoding="utf-8")


def manifest_schema(ruleset: object) -> dict[str, Any]:
    """The schema a game's manifest is validated against: the generic `game` schema plus
    the keys its ruleset adds (the plug-in's `manifest_kind`), and no other key.

    The ruleset's keys live with the ruleset, so the generic schema names none; a manifest
    whose ruleset is unknown gets the generic keys only (the loader then names the ruleset).
    """
    from stamperia.content.rulesets.registry import plugins

    schema: dict[str, Any] = json.loads(schema_text("game"))
    plugin = plugins().get(ruleset) if isinstance(ruleset, str) else None
    if plugin is not None and plugin.manifest_kind is not None:
        extension = json.loads(schema_text(plugin.manifest_kind))
        schema["properties"] = {**extension.get("properties", {}), **schema["properties"]}
        schema["$defs"] = {**extension.get("$defs", {}), **schema.get("$defs", {})}
    schema["additionalProperties"] = False
    return schema


class SchemaSet:
    """Validators for every kind, built once per load (no module-level state)."""

    def __init__(self) -> None:
        self._schemas: dict[str, Any] = {}
        self._validators: dict[str, Any] = {}
        self._passes: dict[str, Check | None] = {}
        self._files = schema_files()
        self._class: Any = None

    def validator(self, kind: str, data: Any = None) -> Any:
        """The validator of a kind; a manifest's (`game`) depends on the ruleset it names.
        Built on first use: content that passes (see `passes`) never needs one."""
        key = self._built(kind, data)
        if key not in self._validators:
            if self._class is None:
                self._class = validator_class()
            self._validators[key] = self._class(self._schemas[key])
        return self._validators[key]

    def passes(self, kind: str, data: Any) -> bool:
        """Whether the document has no schema error, asked of the schema compiled into
        closures (content.validation.validity) without collecting errors; False also when only
        jsonschema can tell."""
        passes = self._passes[self._built(kind, data)]
        return passes is not None and passes(data)

    def _built(self, kind: str, data: Any) -> str:
        """The key of the kind's schema, read and compiled once."""
        ruleset = data.get("ruleset") if kind == "game" and isinstance(data, dict) else None
        key = f"{kind}+{ruleset}" if isinstance(ruleset, str) else kind
        if key not in self._schemas:
            schema = (manifest_schema(ruleset) if kind == "game"
                      else json.loads(self._files[kind].read_text(encoding="utf-8")))
            self._schemas[key] = schema
            self._passes[key] = compile_validity(schema)
        return key

    def validate(self, kind: str, data: Any, locator: Locator) -> list[ContentError]:
        """Every schema error in one document, each at the file, pointer and line holding it."""
        problems = []
        errors = () if self.passes(kind, data) else self.validator(kind, data).iter_errors(data)
        for error in errors:
            if error.context:
                from jsonschema.exceptions import best_match

                error = best_match(error.context)
            for path, (message, hint) in _explain_each(error):
                file, shown, line = locator.locate(pointer_join(path))
                problems.append(ContentError(file, line, shown, message, hint,
                                             code=SCHEMA_VIOLATION.code))
        named = data.get("$schema") if isinstance(data, dict) else None
        if isinstance(named, str) and not named.endswith(f"{kind}.schema.json"):
            file, shown, line = locator.locate("/$schema")
            problems.append(ContentError(
                file, line, shown,
                f"this file is read as a {kind} file but names the schema {named!r}",
                f"set \"$schema\" to the relative path of {kind}.schema.json",
                code=WRONG_SCHEMA.code))
        return problems


def _explain_each(error: ValidationError) -> list[tuple[list[str | int], tuple[str, str]]]:
    """(where, (message, hint)) for one schema error: an unknown property is reported at
    its own key, one error per unknown key, so the line shown is the line to fix."""
    path = list(error.absolute_path)
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed
                 and not any(re.search(p, k) for p in schema.get("patternProperties", {}))]
        if extra:
            return [([*path, key], _unknown_property(key, allowed)) for key in extra]
    return [(path, _explain(error))]


def _unknown_property(key: str, allowed: list[str]) -> tuple[str, str]:
    import difflib  # only content with a problem pays for it (a check's start-up does not)

    close = difflib.get_close_matches(key, allowed, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"allowed: {', '.join(allowed)}"
    return f"unknown property {shorten(repr(key))}", hint


def _explain(error: ValidationError) -> tuple[str, str]:
    """A message for people, and a hint where one helps (the closest allowed name)."""
    message, hint = _explain_full(error)
    shown = repr(error.instance)
    if len(shown) > SHOWN_VALUE_CHARS and shown in message:
        message = message.replace(shown, shorten(shown))
    return shorten(message, 4 * SHOWN_VALUE_CHARS), hint


def _explain_full(error: ValidationError) -> tuple[str, str]:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if (error.validator == "type" and isinstance(error.instance, float)
            and "integer" in _types(error.validator_value)):
        if error.instance.is_integer():
            whole = f"{error.instance:.0f}" if abs(error.instance) < 1e16 else "a whole number"
            return (f"{error.instance!r} is a decimal number, but a whole number is meant here",
                    f"write {whole}, not {error.instance!r}")
        return (f"{error.instance!r} is a decimal number, but a whole number is meant here",
                "write a whole number")
    if error.validator == "maxLength":
        return (f"{shorten(repr(error.instance))} is longer than {error.validator_value} "
                "characters", "shorten it")
    if error.validator == "maxItems" and isinstance(error.instance, list):
        return (f"{len(error.instance)} entries, more than this list's bound of "
                f"{error.validator_value}", "no real game needs more; split or trim the list")
    if error.validator in ("maximum", "exclusiveMaximum"):
        return (f"{shorten(repr(error.instance))} is more than this value's bound of "
                f"{error.validator_value}",
                "no real game needs more; if yours does, tell the stamperia developers")
    if error.validator == "required":
        return error.message, "add it, see `stamperia schema` for the format"
    if error.validator == "pattern" and schema.get("description"):
        return f"{error.instance!r} is not a {schema['description']}", ""
    return error.message, ""


def _types(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()
