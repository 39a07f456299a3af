"""The plural rules table (stamperia.content.l10n.plurals) gives Babel's categories without
loading a locale's CLDR data: the same category as Babel for every locale the shipped
games, the templates and the package's words use, and the same rule trees for every rule
the table holds; a code the table lacks is still answered by Babel."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.plural import PluralRule

from stamperia.content.l10n.locales import plural_category
from stamperia.content.l10n.plurals import (
    TABLE,
    babel_table,
    parse_condition,
    table_rules,
    whole_number_category,
)

ROOT = Path(__file__).resolve().parents[2]
COUNTS = [*range(0, 1001), 1_000_000, 2_000_000, 10**9, 10**12 + 1]


def _used_locales() -> list[str]:
    """The locales of the shipped games' strings, the templates' and the kit words."""
    found = {path.stem for folder in ("content/games", "stamperia/templates")
             for path in (ROOT / folder).glob("**/strings/*.json")}
    found |= {path.stem for path in (ROOT / "generator").glob("**/locale/*.json")}
    return sorted(found)


def _entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(
        (ROOT / "content" / "l10n" / TABLE).read_text(encoding="utf-8"))
    return entries


def _tuples(node: Any) -> Any:
    return tuple(_tuples(n) for n in node) if isinstance(node, list | tuple) else node


def test_the_locales_in_use_are_in_the_table() -> None:
    assert {"it", "en", "fr"} <= set(_used_locales())
    assert all(table_rules(code) is not None for code in _used_locales())


@pytest.mark.parametrize("code", [*_used_locales(), "pl", "ru", "ar", "cy", "ga", "lv",
                                  "sl", "pt-PT", "pt-BR", "he", "br", "gd", "mt", "kw"])
def test_every_count_gets_babels_category(code: str) -> None:
    babel = Locale.parse(code, sep="-").plural_form
    assert [plural_category(code, n) for n in COUNTS] == [babel(n) for n in COUNTS]


def test_negative_counts_are_read_as_babel_reads_them() -> None:
    assert [plural_category("pl", -n) for n in range(30)] == [
        Locale.parse("pl").plural_form(-n) for n in range(30)]


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: str(e["locales"]).split()[0])
def test_each_stored_rule_reads_back_as_babels_tree_and_counts_as_babel(
        entry: dict[str, Any]) -> None:
    rules = entry["rules"]
    babel = PluralRule(rules)
    assert tuple((c, _tuples(parse_condition(text))) for c, text in rules.items()) == tuple(
        (c, _tuples(tree)) for c, tree in babel.abstract)
    ours = tuple((c, parse_condition(text)) for c, text in rules.items())
    assert [whole_number_category(ours, n) for n in COUNTS] == [babel(n) for n in COUNTS]


def test_a_code_the_table_lacks_is_answered_by_babel() -> None:
    assert table_rules("it_IT") is None and table_rules("qps") is None
    assert [plural_category("it_IT", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("qps", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_a_malformed_rule_is_refused() -> None:
    for text in ("x in 1", "n in", "n is", "n mod in 1", "n in 1..b", ""):
        with pytest.raises(ValueError, match="plural rule"):
            parse_condition(text)


@pytest.mark.slow
def test_the_table_is_what_the_installed_babel_gives() -> None:
    """After a Babel upgrade that changes CLDR's rules:
    `python -m stamperia.content.l10n.plurals`."""
    assert _entries() == babel_table()
