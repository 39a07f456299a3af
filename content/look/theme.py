"""A game's theme: named palette, fonts shipped in its folder, lines, corners, backs, icons.

Layouts name palette colours, fonts, lines and icons; the theme is the one place their
values live, so an edition can change the look by overriding this part alone. Files the
theme names (fonts, their licences, icons, back images) are checked when the game loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stamperia.content.errors import ContentError, Origin, pointer_escape
from stamperia.content.findings import FONT_PROBLEM
from stamperia.content.guards import inside, is_regular_file
from stamperia.content.look.artwork import Art, inspect, owning_folder
from stamperia.content.model import frozen_mapping
from stamperia.content.parts import PartGroup, PartSection
from stamperia.content.references import unknown
from stamperia.content.validation.document import Document

DEFAULT_FONT = "DejaVu Sans"
FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class FontFiles:
    """One font family of the theme; paths are absolute, checked to stay in the folder."""

    family: str
    regular: str
    bold: str | None
    italic: str | None
    licence: str
    origin: Origin


@dataclass(frozen=True)
class Back:
    """A card-back design: background and frame colours, a label key, an image or icon."""

    id: str
    background: str
    frame: str | None
    ink: str | None
    label: str | None
    image: str | None
    icon: str | None
    origin: Origin


@dataclass(frozen=True)
class Theme:
    """A game's look: palette, fonts, line widths, card backs, icons and art."""

    palette: Mapping[str, str]
    fonts: Mapping[str, FontFiles]
    lines: Mapping[str, float]
    corner_radius: float
    backs: Mapping[str, Back]
    icons: Mapping[str, Art]
    art: Mapping[str, Art]
    """Back images by their relative path."""
    folder: str
    origin: Origin
    problems: tuple[ContentError, ...] = ()
    declared_fonts: tuple[str, ...] = ()
    """Every family the theme names, also one whose files failed (reported once, there)."""
    icon_ids: tuple[str, ...] = ()
    """Every icon id the theme declares, also one whose file failed."""

    def colour(self, name: str | None, default: str) -> str:
        return self.palette.get(name, default) if name is not None else default

    def font_families(self) -> frozenset[str]:
        return frozenset({DEFAULT_FONT, *self.fonts, *self.declared_fonts})

    def text_keys(self) -> tuple[Mapping[str, Origin], frozenset[str]]:
        keys = {b.label: b.origin.child("/label") for b in self.backs.values() if b.label}
        return keys, frozenset()

    def references(self) -> list[ContentError]:
        problems = list(self.problems)
        for back in self.backs.values():
            for what, name in (("background", back.background), ("frame", back.frame),
                               ("ink", back.ink)):
                if name is not None and name not in self.palette:
                    problems.append(unknown("palette colour", name, self.palette, back.origin,
                                            f"/{what}"))
            if back.icon is not None and back.icon not in self.icon_ids:
                problems.append(unknown("icon", back.icon, self.icon_ids, back.origin,
                                        "/icon"))
        return problems

    def prototype_counts(self) -> Mapping[str, tuple[int, int]]:
        return {}

    def describe(self) -> tuple[PartSection, ...]:
        rows = {name: (("colour", value),) for name, value in self.palette.items()}
        return (PartSection("theme", (("colours", len(self.palette)),),
                            (PartGroup("colour", rows),)),)


MAX_FONT_BYTES = 32 * 1024 * 1024
"""A font file: the largest common ones (Noto CJK) are about 20 MB; fonts are read whole
when a kit embeds them."""


def _font(folder: Path, family: str, raw: Mapping[str, Any], origin: Origin,
          problems: list[ContentError]) -> FontFiles | None:
    folder = owning_folder(origin, folder)
    paths: dict[str, str | None] = {}
    for face in ("regular", "bold", "italic", "licence"):
        relative = raw.get(face)
        if relative is None:
            paths[face] = None
            continue
        target = inside(folder, relative)
        if target is None:
            problems.append(origin.error(f"the font path {relative!r} leaves the game folder",
                                         "keep fonts inside the game folder", f"/{face}",
                                         kind=FONT_PROBLEM))
        elif target.exists() and not is_regular_file(target):
            problems.append(origin.error(f"the font path {relative!r} is not a file (a folder, "
                                         "a pipe or a device)", "name the font file itself",
                                         f"/{face}", kind=FONT_PROBLEM))
        elif not target.is_file():
            problems.append(origin.error(f"font file not found: {relative}",
                                         "add the file or fix the path" if face != "licence"
                                         else "a font is shipped with its licence: add it",
                                         f"/{face}", kind=FONT_PROBLEM))
        elif (size := target.stat().st_size) > MAX_FONT_BYTES:
            problems.append(origin.error(
                f"the font file {relative!r} is {size / 2**20:.1f} MB, above "
                f"{MAX_FONT_BYTES // 2**20} MB", "use the font's own file (a whole CJK family "
                "is about 20 MB), or a subset of it", f"/{face}", kind=FONT_PROBLEM))
        elif face != "licence" and target.suffix.lower() not in FONT_SUFFIXES:
            problems.append(origin.error(f"{relative!r} is not a TrueType or OpenType font",
                                         "use a .ttf or .otf file", f"/{face}",
                                         kind=FONT_PROBLEM))
        else:
            paths[face] = str(target)
            continue
        return None
    regular, licence = paths["regular"], paths["licence"]
    assert regular is not None and licence is not None  # both required by the schema
    return FontFiles(family, regular, paths["bold"], paths["italic"], licence, origin)


def build_theme(document: Document, folder: Path) -> Theme:
    """The theme of a validated `theme` document; file problems are kept for references()."""
    data = document.data
    problems: list[ContentError] = []
    fonts: dict[str, FontFiles] = {}
    for family, raw in data.get("fonts", {}).items():
        found = _font(folder, family, raw, document.origin(f"/fonts/{pointer_escape(family)}"),
                      problems)
        if found is not None:
            fonts[family] = found
    icons: dict[str, Art] = {}
    for icon, relative in data.get("icons", {}).items():
        drawn, found_problems = inspect(folder, relative, document.origin(f"/icons/{icon}"))
        problems += found_problems
        if drawn is not None:
            icons[icon] = drawn
    backs: dict[str, Back] = {}
    art: dict[str, Art] = {}
    for name, raw in data.get("backs", {}).items():
        origin = document.origin(f"/backs/{name}")
        backs[name] = Back(name, raw["background"], raw.get("frame"), raw.get("ink"),
                           raw.get("label"), raw.get("image"), raw.get("icon"), origin)
        if "image" in raw:
            image, found_problems = inspect(folder, raw["image"], origin.child("/image"))
            problems += found_problems
            if image is not None:
                art[image.relative] = image
    return Theme(frozen_mapping(data["palette"]), frozen_mapping(fonts),
                 frozen_mapping({k: float(v) for k, v in data.get("lines", {}).items()}),
                 float(data.get("corner_radius", 2.5)), frozen_mapping(backs),
                 frozen_mapping(icons), frozen_mapping(art), str(folder), document.origin(),
                 tuple(problems), tuple(data.get("fonts", {})), tuple(data.get("icons", {})))
