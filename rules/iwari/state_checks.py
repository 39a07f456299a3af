"""What the IWARI rulebook makes impossible in a position's board fields, beyond the schema.

Shared by `stamperia score` and the position format, so both refuse the same positions:
the table (2 players bring a simulated third tribe), the mountains ("quattro coppie di
collegamenti contrassegnati", one mountain per pair, only the pairs of the player count)
and where feats lie (Onore "su un collegamento via terra", Rispetto "via acqua
(riconoscibile dalla linea tratteggiata)", Unione "in uno dei territori in cui è presente
l'accampamento").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.rules.iwari.board import Board
from stamperia.rules.iwari.scoring import camps

CONNECTION_KIND = {"land_majority": "land", "water_majority": "water"}


def players_at(data: Mapping[str, Any]) -> int:
    """Players at the table: the tribes less the simulated one."""
    return len(data["tribes"]) - ("simulated" in data)


def table_problems(components: IwariSet, data: Mapping[str, Any], origin: Origin
                   ) -> list[ContentError]:
    """The simulated tribe is the last seat, and only the player counts that need it have
    it ("In una partita a 2 giocatori, scegliete un terzo colore")."""
    tribes = data["tribes"]
    simulated = data.get("simulated")
    setup = components.setup
    problems = []
    if simulated is not None and simulated != tribes[-1]:
        problems.append(origin.error(f"the simulated tribe {simulated!r} is not the last "
                                     "of tribes", "seat it last", "/simulated"))
    players = players_at(data)
    if players not in setup.cards_removed_per_biome:
        counts = ", ".join(str(n) for n in sorted(setup.cards_removed_per_biome))
        problems.append(origin.error(f"the game has no setup for {players} player(s)",
                                     f"players: {counts}", "/tribes"))
    elif (players in setup.simulated_tribe) != (simulated is not None):
        if simulated is None:
            problems.append(origin.error(
                f"{players} players play with a simulated tribe",
                "seat a third colour last in tribes and name it in \"simulated\"", "/tribes"))
        else:
            problems.append(origin.error(f"{players} players have no simulated tribe",
                                         "leave out \"simulated\"", "/simulated"))
    return problems


def mountain_problems(components: IwariSet, board: Board, data: Mapping[str, Any],
                      origin: Origin) -> list[ContentError]:
    """A mountain lies on a marked connection, one per pair, and only on the pairs the
    player count uses (the setup table: 5 players ▲, 4 ▲ ▲▲, 3 up to ▲▲▲, 2 all four)."""
    pairs = {n: p.symbols for p in board.side.mountain_pairs for n in p.connections}
    used = components.setup.mountain_symbols.get(players_at(data))
    numbers = {c.number for c in board.connections}
    seen: dict[int, int] = {}
    problems = []
    for index, number in enumerate(data.get("mountains", [])):
        where = f"/mountains/{index}"
        if number not in numbers:
            problems.append(origin.error(f"no connection {number} on this side", "", where))
        elif number not in pairs:
            problems.append(origin.error(f"connection {number} has no mountain symbol",
                                         f"mountains go on {sorted(pairs)}", where))
        elif pairs[number] in seen:
            problems.append(origin.error(
                f"two mountains on the pair with {pairs[number]} symbol(s)",
                f"connection {seen[pairs[number]]} already holds its mountain", where))
        elif used is not None and pairs[number] not in used:
            problems.append(origin.error(
                f"connection {number} is on the pair with {pairs[number]} symbol(s), unused "
                f"with {players_at(data)} players",
                f"the pairs in play have {', '.join(str(s) for s in used)} symbol(s)", where))
        else:
            seen[pairs[number]] = number
    return problems


def feat_place_problems(components: IwariSet, board: Board, data: Mapping[str, Any],
                        tents: Sequence[int], origin: Origin) -> list[ContentError]:
    """Onore and Rispetto lie on a connection of their kind, and under a mountain only
    where the content lets a covered connection earn them; an Unione whose tribe is named
    lies in a territory of one of that tribe's camps."""
    seat = {t: i for i, t in enumerate(data["tribes"])}
    kinds = {c.number: c.kind for c in board.connections}
    covered = set(data.get("mountains", []))
    problems = []
    for index, entry in enumerate(data.get("feats", [])):
        where = f"/feats/{index}"
        if entry["feat"] not in {f.id for f in components.feats}:
            continue
        feat = components.feat(entry["feat"])
        wanted = CONNECTION_KIND.get(feat.trigger)
        number = entry.get("connection")
        if wanted is not None and number in kinds and kinds[number] != wanted:
            problems.append(origin.error(
                f"connection {number} is {kinds[number]}, {feat.id} goes on a {wanted} "
                "connection", _kind_hint(components, kinds[number]), f"{where}/connection"))
        elif (wanted is not None and number in covered
              and not feat.earned_under_mountain):
            problems.append(origin.error(
                f"connection {number} is under a mountain: no {feat.id} is earned there",
                f"{feat.id}'s earned_under_mountain is false in the game's set.json",
                f"{where}/connection"))
        owner = entry.get("tribe")
        territory = entry.get("territory")
        if (feat.trigger == "camp" and owner in seat and territory in board.territory_ids
                and not _camp_in(board, tents, seat[owner], board.territory_index(territory),
                                 components.camp_min_tents)):
            problems.append(origin.error(
                f"{owner} has no camp in {territory}",
                f"an Unione lies where its tribe has a camp: {components.camp_min_tents}+"
                " tents joined by paths", f"{where}/territory"))
    return problems


def _kind_hint(components: IwariSet, kind: str) -> str:
    fitting = [f.id for f in components.feats if CONNECTION_KIND.get(f.trigger) == kind]
    return f"on a {kind} connection lies {' or '.join(fitting)}" if fitting else ""


def _camp_in(board: Board, tents: Sequence[int], seat: int, territory: int,
             minimum: int) -> bool:
    spaces = set(board.spaces_of(territory))
    return any(spaces.intersection(group) for group in camps(board, tents, seat, minimum))
