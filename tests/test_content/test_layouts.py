"""Layouts as data: inheritance, conditions, and artwork inspection, through the public
builders (stamperia.content.look.layouts.build_layouts, stamperia.content.look.artwork.inspect)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stamperia.content.errors import ContentError, Origin
from stamperia.content.look.artwork import inspect
from stamperia.content.look.layouts import Condition, Layouts, build_layouts
from stamperia.content.validation.document import parse_document


def layouts(tmp_path: Path, data: dict[str, Any]) -> Layouts:
    path = tmp_path / "layouts.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    problems: list[ContentError] = []
    document = parse_document(path, problems)
    assert document is not None and not problems
    return build_layouts(document)


BASE = {"id": "base", "boxes": [
    {"id": "title", "field": "title", "x": 5, "y": 5, "width": 50, "height": 10,
     "colour": "ink"},
    {"id": "frame", "kind": "shape", "x": 0, "y": 0, "width": 63, "height": 88}]}


def test_a_child_overrides_a_box_property_by_property_and_adds_boxes(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [BASE, {"id": "child", "extends": "base", "boxes": [
        {"id": "title", "colour": "red"},
        {"id": "cost", "field": "cost", "x": 50, "y": 70, "width": 8, "height": 8}]}]})
    child = found.layouts["child"]
    assert [b.id for b in child.boxes] == ["title", "frame", "cost"]
    title = child.boxes[0]
    assert (title.colour, title.field, title.x, title.width) == ("red", "title", 5.0, 50.0)
    assert title.at("colour").pointer == "/layouts/1/boxes/0"
    assert title.at("x").pointer == "/layouts/0/boxes/0"
    assert [b.kind for b in child.boxes] == ["text", "shape", "text"]
    assert found.references() == []


def test_a_cycle_is_refused_with_its_chain(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [
        {"id": "a", "extends": "b", "boxes": []}, {"id": "b", "extends": "a", "boxes": []}]})
    assert [p.message for p in found.references()] == [
        "layouts extend each other in a cycle: a -> b -> a"]
    assert found.layouts == {}


def test_an_unknown_parent_is_named_with_a_suggestion(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [BASE, {"id": "c", "extends": "bsae"}]})
    [problem] = found.references()
    assert (problem.pointer, problem.message, problem.hint) == (
        "/layouts/1/extends", "unknown layout 'bsae'", "did you mean 'base'?")


def test_a_box_without_a_place_is_an_error(tmp_path: Path) -> None:
    found = layouts(tmp_path, {"layouts": [{"id": "a", "boxes": [{"id": "x", "field": "t"}]}]})
    assert [p.message for p in found.references()] == ["box 'x' has no x, y, width, height"]


@pytest.mark.parametrize(("condition", "fields", "holds"), [
    (Condition("equals", "suit", "star"), {"suit": "star"}, True),
    (Condition("equals", "suit", "star"), {"suit": "plain"}, False),
    (Condition("equals", "suit", "star"), {}, False),
    (Condition("present", "art"), {"art": "a.png"}, True),
    (Condition("present", "art"), {"art": ""}, False),
    (Condition("absent", "art"), {}, True),
    (Condition("absent", "art"), {"art": "a.png"}, False),
])
def test_conditions(condition: Condition, fields: dict[str, str], holds: bool) -> None:
    assert condition.holds(fields) is holds


ORIGIN = Origin("theme.json", "/icons/x", 3)


def svg(tmp_path: Path, body: str, head: str = 'viewBox="0 0 20 10"') -> str:
    (tmp_path / "a.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'{head}>{body}</svg>', encoding="utf-8")
    return "a.svg"


@pytest.mark.parametrize(("body", "message"), [
    ("<script>alert(1)</script>", "the SVG 'a.svg' holds a <script>; scripts are refused"),
    ('<rect onclick="x()" width="1" height="1"/>',
     "the SVG 'a.svg' holds a script attribute 'onclick'"),
    ('<image xlink:href="file:///etc/passwd"/>',
     "the SVG 'a.svg' refers to another file or URL ('file:///etc/passwd'); external "
     "references are refused"),
    ('<use href="other.svg#x"/>',
     "the SVG 'a.svg' refers to another file or URL ('other.svg#x'); external references "
     "are refused"),
    ("<style>rect { fill: url(http://x/y.png) }</style>",
     "the SVG 'a.svg' loads a file or URL from its style; refused"),
])
def test_unsafe_svg_is_refused(tmp_path: Path, body: str, message: str) -> None:
    art, problems = inspect(tmp_path, svg(tmp_path, body), ORIGIN)
    assert art is None
    assert [p.message for p in problems] == [message]


def test_safe_svg_gives_its_size_and_internal_references_pass(tmp_path: Path) -> None:
    art, problems = inspect(tmp_path, svg(tmp_path, '<use href="#a"/>'), ORIGIN)
    assert problems == [] and art is not None
    assert (art.kind, art.width, art.height) == ("svg", 20.0, 10.0)


def test_a_doctype_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_text('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>', encoding="utf-8")
    _, problems = inspect(tmp_path, "a.svg", ORIGIN)
    assert [p.message for p in problems] == [
        "the SVG 'a.svg' declares a DOCTYPE or entities; they are refused"]


def test_raster_resolution_at_a_printed_size(tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (600, 300), "#000000").save(tmp_path / "a.png")
    art, problems = inspect(tmp_path, "a.png", ORIGIN)
    assert problems == [] and art is not None
    assert round(art.dpi(50.8, 25.4)) == 300  # 600 px over 2 inches
    assert round(art.dpi(50.8, 50.8)) == 150  # cover: the height decides


def test_a_path_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    _, problems = inspect(tmp_path / "game", "../a.png", ORIGIN)
    assert [p.message for p in problems] == ["the image path '../a.png' leaves the game folder"]


def test_an_image_with_too_many_pixels_is_refused_before_decoding(tmp_path: Path) -> None:
    import struct
    import zlib

    header = struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0)
    def block(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    png = (b"\x89PNG\r\n\x1a\n" + block(b"IHDR", header) + block(b"IDAT", b"")
           + block(b"IEND", b""))
    (tmp_path / "huge.png").write_bytes(png)
    art, problems = inspect(tmp_path, "huge.png", ORIGIN)
    assert art is None
    assert [p.message for p in problems] == [
        "the image 'huge.png' has more than 40 million pixels"]


def test_an_image_over_the_bound_but_under_pillows_is_refused_by_its_size(
        tmp_path: Path) -> None:
    """7000 x 7000 is 49 million pixels: over stamperia's bound (decoded whole, it would take
    a build past 500 MB) and under Pillow's own."""
    from PIL import Image

    Image.new("RGB", (7000, 7000)).save(tmp_path / "big.png")
    art, problems = inspect(tmp_path, "big.png", ORIGIN)
    assert art is None
    assert [p.message for p in problems] == [
        "the image 'big.png' has 7000x7000 pixels, more than 40 million"]
