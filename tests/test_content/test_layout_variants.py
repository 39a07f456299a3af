"""A layout's variants by the shape of the component: which one a size gets, and the
problems of a variant that names no layout or a layout without a size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.errors import ContentError
from stamperia.content.look.layouts import Layouts, aspect, build_layouts
from stamperia.content.validation.document import parse_document


def layouts(tmp_path: Path, data: dict[str, Any]) -> Layouts:
    path = tmp_path / "layouts.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    problems: list[ContentError] = []
    document = parse_document(path, problems)
    assert document is not None and not problems
    return build_layouts(document)


TEXT = {"id": "title", "field": "title", "x": 5, "y": 5, "width": 50, "height": 10}


@pytest.mark.parametrize(("width", "height", "shape"), [
    (63.5, 88.9, "portrait"), (88.9, 50.8, "landscape"), (70, 70, "square"),
    (70, 80.5, "square"), (70, 80.6, "portrait"), (80.6, 70, "landscape"),
    (44.5, 63.5, "portrait"), (70, 120, "portrait"),
])
def test_a_component_is_square_within_fifteen_percent(width: float, height: float,
                                                      shape: str) -> None:
    assert aspect(width, height) == shape


def test_each_shape_gets_its_variant_or_the_layout_itself(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [
        {"id": "card", "width": 63.5, "height": 88.9, "boxes": [TEXT],
         "variants": {"landscape": "card_wide"}},
        {"id": "card_wide", "width": 88.9, "height": 63.5, "boxes": [TEXT]}]})
    card = found.layouts["card"]
    assert found.references() == []
    assert card.for_aspect(88.9, 50.8) == "card_wide"
    assert card.for_aspect(63.5, 88.9) == "card"
    assert card.for_aspect(70, 70) == "card"  # no square variant: the layout, scaled
    assert found.layouts["card_wide"].variants == {}


def test_a_variant_must_name_a_layout_and_its_layout_a_size(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [
        {"id": "card", "width": 63.5, "height": 88.9, "boxes": [TEXT],
         "variants": {"square": "card_sqare"}},
        {"id": "card_square", "boxes": [TEXT], "variants": {"landscape": "card"}}]})
    assert [(p.pointer, p.message, p.hint) for p in found.references()] == [
        ("/layouts/0/variants/square", "unknown layout 'card_sqare'",
         "did you mean 'card_square'?"),
        ("/layouts/1/variants/landscape", "layout 'card_square' has variants but no width "
         "and height", "give the size it is drawn for: a variant is chosen by the shape of "
         "the component it is scaled to")]
