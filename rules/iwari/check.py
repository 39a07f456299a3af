"""`stamperia check` for IWARI: both map sides against the rulebook, and setup per count."""

from __future__ import annotations

import random
from collections import Counter

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import (
    COMPONENT_COUNTS,
    MAP_GEOMETRY,
    MISSING_PART,
    SETUP_IMPOSSIBLE,
)
from stamperia.content.look.hexgrid import neighbours
from stamperia.content.model import Game
from stamperia.content.rulesets.iwari.model import IwariMaps, IwariSet, MapSide
from stamperia.rules.colours import NamedColour, colour_clashes
from stamperia.rules.iwari.board import index_side
from stamperia.rules.iwari.setup import SetupError, deal


def check_iwari(game: Game, seed: int) -> tuple[list[ContentError], list[str]]:
    """Problems in the components, each map side and the setup of every player count."""
    if game.find_part(IwariSet) is None or game.find_part(IwariMaps) is None:
        return [game.origin.error("the iwari ruleset needs the parts iwari_set and iwari_maps",
                                  "name both files in \"parts\"", "/parts", MISSING_PART)], []
    components = game.part(IwariSet)
    maps = game.part(IwariMaps)
    problems = coded(check_components(components), COMPONENT_COUNTS)
    notes: list[str] = []
    for side in maps.sides:
        found = coded(check_side(components, side), MAP_GEOMETRY)
        problems += found
        if not found:
            notes.append(side_summary(side))
    if problems:
        return problems, notes
    low, high = game.players
    for side in maps.sides:
        for players in range(low, high + 1):
            rng = random.Random(f"{seed}:{side.id}:{players}")
            try:
                table = deal(components, side, players, rng)
            except SetupError as error:
                problems.append(components.setup.origin.error(
                    f"setup for {players} players on {side.id!r}: {error}",
                    "fix cards_removed_per_biome, mountain_symbols or the tribes",
                    kind=SETUP_IMPOSSIBLE))
                continue
            simulated = (f", simulated tribe {table.seats[table.simulated]}"
                         if table.simulated is not None else "")
            notes.append(
                f"setup {side.id} {players} players: deck {len(table.deck)} after "
                f"{len(table.removed)} removed, hands {'/'.join(str(len(h)) for h in table.hands)}"
                f", display {len(table.display)}, mountains on "
                f"{', '.join(str(m) for m in table.mountains)}{simulated}")
    problems += colour_clashes("biomes", [NamedColour(b.id, b.colour, b.origin)
                                          for b in components.biomes])
    problems += colour_clashes("tribes", [NamedColour(t.id, t.colour, t.origin)
                                          for t in components.tribes])
    return problems, notes


def _check_under_mountain(components: IwariSet, triggers: dict[str, str]
                          ) -> list[ContentError]:
    """`earned_under_mountain` is a reading of the connection feats (iwari.txt 290/296
    with 76): only they may carry it, and all of them alike, since RISPETTO's words are
    ONORE's by water."""
    problems: list[ContentError] = []
    readings = {f.earned_under_mountain for f in components.feats
                if triggers[f.trigger] == "connection"}
    for feat in components.feats:
        if feat.earned_under_mountain and triggers[feat.trigger] != "connection":
            problems.append(feat.origin.error(
                f"{feat.id}: earned_under_mountain is set, but its trigger "
                f"{feat.trigger!r} is no connection majority",
                "only a land_majority or water_majority feat is earned on a connection",
                "/earned_under_mountain"))
    if len(readings) > 1:
        mixed = ", ".join(f"{f.id} {str(f.earned_under_mountain).lower()}"
                          for f in components.feats if triggers[f.trigger] == "connection")
        problems.append(components.origin.warning(
            f"the connection feats read a mountain differently ({mixed})",
            "the rulebook words RISPETTO as ONORE by water (iwari.txt 290, 296): give "
            "them the same earned_under_mountain", "/feats"))
    return problems


def check_components(components: IwariSet) -> list[ContentError]:
    problems: list[ContentError] = []
    total = sum(b.cards for b in components.biomes)
    if components.declared_cards is not None and total != components.declared_cards:
        problems.append(components.origin.error(
            f"the biomes hold {total} cards, the file states {components.declared_cards}",
            "fix a biome's cards or declared_cards", "/declared_cards"))
    expected = {"territory": "tents", "connection": "totems"}
    triggers = {"camp": "territory", "last_tent_space": "territory",
                "land_majority": "connection", "water_majority": "connection"}
    for feat in components.feats:
        if expected[feat.placed_on] != feat.multiplies:
            problems.append(feat.origin.error(
                f"a feat placed on a {feat.placed_on} multiplies {expected[feat.placed_on]}, "
                f"not {feat.multiplies}", "", "/multiplies"))
        if triggers[feat.trigger] != feat.placed_on:
            problems.append(feat.origin.error(
                f"the trigger {feat.trigger!r} places the feat on a {triggers[feat.trigger]}",
                "", "/placed_on"))
    problems += _check_under_mountain(components, triggers)
    multipliers = components.feat_multipliers
    if any(b <= a for a, b in zip(multipliers, multipliers[1:], strict=False)):
        problems.append(components.origin.error("feat multipliers must increase", "",
                                                "/feat_multipliers"))
    low, high = components.tent_spaces_range
    if low > high:
        problems.append(components.origin.error(f"tent spaces range {low}..{high} is empty",
                                                "", "/tent_spaces_per_territory"))
    if components.tents_on_score_track >= components.tents:
        problems.append(components.origin.error("no tent left to place after the score marker",
                                                "", "/pieces"))
    for players, symbols in components.setup.mountain_symbols.items():
        if len(symbols) > components.mountains:
            problems.append(components.setup.origin.error(
                f"{players} players place {len(symbols)} mountains, the box has "
                f"{components.mountains}", "", f"/mountain_symbols/{players}"))
    return problems


def _touches_water(cells: tuple[tuple[int, int], ...], water: frozenset[tuple[int, int]]
                   ) -> bool:
    return any(n in water for cell in cells for n in neighbours(cell))


def check_side(components: IwariSet, side: MapSide) -> list[ContentError]:
    """The map rules of one side; an empty list when the side is sound."""
    problems: list[ContentError] = []
    biomes = {b.id for b in components.biomes}
    owner: dict[tuple[int, int], str] = {}
    low, high = components.tent_spaces_range
    for territory in side.territories:
        origin = territory.origin
        if territory.biome not in biomes:
            problems.append(origin.error(f"unknown biome {territory.biome!r}",
                                         f"known: {', '.join(sorted(biomes))}", "/biome"))
        for index, cell in enumerate(territory.cells):
            if cell in owner:
                problems.append(origin.error(f"cell {list(cell)} is also in {owner[cell]!r}",
                                             "", f"/cells/{index}"))
            if cell in side.water:
                problems.append(origin.error(f"cell {list(cell)} is a water cell", "",
                                             f"/cells/{index}"))
            owner[cell] = territory.id
        cells = set(territory.cells)
        if territory.totem not in cells:
            problems.append(origin.error("the totem space is not one of the territory's cells",
                                         "", "/totem"))
        if territory.totem in territory.tents:
            problems.append(origin.error("the totem space is also a tent space", "", "/totem"))
        for index, cell in enumerate(territory.tents):
            if cell not in cells:
                problems.append(origin.error(f"tent space {list(cell)} is outside the territory",
                                             "", f"/tents/{index}"))
        if len(set(territory.tents)) != len(territory.tents):
            problems.append(origin.error("two tent spaces share a cell", "", "/tents"))
        if not low <= len(territory.tents) <= high:
            problems.append(origin.error(
                f"{len(territory.tents)} tent spaces, the limits are {low}..{high}", "",
                "/tents"))
    if len(side.territories) > components.territory_markers:
        problems.append(side.origin.error(
            f"{len(side.territories)} territories but only {components.territory_markers} "
            "territory scoring markers", "", "/territories"))
    problems += _check_connections(side, owner)
    problems += _check_mountains(components, side)
    problems += _check_paths(side)
    problems += _check_coverage(components, side)
    return problems


def _check_connections(side: MapSide, owner: dict[tuple[int, int], str]) -> list[ContentError]:
    problems: list[ContentError] = []
    numbers = sorted(c.number for c in side.connections)
    expected = list(range(1, len(numbers) + 1))
    if numbers != expected:
        repeated = [n for n, k in Counter(numbers).items() if k > 1]
        missing = sorted(set(expected) - set(numbers))
        problems.append(side.origin.error(
            "connections must be numbered 1..N without gaps or repeats",
            f"missing {missing}, repeated {repeated}", "/connections"))
    touching: set[frozenset[str]] = set()
    for cell, name in owner.items():
        for other in neighbours(cell):
            if other in owner and owner[other] != name:
                touching.add(frozenset((name, owner[other])))
    wet = {t.id for t in side.territories if _touches_water(t.cells, side.water)}
    for connection in side.connections:
        a, b = connection.between
        if a == b:
            problems.append(connection.origin.error(
                f"connection {connection.number} joins {a!r} to itself", "", "/between"))
            continue
        if connection.kind == "land" and frozenset((a, b)) not in touching:
            problems.append(connection.origin.error(
                f"land connection {connection.number}: {a!r} and {b!r} do not touch",
                "make it a water connection or fix the cells", "/kind"))
        if connection.kind == "water":
            dry = [name for name in (a, b) if name not in wet]
            if dry:
                problems.append(connection.origin.error(
                    f"water connection {connection.number}: {', '.join(dry)} touches no water",
                    "give the territory a cell next to a water cell", "/between"))
    pairs = Counter(frozenset(c.between) for c in side.connections)
    for connection in side.connections:
        if pairs[frozenset(connection.between)] > 1:
            problems.append(connection.origin.warning(
                f"connection {connection.number}: the same two territories are joined twice"))
    reached = _reachable(side)
    for territory in side.territories:
        if territory.id not in reached:
            problems.append(territory.origin.error(
                f"territory {territory.id!r} cannot be reached through any connection",
                "add a connection to it"))
    return problems


def _reachable(side: MapSide) -> set[str]:
    if not side.territories:
        return set()
    seen = {side.territories[0].id}
    frontier = [side.territories[0].id]
    while frontier:
        current = frontier.pop()
        for connection in side.connections:
            if current in connection.between:
                for name in connection.between:
                    if name not in seen:
                        seen.add(name)
                        frontier.append(name)
    return seen


def _check_mountains(components: IwariSet, side: MapSide) -> list[ContentError]:
    problems: list[ContentError] = []
    numbers = {c.number for c in side.connections}
    used: dict[int, int] = {}
    symbols = Counter(p.symbols for p in side.mountain_pairs)
    for pair in side.mountain_pairs:
        if pair.connections[0] == pair.connections[1]:
            problems.append(pair.origin.error("a mountain pair names one connection twice",
                                              "", "/connections"))
        for index, number in enumerate(pair.connections):
            if number not in numbers:
                problems.append(pair.origin.error(f"no connection {number} on this side",
                                                  f"connections are 1..{len(numbers)}",
                                                  f"/connections/{index}"))
            if number in used and used[number] != pair.symbols:
                problems.append(pair.origin.error(
                    f"connection {number} is in two mountain pairs", "", f"/connections/{index}"))
            used[number] = pair.symbols
        if symbols[pair.symbols] > 1:
            problems.append(pair.origin.error(
                f"two mountain pairs carry {pair.symbols} symbol(s)", "", "/symbols"))
    needed = {s for counts in components.setup.mountain_symbols.values() for s in counts}
    for missing in sorted(needed - set(symbols)):
        problems.append(side.origin.error(
            f"the setup needs a mountain pair with {missing} symbol(s)", "",
            "/mountain_pairs"))
    return problems


def _check_paths(side: MapSide) -> list[ContentError]:
    problems: list[ContentError] = []
    cells = {name: territory.tents[i] for territory in side.territories
             for i, name in enumerate(territory.space_ids)}
    seen: set[frozenset[str]] = set()
    for path in side.paths:
        a, b = path.between
        if a not in cells or b not in cells:
            continue  # reported by the references check
        if a == b:
            problems.append(path.origin.error(f"path joins {a!r} to itself", "", "/between"))
        elif cells[b] not in neighbours(cells[a]):
            problems.append(path.origin.error(
                f"path {a} - {b}: the two tent spaces are not in neighbouring cells",
                "paths run between neighbouring tent spaces", "/between"))
        if frozenset(path.between) in seen:
            problems.append(path.origin.warning(f"path {a} - {b} is listed twice"))
        seen.add(frozenset(path.between))
    return problems


def _check_coverage(components: IwariSet, side: MapSide) -> list[ContentError]:
    """Every rule must be able to occur on this side."""
    problems: list[ContentError] = []
    kinds = {c.kind for c in side.connections}
    for kind in ("land", "water"):
        if kind not in kinds:
            problems.append(side.origin.error(f"no {kind} connection: a feat can never be "
                                              "taken on this side", "", "/connections"))
    present = {t.biome for t in side.territories}
    for biome in components.biomes:
        if biome.id not in present:
            problems.append(side.origin.error(f"no {biome.id} territory on this side", "",
                                              "/territories"))
    board = index_side(side)
    crossing = any(board.space_territory[a] != board.space_territory[b]
                   for a, links in enumerate(board.space_links) for b in links)
    if not crossing:
        problems.append(side.origin.error("no path crosses from one territory to another",
                                          "camps may cross territories: add such a path",
                                          "/paths"))
    biggest = max(len(t.tents) for t in side.territories)
    if biggest < components.camp_min_tents:
        problems.append(side.origin.error("no territory holds a camp", "", "/territories"))
    return problems


def side_summary(side: MapSide) -> str:
    kinds = Counter(c.kind for c in side.connections)
    spaces = sum(len(t.tents) for t in side.territories)
    return (f"side {side.id}: {len(side.territories)} territories, {spaces} tent spaces, "
            f"{len(side.connections)} connections ({kinds['land']} land, {kinds['water']} "
            f"water), {len(side.paths)} paths")
