"""Checks of the splut ruleset: the board's shape and seats, then a small simulation."""

from __future__ import annotations

import random
from collections import Counter, deque

from stamperia.content.errors import ContentError, coded
from stamperia.content.findings import MAP_GEOMETRY, MISSING_PART, SETUP_IMPOSSIBLE
from stamperia.content.model import Game
from stamperia.content.rulesets.splut.board import TEAM_KINDS, SplutBoard
from stamperia.rules.simulation.result import Table
from stamperia.rules.splut.geometry import Geometry, geometry
from stamperia.rules.splut.play import play

SMOKE_GAMES = 3


def check_splut(game: Game, seed: int) -> tuple[list[ContentError], list[str]]:
    """Problems found and the summary lines (board, then a smoke run per player count)."""
    if game.find_part(SplutBoard) is None:
        return [game.origin.error("the splut ruleset needs a splut_board part",
                                  'add "splut_board": "board.json" to parts',
                                  "/parts", MISSING_PART)], []
    board = game.part(SplutBoard)
    geo = geometry(board)
    problems = (coded(check_shape(board, geo), MAP_GEOMETRY)
                + coded(check_seats(game, board), SETUP_IMPOSSIBLE))
    notes = [f"board: {len(geo.squares)} squares, {len(tips(geo))} tips, "
             f"{len(board.rocks)} rocks"]
    if problems:
        return problems, notes
    low, high = game.players
    for players in range(low, high + 1):
        notes.append(smoke(game, players, seed))
    return problems, notes


def tips(geo: Geometry) -> tuple[int, ...]:
    return tuple(c for c in geo.squares if len(geo.neighbours(c)) == 1)


def check_shape(board: SplutBoard, geo: Geometry) -> list[ContentError]:
    problems: list[ContentError] = []
    squares = geo.squares
    seen = {squares[0]}
    queue = deque([squares[0]])
    while queue:
        for other in geo.neighbours(queue.popleft()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    if len(seen) != len(squares):
        cut = sorted(geo.names[c] for c in squares if c not in seen)
        problems.append(board.origin.error(
            f"the board is not connected: {', '.join(cut[:5])} cannot be reached from "
            f"{geo.names[squares[0]]}", "join the squares with '#' in rows", "/rows"))
    for index, cell in enumerate(geo.rocks):
        count = len(geo.neighbours(cell))
        if count != 1:
            problems.append(board.origin.error(
                f"rock square {geo.names[cell]} has {count} neighbours; rocks start on "
                "the tips (squares with one neighbour)",
                f"tips: {', '.join(geo.names[c] for c in tips(geo))}", f"/rocks/{index}"))
    return problems


def check_seats(game: Game, board: SplutBoard) -> list[ContentError]:
    """For every player count: a seating, clockwise, opposite for two, start squares free
    and distinct."""
    problems: list[ContentError] = []
    order = [s.id for s in board.seats]
    low, high = game.players
    for players in range(low, high + 1):
        seats = board.seating.get(players)
        where = board.origin.child(f"/seating/{players}")
        if seats is None:
            problems.append(board.origin.error(
                f"no seating for {players} players", f'add "{players}": [seat ids in turn '
                "order]", "/seating"))
            continue
        if len(seats) != players or any(s not in order for s in seats):
            continue  # reported by the loader
        positions = [order.index(s) for s in seats]
        first = positions[0]
        ranks = [(p - first) % len(order) for p in positions]
        if ranks != sorted(ranks):
            problems.append(where.error(
                f"seating for {players} players is not in clockwise turn order",
                f"seats clockwise: {', '.join(order)}"))
        if players == 2 and len(order) % 2 == 0 and ranks[1] != len(order) // 2:
            problems.append(where.error("two players sit opposite each other",
                                        f"seats clockwise: {', '.join(order)}"))
        used: dict[str, str] = {rock: "a rock" for rock in board.rocks}
        for seat_id in seats:
            seat = board.seat(seat_id)
            for kind in TEAM_KINDS:
                square = seat.starts[kind]
                if square in used:
                    problems.append(seat.origin.error(
                        f"with {players} players the {kind} starts on {square}, taken by "
                        f"{used[square]}", "give every start square its own square",
                        f"/{kind}"))
                else:
                    used[square] = f"the {seat_id} {kind}"
    return problems


def smoke(game: Game, players: int, seed: int) -> str:
    """A few seeded random games: they must finish (by a win, the cap or a block)."""
    ends: Counter[str] = Counter()
    steps = 0
    for index in range(SMOKE_GAMES):
        rng = random.Random(f"{seed}:splut:{players}:{index}")
        result = play(game, Table(("random",) * players), rng, None)
        ends[result.end] += 1
        steps += result.steps
    endings = ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
    return (f"simulation {players} players: {SMOKE_GAMES} random games, {endings}, "
            f"mean {steps // SMOKE_GAMES} steps")
