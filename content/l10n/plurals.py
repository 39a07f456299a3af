"""CLDR plural categories of whole numbers, without loading a locale's whole CLDR data.

Why: Babel answers `Locale.plural_form` from the locale's full data file (a pickle of
170-220 KB, merged over the root locale's), so one counted word cost a check tens of
milliseconds per locale, and importing Babel more. The plural rules of every locale Babel
knows are kept in `plural_rules.json`, written from Babel by `python -m
stamperia.content.l10n.plurals`; a test keeps that file equal to what the installed Babel gives, and
a code the file does not hold is answered by Babel itself (stamperia.content.l10n.locales).

The rules are stored as Babel renders them (`PluralRule.rules`: `i in 1 and v in 0`,
`n mod 10 in 3..4,9`) and read back into Babel's own tree (`PluralRule.abstract`), which is
evaluated here as Babel's compiled rule evaluates it, for whole numbers only (the counts
the kits print): n = i = |count|, the fraction operands v, w, f, t and the exponents c, e
all 0.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Mapping
from importlib.resources import files
from typing import Any

TABLE = "plural_rules.json"
"""The package data file: [{"rules": {category: rule}, "locales": "code code ..."}]."""

OTHER = "other"
CATEGORIES = frozenset(("zero", "one", "two", "few", "many", OTHER))
"""Every CLDR plural category: the last part of a counted word's key (`.one`, `.other`)."""
_VARIABLES = frozenset("nivwftce")

Node = tuple[Any, ...]
"""A rule's tree, shaped as Babel's PluralRule.abstract: (operator, operands)."""
Rules = tuple[tuple[str, Node], ...]
"""A locale's rules: (category, condition) in Babel's order; no match means `other`."""


def parse_condition(text: str) -> Node:
    """Babel's tree of one rule as Babel renders it (`PluralRule.rules`), `or` and `and`
    folded from the left as Babel's parser folds them."""
    condition: Node | None = None
    for part in text.split(" or "):
        both: Node | None = None
        for relation in part.split(" and "):
            parsed = _relation(relation.split(" "))
            both = parsed if both is None else ("and", (both, parsed))
        assert both is not None
        condition = both if condition is None else ("or", (condition, both))
    assert condition is not None
    return condition


def _value(token: str) -> Node:
    if not token.isdigit():
        raise ValueError(f"not a plural rule value: {token!r}")
    return ("value", (int(token),))


def _relation(tokens: list[str]) -> Node:
    if not tokens or tokens[0] not in _VARIABLES:
        raise ValueError(f"not a plural rule relation: {' '.join(tokens)!r}")
    expression: Node = (tokens[0], ())
    rest = tokens[1:]
    if rest[:1] == ["mod"] and len(rest) > 1:
        expression = ("mod", (expression, _value(rest[1])))
        rest = rest[2:]
    if rest[:2] == ["is", "not"] and len(rest) == 3:
        return ("isnot", (expression, _value(rest[2])))
    if rest[:1] == ["is"] and len(rest) == 2:
        return ("is", (expression, _value(rest[1])))
    negated = rest[:1] == ["not"]
    rest = rest[1:] if negated else rest
    if len(rest) != 2 or rest[0] not in ("in", "within"):
        raise ValueError(f"not a plural rule relation: {' '.join(tokens)!r}")
    ranges = []
    for item in rest[1].split(","):
        low, _, high = item.partition("..")
        ranges.append((_value(low), _value(high or low)))
    relation: Node = ("relation", (rest[0], expression, ("range_list", ranges)))
    return ("not", (relation,)) if negated else relation


def _number(node: Node, count: int) -> int:
    operator, operands = node
    if operator == "value":
        return int(operands[0])
    if operator == "mod":
        return _number(operands[0], count) % _number(operands[1], count)
    if operator in ("n", "i"):
        return count
    if operator in _VARIABLES:
        return 0  # a whole number has no fraction digits, and no compact exponent
    raise ValueError(f"not a plural rule operand: {operator!r}")


def _holds(node: Node, count: int) -> bool:
    operator, operands = node
    if operator == "and":
        return _holds(operands[0], count) and _holds(operands[1], count)
    if operator == "or":
        return _holds(operands[0], count) or _holds(operands[1], count)
    if operator == "not":
        return not _holds(operands[0], count)
    if operator == "is":
        return _number(operands[0], count) == _number(operands[1], count)
    if operator == "isnot":
        return _number(operands[0], count) != _number(operands[1], count)
    if operator == "relation":
        _method, expression, (_, ranges) = operands  # "in" and "within" agree on integers
        number = _number(expression, count)
        return any(_number(low, count) <= number <= _number(high, count)
                   for low, high in ranges)
    raise ValueError(f"not a plural rule operator: {operator!r}")


def whole_number_category(rules: Rules, count: int) -> str:
    """The category of a whole number under a locale's rules, as Babel gives it."""
    number = abs(count)
    for category, condition in rules:
        if _holds(condition, number):
            return category
    return OTHER


@functools.cache
def _table() -> Mapping[str, Rules]:
    """The package's table, read once: each locale code's parsed rules."""
    entries = json.loads((files("stamperia.content.l10n") / TABLE).read_text(encoding="utf-8"))
    table: dict[str, Rules] = {}
    for entry in entries:
        rules = tuple((category, parse_condition(text))
                      for category, text in entry["rules"].items())
        for code in entry["locales"].split(" "):
            table[code] = rules
    return table


def table_rules(code: str) -> Rules | None:
    """The rules of a locale code exactly as `plural_category` receives it, or None when
    the table does not hold that code (Babel must answer)."""
    return _table().get(code)


def babel_table() -> list[dict[str, object]]:
    """The table as the installed Babel gives it: every locale it knows, each as its
    BCP 47 code (the form `plural_category` receives), grouped by identical rules."""
    from babel import Locale, UnknownLocaleError, localedata

    grouped: dict[str, tuple[dict[str, str], list[str]]] = {}
    for identifier in localedata.locale_identifiers():
        code = identifier.replace("_", "-")
        try:
            rule = Locale.parse(code, sep="-").plural_form
        except (UnknownLocaleError, ValueError):
            continue  # plural_category gives Babel's fallback for it
        rules = dict(rule.rules)
        grouped.setdefault(json.dumps(rules), (rules, []))[1].append(code)
    return [{"rules": rules, "locales": " ".join(sorted(codes))}
            for rules, codes in grouped.values()]


def main() -> None:
    """Write the table from the installed Babel (after a Babel upgrade changes CLDR)."""
    path = files("stamperia.content.l10n") / TABLE
    text = json.dumps(babel_table(), ensure_ascii=False, indent=1) + "\n"
    with open(str(path), "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
