"""Whole pages drawn by layouts (generator.layout.pages): a page layout that cannot be drawn is a
content error at its file, line and JSON pointer, and a game's layouts replace the
ruleset's page layouts by id."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.errors import ContentError
from stamperia.content.loader import load_game
from stamperia.content.look.layouts import Layout, build_layouts
from stamperia.content.validation.document import parse_document, validate_document
from stamperia.content.validation.schemas import SchemaSet
from stamperia.generator.draw.drawing import iter_text_boxes
from stamperia.generator.kits.iwari.kit import PACKAGE as IWARI
from stamperia.generator.kits.iwari.look import iwari_look
from stamperia.generator.kits.warland.kit import PACKAGE as WARLAND
from stamperia.generator.kits.warland.look import warland_look
from stamperia.generator.kits.warland.tracking import tracking_pages
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.layout.pages import PageLayoutError, Pages, ruleset_pages
from stamperia.generator.print.sizes import Size, paper_size
from stamperia.generator.uitext import ui_text
from tests.gamefixtures import make_game

A4_LANDSCAPE = Size("a4", 297, 210)


def _layouts(tmp_path: Path, boxes: list[dict[str, Any]]) -> Mapping[str, Layout]:
    path = tmp_path / "pages.json"
    path.write_text(json.dumps({"layouts": [{"id": "score_board", "width": 297,
                                             "height": 210, "boxes": boxes}]}, indent=1),
                    encoding="utf-8")
    problems: list[ContentError] = []
    document = parse_document(path, problems)
    assert document is not None
    valid = validate_document(document, "layouts", SchemaSet(), problems)
    assert valid is not None and not problems
    return build_layouts(valid).layouts


def _problem(tmp_path: Path, boxes: list[dict[str, Any]], fields: dict[str, Any]
             ) -> ContentError:
    game = load_game("iwari")
    pages = Pages(_layouts(tmp_path, boxes), iwari_look(game, "it", ui_text("it")))
    with pytest.raises(PageLayoutError) as raised:
        pages.draw("score_board", "score board", fields, A4_LANDSCAPE)
    problem = raised.value.problem
    assert problem.file.endswith("pages.json") and problem.code
    return problem


TRACK = {"id": "track", "kind": "widget", "widget": "score_track", "x": 10, "y": 20,
         "width": 277, "height": 180}


def test_a_widget_box_outside_the_page_is_a_content_error(tmp_path: Path) -> None:
    problem = _problem(tmp_path, [{**TRACK, "y": 40}], {})
    assert (problem.line, problem.pointer) == (8, "/layouts/0/boxes/0")
    assert problem.message == ("box 'track' (10,40 to 287,220 mm) lies outside the 297x210 mm "
                               "page of layout 'score_board'")


def test_an_unknown_widget_is_a_content_error(tmp_path: Path) -> None:
    problem = _problem(tmp_path, [{**TRACK, "widget": "score_trak"}], {})
    assert (problem.line, problem.pointer) == (11, "/layouts/0/boxes/0/widget")
    assert problem.message == "unknown widget 'score_trak'"
    assert problem.hint == "did you mean 'score_track'?"


def test_a_binding_the_page_lacks_is_a_content_error(tmp_path: Path) -> None:
    title = {"id": "title", "x": 10, "y": 6, "width": 277, "height": 12, "field": "titel"}
    problem = _problem(tmp_path, [title, TRACK], {"title": "IWARI"})
    assert (problem.line, problem.pointer) == (14, "/layouts/0/boxes/0/field")
    assert problem.message == ("box 'title' of layout 'score_board' reads the field 'titel', "
                               "which this page does not have")
    assert problem.hint == "did you mean 'title'?"
    fill = {"id": "band", "x": 10, "y": 6, "width": 20, "height": 12, "fill": "biome_{biome}"}
    problem = _problem(tmp_path, [fill], {})
    assert (problem.pointer, problem.hint) == ("/layouts/0/boxes/0/fill",
                                               "the page has: no fields")


def test_a_palette_name_the_theme_lacks_is_a_content_error(tmp_path: Path) -> None:
    problem = _problem(tmp_path, [{**TRACK, "stroke": "score_line"}], {})
    assert (problem.pointer, problem.message) == ("/layouts/0/boxes/0/stroke",
                                                  "unknown palette colour 'score_line'")


@pytest.mark.parametrize("package", [IWARI, WARLAND])
def test_the_shipped_page_layouts_load(package: str) -> None:
    assert ruleset_pages(package)


def test_a_games_layouts_replace_a_page_layout(tmp_path: Path) -> None:
    """An edition moves the tracking sheet's title and drops the reminder: its `layouts`
    part holds a `tracking_sheet` layout, which the kit draws instead of the ruleset's."""
    own = {"layouts": [{"id": "tracking_sheet", "width": 297, "height": 210, "boxes": [
        {"id": "title", "x": 12, "y": 100, "width": 273, "height": 11,
         "text": "ui.warland.sheet.title", "size": 13, "colour": "ink"}]}]}
    folder = make_game(tmp_path, [
        {"op": "write", "file": "layouts.json", "text": json.dumps(own)},
        {"op": "set", "file": "game.json", "pointer": "/parts/layouts",
         "value": "layouts.json"}], game="warland")
    game = load_game(str(folder))
    look = warland_look(game, "it", kit_wording(game, "it"))
    sheet = tracking_pages(game, "it", Pages.of(look, ruleset_pages(WARLAND)),
                           paper_size("a4"))[0]
    boxes = list(iter_text_boxes(sheet.items))
    assert [(b.text, b.y) for b in boxes] == [("WARLAND: foglio di conto · Rossi", 100.0)]
    shipped = load_game("warland")
    look = warland_look(shipped, "it", kit_wording(shipped, "it"))
    sheet = tracking_pages(shipped, "it", Pages.of(look, ruleset_pages(WARLAND)),
                           paper_size("a4"))[0]
    assert [b.y for b in iter_text_boxes(sheet.items)][:2] == [12.0, 24.5]


def test_a_page_grows_around_its_map_keeping_the_margins() -> None:
    """The map side's page is the map at true scale plus the margins the layout draws:
    the title spans the map's width, the map's box is the map's size."""
    from stamperia.generator.layout.fit import grow_layout

    layout = ruleset_pages(IWARI)["map_side"]
    anchor = next(b for b in layout.boxes if b.widget == "map_side")
    grown = grow_layout(layout, anchor, 300.0, 200.0)
    boxes = {b.id: (b.x, b.y, b.width, b.height) for b in grown.boxes}
    assert grown.size == (324.0, 238.0)
    assert boxes == {"title": (12.0, 3.0, 300.0, 11.0), "map": (12.0, 26.0, 300.0, 200.0)}


@pytest.mark.parametrize(("game_name", "package", "layout_id"), [
    ("warland", WARLAND, "tracking_sheet"), ("warland", WARLAND, "ruler"),
    ("iwari", IWARI, "score_board")])
def test_an_edition_may_restate_a_page_layout_with_its_widgets(
        tmp_path: Path, game_name: str, package: str, layout_id: str) -> None:
    """The page widgets (the ruled table, the ruler's bar and sections, the score track)
    are widgets a game's own layouts may place, not only the ruleset's pages.json."""
    from click.testing import CliRunner

    from stamperia.cli import cli

    folder_of_package = Path(str(importlib.import_module(package).__file__)).parent
    shipped = json.loads((folder_of_package / "look" / "pages.json").read_text(encoding="utf-8"))
    layout = next(item for item in shipped["layouts"] if item["id"] == layout_id)
    assert any(box.get("kind") == "widget" for box in layout["boxes"])
    folder = make_game(tmp_path, [
        {"op": "write", "file": "layouts.json", "text": json.dumps({"layouts": [layout]})},
        {"op": "set", "file": "game.json", "pointer": "/parts/layouts",
         "value": "layouts.json"}], game=game_name)
    result = CliRunner().invoke(cli, ["check", str(folder), "--no-balance"])
    assert result.exit_code == 0, result.output
    assert "unknown widget" not in result.output
    assert "[R015]" not in result.output
