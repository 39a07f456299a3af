"""Board checks: borders against the hex geometry, islands, coasts, ports, connectivity."""

from __future__ import annotations

from collections import Counter

from stamperia.content.errors import ContentError
from stamperia.content.look.hexgrid import Cell, components, neighbours
from stamperia.content.model import Pair, pair
from stamperia.content.rulesets.conquest.model import Board, Border, BorderException


def derived_adjacency(board: Board) -> dict[Pair, tuple[Cell, Cell]]:
    """Pairs of territories whose cells share an edge, with one such edge as evidence."""
    owner = {cell: t.id for t in board.territories for cell in t.cells}
    found: dict[Pair, tuple[Cell, Cell]] = {}
    for cell, territory in sorted(owner.items()):
        for other in neighbours(cell):
            if other < cell:
                continue  # an edge already seen from `other`, which came first
            other_territory = owner.get(other)
            if other_territory is not None and other_territory != territory:
                found.setdefault(pair(territory, other_territory), (cell, other))
    return found


def check_board(board: Board) -> list[ContentError]:
    problems: list[ContentError] = []
    problems += _check_cells(board)
    problems += _check_borders(board)
    problems += _check_links(board)
    problems += _check_zones(board)
    problems += _check_connected(board)
    return problems


def _check_cells(board: Board) -> list[ContentError]:
    problems = []
    owner: dict[Cell, str] = {}
    for territory in board.territories:
        for index, cell in enumerate(territory.cells):
            if cell in owner:
                problems.append(territory.origin.error(
                    f"cell {list(cell)} already belongs to {owner[cell]!r}",
                    "a cell belongs to one territory", f"/cells/{index}"))
            owner.setdefault(cell, territory.id)
        groups = components(territory.cells)
        if len(groups) != territory.parts:
            shown = "; ".join(str(sorted(list(c) for c in g)[:3]) for g in groups[1:3])
            problems.append(territory.origin.error(
                f"territory {territory.id!r} has {len(groups)} separate parts of cells but "
                f"declares {territory.parts}",
                f"declare \"parts\": {len(groups)} for an archipelago, or join the cells"
                + (f" (stray cells near {shown})" if len(groups) > territory.parts else ""),
                "/cells"))
    for cell in sorted(board.sea_cells & set(owner)):
        problems.append(board.origin.child("/sea_cells").error(
            f"sea cell {list(cell)} belongs to territory {owner[cell]!r}",
            "remove it from sea_cells or from the territory"))
    if board.outside == "sea" or board.sea_cells:
        for territory in board.territories:
            touches_sea = any((n not in owner if board.outside == "sea" else n in board.sea_cells)
                              for c in territory.cells for n in neighbours(c))
            if touches_sea != territory.coastal:
                problems.append(territory.origin.error(
                    f"territory {territory.id!r} is declared "
                    f"coastal={str(territory.coastal).lower()} but its cells "
                    f"{'touch' if touches_sea else 'do not touch'} the sea",
                    "fix the flag or the cells", "/coastal"))
    for territory in board.territories:
        if territory.port and not territory.coastal:
            problems.append(territory.origin.error(
                f"port {territory.id!r} is not coastal", "a port must touch the sea", "/port"))
    if board.event_deck_cell is not None and board.event_deck_cell in owner:
        problems.append(board.origin.child("/event_deck_space/cell").error(
            f"the event deck space {list(board.event_deck_cell)} lies on territory "
            f"{owner[board.event_deck_cell]!r}", "choose a sea cell"))
    return problems


def _check_borders(board: Board) -> list[ContentError]:
    problems = []
    derived = derived_adjacency(board)
    declared: dict[Pair, Border] = {}
    for border in board.borders:
        a, b = border.between
        if a == b:
            problems.append(border.origin.error(f"territory {a!r} borders itself",
                                                "remove this border"))
            continue
        if border.between in declared:
            problems.append(border.origin.error(
                f"border {a}–{b} is declared twice", "remove the duplicate"))
            continue
        declared[border.between] = border
    exceptions: dict[Pair, BorderException] = {}
    for exception in board.exceptions:
        if exception.between in exceptions:
            problems.append(exception.origin.error(
                f"exception {'–'.join(exception.between)} is declared twice", "remove one"))
        exceptions[exception.between] = exception
    cell_place = {cell: (t, i) for t in board.territories for i, cell in enumerate(t.cells)}
    for key, (cell, other) in sorted(derived.items()):
        if key in declared or key in exceptions:
            continue
        territory, index = cell_place[cell]  # its origin only for a problem: lines cost
        problems.append(territory.origin.child(f"/cells/{index}").error(
            f"cells of {key[0]!r} and {key[1]!r} share an edge ({list(cell)}–{list(other)}) "
            "but no border is declared",
            "declare the border, or a border_exception with adjacent: false and a reason"))
    for key, border in sorted(declared.items()):
        stated = exceptions.get(key)
        if stated is not None and not stated.adjacent:
            problems.append(border.origin.error(
                f"border {key[0]}–{key[1]} is declared but an exception says they are not "
                "adjacent", f"reason given: {stated.reason}"))
        elif key not in derived and (stated is None or not stated.adjacent):
            problems.append(border.origin.error(
                f"border {key[0]}–{key[1]} is declared but their cells do not touch",
                "move the cells, or declare a border_exception with adjacent: true and a reason"))
    for key, exception in sorted(exceptions.items()):
        needed = (key in derived) != (key in declared)
        if exception.adjacent and key not in declared:
            problems.append(exception.origin.error(
                f"exception says {key[0]}–{key[1]} are adjacent but no border is declared",
                "add the border to borders"))
        elif not needed:
            problems.append(exception.origin.error(
                f"exception {key[0]}–{key[1]} is not needed: geometry and borders agree",
                "remove it"))
    return problems


def _check_links(board: Board) -> list[ContentError]:
    problems = []
    kinds = {k.id: k for k in board.link_kinds}
    ports = {t.id for t in board.territories if t.port}
    seen: set[tuple[str, Pair]] = set()
    for link in board.links:
        a, b = link.between
        if a == b:
            problems.append(link.origin.error(f"link from {a!r} to itself", "remove it"))
        if (link.kind, link.between) in seen:
            problems.append(link.origin.error(f"{link.kind} {a}–{b} is declared twice",
                                              "remove the duplicate"))
        seen.add((link.kind, link.between))
        kind = kinds.get(link.kind)
        if kind is not None and kind.requires_port:
            for index, end in enumerate(link.between):
                if end not in ports:
                    problems.append(link.origin.error(
                        f"{link.kind} touches {end!r}, which is not a port",
                        f"mark {end!r} \"port\": true or remove the link", f"/between/{index}"))
    return problems


def _check_zones(board: Board) -> list[ContentError]:
    problems = []
    counts = Counter(t.zone for t in board.territories)
    for zone in board.zones:
        count = counts.get(zone.id, 0)
        if count == 0:
            problems.append(zone.origin.error(f"zone {zone.id!r} has no territories",
                                              "assign territories to it or remove it"))
        elif zone.declared_count is not None and zone.declared_count != count:
            problems.append(zone.origin.error(
                f"zone {zone.id!r} states {zone.declared_count} territories but has {count}",
                "fix territory_count (it is printed on the board)", "/territory_count"))
    return problems


def _check_connected(board: Board) -> list[ContentError]:
    ids = [t.id for t in board.territories]
    if not ids:
        return []
    graph = {t: set(board.neighbours(t)) for t in ids}
    reached = {ids[0]}
    frontier = [ids[0]]
    while frontier:
        for other in graph[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    unreached = [t for t in board.territories if t.id not in reached]
    if not unreached:
        return []
    return [unreached[0].origin.error(
        f"the map is not connected: {', '.join(t.id for t in unreached)} cannot be reached "
        f"from {ids[0]!r}", "add a border or a link")]
