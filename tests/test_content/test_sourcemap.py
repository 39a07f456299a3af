"""stamperia.content.validation.sourcemap.parse reads well-formed files with json's parser and one pass for the
lines: the same values and the same line of every pointer as the reader that reads value
by value, and for anything else that reader's own answer or error (line and column)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stamperia.content.validation.sourcemap import (
    MAX_DEPTH,
    MAX_NUMBER_CHARS,
    JsonSyntaxError,
    parse,
    read_every_value,
)

ROOT = Path(__file__).resolve().parents[2]


def _outcome(read: Any, text: str) -> str:
    """The values (types shown) and the line of every pointer the value-by-value reader
    records (and of pointers below them that the text does not hold), or the error."""
    try:
        value, source = read(text)
        _, every = read_every_value(text)
    except JsonSyntaxError as error:
        return f"error {error.message!r} at {error.line}:{error.column}"
    pointers = [*every.lines, *(p + below for p in every.lines for below in ("/x", "/0/y"))]
    return repr((value, [(p, source.line(p)) for p in pointers]))


def _same(text: str) -> None:
    assert _outcome(parse, text) == _outcome(read_every_value, text)


def test_every_json_file_of_the_project_reads_the_same() -> None:
    files = [path for folder in ("content", "generator", "stamperia", "tests")
             for path in (ROOT / folder).rglob("*.json")]
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        _same(text)
        _same(json.dumps(json.loads(text)))  # and on one line


def test_lines_are_where_each_value_starts() -> None:
    text = '{\n "a": [1,\n  {"b/c~": "x", "": []}],\n "d": {}, "e": [\n2]\n}\n'
    value, source = parse(text)
    assert value == {"a": [1, {"b/c~": "x", "": []}], "d": {}, "e": [2]}
    expected = {"": 1, "/a": 2, "/a/0": 2, "/a/1": 3, "/a/1/b~1c~0": 3, "/a/1/": 3, "/d": 4,
                "/e": 4, "/e/0": 5, "/a/1/missing": 3, "/e/0/deeper": 5, "/f": 1}
    assert {pointer: source.line(pointer) for pointer in expected} == expected


def test_a_container_on_one_line_keeps_only_its_own_line() -> None:
    """Values on their parent's line are found through it: a board written on one line
    records one line, not one per value."""
    value, source = parse(json.dumps({"cells": [[i, i + 1] for i in range(100)]}))
    assert source.lines == {"": 1}
    assert source.line("/cells/99/1") == 1 and value["cells"][99] == [99, 100]


@pytest.mark.parametrize("text", [
    "", " ", "{} x", "[1,]", '{"a":1,}', '{"a": 1, "a": 2}', "[NaN]", "[-Infinity]",
    '{"a": Infinity}', "[" * MAX_DEPTH + "]" * MAX_DEPTH, "[" * (MAX_DEPTH + 1) + "]" * (
        MAX_DEPTH + 1), "[" * 3000 + "]" * 3000, '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (
        MAX_DEPTH + 1), "[" + "1" * MAX_NUMBER_CHARS + "]", "[" + "1" * (MAX_NUMBER_CHARS + 1)
    + "]", "[1e400]", "[-1e400]", "[1e-400]", "[-0]", "[-0.0]", '["a\\u0000"]', '["a\x00"]',
    '["a\nb"]', "\ufeff{}", '{"\\u00e9": "\\ud800", "a\\"b": "\\\\"}', "[true, false, null]",
    "[truex]", "[tru]", "[01]", "[1.]", "[.5]", "[+1]", '{"a" 1}', "{a: 1}", "{'a': 1}",
    "[1 2]", '"\\x"', '"abc', "[1", '{"a":[}]', "\n\n[\n1\n,\n2\n]\n\n"])
def test_edge_texts_read_as_the_reader_reads_them(text: str) -> None:
    _same(text)


def test_what_the_reader_refuses_is_still_refused_with_its_place() -> None:
    with pytest.raises(JsonSyntaxError, match="duplicate key 'a'") as caught:
        parse('{\n "a": 1,\n "a": 2}')
    assert (caught.value.line, caught.value.column) == (3, 2)
    with pytest.raises(JsonSyntaxError, match="out of range"):
        parse("[1e400]")
    with pytest.raises(JsonSyntaxError, match="nesting deeper"):
        parse("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False,
                                                                          allow_infinity=False),
                     st.text(max_size=8))
_DOCUMENTS = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_DOCUMENTS, st.sampled_from([None, 0, 1, 2]), st.booleans(), st.integers(0, 2**32))
def test_any_document_and_any_damage_to_it_read_the_same(
        document: Any, indent: int | None, ascii_only: bool, seed: int) -> None:
    text = json.dumps(document, indent=indent, ensure_ascii=ascii_only)
    _same(text)
    rng = random.Random(seed)
    for _ in range(3):
        at = rng.randrange(len(text) + 1)
        if rng.random() < 0.5:
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + rng.choice('{}[],:"\\ \n0e-.tfn') + text[at:]
        _same(text)
