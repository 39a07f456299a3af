"""What lies under a text, found through the grid of painted shapes (generator.layout.legibility):
shapes of several parts, and shapes reaching one grid square or many."""

from __future__ import annotations

from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    MultiPath,
    Page,
    Rect,
    Rotation,
    Style,
    TextBox,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.layout.legibility import page_findings
from stamperia.generator.layout.textfit import fit_pages

FONTS = FontSet.default()
YELLOW = Style(fill="#e0b422", stroke=None)
# painted after the shapes under test, away from the texts: the search must go deeper
ELSEWHERE = tuple(Circle(80 + i % 5 * 3, 80 + i // 5 * 3, 1, Style(fill="#000000", stroke=None))
                  for i in range(40))


def _backgrounds(*items: Rect | MultiPath | Circle | TextBox | Group) -> list[str | None]:
    page = fit_pages([Page(100, 100, tuple(items), "test")], FONTS)[0]
    return [f.background for f in page_findings(page)]


def _label(x: float, y: float) -> TextBox:
    return TextBox(x, y, 8, 4, "x", size=6, colour="#ffffff")


def _square(x: float, y: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + 10, y), (x + 10, y + 10), (x, y + 10))


def test_each_part_of_a_shape_of_several_parts_holds_its_texts() -> None:
    parts = MultiPath((_square(2, 2), _square(62, 42)), closed=True, style=YELLOW)
    assert _backgrounds(parts, *ELSEWHERE, _label(3, 5)) == ["#e0b422"]
    assert _backgrounds(parts, *ELSEWHERE, _label(63, 45)) == ["#e0b422"]
    # between its parts, inside their common box, lies the paper
    assert _backgrounds(parts, *ELSEWHERE, _label(33, 25)) == ["#ffffff"]


def test_a_shape_in_one_grid_square_and_one_across_many_are_both_found() -> None:
    small = MultiPath((_square(45, 45),), closed=True, style=YELLOW)  # one 20 mm square
    wide = Rect(0, 0, 70, 30, Style(fill="#222222", stroke=None))  # four by two squares
    assert _backgrounds(wide, small, *ELSEWHERE, _label(46, 48)) == ["#e0b422"]
    assert _backgrounds(wide, small, *ELSEWHERE, _label(55, 20)) == []  # white on dark
    assert _backgrounds(wide, small, *ELSEWHERE, _label(55, 40)) == ["#ffffff"]
    assert _backgrounds(small, wide, *ELSEWHERE, _label(2, 2), _label(46, 48)) == [
        "#e0b422"]  # the first reads on the dark rect; the second on the small square


def test_a_shape_turned_on_its_side_is_found_where_it_lands() -> None:
    """A strip 40 x 10 mm turned by 90° and moved to (50, 10) covers x 40..50, y 10..50
    (a mini-map drawn on its side)."""
    strip = Group((Rect(0, 0, 40, 10, YELLOW),), translate=(50, 10), rotation=Rotation(90))
    assert _backgrounds(strip, *ELSEWHERE, _label(41, 25)) == ["#e0b422"]
    assert _backgrounds(strip, *ELSEWHERE, _label(41, 52)) == ["#ffffff"]  # below its end
    assert _backgrounds(strip, *ELSEWHERE, _label(20, 25)) == ["#ffffff"]  # where it was
