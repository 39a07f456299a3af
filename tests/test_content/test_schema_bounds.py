"""Every count and size a content file can state has a bound in its schema (issue: a
`copies` of 10^20 once grew past a gigabyte). Positions are checked against content."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stamperia.content.validation.schemas import schema_kinds, schema_text

CONTENT_KINDS = [k for k in schema_kinds() if not k.endswith(("_position", "_state"))]


def unbounded(node: Any, pointer: str = "") -> list[str]:
    """Pointers of integer/number schemas without a maximum and arrays without maxItems."""
    found: list[str] = []
    if isinstance(node, dict):
        declared = node.get("type")
        types = {t for t in (declared if isinstance(declared, list) else [declared])
                 if isinstance(t, str)}
        fixed = any(k in node for k in ("enum", "const"))
        if ({"integer", "number"} & types and not fixed
                and not {"maximum", "exclusiveMaximum"} & set(node)):
            found.append(pointer)
        if "array" in types and "maxItems" not in node:
            found.append(pointer)
        for key, value in node.items():
            found += unbounded(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += unbounded(value, f"{pointer}/{index}")
    return found


@pytest.mark.parametrize("kind", CONTENT_KINDS)
def test_every_count_and_size_has_a_bound(kind: str) -> None:
    assert unbounded(json.loads(schema_text(kind))) == []


def test_the_audit_finds_an_unbounded_count() -> None:
    schema = {"type": "object", "properties": {"copies": {"type": "integer", "minimum": 1},
                                               "cards": {"type": "array", "maxItems": 9}}}
    assert unbounded(schema) == ["/properties/copies"]
