"""CMYK for print shops: greys on black ink alone, and no colour past 240 % ink."""

from __future__ import annotations

import pytest

from stamperia.generator.draw.colourmode import cmyk


@pytest.mark.parametrize(("colour", "expected"), [
    ("#000000", (0.0, 0.0, 0.0, 1.0)),
    ("#777777", (0.0, 0.0, 0.0, 0.533)),
    ("#ff0000", (0.0, 1.0, 1.0, 0.0)),
    ("#0b4183", (0.916, 0.504, 0.0, 0.486)),  # 190 %: unchanged
])
def test_colours_within_the_limit_convert_naively(colour: str,
                                                  expected: tuple[float, ...]) -> None:
    assert cmyk(colour) == expected


def test_a_dark_saturated_colour_is_held_to_240_percent_keeping_its_black() -> None:
    # Navy is 100 % C + 100 % M + 49.8 % K naively: 250 %.
    c, m, y, k = cmyk("#000080")
    assert (c, m, y, k) == (0.951, 0.951, 0.0, 0.498)
    assert c + m + y + k <= 2.4
