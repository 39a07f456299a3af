"""Layouts as data: named boxes in mm on a card's trim, bound to content fields or strings.

A layout may extend another; its boxes then override the parent's box of the same id
property by property and add new ones. Inheritance is resolved here, once, so the
generator reads flat layouts; an unknown parent or a cycle is a content error kept on
the part and reported by `references()`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from stamperia.content.errors import ContentError, Origin, coded
from stamperia.content.findings import LAYOUT_PROBLEM
from stamperia.content.look.conditions import Condition, read_condition
from stamperia.content.look.conditions import (
    Scalar as Scalar,  # a record's field values, re-exported
)
from stamperia.content.model import frozen_mapping
from stamperia.content.parts import PartSection
from stamperia.content.references import did_you_mean, duplicates
from stamperia.content.validation.document import Document

BoxKind = Literal["text", "image", "icon", "shape", "widget"]
DEFAULT_SAFE_MM = 3.0


@dataclass(frozen=True)
class Box:
    """One box of a layout; what it shows comes from exactly one of its sources."""

    id: str
    kind: BoxKind
    x: float
    y: float
    width: float
    height: float
    origin: Origin
    field: str | None = None
    text: str | None = None
    image: str | None = None
    icon: str | None = None
    widget: str | None = None
    shape: Literal["rect", "ellipse", "triangle"] = "rect"
    font: str | None = None
    size: float = 10.0
    min_size: float | None = None
    bold: bool = False
    italic: bool = False
    align: str = "left"
    valign: str = "top"
    fit: str | None = None
    colour: str | None = None
    fill: str | None = None
    stroke: str | None = None
    line: str | None = None
    radius: float | None = None
    padding: float = 0.0
    rotation: int = 0
    when: Condition | None = None
    sources: Mapping[str, Origin] = frozen_mapping({})
    """For an inherited box: the box entry that set each property, parent's or child's."""

    def at(self, prop: str) -> Origin:
        """Where a property of this box is written (a problem with it is reported there)."""
        return self.sources.get(prop, self.origin)


@dataclass(frozen=True)
class Layout:
    """A named layout: the boxes a component's face is drawn from."""

    id: str
    boxes: tuple[Box, ...]
    origin: Origin
    size: tuple[float, float] | None = None
    """The size in mm it is drawn for, when a kit scales it to the component's own."""
    variants: Mapping[str, str] = frozen_mapping({})
    """The layout (by id) drawn instead of this one on a component of another aspect."""

    def for_aspect(self, width: float, height: float) -> str:
        """The id of the layout to draw on a `width` x `height` component: this one, or
        its variant for that aspect."""
        return self.variants.get(aspect(width, height), self.id)


@dataclass(frozen=True)
class Layouts:
    """Every layout of a game by id, inheritance resolved."""

    layouts: Mapping[str, Layout]
    safe: float
    origin: Origin
    problems: tuple[ContentError, ...] = ()

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        keys = {box.text: box.origin.child("/text") for layout in self.layouts.values()
                for box in layout.boxes if box.text is not None and is_game_key(box.text)}
        return keys, frozenset()

    def references(self) -> list[ContentError]:
        return list(self.problems)

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        return {}

    def describe(self) -> tuple[PartSection, ...]:
        from stamperia.content.parts import PartGroup

        rows = {f"{layout.id}/{box.id}": (("kind", box.kind), ("at", f"{box.x:g},{box.y:g}"),
                                          ("size", f"{box.width:g}x{box.height:g}"))
                for layout in self.layouts.values() for box in layout.boxes}
        return (PartSection("layouts", (("layouts", len(self.layouts)),),
                            (PartGroup("box", rows),)),)


ASPECTS = ("portrait", "landscape", "square")
SQUARE_RATIO = 1.15
"""A component whose long side is at most this many times its short side is square."""


def aspect(width: float, height: float) -> str:
    """portrait, landscape or square: which of a layout's variants a component gets."""
    if max(width, height) <= SQUARE_RATIO * min(width, height):
        return "square"
    return "landscape" if width > height else "portrait"


FIELD = re.compile(r"\{([a-z][a-z0-9_]*)\}")
"""A record's field named inside a string key, palette or icon name (`card.{id}.name`)."""


def field_text(value: Scalar) -> str:
    """A field's value as printed, or as it fills a name: 2.0 as 2, a flag as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def fill_fields(name: str, fields: Mapping[str, Scalar]) -> str:
    """`name` with the record's {field}s filled in; a field the record lacks stays as
    written (`card.{nope}.name`), so a check can say which."""
    if "{" not in name:
        return name
    return FIELD.sub(lambda m: field_text(fields.get(m.group(1), m.group(0))), name)


def is_game_key(key: str) -> bool:
    """A plain key of the game's strings: not a per-card template (`card.{id}.name`, whose
    keys the bound part requires) nor the kit's own words (`ui.`, with package defaults)."""
    return "{" not in key and not key.startswith("ui.")


def _kind(raw: Mapping[str, Any]) -> BoxKind:
    if "kind" in raw:
        kind: BoxKind = raw["kind"]
        return kind
    for source, kind in (("image", "image"), ("icon", "icon"), ("widget", "widget")):
        if source in raw:
            return kind
    return "text" if "field" in raw or "text" in raw else "shape"


Entries = list[tuple[dict[str, Any], dict[str, Origin]]]
"""A layout's boxes before building: merged properties, and the entry that set each one."""


def _box(raw: Mapping[str, Any], sources: Mapping[str, Origin], problems: list[ContentError]
         ) -> Box | None:
    origin = sources["id"]
    missing = [k for k in ("x", "y", "width", "height") if k not in raw]
    if missing:
        problems.append(origin.error(f"box {raw['id']!r} has no {', '.join(missing)}",
                                     "give its place and size in mm, or extend a layout "
                                     "whose box of that id has them"))
        return None
    size = float(raw.get("size", 10.0))
    if "min_size" in raw and float(raw["min_size"]) > size:
        at = sources.get("min_size", origin)
        problems.append(at.error(
            f"box {raw['id']!r} may shrink its text to min_size {raw['min_size']} pt, larger "
            f"than its size {size:g} pt", "min_size is the smallest the text may be made to "
            "fit: at most size"))
        return None
    return Box(
        id=raw["id"], kind=_kind(raw), x=float(raw["x"]), y=float(raw["y"]),
        width=float(raw["width"]), height=float(raw["height"]), origin=origin,
        field=raw.get("field"), text=raw.get("text"), image=raw.get("image"),
        icon=raw.get("icon"), widget=raw.get("widget"), shape=raw.get("shape", "rect"),
        font=raw.get("font"), size=float(raw.get("size", 10.0)),
        min_size=float(raw["min_size"]) if "min_size" in raw else None,
        bold=raw.get("weight") == "bold", italic=bool(raw.get("italic", False)),
        align=raw.get("align", "left"), valign=raw.get("valign", "top"), fit=raw.get("fit"),
        colour=raw.get("colour"), fill=raw.get("fill"), stroke=raw.get("stroke"),
        line=raw.get("line"),
        radius=float(raw["radius"]) if "radius" in raw else None,
        padding=float(raw.get("padding", 0.0)), rotation=int(raw.get("rotation", 0)),
        when=(read_condition(raw["when"], sources.get("when", origin).child("/when"), problems)
              if "when" in raw else None),
        sources=frozen_mapping(sources))


class _Resolver:
    """Flattens `extends` chains: a child's box merges over the parent's of the same id."""

    def __init__(self, document: Document, problems: list[ContentError]) -> None:
        self._raw = {entry["id"]: (i, entry)
                     for i, entry in enumerate(document.data["layouts"])}
        self.ids = frozenset(self._raw)
        self._document = document
        self._problems = problems
        self._done: dict[str, Entries | None] = {}

    def boxes(self, name: str, chain: tuple[str, ...]) -> Entries | None:
        if name in self._done:
            return self._done[name]
        index, entry = self._raw[name]
        at = f"/layouts/{index}"
        inherited: Entries = []
        parent = entry.get("extends")
        if parent is not None:
            origin = self._document.origin(at + "/extends")
            if parent in chain or parent == name:
                cycle = " -> ".join((*chain, name, parent))
                self._problems.append(origin.error(
                    f"layouts extend each other in a cycle: {cycle}",
                    "a layout cannot extend itself, directly or through another"))
                self._done[name] = None
                return None
            if parent not in self._raw:
                self._problems.append(origin.error(f"unknown layout {parent!r}",
                                                   did_you_mean(parent, self._raw)))
                self._done[name] = None
                return None
            found = self.boxes(parent, (*chain, name))
            if found is None:
                self._done[name] = None
                return None
            inherited = [(dict(raw), dict(sources)) for raw, sources in found]
        for j, raw in enumerate(entry.get("boxes", [])):
            origin = self._document.origin(f"{at}/boxes/{j}")
            mine = dict.fromkeys(raw, origin)
            for k, (old, sources) in enumerate(inherited):
                if old["id"] == raw["id"]:
                    inherited[k] = ({**old, **raw}, {**sources, **mine})
                    break
            else:
                inherited.append((dict(raw), mine))
        self._done[name] = inherited
        return inherited


def build_layouts(document: Document) -> Layouts:
    """The layouts of a validated `layouts` document, inheritance resolved."""
    problems: list[ContentError] = duplicates(
        "layout", ((e["id"], document.origin(f"/layouts/{i}"))
                   for i, e in enumerate(document.data["layouts"])))
    resolver = _Resolver(document, problems)
    layouts: dict[str, Layout] = {}
    for index, entry in enumerate(document.data["layouts"]):
        found = resolver.boxes(entry["id"], ())
        if found is None:
            continue
        boxes = [_box(raw, sources, problems) for raw, sources in found]
        size = ((float(entry["width"]), float(entry["height"]))
                if "width" in entry and "height" in entry else None)
        variants = dict(entry.get("variants", {}))
        for shape, other in variants.items():
            at = document.origin(f"/layouts/{index}/variants/{shape}")
            if other not in resolver.ids:
                problems.append(at.error(f"unknown layout {other!r}",
                                         did_you_mean(other, resolver.ids)))
            elif size is None:
                problems.append(at.error(
                    f"layout {entry['id']!r} has variants but no width and height",
                    "give the size it is drawn for: a variant is chosen by the shape of "
                    "the component it is scaled to"))
        layouts[entry["id"]] = Layout(entry["id"], tuple(b for b in boxes if b is not None),
                                      document.origin(f"/layouts/{index}"), size,
                                      frozen_mapping(variants))
    return Layouts(frozen_mapping(layouts), float(document.data.get("safe", DEFAULT_SAFE_MM)),
                   document.origin(),  # a box inherited by several layouts: said once
                   tuple(dict.fromkeys(coded(problems, LAYOUT_PROBLEM))))
