"""Final scoring of a conquest game from an end position: objective territories held plus
points per conquest; ties broken by territories held, then by boars on the board. A player
holding every territory of their objective card has won by objective."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from content.errors import ContentError, Origin
from content.model import Game
from content.rulesets.conquest.model import Conquest


@dataclass(frozen=True)
class Holding:
    owner: str
    pieces: int


@dataclass(frozen=True)
class PlayerEnd:
    faction: str
    objective: str
    conquests: int


@dataclass(frozen=True)
class EndPosition:
    holdings: Mapping[str, Holding]
    players: tuple[PlayerEnd, ...]


@dataclass(frozen=True)
class PlayerScore:
    faction: str
    objective: str
    held_objective_territories: tuple[tuple[str, int], ...]
    missing_objective_territories: tuple[str, ...]
    conquests: int
    conquest_points: int
    territories_held: int
    pieces_on_board: int

    @property
    def objective_points(self) -> int:
        return sum(value for _, value in self.held_objective_territories)

    @property
    def total(self) -> int:
        return self.objective_points + self.conquest_points

    @property
    def objective_complete(self) -> bool:
        return not self.missing_objective_territories

    def sort_key(self) -> tuple[int, int, int, int]:
        return (-int(self.objective_complete), -self.total, -self.territories_held,
                -self.pieces_on_board)


def _hint(name: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(name, choices, n=1)
    return f"did you mean {close[0]!r}?" if close else f"known: {', '.join(choices)}"


def read_position(game: Game, data: Mapping[str, Any], origin: Origin
                  ) -> tuple[EndPosition | None, list[ContentError]]:
    """An end position from schema-valid JSON, every unknown id reported at its pointer."""
    conquest = game.part(Conquest)
    assert conquest.board is not None and conquest.objectives is not None
    territories = [t.id for t in conquest.board.territories]
    factions = [f.id for f in conquest.factions]
    objectives = [o.id for o in conquest.objectives.cards]
    problems = []
    for territory, holding in data["territories"].items():
        if territory not in territories:
            problems.append(origin.error(f"unknown territory {territory!r}",
                                         _hint(territory, territories),
                                         f"/territories/{territory}"))
        if holding["owner"] not in factions:
            problems.append(origin.error(f"unknown faction {holding['owner']!r}",
                                         _hint(holding["owner"], factions),
                                         f"/territories/{territory}/owner"))
    seen: set[str] = set()
    for index, player in enumerate(data["players"]):
        if player["faction"] not in factions:
            problems.append(origin.error(f"unknown faction {player['faction']!r}",
                                         _hint(player["faction"], factions),
                                         f"/players/{index}/faction"))
        elif player["faction"] in seen:
            problems.append(origin.error(f"faction {player['faction']!r} is listed twice",
                                         "one entry per player", f"/players/{index}/faction"))
        seen.add(player["faction"])
        if player["objective"] not in objectives:
            problems.append(origin.error(f"unknown objective {player['objective']!r}",
                                         _hint(player["objective"], objectives),
                                         f"/players/{index}/objective"))
    for territory, holding in data["territories"].items():
        if holding["owner"] in factions and holding["owner"] not in seen:
            problems.append(origin.error(f"{holding['owner']!r} holds {territory!r} but is not "
                                         "among the players", "add it to players",
                                         f"/territories/{territory}/owner"))
    if problems:
        return None, problems
    position = EndPosition(
        {t: Holding(h["owner"], h["pieces"]) for t, h in data["territories"].items()},
        tuple(PlayerEnd(p["faction"], p["objective"], p["conquests"]) for p in data["players"]))
    return position, []


def score(game: Game, position: EndPosition) -> tuple[PlayerScore, ...]:
    """Every player's score, best first (objective complete, total, territories, boars)."""
    conquest = game.part(Conquest)
    assert conquest.objectives is not None
    cards = {o.id: o for o in conquest.objectives.cards}
    scores = []
    for player in position.players:
        card = cards[player.objective]
        held = tuple((e.territory, e.value) for e in card.entries
                     if (h := position.holdings.get(e.territory)) is not None
                     and h.owner == player.faction)
        held_ids = {t for t, _ in held}
        mine = [h for h in position.holdings.values() if h.owner == player.faction]
        scores.append(PlayerScore(
            faction=player.faction, objective=player.objective,
            held_objective_territories=held,
            missing_objective_territories=tuple(e.territory for e in card.entries
                                                if e.territory not in held_ids),
            conquests=player.conquests,
            conquest_points=player.conquests * conquest.points_per_conquest,
            territories_held=len(mine), pieces_on_board=sum(h.pieces for h in mine)))
    return tuple(sorted(scores, key=PlayerScore.sort_key))
