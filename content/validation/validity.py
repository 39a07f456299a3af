"""A schema compiled into one yes/no question: does this document pass it?

Why: jsonschema walks a schema as data for every value of a document, resolving each
`$ref` anew; on a large board that is most of a check. Nearly every document passes, and
a passing document has no errors to report, so the question "any error?" is answered here
by plain closures built once per schema. Only a document that fails goes through
jsonschema, which then finds and words every error exactly as before.

The closures give jsonschema's own answer, keyword by keyword (Draft 2020-12, integers
written without a fraction, as `content.validation.schemas` validates): the same type checks, the
same `re.search`, the same equality for `enum`, `const` and `uniqueItems`. A schema using a
keyword not written here compiles to None, and its documents always go through jsonschema.
This module does not import jsonschema, so a check of clean content never loads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stamperia.content.validation.typedchecks import (
    Check,
    Unsupported,
    fused_check,
    is_number,
    is_type,
    matches,
    searcher,
)

DRAFT_2020_12 = frozenset({
    "$dynamicRef", "$ref", "additionalProperties", "allOf", "anyOf", "const", "contains",
    "dependentRequired", "dependentSchemas", "enum", "exclusiveMaximum", "exclusiveMinimum",
    "format", "if", "items", "maxItems", "maxLength", "maxProperties", "maximum", "minItems",
    "minLength", "minProperties", "minimum", "multipleOf", "not", "oneOf", "pattern",
    "patternProperties", "prefixItems", "properties", "propertyNames", "required", "type",
    "unevaluatedItems", "unevaluatedProperties", "uniqueItems"})
"""The keywords jsonschema's Draft 2020-12 validator asserts (its VALIDATORS; a test keeps
the two equal): any other key it ignores, and so does this module."""

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                          "default", "examples", "deprecated", "readOnly", "writeOnly",
                          "then", "else"})
"""Keys that assert nothing by themselves (`then`/`else` are read with `if`)."""


def compile_validity(schema: Mapping[str, Any] | bool) -> Check | None:
    """A function telling whether a document passes `schema` (as the strict-integer
    Draft 2020-12 validator would); None when the schema needs jsonschema itself."""
    try:
        return _Compiler(schema).check(schema)
    except Unsupported:
        return None


class _Compiler:
    """Builds the closures of one schema document; each `$ref` target is built once."""

    def __init__(self, root: Mapping[str, Any] | bool) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}
        self.fuse = _patterns_compile(root)
        """Whether a typed schema's keywords may be tested in one function
        (content.validation.typedchecks.fused_check): not when a pattern fails to compile, whose test
        raises when a value reaches it."""

    def check(self, schema: Any) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, Mapping):
            raise Unsupported("schema")
        if "$id" in schema and schema is not self.root:
            raise Unsupported("$id")  # a new base for references
        checks: list[Check] = []
        fused = fused_check(self.check, schema) if self.fuse else None
        if fused is not None:
            checks.append(fused[0])
        for keyword, value in schema.items():
            if keyword in _ANNOTATIONS or (fused is not None and keyword in fused[1]):
                continue
            build = _KEYWORDS.get(keyword)
            if build is None:
                if keyword in DRAFT_2020_12:
                    raise Unsupported(keyword)
                continue  # jsonschema ignores unknown keywords too
            checks.append(build(self, value, schema))
        if not checks:
            return lambda value: True
        if len(checks) == 1:
            return checks[0]
        every = tuple(checks)

        def each(value: Any) -> bool:
            for check in every:  # noqa: SIM110 - a loop: no generator made per value
                if not check(value):
                    return False
            return True
        return each

    def reference(self, ref: Any) -> Check:
        if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")) or "%" in ref:
            raise Unsupported(ref)
        if ref not in self.refs:
            late: list[Check] = []
            self.refs[ref] = lambda value: late[0](value)  # recursion reaches it built
            target: Any = self.root
            for token in ref[2:].split("/") if ref != "#" else ():
                token = token.replace("~1", "/").replace("~0", "~")
                if isinstance(target, Mapping) and token in target:
                    target = target[token]
                elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
                    target = target[int(token)]
                else:
                    raise Unsupported(ref)
            built = self.check(target)
            late.append(built)  # for the references made while it was being built
            self.refs[ref] = built  # later ones call it directly
        return self.refs[ref]


def _patterns_compile(schema: Any) -> bool:
    """Whether every `pattern` and `patternProperties` key in the schema compiles."""
    if isinstance(schema, list):
        return all(_patterns_compile(item) for item in schema)
    if not isinstance(schema, Mapping):
        return True
    patterns = [schema.get("pattern"), *(schema.get("patternProperties") or {})]
    for pattern in patterns:
        try:
            if pattern is not None:
                re.compile(pattern)
        except (re.error, TypeError):
            return False
    return all(_patterns_compile(value) for value in schema.values())


def _type(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise Unsupported("type")
    checks = tuple(is_type(n) for n in names)
    if len(checks) == 1:
        return checks[0]
    return lambda v: any(check(v) for check in checks)


def _enum(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    if not isinstance(value, list):
        raise Unsupported("enum")
    texts = frozenset(e for e in value if isinstance(e, str))
    options = tuple(value)
    return lambda v: v in texts if isinstance(v, str) else any(equal(e, v) for e in options)


def _const(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    return lambda v: equal(v, value)


def _bound(test: Callable[[Any, Any], bool]) -> Callable[[_Compiler, Any, Mapping[str, Any]],
                                                          Check]:
    def build(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
        return lambda v: not is_number(v) or test(v, value)
    return build


def _length(test: Callable[[int, Any], bool], kind: type[str | list[Any] | dict[str, Any]]
            ) -> Callable[[_Compiler, Any, Mapping[str, Any]], Check]:
    def build(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
        return lambda v: not isinstance(v, kind) or test(len(v), value)
    return build


def _pattern(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    search = matches(searcher(value))
    return lambda v: not isinstance(v, str) or search(v)


def _required(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    names = tuple(value)
    return lambda v: not isinstance(v, dict) or all(n in v for n in names)


def _properties(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    if not isinstance(value, Mapping):
        raise Unsupported("properties")
    checks = tuple((name, compiler.check(sub)) for name, sub in value.items())

    def properties(v: Any) -> bool:
        if not isinstance(v, dict):
            return True
        for name, check in checks:  # noqa: SIM110 - a loop: no generator per value
            if name in v and not check(v[name]):
                return False
        return True
    return properties


def _pattern_properties(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    if not isinstance(value, Mapping):
        raise Unsupported("patternProperties")
    checks = tuple((searcher(pattern), compiler.check(sub)) for pattern, sub in value.items())
    return lambda v: not isinstance(v, dict) or all(
        check(item) for search, check in checks for key, item in v.items() if search(key))


def _additional_properties(compiler: _Compiler, value: Any, schema: Mapping[str, Any]
                           ) -> Check:
    known = frozenset(schema.get("properties", {}))
    patterns = "|".join(schema.get("patternProperties", {}))
    search = searcher(patterns)

    def extras(v: dict[str, Any]) -> list[str]:
        return [k for k in v if k not in known and not (patterns and search(k))]
    if value is False:
        def none_else(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            for k in v:  # noqa: SIM110 - a loop: no list, no generator per value
                if k not in known and not (patterns and search(k)):
                    return False
            return True
        return none_else
    if value is True:
        return lambda v: True
    if not isinstance(value, Mapping):
        raise Unsupported("additionalProperties")
    check = compiler.check(value)
    return lambda v: not isinstance(v, dict) or all(check(v[k]) for k in extras(v))


def _property_names(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    check = compiler.check(value)
    return lambda v: not isinstance(v, dict) or all(check(k) for k in v)


def _dependent_required(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    pairs = tuple((name, tuple(needed)) for name, needed in value.items())
    return lambda v: not isinstance(v, dict) or all(
        n in v for name, needed in pairs if name in v for n in needed)


def _items(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    if "prefixItems" in schema:
        raise Unsupported("prefixItems")
    if value is False:
        return lambda v: not isinstance(v, list) or not v
    check = compiler.check(value)

    def items(v: Any) -> bool:
        if not isinstance(v, list):
            return True
        for item in v:  # noqa: SIM110 - a loop: no generator per value
            if not check(item):
                return False
        return True
    return items


def _unique_items(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    if not value:
        return lambda v: True
    return lambda v: not isinstance(v, list) or bool(uniq(v))


def _combined(how: str) -> Callable[[_Compiler, Any, Mapping[str, Any]], Check]:
    def build(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
        if not isinstance(value, list):
            raise Unsupported(how)
        checks = tuple(compiler.check(sub) for sub in value)
        if how == "allOf":
            return lambda v: all(check(v) for check in checks)
        if how == "anyOf":
            return lambda v: any(check(v) for check in checks)
        return lambda v: sum(1 for check in checks if check(v)) == 1
    return build


def _not(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    check = compiler.check(value)
    return lambda v: not check(v)


def _if(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    condition = compiler.check(value)
    then = compiler.check(schema.get("then", True))
    otherwise = compiler.check(schema.get("else", True))
    return lambda v: then(v) if condition(v) else otherwise(v)


def _ref(compiler: _Compiler, value: Any, schema: Mapping[str, Any]) -> Check:
    return compiler.reference(value)


_KEYWORDS: dict[str, Callable[[_Compiler, Any, Mapping[str, Any]], Check]] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minimum": _bound(lambda v, bound: not v < bound),
    "maximum": _bound(lambda v, bound: not v > bound),
    "exclusiveMinimum": _bound(lambda v, bound: not v <= bound),
    "exclusiveMaximum": _bound(lambda v, bound: not v >= bound),
    "minLength": _length(lambda n, bound: not n < bound, str),
    "maxLength": _length(lambda n, bound: not n > bound, str),
    "minItems": _length(lambda n, bound: not n < bound, list),
    "maxItems": _length(lambda n, bound: not n > bound, list),
    "minProperties": _length(lambda n, bound: not n < bound, dict),
    "maxProperties": _length(lambda n, bound: not n > bound, dict),
    "pattern": _pattern,
    "required": _required,
    "properties": _properties,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional_properties,
    "propertyNames": _property_names,
    "dependentRequired": _dependent_required,
    "items": _items,
    "uniqueItems": _unique_items,
    "allOf": _combined("allOf"),
    "anyOf": _combined("anyOf"),
    "oneOf": _combined("oneOf"),
    "not": _not,
    "if": _if,
    "$ref": _ref,
}


_TRUE = object()
_FALSE = object()


def _unbool(value: Any) -> Any:
    """True and False apart from 1 and 0, for equality and uniqueness."""
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    return value


def equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's `_utils.equal` has it (MIT): booleans are not
    numbers, 1 equals 1.0, lists and objects compare member by member."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(key in two and equal(value, two[key])
                                            for key, value in one.items())
    return bool(_unbool(one) == _unbool(two))


def uniq(items: Sequence[Any]) -> bool:
    """Whether no two items are equal, found as jsonschema's `_utils.uniq` finds it
    (MIT): sorted neighbours when the items sort, else every pair."""
    try:
        ordered = sorted(_unbool(item) for item in items)
        return not any(equal(a, b) for a, b in zip(ordered[:-1], ordered[1:], strict=True))
    except (NotImplementedError, TypeError):
        seen: list[Any] = []
        for item in items:
            item = _unbool(item)
            if any(equal(earlier, item) for earlier in seen):
                return False
            seen.append(item)
        return True
