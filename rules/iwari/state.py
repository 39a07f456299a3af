"""A scored position read from a state file (`stamperia schema iwari_state`).

The schema guarantees the shape; this module finds what the rules make impossible (a tent
on a space that does not exist, more totems than the majority holder's tents, too many
feats) and reports each at its JSON pointer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.content.references import did_you_mean
from stamperia.rules.iwari.board import Board, index_side, iwari_parts
from stamperia.rules.iwari.scoring import EMPTY, Position, Scoring, score, winners
from stamperia.rules.iwari.state_checks import (
    feat_place_problems,
    mountain_problems,
    table_problems,
)


@dataclass(frozen=True)
class ScoredState:
    side: str
    tribes: tuple[str, ...]
    board: Board
    position: Position
    scoring: Scoring
    before: tuple[int, ...]
    unused: tuple[int, ...]
    simulated: int | None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.before, self.scoring.totals, strict=True))

    @property
    def best(self) -> tuple[int, ...]:
        """The seats with the most points (ties broken by unused pieces)."""
        return winners(self.totals, self.unused)

    @property
    def simulated_won(self) -> bool:
        """"nel caso risulti vincitore al termine della partita, entrambi i giocatori
        perdono": the simulated tribe among the best means nobody wins."""
        return self.simulated is not None and self.simulated in self.best

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.simulated_won else self.best


def read_state(game: Game, data: Mapping[str, Any], origin: Origin
               ) -> tuple[ScoredState | None, list[ContentError]]:
    """The scored position, or every problem found in the state."""
    components, maps = iwari_parts(game)
    problems: list[ContentError] = []
    if not maps.has_side(data["side"]):
        known = [s.id for s in maps.sides]
        return None, [origin.error(f"unknown map side {data['side']!r}",
                                   did_you_mean(data["side"], known) or
                                   f"known: {', '.join(known)}", "/side")]
    board = index_side(maps.side(data["side"]))
    tribes = tuple(data["tribes"])
    problems.extend(table_problems(components, data, origin))
    known_tribes = [t.id for t in components.tribes]
    for index, tribe in enumerate(tribes):
        if tribe not in known_tribes:
            problems.append(origin.error(f"unknown tribe {tribe!r}",
                                         did_you_mean(tribe, known_tribes), f"/tribes/{index}"))
    seat = {t: i for i, t in enumerate(tribes)}
    tents = [EMPTY] * board.spaces
    totems = [[0] * len(tribes) for _ in range(board.territories)]
    for name, held in data["territories"].items():
        where = f"/territories/{name}"
        if name not in board.territory_ids:
            problems.append(origin.error(f"no territory {name!r} on side {data['side']!r}",
                                         did_you_mean(name, board.territory_ids), where))
            continue
        territory = board.territory_index(name)
        for number, tribe in held.get("tents", {}).items():
            if tribe not in seat:
                problems.append(origin.error(f"tribe {tribe!r} is not at the table",
                                             "list it in \"tribes\"", f"{where}/tents/{number}"))
            elif int(number) > board.space_counts[territory]:
                problems.append(origin.error(
                    f"{name} has {board.space_counts[territory]} tent spaces, not {number}",
                    "", f"{where}/tents/{number}"))
            else:
                tents[board.first_space[territory] + int(number) - 1] = seat[tribe]
        for tribe, count in held.get("totems", {}).items():
            if tribe not in seat:
                problems.append(origin.error(f"tribe {tribe!r} is not at the table",
                                             "list it in \"tribes\"", f"{where}/totems/{tribe}"))
            else:
                totems[territory][seat[tribe]] = count
    if problems:
        return None, problems
    position = Position(len(tribes), tuple(tents), tuple(tuple(t) for t in totems),
                        (0,) * board.territories, {}, frozenset())
    for territory in range(board.territories):
        top = max(position.tents_in(board, territory), default=0)
        if sum(totems[territory]) > top:
            name = board.territory_ids[territory]
            problems.append(origin.error(
                f"{name} holds {sum(totems[territory])} totems but the majority holder has "
                f"{top} tents there", "totems never outnumber the majority holder's tents",
                f"/territories/{name}/totems"))
    placed_tents = Counter(t for t in tents if t != EMPTY)
    for tribe, index in seat.items():
        if placed_tents[index] > components.playable_tents:
            problems.append(origin.error(f"{tribe} has {placed_tents[index]} tents on the map, "
                                         f"a tribe has {components.playable_tents}", "",
                                         "/territories"))
        placed = sum(t[index] for t in totems)
        if placed > components.totems:
            problems.append(origin.error(f"{tribe} has {placed} totems on the map, a tribe "
                                         f"has {components.totems}", "", "/territories"))
    numbers = {c.number for c in board.connections}
    mountains = frozenset(data.get("mountains", []))
    problems.extend(mountain_problems(components, board, data, origin))
    territory_feats = [0] * board.territories
    connection_feats: Counter[int] = Counter()
    used: Counter[str] = Counter()
    feat_ids = [f.id for f in components.feats]
    for index, entry in enumerate(data.get("feats", [])):
        where = f"/feats/{index}"
        if entry["feat"] not in feat_ids:
            problems.append(origin.error(f"unknown feat {entry['feat']!r}",
                                         did_you_mean(entry["feat"], feat_ids), f"{where}/feat"))
            continue
        feat = components.feat(entry["feat"])
        used[feat.id] += 1
        if used[feat.id] > feat.copies:
            problems.append(origin.error(f"the box has {feat.copies} {feat.id} feat(s)", "",
                                         where))
        if feat.placed_on == "territory":
            name = entry.get("territory")
            if name is None or name not in board.territory_ids:
                problems.append(origin.error(f"{feat.id} lies in a territory of this side",
                                             "give \"territory\"", where))
            else:
                territory_feats[board.territory_index(name)] += 1
        else:
            number = entry.get("connection")
            if number is None or number not in numbers:
                problems.append(origin.error(f"{feat.id} lies on a connection of this side",
                                             "give \"connection\"", where))
            else:
                connection_feats[number] += 1
    problems.extend(feat_place_problems(components, board, data, tents, origin))
    before_map = data.get("score_before", {})
    for tribe in before_map:
        if tribe not in seat:
            problems.append(origin.error(f"tribe {tribe!r} is not at the table", "",
                                         f"/score_before/{tribe}"))
    if problems:
        return None, problems
    position = Position(len(tribes), tuple(tents), tuple(tuple(t) for t in totems),
                        tuple(territory_feats), dict(connection_feats), mountains)
    final = data.get("scoring", "end") == "end"
    unused = tuple(components.playable_tents - placed_tents[i] + components.totems
                   - sum(t[i] for t in totems) for i in range(len(tribes)))
    return ScoredState(data["side"], tribes, board, position,
                       score(board, components, position, final),
                       tuple(before_map.get(t, 0) for t in tribes), unused,
                       len(tribes) - 1 if "simulated" in data else None), []
