"""A layout drawn for one size, fitted to the component printed, and names filled per card."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.content.errors import Origin
from stamperia.content.look.layouts import Box, Layout
from stamperia.content.look.theme import Theme
from stamperia.content.model import frozen_mapping
from stamperia.generator.draw.drawing import Rect, TextBox
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.themefonts import theme_families
from stamperia.generator.layout.fit import fit_layout
from stamperia.generator.layout.render import LayoutContext, render_layout, resolve_name
from stamperia.generator.layout.richtext import RichSetter
from stamperia.generator.print.sizes import Size

AT = Origin("layouts.json", "", 1)
POKER = Size("poker", 63.5, 88.9)


def box(**values: object) -> Box:
    base: dict[str, object] = {"id": "b", "kind": "shape", "x": 0.0, "y": 0.0,
                               "width": 10.0, "height": 10.0, "origin": AT}
    base.update(values)
    return Box(**base)  # type: ignore[arg-type]


def layout(*boxes: Box) -> Layout:
    return Layout("card", boxes, AT, (63.5, 88.9))


def test_on_its_own_size_a_layout_is_unchanged_but_for_the_bleed() -> None:
    drawn = layout(box(id="bg", x=-3, y=-3, width=69.5, height=94.9, fill="ink"),
                   box(id="text", kind="text", x=5, y=6, width=20, height=8, size=10,
                       min_size=6))
    fitted = fit_layout(drawn, POKER, 5.0)
    background, text = fitted.boxes
    assert (background.x, background.y) == (-5.0, -5.0)
    assert (background.width, background.height) == (73.5, 98.9)
    assert text == drawn.boxes[1]


def test_a_smaller_card_scales_boxes_and_type_by_one_factor() -> None:
    mini = Size("mini", 44.0, 63.0)
    factor = min(44.0 / 63.5, 63.0 / 88.9)
    text = fit_layout(layout(box(kind="text", x=10, y=20, width=40, height=10, size=10,
                                 min_size=5)), mini, 3.0).boxes[0]
    assert (text.x, text.y, text.width) == pytest.approx((10 * factor, 20 * 63.0 / 88.9,
                                                          40 * factor))
    assert text.size == round(10 * factor, 2)
    assert text.min_size == 6.0  # 5 * factor is below the smallest size a kit prints


def test_scaled_down_text_stops_at_six_points_unless_drawn_smaller() -> None:
    mini = Size("mini", 44.0, 63.0)
    big, fixed, tiny = fit_layout(layout(
        box(id="a", kind="text", x=5, y=5, width=40, height=10, size=8, min_size=7),
        box(id="b", kind="text", x=5, y=20, width=40, height=10, size=7),
        box(id="c", kind="text", x=5, y=40, width=40, height=10, size=5, min_size=4)),
        mini, 3.0).boxes
    assert (big.size, big.min_size) == (6.0, 6.0)
    assert (fixed.size, fixed.min_size) == (6.0, None)
    assert (tiny.size, tiny.min_size) == (5.0, 5.0)


def test_a_frame_keeps_its_distance_from_the_trim_on_a_small_card() -> None:
    frame = box(x=6, y=6, width=51.5, height=76.9, stroke="ink")
    fitted = fit_layout(layout(frame), Size("mini", 44.0, 63.0), 3.0).boxes[0]
    assert fitted.x == fitted.y == 5.5
    assert 44.0 - fitted.x - fitted.width == pytest.approx(5.5)
    assert 63.0 - fitted.y - fitted.height == pytest.approx(5.5)


def test_names_take_the_cards_fields() -> None:
    assert resolve_name("faction_{faction}_ink", {"faction": "iskra"}) == "faction_iskra_ink"
    assert resolve_name("card.{deck}.{card}.name", {"deck": "events", "card": "furia"}) \
        == "card.events.furia.name"
    assert resolve_name("ink", {}) == "ink"


def test_a_templated_colour_and_key_are_filled_per_record() -> None:
    theme = Theme(frozen_mapping({"ink": "#111111", "faction_a": "#004e91",
                                  "faction_b": "#d0332f"}), frozen_mapping({}),
                  frozen_mapping({}), 2.0, frozen_mapping({}), frozen_mapping({}),
                  frozen_mapping({}), str(Path()), AT)
    strings = {"faction.a.name": "Alfa", "faction.b.name": "Beta"}
    context = LayoutContext(theme, lambda key: strings.get(key, key), {},
                            RichSetter(FontSet(theme_families(None)), {}), {})
    drawn = Layout("x", (box(fill="faction_{f}"),
                         box(id="t", kind="text", text="faction.{f}.name")), AT)
    band, name = render_layout(drawn, "x", {"f": "b"}, context)
    assert isinstance(band, Rect) and band.style.fill == "#d0332f"
    assert isinstance(name, TextBox) and name.text == "Beta"
    assert name.source is not None and name.source.key == "faction.b.name"


def test_a_fitted_layout_is_the_layout_fitted_to_each_size_bleed_and_game() -> None:
    """Look draws every card through fitted_layout, which fits each layout once per
    size: it must give what fit_layout gives, for every size, bleed and design size,
    and never one game's layout for another's of the same id."""
    from stamperia.content.look.layouts import Layouts
    from stamperia.generator.layout.context import fitted_layout

    text = box(id="t", kind="text", x=5, y=6, width=20, height=8, size=10, min_size=6)
    ours = Layouts({"card": layout(text)}, 3.0, AT)
    theirs = Layouts({"card": layout(box(id="t", kind="text", x=1, y=1, width=9, height=9,
                                         size=8))}, 3.0, AT)
    unsized = Layouts({"card": Layout("card", (text,), AT, None)}, 3.0, AT)
    mini = Size("mini", 44.0, 63.0)
    for _ in range(2):  # the second time from what was kept
        for size, bleed in ((POKER, 3.0), (mini, 3.0), (mini, 5.0)):
            assert fitted_layout(ours, "card", size, bleed, None) == fit_layout(
                ours.layouts["card"], size, bleed)
            assert fitted_layout(theirs, "card", size, bleed, None) == fit_layout(
                theirs.layouts["card"], size, bleed)
            assert fitted_layout(unsized, "card", size, bleed, (63.5, 88.9)) == fit_layout(
                layout(text), size, bleed)
            assert fitted_layout(unsized, "card", size, bleed, None) == fit_layout(
                Layout("card", (text,), AT, None), size, bleed)
    with pytest.raises(KeyError):
        fitted_layout(ours, "nosuch", POKER, 3.0, None)


def test_places_stretch_with_the_card_but_type_and_discs_take_one_factor() -> None:
    square = Size("square", 70.0, 70.0)
    sx, sy = 70.0 / 63.5, 70.0 / 88.9
    text, disc, icon = fit_layout(layout(
        box(id="t", kind="text", x=10, y=20, width=40, height=10, size=10),
        box(id="d", kind="shape", shape="ellipse", x=20, y=40, width=20, height=20,
            fill="ink"),
        box(id="i", kind="icon", icon="star", x=0, y=80, width=8, height=8)),
        square, 3.0).boxes
    assert (text.x, text.y, text.width, text.height) == pytest.approx(
        (10 * sx, 20 * sy, 40 * sx, 10 * sy))
    assert text.size == round(10 * sy, 2)
    assert (disc.width, disc.height) == pytest.approx((20 * sy, 20 * sy))
    assert (disc.x + disc.width / 2, disc.y + disc.height / 2) == pytest.approx(
        (30 * sx, 50 * sy))
    assert (icon.width, icon.x + icon.width / 2) == pytest.approx((8 * sy, 4 * sx))
