"""SVG art made ready for svglib, so it prints as a browser shows it.

svglib (the PDF backend's SVG reader) reads `clip-path` only as an attribute, and ignores
`opacity` (an element's or a group's, as against `fill-opacity`). Illustrator writes both
in CSS classes (`.st1{clip-path:url(#SVGID_2_)}`, `.st2{opacity:0.5}`) and Inkscape in
`style` attributes (`<g style="opacity:0.5">`). Here the clip path becomes an attribute, and
an opacity is multiplied into the fill and stroke opacity of the shapes it covers: exact
where those shapes do not overlap one another, which is how icons and card art use it.
An SVG that needs neither is left as it is (None).
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CLASS = re.compile(r"^\.([\w-]+)$")
_SHAPES = frozenset({"path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                     "text", "use", "image"})
_NEEDED = re.compile(rb"opacity\s*[:=]|clip-path\s*:")


def _declarations(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in text.split(";"):
        name, _, value = part.partition(":")
        if name.strip() and value.strip():
            found[name.strip().lower()] = value.strip()
    return found


def _class_rules(root: etree._Element) -> dict[str, dict[str, str]]:
    """`.name{...}` rules of the SVG's style sheets (the selectors Illustrator writes)."""
    rules: dict[str, dict[str, str]] = {}
    for style in root.iter("{http://www.w3.org/2000/svg}style"):
        for selectors, body in _RULE.findall(style.text or ""):
            for selector in selectors.split(","):
                match = _CLASS.match(selector.strip())
                if match is not None:
                    rules.setdefault(match.group(1), {}).update(_declarations(body))
    return rules


def _property(element: etree._Element, name: str, rules: dict[str, dict[str, str]]
              ) -> str | None:
    """A presentation property as CSS decides it: style attribute, class, attribute."""
    style = _declarations(element.get("style", ""))
    if name in style:
        return style[name]
    for cls in reversed(element.get("class", "").split()):
        if name in rules.get(cls, {}):
            return rules[cls][name]
    value = element.get(name)
    return value if isinstance(value, str) else None


def _number(value: str | None) -> float:
    try:
        return min(1.0, max(0.0, float(value))) if value is not None else 1.0
    except ValueError:
        return 1.0


def _local(element: etree._Element) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def prepared_svg(path: Path) -> bytes | None:
    """The SVG with clip paths as attributes and opacities pushed into its shapes, or None
    when it has neither (svglib reads the file as it is)."""
    try:
        data = path.read_bytes()
        if not _NEEDED.search(data):
            return None
        parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
        root = etree.fromstring(data, parser)
    except (OSError, etree.XMLSyntaxError):
        return None  # svglib reads the file itself and says what is wrong
    rules = _class_rules(root)
    changed = False
    for element in root.iter():
        clip = _property(element, "clip-path", rules)
        if clip is not None and element.get("clip-path") != clip:
            element.set("clip-path", clip)
            changed = True
    for element in list(root.iter()):
        opacity = _number(_property(element, "opacity", rules))
        if opacity >= 1.0 or _local(element) in ("clipPath", "mask", "defs"):
            continue
        changed = True
        covered = [element, *element.iterdescendants()] if _local(element) == "g" else [element]
        for shape in covered:
            if _local(shape) not in _SHAPES:
                continue
            style = _declarations(shape.get("style", ""))
            for name in ("fill-opacity", "stroke-opacity"):
                style[name] = f"{_number(_property(shape, name, rules)) * opacity:g}"
            shape.set("style", ";".join(f"{k}:{v}" for k, v in style.items()))
        _clear_opacity(element)
    return etree.tostring(root) if changed else None


def _clear_opacity(element: etree._Element) -> None:
    """The opacity now in the shapes' own: not applied twice by a reader that knows it."""
    style = _declarations(element.get("style", ""))
    style.pop("opacity", None)
    element.set("style", ";".join(f"{k}:{v}" for k, v in style.items()))
    if "opacity" in element.attrib:
        del element.attrib["opacity"]
