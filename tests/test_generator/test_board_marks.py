"""The conquest board's marks: bridges never run across a third territory, every kind of
mark the map prints has its legend row, and no link line crosses a territory's name."""

from __future__ import annotations

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import (
    Circle,
    FittedTextBox,
    Group,
    Item,
    Line,
    Point,
    Polyline,
    iter_text_boxes,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.kits.conquest import bordermarks
from stamperia.generator.kits.conquest.board import board_page
from stamperia.generator.kits.conquest.links import segment_hits_box
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.layout.textfit import TextFitter

MM_PER_PT = 25.4 / 72


def test_sgrunt_bridges_across_other_territories_are_lettered_badges() -> None:
    """Guilcer-Villanova was one 87 mm line over Montiferru and Sinis: a bridge joins
    two territories that border (the rulebook's raised stone), so where a straight line
    would cross others each end gets the same letter."""
    board = load_game("sgrunt").part(Conquest).board
    assert board is not None
    found = {b.between: b.letter for b in bordermarks.bridges(board, board.hex_size_mm)}
    assert found == {("marmilla", "ogliastra"): "A", ("guilcer", "villanova"): "B",
                     ("mandrolisai", "sarcidano"): "C"}
    assert bordermarks.kinds(board) == ("stone", "bridge_badge", "port")


def test_a_bridge_whose_line_crosses_no_other_territory_stays_a_line() -> None:
    from dataclasses import replace

    board = load_game("sgrunt").part(Conquest).board
    assert board is not None
    # Sarcidano and Trexenta touch: a declared bridge between them crosses nothing else
    exception = next(e for e in board.exceptions if e.adjacent)
    near = replace(exception, between=("sarcidano", "trexenta"))
    lined = replace(board, exceptions=(near,))
    (bridge,) = bordermarks.bridges(lined, lined.hex_size_mm)
    assert bridge.letter == ""
    assert bordermarks.kinds(lined) == ("bridge", "port")


@pytest.mark.parametrize(("game", "locale"), [("sgrunt", "it"), ("sgrunt", "en"),
                                              ("mugrugni", "it")])
def test_the_legend_explains_every_kind_of_mark(game: str, locale: str) -> None:
    loaded = load_game(game)
    board = loaded.part(Conquest).board
    assert board is not None
    ui = kit_wording(loaded, locale)
    page = board_page(loaded, locale, ui)
    texts = {t.text for t in iter_text_boxes(page.items)}
    kinds = bordermarks.kinds(board)
    assert kinds  # both boards print stones or bridges, and ports
    for kind in kinds:
        assert ui(f"board.mark.{kind}") in texts


def _walk(items: tuple[Item, ...], at: Point) -> list[tuple[Item, Point]]:
    found: list[tuple[Item, Point]] = []
    for item in items:
        if isinstance(item, Group):
            found += _walk(item.items, (at[0] + item.translate[0], at[1] + item.translate[1]))
        else:
            found.append((item, at))
    return found


@pytest.mark.parametrize("game", ["sgrunt", "mugrugni"])
def test_no_link_line_or_mark_crosses_a_territory_name(game: str) -> None:
    """Links keep clear of the names' home boxes where the sea allows, and names move off
    links, stones, bridge badges and port anchors (San Pietro/Sant'Antioco's name lay on
    its port's anchor)."""
    loaded = load_game(game)
    board = loaded.part(Conquest).board
    assert board is not None
    fonts = FontSet.default()
    page = TextFitter(fonts).page(board_page(loaded, "it", kit_wording(loaded, "it")))
    names = {loaded.text("it", f"territory.{t.id}.name") for t in board.territories}
    names |= {loaded.text("it", f"zone.{z.id}.name").upper() for z in board.zones}
    drawn = _walk(page.items[1:2], (0.0, 0.0))  # the map (the legend repeats zone names)
    boxes = []
    for item, (dx, dy) in drawn:
        if isinstance(item, FittedTextBox) and item.box.text in names:
            size = item.fit.size_pt
            width = fonts.text_width_mm(item.box.text, fonts.face_name(item.box.font, True), size)
            middle = item.box.x + item.box.width / 2 + dx
            top = item.lines[0].baseline - size * 0.75 * MM_PER_PT + dy
            boxes.append((item.box.text, (middle - width / 2, top, width, size * MM_PER_PT)))
    assert len(boxes) >= len(board.territories)
    lines = [tuple((x + dx, y + dy) for x, y in item.points)
             for item, (dx, dy) in drawn if isinstance(item, Polyline)]
    lines += [((item.x1 + dx, item.y1 + dy), (item.x2 + dx, item.y2 + dy))
              for item, (dx, dy) in drawn if isinstance(item, Line) and item.style.dash]
    assert lines
    crossed = sorted({name for name, box in boxes for line in lines
                      for p, q in zip(line, line[1:], strict=False)
                      if segment_hits_box(p, q, box)})
    assert crossed == []
    discs = [(item.cx + dx - item.r, item.cy + dy - item.r, 2 * item.r, 2 * item.r)
             for item, (dx, dy) in drawn if isinstance(item, Circle)]
    assert discs
    covered = sorted({name for name, box in boxes for disc in discs if _overlap(box, disc)})
    assert covered == []


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
