"""The print guide is the `guide` layout (generator/guide.layouts.json): a game's own
`guide` layout replaces it, and one that cannot be drawn is a content error that
`stamperia check` reports at its file, line and JSON pointer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.content.loader import load_game
from stamperia.generator.draw.drawing import iter_text_boxes
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.layout.pages import PageLayoutError
from stamperia.generator.print.guide import GuideEntry, guide_page
from stamperia.generator.print.sizes import paper_size
from tests.gamefixtures import make_game

ENTRIES = (GuideEntry("cards.pdf", "Carte", 2, "long", 9, "poker"),
           GuideEntry("tokens.pdf", "Segnalini", 1, "none"))


def _with_guide(tmp_path: Path, boxes: list[dict[str, object]]) -> Path:
    own = {"layouts": [{"id": "guide", "width": 210, "height": 297, "boxes": boxes}]}
    return make_game(tmp_path, [
        {"op": "write", "file": "layouts.json", "text": json.dumps(own, indent=1)},
        {"op": "set", "file": "game.json", "pointer": "/parts/layouts",
         "value": "layouts.json"}], game="splut")


def test_the_guide_lists_one_line_a_file_and_moves_what_follows() -> None:
    game = load_game("splut")
    ui = kit_wording(game, "it")
    texts = {len(entries): [(b.text, round(b.y, 2)) for b in iter_text_boxes(
        guide_page(game, "it", ui, paper_size("a4"), entries).items)]
        for entries in (ENTRIES[:1], ENTRIES)}
    one, two = texts[1], texts[2]
    assert one[4][0].startswith("cards.pdf — Carte — 2 pagine — 9 carte")
    assert two[5][0].startswith("tokens.pdf — Segnalini — 1 pagina")
    assert two[5][1] - two[4][1] == pytest.approx(7.26, abs=0.01)  # one line and its gap
    assert [y for _, y in two[6:]] == [pytest.approx(y + 7.26, abs=0.01) for _, y in one[5:]]
    assert any(t == ui("guide.calibration") for t, _ in two)  # a file prints duplex


def test_a_games_guide_layout_replaces_the_packages(tmp_path: Path) -> None:
    folder = _with_guide(tmp_path, [
        {"id": "title", "x": 15, "y": 100, "width": 180, "height": 12,
         "text": "ui.guide.title", "size": 20, "colour": "ink"}])
    game = load_game(str(folder))
    page = guide_page(game, "it", kit_wording(game, "it"), paper_size("a4"), ENTRIES)
    assert [(b.text, b.y) for b in iter_text_boxes(page.items)] == [
        ("SPLUT!: kit print-and-play", 100.0)]


def test_a_guide_box_outside_the_page_is_a_content_error(tmp_path: Path) -> None:
    folder = _with_guide(tmp_path, [
        {"id": "title", "x": 15, "y": 290, "width": 180, "height": 12,
         "text": "ui.guide.title", "size": 20, "colour": "ink"}])
    with pytest.raises(PageLayoutError) as raised:
        game = load_game(str(folder))
        guide_page(game, "it", kit_wording(game, "it"), paper_size("a4"), ENTRIES)
    assert raised.value.problem.pointer == "/layouts/0/boxes/0"
    result = CliRunner().invoke(cli, ["check", str(folder), "--no-balance"])
    assert result.exit_code == 1
    assert (f"{folder / 'layouts.json'}:8: /layouts/0/boxes/0: box 'title' (15,290 to 195,302 "
            "mm) lies outside the 210x297 mm page of layout 'guide' (move or shrink it) [R015]"
            ) in result.output
