"""docs/content-format.md keeps up with the schemas: every kind has its section, and the
sections of the ruleset-specific kinds name every field their schema allows."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.validation.schemas import schema_kinds, schema_text

DOC = Path(__file__).parents[2] / "docs" / "content-format.md"
HEADING = re.compile(r"^## .*\(kind `([a-z_]+)`\)\s*$", re.MULTILINE)
FIELD_CHECKED = ("layouts", "theme", "cards",
                 "splut_board", "iwari_set", "iwari_maps", "iwari_state", "warland_buildings",
                 "warland_forces", "conquest_game", "conquest_state", "splut_position")


def sections() -> dict[str, str]:
    """Kind -> the text of its section (up to the next level-2 heading)."""
    text = DOC.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for match in HEADING.finditer(text):
        following = text.find("\n## ", match.end())
        found[match.group(1)] = text[match.end():following if following >= 0 else None]
    return found


def property_names(schema: Any) -> Iterator[str]:
    """Every property name a schema allows, at any depth ($schema excepted)."""
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            if name != "$schema":
                yield name
            yield from property_names(sub)
        for key, value in schema.items():
            if key != "properties":
                yield from property_names(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from property_names(item)


def test_every_kind_has_a_section() -> None:
    documented = sections()
    missing = [kind for kind in schema_kinds() if kind not in documented]
    assert missing == [], f"add a '## ... (kind `KIND`)' section for {missing}"
    unknown = [kind for kind in documented if kind not in schema_kinds()]
    assert unknown == []


@pytest.mark.parametrize("kind", FIELD_CHECKED)
def test_the_section_names_every_field(kind: str) -> None:
    section = sections()[kind]
    names = sorted(set(property_names(json.loads(schema_text(kind)))))
    missing = [name for name in names
               if not re.search(rf"`([a-z_]+\.)*{re.escape(name)}[`(]", section)]
    assert missing == [], f"docs/content-format.md, kind {kind}: fields not described {missing}"


def test_every_example_is_json() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= len(schema_kinds())
    for block in blocks:
        json.loads(block)
