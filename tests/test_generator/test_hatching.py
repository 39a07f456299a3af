"""Zone hatches: one family of lines per direction, clipped to each cell, so zones read
apart without colour."""

from __future__ import annotations

import math

import pytest

from stamperia.content.loader import load_game
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import Group, MultiPath
from stamperia.generator.kits.conquest.board import board_page
from stamperia.generator.kits.conquest.hatching import clip_to_convex, hatch
from stamperia.generator.kitwords import kit_wording

SQUARE = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))


def test_lines_are_clipped_to_the_polygon_at_the_spacing() -> None:
    horizontal = clip_to_convex(SQUARE, 0.0, 2.5)
    assert sorted(round(a[1], 6) for a, _ in horizontal) == [2.5, 5.0, 7.5]
    assert all(math.isclose(abs(b[0] - a[0]), 10.0) for a, b in horizontal)
    diagonal = clip_to_convex(SQUARE, 45.0, 2.0)
    for a, b in diagonal:
        assert all(-1e-9 <= v <= 10 + 1e-9 for v in (*a, *b))
        assert math.isclose(b[0] - a[0], b[1] - a[1], abs_tol=1e-9)  # runs at 45 degrees
    assert hatch((SQUARE,), "none", 2.0, 0.1, "#000000") == []
    crossed = hatch((SQUARE,), "cross", 2.0, 0.1, "#000000")
    assert len(crossed) == 1 and isinstance(crossed[0], MultiPath)
    assert len(crossed[0].subpaths) == 2 * len(diagonal)


def test_lines_continue_from_one_cell_to_the_next() -> None:
    """Two squares side by side: every line leaving the first enters the second."""
    right = tuple((x + 10.0, y) for x, y in SQUARE)
    ends = {(round(b[0], 6), round(b[1], 6)) for _, b in clip_to_convex(SQUARE, 45.0, 2.0)
            if math.isclose(b[0], 10.0) and b[1] < 9.999}
    starts = {(round(a[0], 6), round(a[1], 6)) for a, _ in clip_to_convex(right, 45.0, 2.0)
              if math.isclose(a[0], 10.0) and a[1] < 9.999}
    assert ends and ends == starts


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_hatched_zones_are_hatched_on_the_map_and_in_the_legend(name: str) -> None:
    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    hatched = [z for z in board.zones if z.hatch != "none"]
    assert hatched
    page = board_page(game, "it", kit_wording(game, "it"))
    map_group, legend = (i for i in page.items if isinstance(i, Group))
    faint = [i for i in map_group.items if isinstance(i, MultiPath) and i.style.opacity < 0.5]
    swatches = [i for i in legend.items if isinstance(i, MultiPath)]
    assert len(faint) == len(swatches) == len(hatched)
