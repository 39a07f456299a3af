"""Tests of one JSON type, for content.validation.validity's compiled schemas: the type predicates,
a pattern search remembered per string, and a schema of one type with that type's own
keywords tested in one function (`fused_check`).

Why its own module: these are the pieces a large board runs tens of thousands of times,
kept apart from the compiler that assembles keyword closures (content/validation/validity.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from numbers import Number
from typing import Any

Check = Callable[[Any], bool]


class Unsupported(Exception):
    """The schema uses something this module does not answer for."""


def is_type(name: str) -> Check:
    checks: dict[str, Check] = {
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
        "string": lambda v: isinstance(v, str),
        "boolean": lambda v: isinstance(v, bool),
        "null": lambda v: v is None,
        "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "number": lambda v: isinstance(v, Number) and not isinstance(v, bool),
    }
    if name not in checks:
        raise Unsupported(name)
    return checks[name]


def is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


def matches(search: Callable[[str], object]) -> Callable[[str], bool]:
    """Whether `search` finds its pattern in a string, remembered per string for the
    closures of one schema set (one load): a large map names each territory id in a dozen
    places, each tested against the same pattern. A search that raises is not kept."""
    known: dict[str, bool] = {}

    def matches(value: str) -> bool:
        found = known.get(value)
        if found is None:
            found = known[value] = search(value) is not None
        return found
    return matches


def searcher(pattern: Any) -> Callable[[str], object]:
    """re.search with `pattern`, compiled once (a large map checks it tens of thousands
    of times); a pattern re cannot compile fails where it did, when a value is tested."""
    try:
        return re.compile(pattern).search
    except (re.error, TypeError):
        return lambda v: re.search(pattern, v)


_NUMBER_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
_FUSABLE = {
    "string": frozenset({"type", "minLength", "maxLength", "pattern"}),
    "array": frozenset({"type", "minItems", "maxItems", "items"}),
    "object": frozenset({"type", "required", "properties", "additionalProperties"}),
    "integer": frozenset({"type", *_NUMBER_BOUNDS}),
    "number": frozenset({"type", *_NUMBER_BOUNDS}),
}
"""By a schema's single type: the keywords that test only values of that type, so that once
the type holds they need no guard of their own."""


def _plain_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def fused_check(build: Callable[[Any], Check], schema: Mapping[str, Any]
          ) -> tuple[Check, frozenset[str]] | None:
    """One function for a schema of one type and that type's keywords, and the keywords it
    answers for; None when the schema is not of that shape.

    Why: a large board tests tens of thousands of values against small typed schemas
    (an id, a cell, a territory), and a closure per keyword re-tests the type each time.
    The answer is the same: each keyword's closure passes any value not of its type, and
    the fused function tests the type first; none of the fused tests can raise (bounds are
    plain numbers, patterns compile, required names are strings).
    """
    kind = schema.get("type")
    if not isinstance(kind, str) or kind not in _FUSABLE:
        return None
    keys = _FUSABLE[kind] & schema.keys()
    if len(keys) == 1:
        return None
    bounds = {k: schema[k] for k in keys if k != "type" and k not in (
        "pattern", "items", "required", "properties", "additionalProperties")}
    if not all(_plain_number(bound) for bound in bounds.values()):
        return None
    if kind == "string":
        return _fused_string(schema, bounds), keys
    if kind == "array":
        if "prefixItems" in schema or schema.get("items") is False:
            return None
        return _fused_array(build, schema, bounds), keys
    if kind == "object":
        return _fused_object(build, schema, keys)
    return _fused_number(kind, bounds), keys


def _fused_string(schema: Mapping[str, Any], bounds: Mapping[str, Any]) -> Check:
    shortest, longest = bounds.get("minLength"), bounds.get("maxLength")
    search = matches(re.compile(schema["pattern"]).search) if "pattern" in schema else None

    def string(v: Any) -> bool:
        if not isinstance(v, str):
            return False
        if shortest is not None and len(v) < shortest:
            return False
        if longest is not None and len(v) > longest:
            return False
        return search is None or search(v)
    return string


def _fused_array(build: Callable[[Any], Check], schema: Mapping[str, Any],
                 bounds: Mapping[str, Any]) -> Check:
    fewest, most = bounds.get("minItems"), bounds.get("maxItems")
    each = build(schema["items"]) if "items" in schema else None

    def array(v: Any) -> bool:
        if not isinstance(v, list):
            return False
        if fewest is not None and len(v) < fewest:
            return False
        if most is not None and len(v) > most:
            return False
        if each is not None:
            for item in v:  # noqa: SIM110 - a loop: no generator made per value
                if not each(item):
                    return False
        return True
    return array


def _fused_object(build: Callable[[Any], Check], schema: Mapping[str, Any],
                  keys: frozenset[str]) -> tuple[Check, frozenset[str]] | None:
    required = schema.get("required", [])
    members = schema.get("properties", {})
    closed = schema.get("additionalProperties", True)
    if (not isinstance(required, list) or not all(isinstance(n, str) for n in required)
            or not isinstance(members, Mapping) or (closed is not True and closed is not False)
            or (closed is False and "patternProperties" in schema)):
        return None
    names = tuple(required)
    known = frozenset(members)
    checks = tuple((name, build(sub)) for name, sub in members.items())

    def mapping(v: Any) -> bool:
        if not isinstance(v, dict):
            return False
        for name in names:
            if name not in v:
                return False
        if closed is False:
            for key in v:
                if key not in known:
                    return False
        for name, check in checks:  # noqa: SIM110 - a loop: no generator per value
            if name in v and not check(v[name]):
                return False
        return True
    return mapping, keys


def _fused_number(kind: str, bounds: Mapping[str, Any]) -> Check:
    is_kind = is_type(kind)
    low, high = bounds.get("minimum"), bounds.get("maximum")
    above, below = bounds.get("exclusiveMinimum"), bounds.get("exclusiveMaximum")

    def number(v: Any) -> bool:
        if not is_kind(v):
            return False
        return not ((low is not None and v < low) or (high is not None and v > high)
                    or (above is not None and v <= above)
                    or (below is not None and v >= below))
    return number
