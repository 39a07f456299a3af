"""What differs between two editions, compared on their models (inheritance resolved).

For designers and localization teams: every part of every ruleset (each part describes
itself, stamperia.content.parts.Part.describe) and every printed string per locale, in sections
with a stable order. Each
entity is described as ordered (field, value) pairs; the diff lists entities added,
removed, and changed field by field. `stamperia diff` prints it or dumps it as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from stamperia.content.model import Game
from stamperia.content.parts import Fields

_UNNAMED = ("value", "text")


@dataclass(frozen=True)
class Change:
    """One entity added, removed or changed; `fields` are (field, before, after)."""

    change: str
    item: str
    fields: tuple[tuple[str, str | None, str | None], ...]

    def format(self) -> str:
        def name(field: str) -> str:
            return "" if field in _UNNAMED else field + " "

        if self.change == "changed":
            shown = ", ".join(f"{name(f)}{a} -> {b}" for f, a, b in self.fields)
        else:
            shown = ", ".join(f"{name(f)}{b if self.change == 'added' else a}"
                              for f, a, b in self.fields)
        return f"  {self.change:<8} {self.item}" + (f": {shown}" if shown else "")

    def as_dict(self) -> dict[str, object]:
        if self.change == "changed":
            fields: dict[str, object] = {f: {"from": a, "to": b} for f, a, b in self.fields}
        else:
            fields = {f: (b if self.change == "added" else a) for f, a, b in self.fields}
        return {"change": self.change, "item": self.item, "fields": fields}


@dataclass(frozen=True)
class Section:
    """One part of the diff: its counts before and after, and its changes."""

    name: str
    counts: tuple[tuple[str, int, int], ...]
    changes: tuple[Change, ...]

    def lines(self) -> list[str]:
        counts = ", ".join(f"{n} {a} -> {b}" if a != b else f"{n} {a}"
                           for n, a, b in self.counts)
        head = f"{self.name} ({counts})" if counts else self.name
        body = [c.format() for c in self.changes] or ["  no differences"]
        return [head, *body]

    def as_dict(self) -> dict[str, object]:
        return {"section": self.name,
                "counts": {n: {"from": a, "to": b} for n, a, b in self.counts},
                "changes": [c.as_dict() for c in self.changes]}


@dataclass(frozen=True)
class EditionDiff:
    before: str
    after: str
    sections: tuple[Section, ...]

    def lines(self) -> list[str]:
        lines = [f"diff {self.before} -> {self.after}"]
        for section in self.sections:
            lines += section.lines()
        return lines

    def as_dict(self) -> dict[str, object]:
        return {"from": self.before, "to": self.after,
                "sections": [s.as_dict() for s in self.sections]}


def compare(label: str, before: Mapping[str, Fields], after: Mapping[str, Fields]
            ) -> list[Change]:
    """Entities by id: removed and changed in `before`'s order, then added in `after`'s."""
    changes = []
    for key, old in before.items():
        if key not in after:
            changes.append(Change("removed", _item(label, key),
                                  tuple((f, v, None) for f, v in old)))
            continue
        new = dict(after[key])
        old_map = dict(old)
        fields = [(f, old_map.get(f, "-"), new.get(f, "-"))
                  for f in dict.fromkeys((*old_map, *new)) if old_map.get(f) != new.get(f)]
        if fields:
            changes.append(Change("changed", _item(label, key), tuple(fields)))
    changes += [Change("added", _item(label, key), tuple((f, None, v) for f, v in new_fields))
                for key, new_fields in after.items() if key not in before]
    return changes


def _item(label: str, key: str) -> str:
    return f"{label} {key}" if label else key


def _strings(game: Game, locale: str) -> dict[str, Fields]:
    strings = game.strings.get(locale)
    texts = strings.texts if strings is not None else {}
    return {key: (("text", json.dumps(texts[key], ensure_ascii=False)),) for key in sorted(texts)}


def _section(name: str, counts: Iterable[tuple[str, int, int]],
             groups: Iterable[tuple[str, Mapping[str, Fields], Mapping[str, Fields]]]
             ) -> Section:
    changes = [c for label, a, b in groups for c in compare(label, a, b)]
    return Section(name, tuple(counts), tuple(changes))


def _generic_rules(game: Game) -> dict[str, Fields]:
    values = [("ruleset", game.ruleset), ("players", f"{game.players[0]}-{game.players[1]}"),
              ("locales", ", ".join(game.locales))]
    targets = game.targets
    if targets is not None:
        values.append(("targets.status", targets.status))
        for name, band in (("minutes", targets.minutes), ("turns", targets.turns)):
            if band is not None:
                values.append((f"targets.{name}", f"{band.low:g}-{band.high:g}"))
        if targets.early_before is not None:
            values.append(("targets.early", f"at most {targets.early_most:g} before turn "
                                            f"{targets.early_before}"))
        values += [(f"targets.ends.{end}", f"{band.low:g}-{band.high:g}")
                   for end, band in targets.ends.items()]
    return {name: (("value", value),) for name, value in values}


def _part_sections(game: Game) -> dict[str, tuple[dict[str, int], dict[str, dict[str, Fields]]]]:
    """Every part's sections by name, merged: counts and groups (label -> rows)."""
    sections: dict[str, tuple[dict[str, int], dict[str, dict[str, Fields]]]] = {
        "rules": ({}, {"": _generic_rules(game)})}
    for part in game.parts:
        for section in part.describe():
            counts, groups = sections.setdefault(section.name, ({}, {}))
            counts.update(section.counts)
            for group in section.groups:
                groups.setdefault(group.label, {}).update(group.rows)
    return sections


def diff_editions(before: Game, after: Game) -> EditionDiff:
    """Every difference from `before` to `after`, section by section: the parts' sections
    in the order the editions give them, then the strings of each locale."""
    a_sections, b_sections = _part_sections(before), _part_sections(after)
    sections = []
    for name in dict.fromkeys((*a_sections, *b_sections)):
        a_counts, a_groups = a_sections.get(name, ({}, {}))
        b_counts, b_groups = b_sections.get(name, ({}, {}))
        counts = [(n, a_counts.get(n, 0), b_counts.get(n, 0))
                  for n in dict.fromkeys((*a_counts, *b_counts))]
        groups = [(label, a_groups.get(label, {}), b_groups.get(label, {}))
                  for label in dict.fromkeys((*a_groups, *b_groups))]
        sections.append(_section(name, counts, groups))
    for locale in dict.fromkeys((*before.locales, *after.locales)):
        a, b = _strings(before, locale), _strings(after, locale)
        sections.append(_section(f"strings {locale}", [("keys", len(a), len(b))],
                                 [("", a, b)]))
    return EditionDiff(before.id, after.id, tuple(sections))
