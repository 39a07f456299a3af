"""The conquest look: the ruleset's layouts and theme, a game's own over them, and the
names its boxes use checked against the theme."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.look.layouts import Layouts
from stamperia.content.look.theme import Theme
from tests.gamefixtures import make_game


def _add_layouts(folder: Path, boxes: list[dict[str, object]]) -> None:
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    manifest["parts"]["layouts"] = "layouts.json"
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "layouts.json").write_text(json.dumps({
        "layouts": [{"id": "back", "width": 63.5, "height": 88.9, "boxes": boxes}]}),
        encoding="utf-8")


def test_a_game_without_a_look_prints_with_the_rulesets() -> None:
    game = load_game(str(Path(__file__).parents[1] / "fixtures" / "tiny"))
    assert {"event", "action", "objective", "back", "token", "faction_sheet"} \
        <= set(game.part(Layouts).layouts)
    assert game.part(Theme).icon_ids == ("boar_print",)


def test_mugrugni_changes_the_look_by_its_theme_alone() -> None:
    sgrunt, mugrugni = load_game("sgrunt"), load_game("mugrugni")
    assert sgrunt.part(Layouts).layouts == mugrugni.part(Layouts).layouts
    assert sgrunt.part(Theme).palette["event"] != mugrugni.part(Theme).palette["event"]
    assert "legere" in mugrugni.part(Theme).icons and "koiles" in sgrunt.part(Theme).icons


def test_a_games_layout_replaces_the_rulesets_of_the_same_id(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [], "sgrunt")
    _add_layouts(folder, [{"id": "only", "x": 10, "y": 10, "width": 20, "height": 10,
                           "text": "game.title"}])
    layouts = load_game(str(folder)).part(Layouts).layouts
    assert [b.id for b in layouts["back"].boxes] == ["only"]
    assert "event" in layouts


def test_unknown_names_in_a_layout_are_content_errors(tmp_path: Path) -> None:
    folder = make_game(tmp_path, [], "sgrunt")
    _add_layouts(folder, [{"id": "a", "x": 0, "y": 0, "width": 5, "height": 5,
                           "fill": "gren"},
                          {"id": "b", "x": 0, "y": 0, "width": 5, "height": 5,
                           "widget": "minimap"}])
    with pytest.raises(ContentProblems) as raised:
        load_game(str(folder))
    messages = [(p.pointer, p.message, p.hint) for p in raised.value.problems
                if p.severity == "error"]
    assert [m[:2] for m in messages] == [
        ("/layouts/0/boxes/0/fill", "unknown palette colour 'gren'"),
        ("/layouts/0/boxes/1/widget", "unknown widget 'minimap'")]
    assert "objective_map" in messages[1][2]
