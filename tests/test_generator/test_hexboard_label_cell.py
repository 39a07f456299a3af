"""Where a region's name goes: hexboard.label_cell."""

from __future__ import annotations

from stamperia.generator.layout.hexboard import label_cell


def test_a_region_of_one_cell_is_named_on_it() -> None:
    assert label_cell(((7, 3),)) == (7, 3)


def test_a_row_of_cells_is_named_on_its_middle() -> None:
    assert label_cell(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))) == (2, 0)


def test_the_largest_part_is_named_not_a_lone_cell() -> None:
    # a lone cell far away, and a part of three whose middle is (11, 0)
    assert label_cell(((0, 5), (10, 0), (11, 0), (12, 0))) == (11, 0)
