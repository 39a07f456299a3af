"""Paper and card size names and custom 'WxH' parsing."""

from __future__ import annotations

import pytest

from stamperia.generator.print.sizes import SizeError, card_size, paper_size, parse_size


@pytest.mark.parametrize(
    ("name", "width", "height"),
    [("A4", 210.0, 297.0), ("letter", 215.9, 279.4), ("a3", 297.0, 420.0),
     ("A2", 420.0, 594.0), ("a1", 594.0, 841.0)],
)
def test_paper_presets(name: str, width: float, height: float) -> None:
    size = paper_size(name)
    assert (size.width, size.height) == (width, height)


@pytest.mark.parametrize(
    ("name", "width", "height"),
    [("poker", 63.5, 88.9), ("trading", 63.0, 88.0), ("bridge", 57.2, 88.9),
     ("mini", 44.5, 63.5), ("mini_euro", 44.0, 67.0), ("skat", 58.9, 90.7),
     ("tarot", 70.0, 120.0), ("square", 70.0, 70.0), ("business", 88.9, 50.8)],
)
def test_card_presets(name: str, width: float, height: float) -> None:
    size = card_size(name)
    assert (size.width, size.height) == (width, height)


@pytest.mark.parametrize(
    ("text", "width", "height"),
    [("63x88", 63.0, 88.0), ("63.5 x 88.9", 63.5, 88.9), ("63,5×88,9 mm", 63.5, 88.9),
     ("70X120", 70.0, 120.0)],
)
def test_custom_sizes(text: str, width: float, height: float) -> None:
    size = parse_size(text)
    assert (size.width, size.height) == (width, height)
    assert card_size(text) == size


@pytest.mark.parametrize("text", ["", "63", "63x", "x88", "63x0", "large", "-5x10"])
def test_bad_sizes_raise_size_error(text: str) -> None:
    with pytest.raises(SizeError):
        card_size(text)


def test_unknown_paper_lists_known_names() -> None:
    with pytest.raises(SizeError, match="a4"):
        paper_size("B5")


def test_orientation_helpers() -> None:
    business = card_size("business")
    assert business.portrait().width == 50.8
    assert business.landscape().width == 88.9
