"""Board links: sea routes port to port, inside the score track, named in the legend with
the map's own symbol, and never crossing a territory's name."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from stamperia.content.loader import load_game
from stamperia.content.look.hexgrid import centre
from stamperia.content.look.theme import Theme
from stamperia.content.model import frozen_mapping
from stamperia.content.rulesets.conquest.model import Conquest
from stamperia.generator.draw.drawing import (
    Circle,
    Group,
    Image,
    Item,
    Line,
    Page,
    Polyline,
    TextBox,
)
from stamperia.generator.kits.conquest import board as board_kit
from stamperia.generator.kits.conquest.links import DASHES, cell_at, line_hits_box, port_cell
from stamperia.generator.kitwords import kit_wording
from stamperia.generator.print.printshop import BLEED, SAFE, SLUG

GAMES = [("sgrunt", "it"), ("sgrunt", "en"), ("mugrugni", "it"), ("mugrugni", "en")]


def _page(name: str, locale: str) -> Page:
    game = load_game(name)
    return board_kit.board_page(game, locale, kit_wording(game, locale))


def _groups(page: Page) -> tuple[Group, Group]:
    map_group, legend = (i for i in page.items if isinstance(i, Group))
    return map_group, legend


def _link_lines(items: tuple[Item, ...]) -> list[Polyline]:
    """The white strokes of the links (their ink casings lie under them)."""
    return [i for i in items if isinstance(i, Polyline) and i.style.stroke == "#ffffff"]


@pytest.mark.parametrize(("name", "locale"), GAMES)
def test_no_territory_name_is_crossed_by_a_link(name: str, locale: str) -> None:
    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    names = {game.text(locale, f"territory.{t.id}.name") for t in board.territories}
    map_group, _ = _groups(_page(name, locale))
    boxes = [(i.x, i.y, i.width, i.height) for i in map_group.items
             if isinstance(i, TextBox) and i.text in names]
    assert len(boxes) == len(board.territories)
    lines = [i.points for i in map_group.items if isinstance(i, Polyline)]
    lines += [((i.x1, i.y1), (i.x2, i.y2)) for i in map_group.items if isinstance(i, Line)]
    assert lines
    crossed = [box for box in boxes for line in lines if line_hits_box(line, box)]
    assert crossed == []
    icons = _icon_discs(map_group.items)
    assert len(icons) == len(board.links)
    covered = [(box, icon) for box in boxes for icon in icons if _overlaps(box, icon)]
    assert covered == []
    zones = [(i.x, i.y, i.width, i.height) for i in map_group.items
             if isinstance(i, TextBox) and i.text.isupper() and i.text not in names]
    assert zones and [z for z in zones for icon in icons if _overlaps(z, icon)] == []


def _icon_discs(items: tuple[Item, ...]) -> list[tuple[float, float, float, float]]:
    """The square around each link icon's disc (the disc drawn under each icon image)."""
    images = [i for i in items if isinstance(i, Image)]
    discs = [c for c in items if isinstance(c, Circle)
             and any(abs(c.cx - (i.x + i.width / 2)) < 1e-6
                     and abs(c.cy - (i.y + i.height / 2)) < 1e-6 for i in images)]
    return [(c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r) for c in discs]


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
              ) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_each_link_shows_its_kinds_icon_on_its_line(name: str) -> None:
    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    map_group, legend = _groups(_page(name, "it"))
    icons = {art.path: kind for kind, art in game.part(Theme).icons.items()}
    shown = sorted(icons[str(i.path)] for i in map_group.items if isinstance(i, Image))
    assert shown == sorted(link.kind for link in board.links)
    lines = [line.points for line in _link_lines(map_group.items)]
    for disc in _icon_discs(map_group.items):
        middle = (disc[0] + disc[2] / 2, disc[1] + disc[3] / 2)
        assert any(line_hits_box(line, (middle[0] - 0.01, middle[1] - 0.01, 0.02, 0.02))
                   for line in lines)
    in_legend = sorted(icons[str(i.path)] for i in legend.items if isinstance(i, Image))
    assert in_legend == sorted({link.kind for link in board.links})


def test_a_link_kind_without_an_icon_is_drawn_by_its_line_alone() -> None:
    game = load_game("mugrugni")
    theme = game.part(Theme)
    bare = replace(theme, icons=frozen_mapping(
        {k: v for k, v in theme.icons.items() if k != "ford"}))
    game = replace(game, parts=tuple(bare if p is theme else p for p in game.parts))
    page = board_kit.board_page(game, "it", kit_wording(game, "it"))
    map_group, legend = _groups(page)
    shown = {str(i.path) for g in (map_group, legend) for i in g.items if isinstance(i, Image)}
    assert shown == {theme.icons["sea_route"].path, theme.icons["mountain_pass"].path}


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_sea_routes_run_from_port_anchor_to_port_anchor(name: str) -> None:
    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    map_group, _ = _groups(_page(name, game.source_locale))
    routes = [line for line in _link_lines(map_group.items)
              if line.style.dash == DASHES["dashed"]]
    sea_links = [link for link in board.links if link.kind == "sea_route"]
    assert len(routes) == len(sea_links) > 0
    anchors = {(round(c.cx, 6), round(c.cy, 6)) for c in map_group.items
               if isinstance(c, Circle) and c.style.fill == "#ffffff"}
    for link, route in zip(sea_links, routes, strict=True):
        ends = {(round(p[0], 6), round(p[1], 6)) for p in (route.points[0], route.points[-1])}
        ports = {tuple(round(v, 6) for v in centre(port_cell(board, board.territory(t)),
                                                   board.hex_size_mm))
                 for t in link.between}
        assert ends == ports and ends <= anchors, link.between


@pytest.mark.parametrize("name", ["sgrunt", "mugrugni"])
def test_links_stay_inside_the_score_track(name: str) -> None:
    page = _page(name, "it")
    map_group, _ = _groups(page)
    inner = SLUG + BLEED + SAFE + board_kit.TRACK_BAND
    dx, dy = map_group.translate
    for line in (i for i in map_group.items if isinstance(i, Polyline)):
        for x, y in line.points:
            assert inner < x + dx < page.width_mm - inner
            assert inner < y + dy < page.height_mm - inner


@pytest.mark.parametrize(("name", "locale"), GAMES)
def test_the_legend_names_every_link_kind_with_the_maps_symbol(name: str, locale: str) -> None:
    game = load_game(name)
    board = game.part(Conquest).board
    assert board is not None
    map_group, legend = _groups(_page(name, locale))
    texts = {i.text for i in legend.items if isinstance(i, TextBox)}
    on_map = {line.style for line in _link_lines(map_group.items)}
    in_legend = {line.style for line in _link_lines(legend.items)}
    kinds = {link.kind for link in board.links}
    assert len(on_map) == len(kinds) and on_map == in_legend
    for kind in kinds:
        assert game.text(locale, f"link_kind.{kind}.name") in texts


def test_a_route_with_no_way_inside_the_area_is_clipped_with_arrows() -> None:
    from stamperia.generator.kits.conquest.links import routes

    board = load_game("sgrunt").part(Conquest).board
    assert board is not None
    found = routes(board, board.hex_size_mm, (60.0, 0.0, 400.0, 600.0))
    clipped = [r for r in found if r.breaks]
    assert clipped
    for route in clipped:
        for piece in route.pieces:
            assert all(p[0] >= 60.0 - 1e-9 for p in piece)
        assert all(math.isclose(math.hypot(*d), 1.0) for _, d in route.breaks)


def test_an_icon_moves_along_its_line_off_a_name_and_off_another_icon() -> None:
    from stamperia.generator.kits.conquest.linkicons import place_icons
    from stamperia.generator.kits.conquest.links import Route

    game = load_game("mugrugni")
    board = game.part(Conquest).board
    assert board is not None
    icons = game.part(Theme).icons
    ford = next(k for k in board.link_kinds if k.id == "ford")
    link = next(link for link in board.links if link.kind == "ford")
    line = ((0.0, 0.0), (100.0, 0.0))
    route = Route(link, ford, (line,))
    name = (40.0, -5.0, 20.0, 10.0)  # over the middle of the line
    first, second = place_icons((route, route), icons, 10.0, (name,))
    assert first.at == pytest.approx((34.0, 0.0))  # 34% of the way: the first clear point
    assert second.at == pytest.approx((66.0, 0.0))  # clear of the name and of the first
    assert not _overlaps(first.box, second.box)


@pytest.mark.parametrize("size", [0.3, 1.0, 2.7, 5.48])
def test_a_point_lies_in_the_cell_of_the_nearest_centre_the_lowest_on_a_tie(size: float) -> None:
    """cell_at, against every cell around: at centres, at corners (three cells tie), on
    edges (two tie) and anywhere between."""
    cells = [(c, r) for r in range(-3, 30) for c in range(-3, 30)]
    points = [centre((c, r), size) for r in range(10) for c in range(0, 10, 3)]
    points += [(x + math.sqrt(3) * size / 2, y + size / 2) for x, y in points]  # corners
    points += [(x + math.sqrt(3) * size / 2, y) for x, y in points[:40]]  # edges
    points += [(i * size * 0.37, j * size * 0.61) for i in range(25) for j in range(15)]
    for point in points:
        nearest = min(cells, key=lambda cell: (math.dist(centre(cell, size), point), cell))
        assert cell_at(point, size) == nearest, point
