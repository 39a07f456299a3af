"""The compiled schema check (stamperia.content.validation.validity) answers as jsonschema does.

A document it passes skips jsonschema, so a wrong "passes" would hide an error: every
shipped file, and random mutations of them (any value replaced by random JSON, or
removed), must get jsonschema's own yes or no.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stamperia.content.validation.schemas import SchemaSet, schema_files, validator_class
from stamperia.content.validation.validity import DRAFT_2020_12, compile_validity, equal, uniq

SHIPPED = Path(__file__).parents[2] / "content" / "games"
FILES = sorted(p for p in SHIPPED.rglob("*.json") if "$schema" in p.read_text("utf-8"))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-3, max_value=2000),
    st.sampled_from([0, 1, 2.0, 3.5, 1000, 10**6, -1, True, False]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
    st.sampled_from(["", "prototype", "final", "sea", "#12ab9f", "#12ab9", "a_b", "A b",
                     "pointy_odd_r", "nurra", "it", "en"]))
json_values = st.recursive(
    scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["id", "name", "x", "status", "cells", "$schema"])
                        | st.text(max_size=6), inner, max_size=4)),
    max_leaves=10)


def _kind(data: Any) -> str:
    named = str(data.get("$schema", "")) if isinstance(data, dict) else ""
    return named.rpartition("/")[2].removesuffix(".schema.json")


def _pointers(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _pointers(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _pointers(value, (*path, index))
    return found


def _jsonschema_passes(schemas: SchemaSet, kind: str, data: Any) -> bool:
    return not any(True for _ in schemas.validator(kind, data).iter_errors(data))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SHIPPED)))
def test_every_shipped_file_gets_the_same_answer(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    schemas = SchemaSet()
    assert schemas.passes(_kind(data), data) == _jsonschema_passes(schemas, _kind(data), data)


def test_every_shipped_schema_compiles() -> None:
    """None would send every document through jsonschema: correct, but slow."""
    for kind, path in schema_files().items():
        assert compile_validity(json.loads(path.read_text(encoding="utf-8"))) is not None, kind


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    path = draw(st.sampled_from(FILES))
    data = json.loads(path.read_text(encoding="utf-8"))
    kind = _kind(data)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(_pointers(data)[1:]))
        container = data
        for token in where[:-1]:
            container = container[token]
        if draw(st.booleans()) and where[-1] != "$schema":
            del container[where[-1]]
        else:
            container[where[-1]] = draw(json_values)
    return kind, data


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_a_mutated_file_gets_the_same_answer(case: tuple[str, Any]) -> None:
    kind, data = case
    schemas = SchemaSet()
    assert schemas.passes(kind, copy.deepcopy(data)) == _jsonschema_passes(schemas, kind, data)


@pytest.mark.parametrize(("schema", "document", "valid"), [
    ({"type": "integer"}, 3.0, False),
    ({"type": "integer"}, True, False),
    ({"maximum": 2}, True, True),
    ({"enum": [1, "a"]}, True, False),
    ({"enum": [1, "a"]}, 1.0, True),
    ({"const": [1, {"a": False}]}, [1, {"a": 0}], False),
    ({"uniqueItems": True}, [1, True], True),
    ({"uniqueItems": True}, [[1], [1.0]], False),
    ({"oneOf": [{"type": "number"}, {"type": "integer"}]}, 3, False),
    ({"if": {"minimum": 3}, "then": {"maximum": 4}, "else": {"const": 1}}, 2, False),
    ({"not": {"type": "string"}}, "x", False),
    ({"properties": {"a": {"$ref": "#/$defs/p"}}, "$defs": {"p": {"pattern": "^x"}}},
     {"a": "yx"}, False),
    ({"patternProperties": {"^b": {"type": "string"}}, "additionalProperties": False},
     {"bc": "s", "d": 1}, False),
    ({"$ref": "#/$defs/tree", "$defs": {"tree": {"type": "array",
                                                "items": {"$ref": "#/$defs/tree"}}}},
     [[[]], [[[1]]]], False),
    ({"dependentRequired": {"a": ["b"]}, "propertyNames": {"maxLength": 1}}, {"a": 1}, False),
])
def test_keywords_answer_as_jsonschema(schema: dict[str, Any], document: Any,
                                       valid: bool) -> None:
    check = compile_validity(schema)
    assert check is not None
    assert check(document) is valid
    assert validator_class()(schema).is_valid(document) is valid


def test_it_knows_the_keywords_jsonschema_asserts() -> None:
    """Any other key is ignored by both; a keyword jsonschema adds must be written here."""
    from jsonschema import Draft202012Validator

    assert frozenset(Draft202012Validator.VALIDATORS) == DRAFT_2020_12


@pytest.mark.parametrize("items", [
    [1, True], [[1], [1.0]], [[1, 1], [1, True], [1, 1]], [{"a": 1}, {"a": True}],
    ["a", "b", "a"], [0, False, None], [[], {}], [{"a": [1]}, {"a": [1.0]}]])
def test_equality_and_uniqueness_are_jsonschemas(items: list[Any]) -> None:
    from jsonschema._utils import equal as their_equal
    from jsonschema._utils import uniq as their_uniq

    assert uniq(items) == their_uniq(items)
    assert [equal(a, b) for a in items for b in items] == [
        their_equal(a, b) for a in items for b in items]


def test_a_keyword_it_does_not_know_leaves_the_answer_to_jsonschema() -> None:
    assert compile_validity({"items": {"prefixItems": [{"type": "string"}]}}) is None
    assert compile_validity({"properties": {"a": {"$ref": "other.json#/x"}}}) is None
    assert compile_validity({"contains": {"type": "string"}}) is None
