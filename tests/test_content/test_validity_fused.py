"""A schema of one type with that type's keywords is tested in one function
(content.validation.validity): it answers as jsonschema does, type by type and bound by bound."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stamperia.content.validation.schemas import validator_class
from stamperia.content.validation.validity import compile_validity

TYPED = [
    {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]"},
    {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
    {"type": "string", "minLength": 1.5},
    {"type": "integer", "minimum": 0, "maximum": 3},
    {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 2.5},
    {"type": "number", "minimum": -1.5, "exclusiveMaximum": 1},
    {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "integer", "minimum": 0}},
    {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                "items": {"type": "integer"}}},
    {"type": "object", "required": ["id"], "additionalProperties": False,
     "properties": {"id": {"type": "string", "minLength": 1}, "n": {"type": "integer"}}},
    {"type": "object", "properties": {"id": {"enum": ["a", 1]}}, "additionalProperties": True},
    {"type": "object", "required": ["id"], "minProperties": 2,
     "patternProperties": {"^x": {"type": "string"}}, "additionalProperties": False},
    {"type": "string", "enum": ["ab", "abc", 3], "minLength": 3},
    {"type": "object", "properties": {"a": {"$ref": "#"}}, "maxProperties": 1},
]

values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(min_value=-3, max_value=5),
              st.sampled_from([0.0, 1.0, 2.5, -1.5, 3.0, 1e300]),
              st.text(alphabet="ab#0f9X", max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["id", "n", "a", "x1", "y"]),
                                            inner, max_size=3)),
    max_leaves=8)


@pytest.mark.parametrize("schema", TYPED, ids=lambda s: str(s)[:60])
@settings(max_examples=250, deadline=None, derandomize=True)
@given(document=values)
def test_typed_schemas_answer_as_jsonschema(schema: dict[str, Any], document: Any) -> None:
    check = compile_validity(schema)
    assert check is not None
    assert check(document) is validator_class()(schema).is_valid(document)


@pytest.mark.parametrize(("schema", "document", "valid"), [
    ({"type": "string", "minLength": 2}, 5, False),
    ({"type": "integer", "maximum": 3}, True, False),
    ({"type": "integer", "maximum": 3}, 3.0, False),
    ({"type": "number", "minimum": 1}, 1, True),
    ({"type": "array", "maxItems": 1}, {"a": 1}, False),
    ({"type": "object", "required": ["a"]}, ["a"], False),
    ({"type": "object", "additionalProperties": False, "properties": {"a": True}},
     {"a": 1, "b": 2}, False),
])
def test_the_type_is_tested_before_its_keywords(schema: dict[str, Any], document: Any,
                                                valid: bool) -> None:
    check = compile_validity(schema)
    assert check is not None and check(document) is valid
    assert validator_class()(schema).is_valid(document) is valid


def test_a_pattern_that_does_not_compile_still_fails_when_a_value_reaches_it() -> None:
    check = compile_validity({"type": "string", "pattern": "(", "minLength": 1})
    assert check is not None
    assert check(3) is False  # the type fails first, as before
    with pytest.raises(Exception, match="missing"):
        check("x")
