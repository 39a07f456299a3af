"""IWARI's public position format (`POSITIONS`): opening, read/write, legal moves, apply.

Positions are JSON documents of the `iwari_position` schema (the former `iwari_state`
score format plus the play fields); moves are in stamperia.rules.iwari.notation. Chance: the deck's
order is in the position, so drawing is deterministic; `opening` shuffles with its seed.
The one shuffle in play, the discards becoming the new deck at the first run-out, is a
chance node: the new deck is kept unordered (`deck_shuffled`), and each card drawn from it
is dealt by chance (`deal <biome>`, probability = that biome's share of the deck).

Every concrete placement is listed, not the engine's compact options: at most 2 pieces go
in one territory, so a paid option stands for C(free spaces, tents <= 2) placements (<= 45
with 10 spaces). `move_bound` gives the ceiling the content allows (6,723 for IWARI's box);
random games list at most about 230.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Any

from stamperia.content.errors import ContentError, Origin
from stamperia.content.model import Game
from stamperia.rules.iwari.board import Board, index_side, iwari_parts
from stamperia.rules.iwari.notation import (
    FeatMove,
    Move,
    NotationError,
    format_move,
    parse_move,
)
from stamperia.rules.iwari.position_json import (
    origin_of,
    read_position,
    schema_problems,
    write_position,
)
from stamperia.rules.iwari.position_state import (
    DEAL,
    FEAT,
    OVER,
    TURN,
    IwariPosition,
    Play,
    Table,
    freeze,
    load,
)
from stamperia.rules.iwari.scoring import score, winners
from stamperia.rules.iwari.setup import Deal, deal
from stamperia.rules.iwari.state import ScoredState, read_state
from stamperia.rules.iwari.turns import advance, deal_odds, decisions, play_move
from stamperia.rules.positions import (
    CHANCE,
    ChanceOutcome,
    IllegalMove,
    LegalMoves,
    PositionError,
    PositionJson,
    PositionSource,
)

SCHEMA = "iwari_position.schema.json"


def move_bound(game: Game) -> int:
    """The most moves any position can list, from the content: per territory, per number
    of pieces P, the all-matching payment and one per wild colour, each with every choice
    of at most P of the territory's tent spaces (or the discards, draws, feat places)."""
    components, maps = iwari_parts(game)
    setup = components.setup
    pieces = max(setup.max_pieces_per_turn, setup.pieces_in_unexplored)
    most_spaces = max(len(t.tents) for s in maps.sides for t in s.territories)
    territories = max(len(s.territories) for s in maps.sides)
    connections = max(len(s.connections) for s in maps.sides)
    spaces = sum(comb(most_spaces, t) for t in range(pieces + 1))
    plays = territories * pieces * len(components.biomes) * spaces
    return max(plays + setup.hand, setup.display + 1, territories, connections)


def _board(game: Game, position: IwariPosition) -> Board:
    _, maps = iwari_parts(game)
    return index_side(maps.side(position.side))


def _position(state: object) -> IwariPosition:
    if not isinstance(state, IwariPosition):
        raise TypeError("not an IWARI position")
    return state


def _playable(position: IwariPosition) -> Play:
    """The play fields, or a PositionError naming the first one missing."""
    if position.play is None:
        missing = position.missing[0] if position.missing else "phase"
        raise PositionError([ContentError(
            position.file, 1, "", f"the position has no {missing!r}: it can be scored but "
            "not played on", "give every play field: " + ", ".join(position.missing))])
    return position.play


def _table(game: Game, position: IwariPosition) -> Table:
    """The position loaded into the engine, with the steps that need no choice run (a
    hand-made position may stop where the engine never waits, e.g. an empty hand's turn)."""
    components, _ = iwari_parts(game)
    table = load(_board(game, position), components, position)
    advance(table)
    return table


def _feat_on(game: Game, move: Move) -> str:
    components, _ = iwari_parts(game)
    return components.feat(move.feat).placed_on if isinstance(move, FeatMove) else "territory"


@dataclass(frozen=True)
class IwariPositions:
    """The PositionFormat of the IWARI ruleset (see the module docstring)."""

    @property
    def schema_kind(self) -> str:
        return "iwari_position"

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        """The first side, the first tribes in content order, shuffled with `seed`."""
        components, maps = iwari_parts(game)
        return dealt_position(game, deal(components, maps.sides[0], players,
                                         random.Random(seed)))

    def read(self, game: Game, data: object, source: PositionSource) -> object:
        origin = origin_of(source.file, source.text)
        if not isinstance(data, Mapping):
            raise PositionError([origin.error("a position is a JSON object")])
        problems = schema_problems(data, origin)
        if problems:
            raise PositionError(problems)
        position, problems = read_position(game, data, origin)
        if position is None:
            raise PositionError(problems)
        return position

    def write(self, game: Game, state: object) -> PositionJson:
        return write_position(game, _position(state))

    def validate(self, game: Game, text: str, file: str) -> list[ContentError]:
        """Schema and content problems of a position's text (none when it is valid)."""
        return validate_position(game, text, file)

    def legal(self, game: Game, state: object) -> LegalMoves:
        position = _position(state)
        play = _playable(position)
        if play.phase == OVER:
            return LegalMoves(None, (), result=result(game, position))
        table = _table(game, position)
        if table.phase == OVER:
            return LegalMoves(None, (), result=result(game, freeze(table)))
        board = table.state.board
        if table.phase == DEAL:
            odds = [ChanceOutcome(format_move(board, m), p) for m, p in deal_odds(table)]
            return LegalMoves(CHANCE, tuple(o.move for o in odds), tuple(odds))
        moves = tuple(format_move(board, m, _feat_on(game, m)) for m in decisions(table))
        return LegalMoves(position.tribes[table.seat], moves)

    def apply(self, game: Game, state: object, move: str, rng: random.Random) -> object:
        """`rng` is unused: no move shuffles (the reshuffle is dealt by chance)."""
        position = _position(state)
        _playable(position)
        table = _table(game, position)
        board = table.state.board
        listed = {format_move(board, m, _feat_on(game, m)): m for m in decisions(table)}
        chosen = listed.get(move)
        if chosen is None:
            legal = self.legal(game, position).moves
            try:
                parse_move(board, move, frozenset(c.number for c in board.connections))
            except NotationError as error:
                raise IllegalMove(move, f"unreadable: {error}", legal) from None
            reason = ("the game is over" if not legal else
                      "an earned feat must be placed first" if table.phase == FEAT else
                      "not legal in this position")
            raise IllegalMove(move, reason, legal)
        play_move(table, chosen)
        return freeze(table)


def result(game: Game, position: IwariPosition) -> dict[str, object]:
    """Scores (the score board plus the end-of-journey scoring), winners and how it ended.
    With 2 players, if the simulated tribe is among the most points both players lose:
    `winners` is then empty and `end` is "simulated_tribe"."""
    components, _ = iwari_parts(game)
    board = _board(game, position)
    table = load(board, components, position)
    state = table.state
    scoring = score(board, components, state.position(), final=True)
    totals = tuple(a + b for a, b in zip(position.score_before, scoring.totals, strict=True))
    unused = tuple(state.unused(s) for s in range(state.seats))
    best = winners(totals, unused)
    play = position.play
    assert play is not None
    end = "deck" if play.runs_out >= 2 else "tents"
    tribes = position.tribes
    won = [tribes[s] for s in best]
    if position.simulated is not None and position.simulated in best:
        end, won = "simulated_tribe", []
    return {"winners": won, "end": end, "scores": {t: totals[i] for i, t in enumerate(tribes)},
            "unused_pieces": {t: unused[i] for i, t in enumerate(tribes)},
            "most_points": [tribes[s] for s in best]}


def scored(game: Game, state: object) -> ScoredState:
    """What `stamperia score` prints for a position: its board scored as the end of the
    journey (or mid-journey, if the position says `"scoring": "mid"`) on top of its score
    board. Needs only the board fields; for a finished game it equals the result."""
    position = _position(state)
    found, problems = read_state(game, write_position(game, position),
                                 Origin(position.file, "", 1))
    if found is None:
        raise PositionError(problems)
    return found


def validate_position(game: Game, text: str, file: str) -> list[ContentError]:
    """Schema and content problems of a position's text, each at its pointer and line."""
    from stamperia.content.validation.sourcemap import JsonSyntaxError, parse

    try:
        data: Any = parse(text)[0]
    except JsonSyntaxError as error:
        return [ContentError(file, error.line, "", f"malformed JSON at column {error.column}: "
                             f"{error.message}", "fix the syntax")]
    origin = origin_of(file, text)
    problems = schema_problems(data, origin)
    if problems:
        return problems
    _, problems = read_position(game, data, origin)
    return problems


def dealt_position(game: Game, table: Deal) -> PositionJson:
    """The position at the start of a game set up as `table` says (what `opening` gives
    for its seed; also how a simulation record's setup becomes a position)."""
    components, maps = iwari_parts(game)
    board = index_side(maps.side(table.side))
    seats = len(table.seats)
    empty = (0,) * seats
    play = Play(TURN, 0, table.hands, (components.playable_tents,) * seats,
                (components.totems,) * seats, table.display, tuple(reversed(table.deck)),
                False, ((),) * table.players, tuple(f.copies for f in components.feats), 0, 0,
                False, False, (), None)
    position = IwariPosition("", SCHEMA, table.side, table.seats, table.simulated, None,
                             (-1,) * board.spaces, (empty,) * board.territories,
                             table.mountains, (), empty, table.seats, play, ())
    return write_position(game, position)


POSITIONS = IwariPositions()

