"""The `cards` ruleset's hex board: regions of cells drawn by the shared hex map as the
board page and as the `hex_map` widget of a layout, and its content errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import Group, MultiPath, Page, TextBox
from stamperia.generator.kitdocument import KitOptions
from stamperia.generator.kits.cards.kit import documents
from stamperia.generator.print.imposition import Duplex
from stamperia.generator.print.sizes import card_size, paper_size
from stamperia.generator.uitext import ui_text

REGIONS = [
    {"id": "woods", "fill": "forest", "group": "land",
     "cells": [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1]]},
    {"id": "port", "fill": "gold", "group": "land", "cells": [[2, 1], [3, 1], [3, 0]]},
    {"id": "ridge", "fill": "ember", "group": "hills", "cells": [[0, 2], [1, 2], [0, 3]]}]
MAP_BOX = '''{"id": "map", "kind": "widget", "widget": "hex_map"'''
"""The template's reference sheet places the hex board: every test starts from it."""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["new", "demo"]).exit_code == 0
    return tmp_path / "demo"


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _add_board(game: Path, board: dict[str, Any], names: bool = True) -> None:
    """The template's board replaced by `board` (with its regions' names, or none)."""
    assert MAP_BOX in (game / "layouts.json").read_text(encoding="utf-8")
    _edit(game / "cards.json", lambda data: data.__setitem__("board", board))
    names_of = {r["id"]: {"name": r["id"].title()} for r in board.get("regions", [])}
    _edit(game / "strings" / "en.json", lambda data: data.__setitem__("region", names_of)
          if names else data.pop("region"))


def _check(game: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", game.name, "--no-balance"])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _pages(game: Path) -> dict[str, tuple[Page, ...]]:
    options = KitOptions(paper_size("a4"), card_size("poker"), Duplex.LONG)
    return {d.stem: d.pages for d in documents(load_game(str(game)), "en", ui_text("en"),
                                               options)}


def test_a_hex_board_prints_as_a_page_and_in_a_layouts_widget(game: Path) -> None:
    _add_board(game, {"hex_size_mm": 14, "sea": "mist", "regions": REGIONS})
    assert _check(game)[0] == 0
    pages = _pages(game)
    [board] = pages["board-large"]
    drawn = next(i for i in board.items if isinstance(i, Group))
    fills = [i.style.fill for i in drawn.items if isinstance(i, MultiPath) and i.closed]
    assert fills == ["#3e6b3a", "#d9a521", "#b5452f"]  # forest, gold, ember
    assert {i.text for i in drawn.items if isinstance(i, TextBox)} == {"Woods", "Port",
                                                                      "Ridge"}
    assert pages["board-tiles"]
    [sheet] = pages["reference"]
    [widget] = [i for i in sheet.items if isinstance(i, Group)]
    assert {i.text for i in widget.items if isinstance(i, TextBox)} == {"Woods", "Port",
                                                                       "Ridge"}
    built = CliRunner().invoke(cli, ["build", "demo", "--out", "out"])
    assert built.output == "demo: 8 file(s), 14 PDF page(s) in out/demo\n"


@pytest.mark.parametrize(("board", "expected"), [
    ({"hex_size_mm": 14, "regions": [REGIONS[0], {**REGIONS[1], "cells": [[1, 1]]}]},
     "demo/cards.json:107: /board/regions/1/cells/0: cell [1, 1] is in region 'woods' and "
     "in 'port' (give each cell to one region)"),
    ({"hex_size_mm": 14, "regions": [{**REGIONS[0], "fill": "forrest"}]},
     "demo/cards.json:77: /board/regions/0/fill: unknown palette colour 'forrest' (did you "
     "mean 'forest'?)"),
    ({"hex_size_mm": 14, "image": "art/landscape.png", "regions": REGIONS},
     "demo/cards.json:72: /board: a board is a picture (image) or a hex map (hex_size_mm, "
     "regions), not both"),
    ({"regions": REGIONS},
     "demo/cards.json:72: /board: a hex board needs hex_size_mm"),
])
def test_a_bad_hex_board_is_named_at_its_pointer(game: Path, board: dict[str, Any],
                                                 expected: str) -> None:
    _add_board(game, board)
    code, output = _check(game)
    assert code == 1
    assert expected in output, output


def test_a_region_without_a_name_and_a_widget_without_a_board_are_errors(game: Path) -> None:
    _add_board(game, {"hex_size_mm": 14, "regions": REGIONS[:1]}, names=False)
    code, output = _check(game)
    assert code == 1 and "region.woods.name" in output
    _edit(game / "cards.json", lambda data: data.pop("board"))
    code, output = _check(game)
    assert code == 1
    assert ("demo/layouts.json:74: /layouts/4/boxes/3/widget: box 'map' draws the hex "
            "board, and the game has none (give cards.json a board with hex_size_mm and "
            "regions)") in output


def test_the_template_shows_the_hex_board_as_it_is(game: Path) -> None:
    """`stamperia new` gives the board at once: a page, tiles and the sheet's widget."""
    assert _check(game)[0] == 0
    pages = _pages(game)
    [board] = pages["board-large"]
    drawn = next(i for i in board.items if isinstance(i, Group))
    assert {i.text for i in drawn.items if isinstance(i, TextBox)} == {"Woods", "Port",
                                                                      "Ridge"}
