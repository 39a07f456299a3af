"""Patterns in compiled schemas (content.validation.validity): each string answers for itself, however
often it and others recur in one document."""

from __future__ import annotations

from stamperia.content.validation.validity import compile_validity

IDS = {"type": "array", "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}}
ANY_TYPE = {"type": "array", "items": {"pattern": "^[a-z][a-z0-9_]*$"}}  # not fused


def test_recurring_strings_each_answer_for_themselves() -> None:
    for schema in (IDS, ANY_TYPE):
        passes = compile_validity(schema)
        assert passes is not None
        assert passes(["ab", "cd", "ab", "cd"]) is True
        assert passes(["ab", "Cd"]) is False
        assert passes(["ab", "cd", "ab"]) is True  # "ab" still passes after a failure
        assert passes(["Cd"]) is False  # and "Cd" still fails when asked again
        assert passes(["ab", "x-y", "ab"]) is False


def test_a_pattern_search_finds_the_pattern_anywhere_as_re_search_does() -> None:
    passes = compile_validity({"type": "string", "pattern": "b+"})
    assert passes is not None
    assert [passes(v) for v in ("abc", "ac", "abc", "bb", "ac")] == [
        True, False, True, True, False]
