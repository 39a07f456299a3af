"""Final scoring of a conquest game from an end position: objective territories held plus
points per conquest; ties broken by territories held, then by boars on the board. A player
holding every territory of their objective card has won by objective. The game's readings
apply as in a simulated game's end (turns.finish_on_points): scores within
`scoring.tie_margin` of the best tie, and with `scoring.eliminated: out` a player holding
no territory ranks after those who hold some."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.content.rulesets.conquest.model import Conquest


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


def _ranked(scores: list[PlayerScore], tie_margin: int, eliminated_out: bool
            ) -> tuple[PlayerScore, ...]:
    """Best first: an objective complete; then (with `eliminated_out`) holding a territory;
    then points, a total within `tie_margin` of the best counting as the best, territories
    and boars deciding among those; then the points themselves."""
    def can_win(entry: PlayerScore) -> bool:
        return not eliminated_out or entry.territories_held > 0

    contenders = [s.total for s in scores if can_win(s)] or [s.total for s in scores]
    best = max(contenders)

    def key(entry: PlayerScore) -> tuple[int, int, int, int, int, int]:
        points = best if can_win(entry) and entry.total >= best - tie_margin else entry.total
        return (-int(entry.objective_complete), -int(can_win(entry)), -points,
                -entry.territories_held, -entry.pieces_on_board, -entry.total)

    return tuple(sorted(scores, key=key))


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
    """Every player's score, best first (objective complete, total within the game's tie
    margin, territories, boars)."""
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
    return _ranked(scores, conquest.tie_margin, conquest.eliminated == "out")
