"""A layout box's `when`: every test and join holds exactly when it should, a condition
read from layouts.json keeps its structure, and a bad one is a content error at its own
pointer and line (schema, build and check)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.errors import ContentError
from stamperia.content.loader import load_game
from stamperia.content.look.conditions import Condition, Scalar
from stamperia.content.look.layouts import Layouts, build_layouts
from stamperia.content.rulesets.cards.model import CardSet
from stamperia.content.validation.document import parse_document

COST = ("cost",)


@pytest.mark.parametrize(("condition", "fields", "holds"), [
    (Condition("not_equals", "suit", "star"), {"suit": "moon"}, True),
    (Condition("not_equals", "suit", "star"), {"suit": "star"}, False),
    (Condition("not_equals", "suit", "star"), {}, True),
    (Condition("equals", "flag", 1), {"flag": True}, False),  # JSON's true is not 1
    (Condition("equals", "cost", 2), {"cost": 2.0}, True),
    (Condition("less_than", "cost", 3), {"cost": 2}, True),
    (Condition("less_than", "cost", 3), {"cost": 3}, False),
    (Condition("at_most", "cost", 3), {"cost": 3}, True),
    (Condition("at_most", "cost", 3), {"cost": 3.5}, False),
    (Condition("greater_than", "cost", 3), {"cost": 4}, True),
    (Condition("greater_than", "cost", 3), {"cost": 3}, False),
    (Condition("at_least", "cost", 3), {"cost": 3}, True),
    (Condition("at_least", "cost", 3), {"cost": 2.5}, False),
    (Condition("at_least", "cost", 3), {}, False),  # a missing field is no number
    (Condition("at_least", "cost", 3), {"cost": "nine"}, False),  # nor are words
    (Condition("at_least", "cost", 3), {"cost": "9"}, True),  # a CSV cell's number
    (Condition("equals", "cost", 3), {"cost": "3"}, True),
    (Condition("in", "cost", values=(1, 3)), {"cost": "3.0"}, True),
    (Condition("at_least", "cost", 0), {"cost": False}, False),  # nor a yes/no
    (Condition("in", "suit", values=("star", "moon")), {"suit": "moon"}, True),
    (Condition("in", "suit", values=("star", "moon")), {"suit": "sun"}, False),
    (Condition("in", "suit", values=("star", "moon")), {}, False),
    (Condition("not_in", "suit", values=("star", "moon")), {"suit": "sun"}, True),
    (Condition("not_in", "suit", values=("star", "moon")), {"suit": "star"}, False),
    (Condition("not_in", "suit", values=("star", "moon")), {}, True),
])
def test_field_tests(condition: Condition, fields: dict[str, Scalar], holds: bool) -> None:
    assert condition.holds(fields) is holds


CHEAP = Condition("at_most", "cost", 2)
STAR = Condition("equals", "suit", "star")


@pytest.mark.parametrize(("condition", "fields", "holds"), [
    (Condition("all", parts=(CHEAP, STAR)), {"cost": 1, "suit": "star"}, True),
    (Condition("all", parts=(CHEAP, STAR)), {"cost": 3, "suit": "star"}, False),
    (Condition("any", parts=(CHEAP, STAR)), {"cost": 3, "suit": "star"}, True),
    (Condition("any", parts=(CHEAP, STAR)), {"cost": 3, "suit": "moon"}, False),
    (Condition("not", parts=(STAR,)), {"suit": "moon"}, True),
    (Condition("not", parts=(STAR,)), {"suit": "star"}, False),
])
def test_joins(condition: Condition, fields: dict[str, Scalar], holds: bool) -> None:
    assert condition.holds(fields) is holds


def layouts(tmp_path: Path, when: dict[str, Any]) -> Layouts:
    path = tmp_path / "layouts.json"
    box = {"id": "cost", "field": "cost", "x": 5, "y": 5, "width": 10, "height": 10,
           "when": when}
    path.write_text(json.dumps({"layouts": [{"id": "card", "boxes": [box]}]}, indent=1),
                    encoding="utf-8")
    problems: list[ContentError] = []
    document = parse_document(path, problems)
    assert document is not None and not problems
    return build_layouts(document)


def test_a_nested_condition_is_read_from_layouts_json(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"any": [
        {"all": [{"field": "cost", "at_least": 3}, {"field": "suit", "in": ["star", "moon"]}]},
        {"not": {"field": "rare", "absent": True}}]})
    assert found.references() == []
    [box] = found.layouts["card"].boxes
    assert box.when is not None
    assert box.when.holds({"cost": 4, "suit": "moon"})
    assert not box.when.holds({"cost": 2, "suit": "moon"})
    assert box.when.holds({"cost": 2, "rare": "yes"})
    assert [t.op for t in box.when.tests()] == ["at_least", "in", "absent"]


@pytest.mark.parametrize(("when", "pointer", "message"), [
    ({"all": [{"field": "cost", "at_least": 3},
              {"field": "suit", "equals": "star", "not_equals": "moon"}]},
     "/layouts/0/boxes/0/when/all/1",
     "a condition needs exactly one test, this one has 'equals' and 'not_equals'"),
    ({"field": "cost"}, "/layouts/0/boxes/0/when",
     "a condition needs exactly one test, this one has no test"),
    ({"not": {"at_least": 2}}, "/layouts/0/boxes/0/when/not",
     "the test 'at_least' names no field"),
    ({"field": "cost", "any": [{"field": "cost", "present": True}]},
     "/layouts/0/boxes/0/when/field", "'any' joins conditions, so it takes no field"),
])
def test_a_bad_condition_is_named_at_its_pointer(tmp_path: Path, when: dict[str, Any],
                                                  pointer: str, message: str) -> None:
    [problem] = layouts(tmp_path, when).references()
    assert (problem.pointer, problem.message) == (pointer, message)
    assert problem.file.endswith("layouts.json") and problem.line > 1


def _new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "demo"]).exit_code == 0
    return tmp_path / "demo"


def _set_cost_when(game: Path, when: str) -> None:
    path = game / "layouts.json"
    text = path.read_text(encoding="utf-8")
    old = '"valign": "middle", "colour": "ink", "when": {"field": "cost", "present": true}}'
    assert old in text
    path.write_text(text.replace(old, f'"valign": "middle", "colour": "ink", "when": {when}}}'),
                    encoding="utf-8")


def _check(game: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", str(game.name), "--no-balance"])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_condition_of_the_wrong_type_is_a_schema_error_with_its_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _new_game(tmp_path, monkeypatch)
    _set_cost_when(game, '{"field": "cost", "at_least": "3"}')
    code, output = _check(game)
    assert code == 1
    assert ("demo/layouts.json:25: /layouts/0/boxes/6/when/at_least: '3' is not of type "
            "'number'") in output


def test_a_numeric_test_of_a_text_field_is_named_at_the_condition(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _new_game(tmp_path, monkeypatch)
    _set_cost_when(game, '{"all": [{"field": "cost", "present": true}, '
                   '{"field": "title", "greater_than": 2}]}')
    code, output = _check(game)
    assert code == 1
    assert ("demo/layouts.json:25: /layouts/0/boxes/6/when/all/1: 'greater_than' compares "
            "field 'title' as a number, but") in output


def test_a_new_game_draws_by_a_numeric_condition(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = _new_game(tmp_path, monkeypatch)
    _set_cost_when(game, '{"field": "cost", "at_least": 3}')
    assert _check(game)[0] == 0
    cards = load_game(str(game)).part(CardSet)
    deck = next(d for d in cards.decks if d.id == "actions")
    cost = next(b for b in cards.layouts.layouts[deck.layout].boxes if b.id == "cost")
    assert cost.when is not None
    shown = sorted(c.id for c in deck.cards if cost.when.holds(c.fields))
    assert shown == sorted(c.id for c in deck.cards if float(c.fields["cost"]) >= 3) != []
    assert CliRunner().invoke(cli, ["build", "demo", "--out", "out"]).exit_code == 0
