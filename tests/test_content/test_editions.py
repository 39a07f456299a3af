"""Edition inheritance: a variant of the tiny game that extends it and states what differs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gamefixtures import FIXTURES, make_game

from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.model import Game, pair
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.rules.registry import check_game

VARIANT = str(FIXTURES / "tiny_variant")


@pytest.fixture(scope="module")
def variant() -> Game:
    return load_game(VARIANT)


def test_the_variant_inherits_what_it_does_not_state(variant: Game) -> None:
    vc = variant.part(Conquest)
    parent = load_game(str(FIXTURES / "tiny"))
    pc = parent.part(Conquest)
    assert variant.id == "tiny_variant" and variant.ruleset == parent.ruleset
    assert vc.objectives == pc.objectives and vc.dice == pc.dice
    assert vc.setup is not None and pc.setup is not None
    assert (vc.setup.starting_hand, pc.setup.starting_hand) == (3, 2)
    assert vc.setup.pieces_per_player == pc.setup.pieces_per_player
    assert check_game(variant, balance=False).problems == ()


def test_lists_merge_by_id(variant: Game) -> None:
    vc = variant.part(Conquest)
    assert vc.board is not None
    assert [t.id for t in vc.board.territories][-2:] == ["isola", "scoglio"]
    assert pair("isola", "scoglio") in {link.between for link in vc.board.links}
    assert [c.id for c in vc.deck("actions").cards] == ["zannata"]
    assert vc.deck("actions").cards[0].copies == 4
    assert [c.id for c in vc.deck("events").cards] == ["calma", "vento", "nebbia"]
    rossi = vc.factions[0]
    assert (rossi.colour, rossi.text_colour) == ("#a93226", "#ffffff")


def test_strings_merge_per_key_and_null_removes(variant: Game) -> None:
    italian = variant.strings["it"]
    assert italian.get("game.title") == "PICCOLO BIS"
    assert italian.get("territory.nord.name") == "Nord"
    assert italian.get("card.actions.pax.name") is None
    assert variant.strings["en"].same_as_source[0] == "territory.*"


def test_origins_name_the_file_that_holds_each_value(variant: Game) -> None:
    vc = variant.part(Conquest)
    assert vc.board is not None
    nord, scoglio = vc.board.territories[0], vc.board.territories[-1]
    assert nord.origin.file.endswith("tiny/board.json")
    assert scoglio.origin.file.endswith("tiny_variant/board.json")
    alto = vc.board.zones[0]
    assert alto.origin.error("x", suffix="/colour").file.endswith("tiny_variant/board.json")
    inherited = alto.origin.error("x", suffix="/bonus")
    assert inherited.file.endswith("tiny/board.json") and inherited.pointer == "/zones/0/bonus"
    assert variant.strings["it"].origins["territory.nord.name"].file.endswith(
        "tiny/strings/it.json")
    assert any(f.endswith("tiny_variant/decks.json") for f in variant.files)


def test_replace_takes_the_child_list_whole(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [
        {"file": "factions.json", "op": "set", "pointer": "/$replace", "value": ["factions"]},
        {"file": "factions.json", "op": "set", "pointer": "/factions", "value": [
            {"id": "gialli", "colour": "#f2c200", "text_colour": "#111111"}]}], "tiny_variant")
    with pytest.raises(ContentProblems) as raised:
        load_game(str(folder))
    messages = {p.message for p in raised.value.problems}
    assert "missing it text 'faction.gialli.name'" in messages
    assert "text 'faction.rossi.name' names nothing in the game" in messages


def test_an_edition_that_extends_must_state_its_id(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [{"file": "game.json", "op": "remove", "pointer": "/id"}],
                       "tiny_variant")
    with pytest.raises(ContentProblems) as raised:
        load_game(str(folder))
    assert [p.format() for p in raised.value.problems] == [
        f"{folder}/game.json:1: /: an edition that extends another must state its own "
        "\"id\" (add \"id\": the folder name)"]


def test_an_edition_may_extend_itself_only_as_a_cycle(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [{"file": "game.json", "op": "set", "pointer": "/extends",
                                   "value": "."}], "tiny_variant")
    with pytest.raises(ContentProblems) as raised:
        load_game(str(folder))
    assert "cycle" in raised.value.problems[0].message
    assert json.loads((folder / "game.json").read_text())["extends"] == "."
