"""CMYK for print shops through the FOGRA39L profile: greys and black text on the black
plate alone, rich black for large dark areas, and no colour past the ink limit."""

from __future__ import annotations

import pytest

from stamperia.generator.draw.colourmode import ColourMode, palette_for
from stamperia.generator.draw.drawing import Page, Rect, Style
from stamperia.generator.draw.press import RICH_BLACK, Press, Role


@pytest.mark.parametrize(("colour", "expected"), [
    ("#000000", (0.0, 0.0, 0.0, 1.0)),
    ("#1f1f1f", (0.0, 0.0, 0.0, 1.0)),   # the kit's ink: K100 for text, not four plates
    ("#777777", (0.0, 0.0, 0.0, 0.671)),  # a grey: its lightness on K alone
    ("#ffffff", (0.0, 0.0, 0.0, 0.0)),
])
def test_text_and_thin_lines_in_a_neutral_print_on_black_alone(
        colour: str, expected: tuple[float, ...]) -> None:
    assert Press().colour(colour, Role.LINE) == expected


def test_a_large_black_area_is_rich_black_and_a_grey_area_stays_on_black() -> None:
    press = Press()
    assert press.colour("#000000", Role.AREA) == RICH_BLACK
    assert press.colour("#777777", Role.AREA) == (0.0, 0.0, 0.0, 0.671)


@pytest.mark.parametrize(("colour", "expected"), [
    ("#ff0000", (0.0, 0.961, 0.984, 0.0)),
    ("#0b4183", (0.937, 0.671, 0.0, 0.263)),
    ("#2f5d8a", (0.8, 0.467, 0.075, 0.322)),
])
def test_colours_go_through_the_profile_not_a_formula(colour: str,
                                                      expected: tuple[float, ...]) -> None:
    # The naive formula gave #ff0000 as C0 M100 Y100 K0 and #0b4183 as C91.6 M50.4 Y0 K48.6.
    assert Press().colour(colour, Role.AREA) == expected


@pytest.mark.parametrize("limit", [240.0, 300.0, 320.0])
@pytest.mark.parametrize("colour", ["#000080", "#0a2a0a", "#000000", "#102010", "#4a0000"])
def test_no_colour_passes_the_ink_limit(limit: float, colour: str) -> None:
    press = Press(limit)
    for role in Role:
        assert sum(press.colour(colour, role)) <= limit / 100 + 1e-9


def test_a_dark_saturated_colour_is_held_to_240_percent_keeping_its_black() -> None:
    c, m, y, k = Press(240.0).colour("#0a2a0a", Role.AREA)
    c3, m3, y3, k3 = Press(300.0).colour("#0a2a0a", Role.AREA)
    assert c + m + y + k <= 2.4 < c3 + m3 + y3 + k3
    assert k == k3


def test_a_documents_palette_has_line_and_area_inks() -> None:
    page = Page(50, 50, (Rect(0, 0, 50, 50, Style(fill="#000000", stroke="#000000")),))
    palettes = palette_for([page], ColourMode.CMYK, 240.0)
    assert palettes.line["#000000"] == (0.0, 0.0, 0.0, 1.0)
    assert palettes.area["#000000"] == RICH_BLACK
