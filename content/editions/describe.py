"""A part model described as diff rows, read from its frozen dataclass fields.

Used by parts that need no hand-written description: scalar fields become rules rows
(`<section>.<field>`), tuples of entities with an `id` become groups (`building <id>:
resistance 10 -> 12`), and everything nested is flattened into dotted field names.
Origins never appear; a `prototype` flag does, since designers diff it too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from stamperia.content.errors import Origin
from stamperia.content.parts import Fields, PartGroup, PartSection

_SKIPPED = ("origin", "origins")


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _flatten(prefix: str, value: object, out: list[tuple[str, str]]) -> None:
    """Append (dotted name, text) pairs for a value of any shape the models use."""
    if isinstance(value, Origin):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name not in _SKIPPED:
                name = f"{prefix}.{field.name}" if prefix else field.name
                _flatten(name, getattr(value, field.name), out)
        return
    if isinstance(value, Mapping):
        for key in sorted(value, key=str):
            _flatten(f"{prefix}.{key}" if prefix else str(key), value[key], out)
        return
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (frozenset, set)) else list(value)
        if all(not _is_structured(item) for item in items):
            out.append((prefix, ", ".join(_text(item) for item in items)))
            return
        for index, item in enumerate(items):
            _flatten(f"{prefix}.{_key(item, index)}", item, out)
        return
    out.append((prefix, _text(value)))


def _is_structured(value: object) -> bool:
    return dataclasses.is_dataclass(value) or isinstance(
        value, (Mapping, tuple, list, frozenset, set))


def _key(item: object, index: int) -> str:
    for name in ("id", "number", "kind", "name"):
        found = getattr(item, name, None)
        if isinstance(found, (str, int)) and not isinstance(found, bool):
            return str(found)
    return str(index + 1)


def _entities(value: object) -> bool:
    """A tuple of dataclasses that each carry an id: a group of its own in the diff."""
    return (isinstance(value, tuple) and bool(value)
            and all(dataclasses.is_dataclass(v) and isinstance(getattr(v, "id", None), str)
                    for v in value))


def describe_dataclass(section: str, part: object) -> tuple[PartSection, ...]:
    """One section named `section`: scalars as rows of the unnamed group, entity tuples as
    groups labelled by their field's singular name, with one row per entity id."""
    assert dataclasses.is_dataclass(part)
    plain: dict[str, Fields] = {}
    groups: list[PartGroup] = []
    counts: list[tuple[str, int]] = []
    for field in dataclasses.fields(part):
        if field.name in _SKIPPED:
            continue
        value = getattr(part, field.name)
        if _entities(value):
            label = field.name[:-1] if field.name.endswith("s") else field.name
            rows: dict[str, Fields] = {}
            for entity in value:
                pairs: list[tuple[str, str]] = []
                _flatten("", entity, pairs)
                rows[str(entity.id)] = tuple(p for p in pairs if p[0] != "id")
            groups.append(PartGroup(label.replace("_", " "), rows))
            counts.append((field.name.replace("_", " "), len(value)))
            continue
        pairs = []
        _flatten(field.name, value, pairs)
        for name, text in pairs:
            plain[f"{section}.{name}"] = (("value", text),)
    return (PartSection(section, tuple(counts), (PartGroup("", plain), *groups)),)
