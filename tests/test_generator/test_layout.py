"""The generic layout renderer and rich text, asserted on the drawing description."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.content.errors import Origin
from stamperia.content.look.artwork import Art
from stamperia.content.look.layouts import Box, Condition, Layout
from stamperia.content.look.theme import Theme
from stamperia.content.model import frozen_mapping
from stamperia.generator.draw.drawing import (
    ClipRect,
    FittedTextBox,
    Group,
    Image,
    Polygon,
    Rect,
    TextBox,
    TextOverflow,
)
from stamperia.generator.draw.fonts import FontSet
from stamperia.generator.draw.themefonts import theme_families
from stamperia.generator.layout.render import LayoutContext, box_text, render_layout
from stamperia.generator.layout.richtext import RichSetter, UnprintableText, parse

AT = Origin("layouts.json", "", 1)
STRINGS = {"rule": "Pay {cost} coins", "icons": "Gain {icon:coin} now"}


@pytest.fixture(scope="module")
def fonts() -> FontSet:
    return FontSet(theme_families(None))


def theme(tmp_path: Path) -> Theme:
    (tmp_path / "coin.svg").write_text("<svg/>", encoding="utf-8")
    icon = Art("coin.svg", str(tmp_path / "coin.svg"), "svg", 10, 10, 10)
    return Theme(frozen_mapping({"ink": "#111111", "gold": "#d9a521"}), frozen_mapping({}),
                 frozen_mapping({"thin": 0.3}), 2.0, frozen_mapping({}),
                 frozen_mapping({"coin": icon}), frozen_mapping({}), str(tmp_path), AT)


def context(tmp_path: Path, fonts: FontSet) -> LayoutContext:
    art = Art("wide.png", str(tmp_path / "wide.png"), "raster", 200, 100, 1)
    found = theme(tmp_path)
    return LayoutContext(found, lambda key: STRINGS.get(key, key), {"wide.png": art},
                         RichSetter(fonts, {"coin": Path(found.icons["coin"].path)}), {})


def box(**values: object) -> Box:
    base: dict[str, object] = {"id": "b", "kind": "text", "x": 5.0, "y": 5.0,
                               "width": 40.0, "height": 10.0, "origin": AT}
    base.update(values)
    return Box(**base)  # type: ignore[arg-type]


def test_text_from_a_field_and_from_a_string_with_fields() -> None:
    assert box_text(box(field="cost"), {"cost": 3}, STRINGS.__getitem__) == "3"
    assert box_text(box(text="rule"), {"cost": 2.0}, STRINGS.__getitem__) == "Pay 2 coins"
    assert box_text(box(text="rule"), {}, STRINGS.__getitem__) == "Pay {cost} coins"


def test_plain_text_becomes_one_text_box_in_the_palette_colour(tmp_path: Path,
                                                               fonts: FontSet) -> None:
    layout = Layout("l", (box(field="title", colour="gold", size=12, min_size=7, bold=True,
                              align="center"),), AT)
    [item] = render_layout(layout, "card1", {"title": "Market"}, context(tmp_path, fonts))
    assert isinstance(item, TextBox)
    assert (item.text, item.colour, item.size, item.min_size, item.bold, item.align.value) == (
        "Market", "#d9a521", 12, 7, True, "center")
    assert item.source is not None and (item.source.card, item.source.key) == ("card1", "title")


def test_when_hides_a_box(tmp_path: Path, fonts: FontSet) -> None:
    layout = Layout("l", (box(field="t", when=Condition("present", "t")),), AT)
    assert render_layout(layout, "c", {}, context(tmp_path, fonts)) == ()


def test_cover_fills_the_box_and_clips_contain_shows_it_whole(tmp_path: Path,
                                                              fonts: FontSet) -> None:
    cover = box(kind="image", image="wide.png", fit="cover", x=0.0, y=0.0, width=20.0,
                height=20.0)
    [group] = render_layout(Layout("l", (cover,), AT), "c", {}, context(tmp_path, fonts))
    assert isinstance(group, Group) and group.clip == ClipRect(0, 0, 20, 20)
    [image] = group.items
    assert isinstance(image, Image)
    assert (image.x, image.y, image.width, image.height) == (-10.0, 0.0, 40.0, 20.0)
    contain = box(kind="image", image="wide.png", fit="contain", x=0.0, y=0.0, width=20.0,
                  height=20.0)
    [image] = render_layout(Layout("l", (contain,), AT), "c", {}, context(tmp_path, fonts))
    assert isinstance(image, Image) and (image.width, image.height) == (20.0, 20.0)


def test_a_quarter_turn_swaps_the_sides_about_the_centre(tmp_path: Path,
                                                         fonts: FontSet) -> None:
    turned = box(field="t", x=0.0, y=0.0, width=10.0, height=40.0, rotation=270)
    [group] = render_layout(Layout("l", (turned,), AT), "c", {"t": "Side"},
                            context(tmp_path, fonts))
    assert isinstance(group, Group) and group.rotation is not None
    assert (group.rotation.degrees, group.rotation.cx, group.rotation.cy) == (270.0, 5.0, 20.0)
    [text] = group.items
    assert isinstance(text, TextBox)
    assert (text.x, text.y, text.width, text.height) == (-15.0, 15.0, 40.0, 10.0)


def test_shapes_panels_and_ellipses(tmp_path: Path, fonts: FontSet) -> None:
    panel = box(field="t", fill="gold", padding=2.0, radius=1.0)
    rect, text = render_layout(Layout("l", (panel,), AT), "c", {"t": "x"},
                               context(tmp_path, fonts))
    assert isinstance(rect, Rect) and rect.style.fill == "#d9a521" and rect.corner_radius == 1
    assert isinstance(text, TextBox) and (text.x, text.width) == (7.0, 36.0)
    disc = box(kind="shape", shape="ellipse", fill="gold", stroke="ink", line="thin")
    [polygon] = render_layout(Layout("l", (disc,), AT), "c", {}, context(tmp_path, fonts))
    assert isinstance(polygon, Polygon) and polygon.style.stroke_width == 0.3
    peak = box(kind="shape", shape="triangle", fill="gold")
    [triangle] = render_layout(Layout("l", (peak,), AT), "c", {}, context(tmp_path, fonts))
    assert isinstance(triangle, Polygon)
    assert triangle.points == ((25.0, 5.0), (45.0, 15.0), (5.0, 15.0))


def test_parse_marks_bold_italic_and_icons() -> None:
    [words] = parse("a **b c** *d*{icon:coin}.", False, False)
    assert [[(f.text, f.bold, f.italic, f.icon) for f in w] for w in words] == [
        [("a", False, False, False)], [("b", True, False, False)], [("c", True, False, False)],
        [("d", False, True, False), ("coin", False, False, True), (".", False, False, False)]]


def test_an_icon_is_measured_and_drawn_at_the_text_size(tmp_path: Path,
                                                        fonts: FontSet) -> None:
    layout = Layout("l", (box(text="icons", size=10, min_size=10, fit="wrap"),), AT)
    items = render_layout(layout, "c", {}, context(tmp_path, fonts))
    texts = [i for i in items if isinstance(i, FittedTextBox)]
    [icon] = [i for i in items if isinstance(i, Image)]
    assert [t.box.text for t in texts] == ["Gain", "now"]
    assert abs(icon.width - 10 * 25.4 / 72 * 1.05) < 1e-9
    assert texts[0].box.x + texts[0].box.width < icon.x < texts[1].box.x  # inline, in order


def test_rich_text_shrinks_and_reports_overflow_once(tmp_path: Path, fonts: FontSet) -> None:
    long = box(text="icons", width=6.0, height=3.0, size=10, min_size=8)
    items = render_layout(Layout("l", (long,), AT), "c", {}, context(tmp_path, fonts))
    fits = [i.fit for i in items if isinstance(i, FittedTextBox)]
    assert isinstance(fits[0], TextOverflow) and fits[0].size_pt == 8
    assert all(f.fits for f in fits[1:])


def test_unknown_icon_or_missing_glyph_is_unprintable(tmp_path: Path, fonts: FontSet) -> None:
    setter = context(tmp_path, fonts).setter
    with pytest.raises(UnprintableText, match="unknown icon 'moon'"):
        setter.require("a {icon:moon}", "DejaVu Sans", False)
    with pytest.raises(UnprintableText, match="no glyph for '祭'"):
        setter.require("祭", "DejaVu Sans", False)
