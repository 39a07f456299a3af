"""Render one page of the drawing description to an SVG document with svgwrite.

The SVG's user unit is the millimetre (width/height in mm, viewBox in mm), so
the numbers in the file are the numbers of the description. Text uses the
lines and baselines fitted once by `stamperia.generator.layout.textfit` with the PDF's font
metrics (the same fitted boxes the PDF draws), one <tspan> per line.
Ids are numbered per document, so output is deterministic.
"""

from __future__ import annotations

import base64
import mimetypes
from types import MappingProxyType

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group as SvgGroup

from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    FittedTextBox,
    Group,
    Image,
    Item,
    Line,
    MultiPath,
    Page,
    Polygon,
    Rect,
    RenderError,
    Style,
    TextBox,
    pt_to_mm,
)
from stamperia.generator.draw.fonts import FontFace, FontSet
from stamperia.generator.draw.svgfonts import FontEmbedder
from stamperia.generator.layout.textfit import TextFitter

_FALLBACK_FONTS = "Verdana, sans-serif"
_ANCHOR = MappingProxyType({Align.LEFT: "start", Align.CENTER: "middle", Align.RIGHT: "end"})


def _n(value: float) -> float | int:
    """Round to a micrometre and drop '.0' so files stay short and stable."""
    rounded = round(value, 3)
    return int(rounded) if rounded == int(rounded) else rounded


def render_svg(page: Page, fonts: FontSet, embedder: FontEmbedder | None = None) -> str:
    """The page as a standalone SVG document (images embedded as data URIs; with an
    `embedder`, the subsets of the fonts it sets text in too)."""
    drawing = svgwrite.Drawing(
        size=(f"{_n(page.width_mm)}mm", f"{_n(page.height_mm)}mm"),
        viewBox=f"0 0 {_n(page.width_mm)} {_n(page.height_mm)}",
        profile="full",
        debug=False,
    )
    builder = _Builder(drawing, fonts)
    for item in TextFitter(fonts).page(page).items:
        drawing.add(builder.element(item))
    if embedder is not None and builder.used:
        drawing.defs.add(drawing.style(embedder.css(builder.used)))
    body: str = drawing.tostring()
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + body + "\n"


def _style_attributes(style: Style) -> dict[str, str | float | int]:
    attributes: dict[str, str | float | int] = {
        "fill": style.fill if style.fill is not None else "none",
        "stroke": style.stroke if style.stroke is not None else "none",
    }
    if style.stroke is not None:
        attributes["stroke_width"] = _n(style.stroke_width)
        if style.dash is not None:
            attributes["stroke_dasharray"] = ",".join(str(_n(d)) for d in style.dash)
    if style.opacity < 1.0:
        attributes["fill_opacity"] = _n(style.opacity)
        attributes["stroke_opacity"] = _n(style.opacity)
    return attributes


def _points(points: tuple[tuple[float, float], ...]) -> list[tuple[float | int, float | int]]:
    return [(_n(x), _n(y)) for x, y in points]


def _path_data(path: MultiPath) -> str:
    close = " Z" if path.closed else ""
    return " ".join(
        "M " + " L ".join(f"{_n(x)} {_n(y)}" for x, y in points) + close
        for points in path.subpaths)


class _Builder:
    """Turns items into svgwrite elements; owns the per-document clip id counter."""

    def __init__(self, drawing: svgwrite.Drawing, fonts: FontSet) -> None:
        self._drawing = drawing
        self._fonts = fonts
        self.used: dict[FontFace, set[str]] = {}
        """The characters set in each face, for the fonts an embedder adds."""
        self._clip_count = 0

    def element(self, item: Item) -> BaseElement:
        d = self._drawing
        if isinstance(item, Group):
            return self._group(item)
        if isinstance(item, FittedTextBox):
            return self._text(item)
        if isinstance(item, TextBox):
            raise RenderError(f"text box not fitted before drawing: {item.text!r}")
        if isinstance(item, Image):
            return self._image(item)
        style = _style_attributes(item.style)
        if isinstance(item, Rect):
            radius = {"rx": _n(item.corner_radius)} if item.corner_radius > 0 else {}
            return d.rect((_n(item.x), _n(item.y)), (_n(item.width), _n(item.height)),
                          **radius, **style)
        if isinstance(item, Circle):
            return d.circle((_n(item.cx), _n(item.cy)), _n(item.r), **style)
        if isinstance(item, Line):
            return d.line((_n(item.x1), _n(item.y1)), (_n(item.x2), _n(item.y2)), **style)
        if isinstance(item, Polygon):
            return d.polygon(_points(item.points), **style)
        if isinstance(item, MultiPath):
            return d.path(d=_path_data(item), **style)
        return d.polyline(_points(item.points), **style)

    def _group(self, group: Group) -> SvgGroup:
        transforms: list[str] = []
        tx, ty = group.translate
        if tx or ty:
            transforms.append(f"translate({_n(tx)} {_n(ty)})")
        if group.rotation is not None and group.rotation.degrees:
            rot = group.rotation
            transforms.append(f"rotate({_n(rot.degrees)} {_n(rot.cx)} {_n(rot.cy)})")
        element = self._drawing.g()
        if transforms:
            element["transform"] = " ".join(transforms)
        if group.clip is not None:
            self._clip_count += 1
            clip_id = f"clip{self._clip_count}"
            clip_path = self._drawing.defs.add(self._drawing.clipPath(id=clip_id))
            clip = group.clip
            corner = {"rx": _n(clip.radius)} if clip.radius > 0 else {}
            clip_path.add(self._drawing.rect((_n(clip.x), _n(clip.y)),
                                             (_n(clip.width), _n(clip.height)), **corner))
            element["clip-path"] = f"url(#{clip_id})"
        for item in group.items:
            element.add(self.element(item))
        return element

    def _text(self, fitted: FittedTextBox) -> BaseElement:
        box, fit = fitted.box, fitted.fit
        face = self._fonts.face(box.font, box.bold)
        text = self._drawing.text(
            "",
            font_family=f"'{face.family}', {_FALLBACK_FONTS}",
            font_size=_n(pt_to_mm(fit.size_pt)),
            fill=box.colour,
            text_anchor=_ANCHOR[box.align],
        )
        if box.bold:
            text["font-weight"] = "bold"
        if face.family.endswith(" Italic"):  # generator.draw.themefonts: "<family> Italic"
            text["font-family"] = f"'{face.family[:-7]}', {_FALLBACK_FONTS}"
            text["font-style"] = "italic"
        for line in fitted.lines:
            text.add(self._drawing.tspan(line.text, x=[_n(line.x)], y=[_n(line.baseline)]))
        self.used.setdefault(face, set()).update(*(line.text for line in fitted.lines))
        return text

    def _image(self, image: Image) -> BaseElement:
        try:
            data = image.path.read_bytes()
        except OSError as error:
            raise RenderError(f"cannot read image {image.path}: {error}") from error
        mime = mimetypes.guess_type(image.path.name)[0] or "application/octet-stream"
        href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        element = self._drawing.image(href, insert=(_n(image.x), _n(image.y)),
                                      size=(_n(image.width), _n(image.height)))
        element["preserveAspectRatio"] = "xMidYMid meet"
        return element
