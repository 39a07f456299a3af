"""A cards game's optional board: a free-form picture, or a hex map of named regions.

A hex board is cells on the odd-r grid (content.look.hexgrid) grouped into regions, each in a
palette colour with its name from the strings (`region.<id>.name`); the kit prints it as
a large page and tiles, and layouts may place it with the `hex_map` widget.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.look.hexgrid import Cell
from stamperia.content.look.theme import Theme
from stamperia.content.references import duplicates, unknown

HEX_WIDGET = "hex_map"


@dataclass(frozen=True)
class Region:
    id: str
    fill: str
    group: str
    cells: tuple[Cell, ...]
    origin: Origin


@dataclass(frozen=True)
class Board:
    """`image` with `width`×`height` mm for a free-form board; `hex_size` and `regions`
    for a hex board (its size follows from the cells)."""

    image: str | None
    width: float
    height: float
    origin: Origin
    hex_size: float = 0.0
    regions: tuple[Region, ...] = ()
    sea: str | None = None

    @property
    def is_hex(self) -> bool:
        return bool(self.regions)

    def text_keys(self) -> dict[str, Origin]:
        return {f"region.{r.id}.name": r.origin for r in self.regions}

    def problems(self, theme: Theme) -> list[ContentError]:
        """Region ids once each, a cell in one region only, fills and sea in the palette."""
        problems = duplicates("region", ((r.id, r.origin) for r in self.regions))
        seen: dict[Cell, str] = {}
        for region in self.regions:
            if region.fill not in theme.palette:
                problems.append(unknown("palette colour", region.fill, theme.palette,
                                        region.origin, "/fill"))
            for index, cell in enumerate(region.cells):
                if cell in seen and seen[cell] != region.id:
                    problems.append(region.origin.error(
                        f"cell {list(cell)} is in region {seen[cell]!r} and in {region.id!r}",
                        "give each cell to one region", f"/cells/{index}"))
                seen.setdefault(cell, region.id)
        if self.sea is not None and self.sea not in theme.palette:
            problems.append(unknown("palette colour", self.sea, theme.palette, self.origin,
                                    "/sea"))
        return problems


def read_board(raw: Mapping[str, Any], origin: Origin, problems: list[ContentError]
               ) -> Board | None:
    """The board of a schema-valid `board` object: a picture or a hex map, not both."""
    hexes = "regions" in raw or "hex_size_mm" in raw
    if "image" in raw and hexes:
        problems.append(origin.error(
            "a board is a picture (image) or a hex map (hex_size_mm, regions), not both",
            "keep one: a picture can be a layout's image on a reference sheet instead"))
        return None
    if hexes:
        missing = [k for k in ("hex_size_mm", "regions") if k not in raw]
        if missing:
            problems.append(origin.error(f"a hex board needs {' and '.join(missing)}",
                                         "give the cell size in mm and the regions"))
            return None
        regions = tuple(Region(r["id"], r["fill"], r.get("group", ""),
                               tuple((int(c), int(w)) for c, w in r["cells"]),
                               origin.child(f"/regions/{i}"))
                        for i, r in enumerate(raw["regions"]))
        return Board(None, 0.0, 0.0, origin, float(raw["hex_size_mm"]), regions,
                     raw.get("sea"))
    missing = [k for k in ("image", "width", "height") if k not in raw]
    if missing:
        problems.append(origin.error(
            f"a board needs {', '.join(missing)}",
            "give a picture with its width and height in mm, or hex_size_mm and regions"))
        return None
    return Board(raw["image"], float(raw["width"]), float(raw["height"]), origin)
