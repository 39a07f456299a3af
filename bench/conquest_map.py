"""A generated conquest game on a large map, for the benches that measure how a command
grows with the map.

Why generated: the shipped maps have 40 territories, and what grows super-linearly only
shows on hundreds or thousands. The game is a copy of SGRUNT with its board replaced by a
grid of one-cell territories (every border declared, the outer ring coastal) in `ZONES`
zones, enough boars to claim every territory, objective cards of 14 territories and
Italian strings only. It passes `stamperia check` like a shipped game.
Run: python bench/conquest_map.py TERRITORIES FOLDER (writes FOLDER/<game>)
"""

from __future__ import annotations

import json
import math
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "content" / "games" / "sgrunt"
ZONES = 8
COLOURS = ("#b37e48", "#df97cf", "#2d5518", "#61b5f5", "#957dc2", "#cb6e70", "#f2e093",
           "#40c1ac")
PLAYERS = (4, 5)
OBJECTIVE_SIZE = 14
_EVEN_ROW = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ODD_ROW = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


def _grid(territories: int) -> list[tuple[int, int]]:
    """Cells of a roughly square block, row by row (odd-r offset layout)."""
    columns = max(2, math.ceil(math.sqrt(territories)))
    return [(index % columns, index // columns) for index in range(territories)]


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    column, row = cell
    return [(column + dc, row + dr) for dc, dr in (_ODD_ROW if row % 2 else _EVEN_ROW)]


def board(territories: int) -> tuple[dict[str, object], list[str], list[str]]:
    """The board document, the territory ids and the zone ids."""
    cells = _grid(territories)
    ids = {cell: f"t{index:05d}" for index, cell in enumerate(cells)}
    zones = [f"z{index:03d}" for index in range(ZONES)]
    zone_size = math.ceil(territories / ZONES)
    listed = []
    for index, cell in enumerate(cells):
        coastal = any(n not in ids for n in _neighbours(cell))
        listed.append({"id": ids[cell], "zone": zones[index // zone_size], "coastal": coastal,
                       "port": False, "cells": [list(cell)]})
    borders = sorted({tuple(sorted((ids[cell], ids[n])))
                      for cell in cells for n in _neighbours(cell) if n in ids})
    document: dict[str, object] = {
        "$schema": "../../rulesets/conquest/schemas/board.schema.json",
        "status": "prototype",
        "hex": {"layout": "pointy_odd_r", "size_mm": round(300 / math.sqrt(territories), 2)},
        "outside": "sea",
        "zones": [{"id": zone, "colour": colour, "bonus": {"pieces": 2, "cards": 0}}
                  for zone, colour in zip(zones, COLOURS, strict=True)],
        "territories": listed,
        "borders": [list(b) for b in borders],
        "border_exceptions": [],
        "link_kinds": [{"id": "sea_route", "requires_port": True, "style": "dashed"}],
        "links": [],
    }
    return document, [ids[c] for c in cells], zones


def write_game(territories: int, into: Path) -> Path:
    """Write the generated game into `into`/bigmap<N> and return its folder."""
    folder = into / f"bigmap{territories}"
    shutil.copytree(SOURCE, folder)
    document, territory_ids, zones = board(territories)
    (folder / "board.json").write_text(json.dumps(document), encoding="utf-8")
    cards = [{"id": f"obiettivo_{card:02d}",
              "territories": [{"territory": territory_ids[(card * 37 + k * 101) % territories],
                               "value": 3} for k in range(OBJECTIVE_SIZE)]}
             for card in range(PLAYERS[1] + 1)]
    (folder / "objectives.json").write_text(json.dumps({
        "$schema": "../../rulesets/conquest/schemas/objectives.schema.json",
        "status": "prototype", "max_total_spread": 6, "cards": cards}), encoding="utf-8")
    for locale in ("en", "fr"):
        (folder / "strings" / f"{locale}.json").unlink()
    manifest = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    manifest["id"] = folder.name
    manifest["players"] = {"min": PLAYERS[0], "max": PLAYERS[1]}
    manifest["locales"] = {"source": "it", "translations": []}
    per_player = math.ceil(territories / PLAYERS[0]) + 10
    manifest["setup"]["pieces_per_player"] = {str(p): per_player for p in PLAYERS}
    (folder / "game.json").write_text(json.dumps(manifest), encoding="utf-8")
    components = json.loads((folder / "components.json").read_text(encoding="utf-8"))
    components["pieces"][0]["per_faction"] = per_player
    (folder / "components.json").write_text(json.dumps(components), encoding="utf-8")
    strings_path = folder / "strings" / "it.json"
    strings = json.loads(strings_path.read_text(encoding="utf-8"))
    strings["territory"] = {t: {"name": t.upper()} for t in territory_ids}
    strings["zone"] = {z: {"name": z.upper()} for z in zones}
    strings.pop("objective", None)
    strings_path.write_text(json.dumps(strings, ensure_ascii=False), encoding="utf-8")
    return folder


if __name__ == "__main__":
    print(write_game(int(sys.argv[1]), Path(sys.argv[2])))
