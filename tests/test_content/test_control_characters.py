"""Refused characters in a JSON file, found whichever way the file spells them (the
reader skips the walk over values only for files that cannot hold one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.content.errors import ContentError
from stamperia.content.validation.document import parse_document


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "part.json"
    path.write_text(text, encoding="utf-8")
    problems: list[ContentError] = []
    document = parse_document(path, problems)
    assert (document is None) == bool(problems)
    return [f"{p.pointer}: {p.message}" for p in problems]


@pytest.mark.parametrize(("text", "expected"), [
    ('{"name": "Nu\\u0007rra"}', "/name: the text holds a control character, U+0007, "
                                 "at position 3"),
    ('{"name": "a\\bb"}', "/name: the text holds a control character, U+0008, at position 2"),
    ('{"a\\u0001": 1}', ": the property name 'a\\x01' holds a control character, U+0001, "
                        "at position 2"),
    ('{"name": "x\x7f"}', "/name: the text holds a control character, U+007F, at position 2"),
    ('{"list": ["ok", "\ufffe"]}', "/list/1: the text holds a control character, U+FFFE, "
                                   "at position 1"),
])
def test_a_refused_character_is_found_escaped_or_raw(tmp_path: Path, text: str,
                                                      expected: str) -> None:
    assert _problems(tmp_path, text) == [expected]


def test_newline_tab_and_plain_text_are_accepted(tmp_path: Path) -> None:
    assert _problems(tmp_path, '{\r\n "name": "Nurra\\n\\tè",\r\n "n": [1, 2]}') == []
    assert _problems(tmp_path, '{"name": "Nurra è ü"}') == []
