"""The generic layout renderer: (layout, record, strings, theme) -> drawing items.

A layout's boxes are drawn in card coordinates (origin at the trim's top-left corner), in
order, each only when its condition holds: shapes and panels from the theme's palette,
text from a field or a string key (rich text through generator.layout.richtext), images fitted
by cover or contain, icons, and widgets a kit supplies by name. PDF and SVG follow from
the drawing description, so nothing here knows an output format or a ruleset.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from stamperia.content.errors import Origin
from stamperia.content.findings import MISSING_GLYPH
from stamperia.content.look.artwork import Art
from stamperia.content.look.layouts import FIELD, Box, Layout, Scalar, field_text, fill_fields
from stamperia.content.look.theme import DEFAULT_FONT, Theme
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    ClipRect,
    Group,
    Image,
    Item,
    Polygon,
    Rect,
    Rotation,
    Style,
    TextBox,
    TextSource,
    VAlign,
)
from stamperia.generator.draw.themefonts import italic_family
from stamperia.generator.layout.richtext import RichSetter, RichStyle, UnprintableText, has_markup

Widget = Callable[[Box, Mapping[str, Scalar]], tuple[Item, ...]]
"""A drawing algorithm a kit offers to layouts by name: (box, the record's fields) -> items
in card coordinates."""
INK = "#1f1f1f"
DEFAULT_LINE_MM = 0.3
MIN_TEXT_PT = 5.0


@dataclass(frozen=True)
class LayoutContext:
    """What every box of one game and locale draws with."""

    theme: Theme
    text: Callable[[str], str]
    art: Mapping[str, Art]
    setter: RichSetter
    widgets: Mapping[str, Widget]


def render_layout(layout: Layout, name: str, fields: Mapping[str, Scalar],
                  context: LayoutContext, origin: Origin | None = None) -> tuple[Item, ...]:
    """The items of one card, token or sheet drawn by `layout` with its record's fields;
    `origin` (the record's) lets an overflow report name the field that overflows."""
    items: list[Item] = []
    for box in layout.boxes:
        if box.when is not None and not box.when.holds(fields):
            continue
        drawn = _box(box, name, fields, context, origin, layout.id)
        if box.rotation and drawn:
            cx, cy = box.x + box.width / 2, box.y + box.height / 2
            drawn = (Group(drawn, rotation=Rotation(float(box.rotation), cx, cy)),)
        items.extend(drawn)
    return tuple(items)


def resolve_name(name: str, fields: Mapping[str, Scalar]) -> str:
    """A palette, icon or string-key name with the record's {field}s filled in
    (`faction_{faction}` names the faction's colour)."""
    return fill_fields(name, fields)


def _frame(box: Box) -> tuple[float, float, float, float]:
    """The box's x, y, width, height before rotation: a quarter turn swaps the sides."""
    if box.rotation in (90, 270):
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        return cx - box.height / 2, cy - box.width / 2, box.height, box.width
    return box.x, box.y, box.width, box.height


def _box(box: Box, name: str, fields: Mapping[str, Scalar], context: LayoutContext,
         origin: Origin | None, layout: str) -> tuple[Item, ...]:
    x, y, width, height = _frame(box)
    theme = context.theme
    if box.kind == "icon" and (box.icon is None
                               or resolve_name(box.icon, fields) not in theme.icons):
        return ()  # a per-record icon the theme lacks: no empty disc where it would be
    items: list[Item] = []
    if box.fill is not None or box.kind == "shape":
        items.append(_shape(box, theme, fields, x, y, width, height))
    p = box.padding
    inner = (x + p, y + p, max(width - 2 * p, 0.1), max(height - 2 * p, 0.1))
    if box.kind == "text":
        items.extend(_text(box, name, fields, context, inner, origin, layout))
    elif box.kind == "image":
        relative = box.image if box.image is not None else fields.get(box.field or "")
        art = context.art.get(str(relative)) if relative is not None else None
        if art is not None:
            items.extend(_image(art, box.fit or "cover", inner, box.radius or 0.0))
    elif box.kind == "icon" and box.icon is not None:
        items.extend(_image(theme.icons[resolve_name(box.icon, fields)], "contain", inner,
                            box.radius or 0.0))
    elif box.kind == "widget" and box.widget is not None and box.widget in context.widgets:
        items.extend(context.widgets[box.widget](box, fields))
    return tuple(items)


def _shape(box: Box, theme: Theme, fields: Mapping[str, Scalar], x: float, y: float,
           width: float, height: float) -> Item:
    stroke = theme.palette.get(resolve_name(box.stroke, fields)) \
        if box.stroke is not None else None
    line = theme.lines.get(box.line, DEFAULT_LINE_MM) if box.line is not None \
        else DEFAULT_LINE_MM
    fill = theme.palette.get(resolve_name(box.fill, fields)) if box.fill is not None else None
    style = Style(fill=fill, stroke=stroke, stroke_width=line if stroke else 0.0)
    if box.shape == "ellipse":
        cx, cy = x + width / 2, y + height / 2
        if abs(width - height) < 1e-9:
            return Circle(cx, cy, width / 2, style)
        steps = 72
        return Polygon(tuple((cx + width / 2 * math.cos(2 * math.pi * i / steps),
                              cy + height / 2 * math.sin(2 * math.pi * i / steps))
                             for i in range(steps)), style)
    if box.shape == "triangle":  # pointing up, its base the box's bottom edge
        return Polygon(((x + width / 2, y), (x + width, y + height), (x, y + height)), style)
    radius = box.radius if box.radius is not None else theme.corner_radius
    return Rect(x, y, width, height, style, min(radius, width / 2, height / 2))


def box_text(box: Box, fields: Mapping[str, Scalar], text: Callable[[str], str]) -> str:
    """What a text box prints: its field's value, or its string with {field}s filled in."""
    if box.field is not None:
        return field_text(fields.get(box.field, ""))
    if box.text is None:
        return ""
    return FIELD.sub(lambda m: field_text(fields.get(m.group(1), m.group(0))),
                     text(resolve_name(box.text, fields)))


def _text(box: Box, name: str, fields: Mapping[str, Scalar], context: LayoutContext,
          inner: tuple[float, float, float, float], origin: Origin | None, layout: str
          ) -> tuple[Item, ...]:
    value = box_text(box, fields, context.text)
    if not value.strip():
        return ()
    x, y, width, height = inner
    font = box.font or DEFAULT_FONT
    family = italic_family(font) if box.italic else font
    colour = context.theme.colour(
        resolve_name(box.colour, fields) if box.colour is not None else None, INK)
    size = box.size
    min_size = box.min_size if box.min_size is not None else (
        size if box.fit == "wrap" else min(size, max(MIN_TEXT_PT, size * 0.6)))
    align, valign = Align(box.align), VAlign(box.valign)
    source = (TextSource(name, resolve_name(box.text, fields), None, layout, box.id,
                         box.origin) if box.text is not None else
              TextSource(name, f"{box.field}", origin.child(f"/fields/{box.field}")
                         if origin is not None else None, layout, box.id, box.origin))
    try:
        context.setter.require(value, family, box.bold)
    except UnprintableText as error:
        where = source.origin if source.origin is not None else box.at("text")
        raise UnprintableText(error.message, where.error(
            f"{name}: the text of {source.key!r} cannot be printed: {error.message}",
            "declare the icon in the theme, or use a font that has the characters",
            kind=MISSING_GLYPH)) from None
    if not has_markup(value):
        return (TextBox(x, y, width, height, value, family, size, min_size, align, valign,
                        colour, 1.2, box.bold, source),)
    style = RichStyle(font, italic_family, size, min_size, box.bold, box.italic, colour,
                      align, valign, 1.2, source)
    return context.setter.set(
        value, TextBox(x, y, width, height, value, size=size, min_size=min_size), style)


def _image(art: Art, fit: str, inner: tuple[float, float, float, float],
           radius: float) -> tuple[Item, ...]:
    """The image in its box: `contain` shows it whole, `cover` fills the box and clips.
    A `radius` the box states rounds the corners of the art as printed (the theme's
    default corner rounds panels only, so square art stays square unless asked)."""
    x, y, width, height = inner
    path = Path(art.path)
    if fit != "cover":
        picture = Image(path, x, y, width, height)
        if radius <= 0:
            return (picture,)
        scale = min(width / art.width, height / art.height)
        shown_w, shown_h = art.width * scale, art.height * scale
        return (Group((picture,), clip=_rounded(x + (width - shown_w) / 2,
                                                y + (height - shown_h) / 2,
                                                shown_w, shown_h, radius)),)
    scale = max(width / art.width, height / art.height)
    shown_w, shown_h = art.width * scale, art.height * scale
    picture = Image(path, x + (width - shown_w) / 2, y + (height - shown_h) / 2, shown_w,
                    shown_h)
    return (Group((picture,), clip=_rounded(x, y, width, height, radius)),)


def _rounded(x: float, y: float, width: float, height: float, radius: float) -> ClipRect:
    return ClipRect(x, y, width, height, max(0.0, min(radius, width / 2, height / 2)))
