"""IWARI's water connections run over water only, and the print shop's map has a key to
every mark it prints."""

from __future__ import annotations

import math

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.hexgrid import centre
from stamperia.content.rulesets.iwari.model import IwariMaps, MapSide
from stamperia.generator.draw.drawing import iter_text_boxes
from stamperia.generator.kit import build_kit, fit_check_options
from stamperia.generator.kits.iwari import maplegend
from stamperia.generator.kits.iwari.waterways import waterway
from stamperia.generator.kitwords import kit_wording


def _sides() -> tuple[MapSide, ...]:
    return load_game("iwari").part(IwariMaps).sides


def _nearest(side: MapSide, point: tuple[float, float], size: float) -> tuple[int, int]:
    cells = [*side.water, *(c for t in side.territories for c in t.cells)]
    return min(cells, key=lambda c: math.dist(centre(c, size), point))


@pytest.mark.parametrize("side", _sides(), ids=lambda s: s.id)
def test_water_lines_cross_water_cells_only(side: MapSide) -> None:
    """The lines ran from totem to totem, across land, spaces and names."""
    size = load_game("iwari").part(IwariMaps).hex_size_mm
    for connection in side.connections:
        if connection.kind != "water":
            continue
        way = waterway(side, connection.between, connection.number, size)
        assert way.lines and len(way.numbers) in (1, 2)
        for line in way.lines:
            for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
                for step in range(1, 20):  # strictly inside: the ends lie on a shore
                    t = step / 20
                    at = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
                    assert _nearest(side, at, size) in side.water, (connection.number, at)
        for number in way.numbers:
            assert _nearest(side, number, size) in side.water


def test_territories_on_one_water_get_one_line_and_one_number() -> None:
    side = next(s for s in _sides() if s.id == "vaste_terre")
    size = load_game("iwari").part(IwariMaps).hex_size_mm
    shared = waterway(side, ("tundra_1", "desert_2"), 13, size)
    assert (len(shared.lines), len(shared.numbers)) == (1, 1)
    apart = waterway(side, ("coast_1", "desert_1"), 10, size)
    assert (len(apart.lines), len(apart.numbers)) == (2, 2)


@pytest.mark.parametrize("locale", ["it", "en"])
def test_the_shop_map_explains_each_mark(locale: str) -> None:
    game = load_game("iwari")
    ui = kit_wording(game, locale)
    documents = {d.stem: d for d in build_kit(game, locale, fit_check_options())}
    for side in _sides():
        page = documents[f"map-{side.id.replace('_', '-')}-large"].pages[0]
        assert (page.trim_box.width, page.trim_box.height) == (420.0, 297.0)  # A3
        texts = {t.text for t in iter_text_boxes(page.items)}
        kinds = maplegend.entries(side)
        assert set(kinds) == {"tent", "totem", "path", "land", "water", "wilds", "mountains"}
        for kind in kinds:
            assert ui(f"map.key.{kind}") in texts
