"""A layout box's visibility condition, `when`: tests of one record field, and all/any/not
of conditions.

A test names a `field` and one operator: `equals`, `not_equals`, `present`, `absent`,
`less_than`, `at_most`, `greater_than`, `at_least` (numbers) or `in`, `not_in` (a list of
values). `all` and `any` hold a list of conditions, `not` one. A spreadsheet's cell is
text, so a text that writes a number compares as that number. The schema gives each
operator its type; what the schema cannot say (exactly one operator, a field with a test
and none with all/any/not) is checked here, with the pointer of the condition at fault.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from stamperia.content.errors import ContentError, Origin

Scalar = str | int | float | bool
Op = Literal["equals", "not_equals", "present", "absent", "less_than", "at_most",
             "greater_than", "at_least", "in", "not_in", "all", "any", "not"]
FIELD_TESTS: tuple[Op, ...] = ("equals", "not_equals", "present", "absent", "less_than",
                               "at_most", "greater_than", "at_least", "in", "not_in")
NUMERIC: tuple[Op, ...] = ("less_than", "at_most", "greater_than", "at_least")
JOINS: tuple[Op, ...] = ("all", "any", "not")
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


@dataclass(frozen=True)
class Condition:
    """One test of a record's field (`field`, `op`, `value` or `values`), or all/any/not of
    `parts`; `origin` is where it is written, for a check that finds it cannot hold."""

    op: Op
    field: str = ""
    value: Scalar | None = None
    values: tuple[Scalar, ...] = ()
    parts: tuple[Condition, ...] = ()
    origin: Origin | None = None

    def holds(self, fields: Mapping[str, Scalar]) -> bool:
        """Whether a record with these fields draws the box. A missing field is absent,
        equals nothing and compares as no number does."""
        if self.op == "all":
            return all(part.holds(fields) for part in self.parts)
        if self.op == "any":
            return any(part.holds(fields) for part in self.parts)
        if self.op == "not":
            return not self.parts[0].holds(fields)
        present = self.field in fields and fields[self.field] != ""
        if self.op in ("present", "absent"):
            return present == (self.op == "present")
        found = fields.get(self.field)
        if self.op == "equals":
            return found is not None and same(found, self.value)
        if self.op == "not_equals":
            return found is None or not same(found, self.value)
        if self.op in ("in", "not_in"):
            member = found is not None and any(same(found, v) for v in self.values)
            return member == (self.op == "in")
        number, limit = as_number(found), as_number(self.value)
        return number is not None and limit is not None and _compare(self.op, number, limit)

    def tests(self) -> tuple[Condition, ...]:
        """Every field test inside, in the order written."""
        if self.op in JOINS:
            return tuple(test for part in self.parts for test in part.tests())
        return (self,)


def same(a: Scalar, b: Scalar | None) -> bool:
    """Equal as a designer means it: `true` is not 1, 2 is 2.0, and a spreadsheet's text
    "2" is the number 2 (a CSV cell is always text)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, str) != isinstance(b, str):
        x, y = as_number(a), as_number(b)
        return x is not None and x == y
    return a == b


def as_number(value: object) -> float | None:
    """A number, or a text that writes one ("3", "-2.5"); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and NUMBER.fullmatch(value.strip()):
        return float(value)
    return None


def _compare(op: Op, found: float, limit: float) -> bool:
    if op == "less_than":
        return found < limit
    if op == "at_most":
        return found <= limit
    if op == "greater_than":
        return found > limit
    return found >= limit


def read_condition(raw: Mapping[str, Any], origin: Origin, problems: list[ContentError]
                   ) -> Condition | None:
    """The condition of a schema-valid `when` object written at `origin`; None, with the
    problem added, when it names no operator or more than one, or mixes a field with
    all/any/not."""
    ops = [key for key in raw if key in FIELD_TESTS or key in JOINS]
    if len(ops) != 1:
        shown = " and ".join(repr(op) for op in ops) if ops else "no test"
        problems.append(origin.error(
            f"a condition needs exactly one test, this one has {shown}",
            "write one of equals, not_equals, present, absent, less_than, at_most, "
            "greater_than, at_least, in, not_in with a field; or all, any, not; join "
            "several tests with \"all\": [...]"))
        return None
    op: Op = ops[0]
    if op in JOINS:
        if "field" in raw:
            problems.append(origin.error(
                f"{op!r} joins conditions, so it takes no field",
                f"move \"field\" into each condition inside {op!r}", "/field"))
            return None
        items = [raw[op]] if op == "not" else list(raw[op])
        suffixes = [f"/{op}"] if op == "not" else [f"/{op}/{i}" for i in range(len(items))]
        parts = [read_condition(item, origin.child(suffix), problems)
                 for item, suffix in zip(items, suffixes, strict=True)]
        if any(part is None for part in parts):
            return None
        return Condition(op, parts=tuple(p for p in parts if p is not None), origin=origin)
    if "field" not in raw:
        problems.append(origin.error(f"the test {op!r} names no field",
                                     "add \"field\": the record field it tests"))
        return None
    value = raw[op]
    if op in ("in", "not_in"):
        return Condition(op, raw["field"], values=tuple(value), origin=origin)
    return Condition(op, raw["field"], None if op in ("present", "absent") else value,
                     origin=origin)


def type_problems(condition: Condition, fields: Mapping[str, Scalar], record: str
                  ) -> list[ContentError]:
    """A numeric test of a field the record holds as words (or yes/no): it could never
    hold, which is a mistake in the data or in the layout."""
    problems = []
    for test in condition.tests():
        found = fields.get(test.field)
        if test.op in NUMERIC and found is not None and found != "" \
                and as_number(found) is None:
            assert test.origin is not None
            problems.append(test.origin.error(
                f"{test.op!r} compares field {test.field!r} as a number, but {record!r} "
                f"has {found!r}",
                f"give {record!r} a number in {test.field!r}, or test it with equals or in"))
    return problems
