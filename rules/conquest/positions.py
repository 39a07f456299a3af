"""The public position format of the conquest ruleset (SGRUNT, MUGRUGNI): `POSITIONS`.

A position is the whole state as JSON (`conquest_position.schema.json`; position_write.py
and position_read.py), moves are in the notation of notation.py. Chance is explicit: the
engine runs with `explicit_chance`, so it stops before every roll (phase `roll`, to_move
"chance") and the outcomes `outcome A-D` come with the exact odds of the engine's own roll
tables. Shuffles at setup use the opening's seed; the decks are then in the position. Only
a mid-game reshuffle (an action pile run out, the event deck renewed for extra rounds)
uses the `rng` given to `apply`, as the interface allows for moves that shuffle.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from stamperia.content.editions.trace import FileLocator
from stamperia.content.errors import ContentError, Origin, pointer_join
from stamperia.content.model import Game
from stamperia.content.validation.schemas import schema_text
from stamperia.rules.conquest.engine import ConquestEngine
from stamperia.rules.conquest.notation import (
    format_action,
    format_outcome,
    parse_move,
    parse_outcome,
)
from stamperia.rules.conquest.position_read import Where, read_state
from stamperia.rules.conquest.position_write import to_move, write_state
from stamperia.rules.conquest.scoring import PlayerScore, read_position, score
from stamperia.rules.conquest.state import OVER, ROLL, State
from stamperia.rules.conquest.tables import compile_tables
from stamperia.rules.positions import (
    CHANCE,
    ChanceOutcome,
    IllegalMove,
    LegalMoves,
    PositionError,
    PositionJson,
    PositionSource,
)

SCHEMA_KIND = "conquest_position"
ROUND_CAP = 200
"""The round cap of an opening (as in simulation); a position may set its own."""


@dataclass(frozen=True)
class ConquestPosition:
    """A position read for play: the engine of its game, its seats' factions, its state.

    The state is never changed once made (`apply` plays on a copy); the engine caches the
    legal actions in it, which changes nothing observable."""

    engine: ConquestEngine
    factions: tuple[str, ...]
    state: State


def position_schema() -> dict[str, Any]:
    """The position schema, as shipped with the conquest ruleset's content."""
    return dict(json.loads(schema_text("conquest_position")))


def schema_problems(data: object, source: PositionSource) -> list[ContentError]:
    """Every schema error of a position, at its pointer and line."""
    where = Where.of(source)
    problems = []
    for error in Draft202012Validator(position_schema()).iter_errors(data):
        if error.context:
            error = best_match(error.context)
        problems.append(where.error(pointer_join(list(error.absolute_path)), error.message))
    return sorted(problems)


_INIT_FIELDS = tuple(f.name for f in dataclasses.fields(State) if f.init)
"""State's fields its constructor takes, read once (dataclasses.replace reads them, and
checks each, at every call: a search copies the state once per playout)."""


def copy_state(state: State, rng: random.Random) -> State:
    """A state sharing nothing mutable with `state` (the engine changes states in place):
    what dataclasses.replace gives, its derived lists made anew by State.recount."""
    values = {name: getattr(state, name) for name in _INIT_FIELDS}
    values.update(
        rng=rng, owner=list(state.owner), boars=list(state.boars),
        reserve=list(state.reserve), hands=[list(h) for h in state.hands],
        draw_piles=[list(p) for p in state.draw_piles],
        discards=[list(d) for d in state.discards], objectives=list(state.objectives),
        conquests=list(state.conquests), events=list(state.events),
        tasks=[dataclasses.replace(t) for t in state.tasks],
        setup_left=list(state.setup_left), played_card=list(state.played_card),
        truces=dict(state.truces),
        battle=dataclasses.replace(state.battle) if state.battle is not None else None,
        counters=dict(state.counters), legal=None)
    return State(**values)


def _engine(game: Game, scorza_dura: bool, round_cap: int) -> ConquestEngine:
    if game.ruleset != "conquest":
        raise ValueError(f"{game.id} uses the {game.ruleset!r} ruleset, not conquest")
    return ConquestEngine(compile_tables(game), scorza_dura, round_cap, explicit_chance=True)


class ConquestPositions:
    """The PositionFormat of the conquest ruleset (see rules/positions.py)."""

    @property
    def schema_kind(self) -> str:
        return SCHEMA_KIND

    def opening(self, game: Game, players: int, seed: int) -> PositionJson:
        engine = _engine(game, False, ROUND_CAP)
        factions = engine.tables.faction_ids
        allowed = sorted(n for n in engine.tables.pieces_per_player if n <= len(factions))
        if players not in allowed:
            raise ValueError(f"{game.id} is for {', '.join(map(str, allowed))} players, "
                             f"not {players}")
        state = engine.new_game(players, random.Random(seed))
        return write_state(engine.tables, tuple(factions[f] for f in state.factions), state)

    def read(self, game: Game, data: object, source: PositionSource) -> ConquestPosition:
        problems = schema_problems(data, source)
        if problems:
            raise PositionError(problems)
        assert isinstance(data, dict)
        engine = _engine(game, bool(data.get("scorza_dura")), int(data.get("round_cap", 1)))
        state = read_state(engine.tables, data, source)
        deciding = state.phase is not OVER and state.phase is not ROLL
        if deciding and not engine.legal_actions(state):
            raise PositionError([Where.of(source).error(
                "/phase", f"no move is legal in phase {state.phase.value!r} here",
                "the phase contradicts the board, hands or tasks")])
        factions = tuple(str(p["faction"]) for p in data["players"])
        return ConquestPosition(engine, factions, state)

    def write(self, game: Game, state: object) -> PositionJson:
        position = _position(state)
        return write_state(position.engine.tables, position.factions, position.state)

    def legal(self, game: Game, state: object) -> LegalMoves:
        position = _position(state)
        engine, current = position.engine, position.state
        mover = to_move(position.factions, current)
        if current.phase is OVER:
            return LegalMoves(None, (), result=_result(position))
        if current.phase is ROLL:
            outcomes = tuple(ChanceOutcome(format_outcome(a, d), p)
                             for (a, d), p in engine.roll_odds(current).items())
            return LegalMoves(CHANCE, tuple(o.move for o in outcomes), outcomes)
        tables = engine.tables
        return LegalMoves(mover, tuple(format_action(tables, position.factions, a)
                                       for a in engine.legal_actions(current)))

    def apply(self, game: Game, state: object, move: str, rng: random.Random
              ) -> ConquestPosition:
        position = _position(state)
        engine, current = position.engine, position.state
        legal = self.legal(game, position)
        if legal.to_move is None:
            raise IllegalMove(move, "the game is over", ())
        if legal.to_move == CHANCE:
            losses = parse_outcome(move)
            if losses is None or move not in legal.moves:
                raise IllegalMove(move, "chance acts here: one of its outcomes "
                                  "`outcome A-D` (attacker loses A, defender D)", legal.moves)
            after = copy_state(current, rng)
            engine.apply_roll(after, *losses)
        else:
            action = parse_move(engine.tables, position.factions, move)
            if action is None:
                raise IllegalMove(move, "not a move of the conquest notation", legal.moves)
            if action not in engine.legal_actions(current):
                raise IllegalMove(move, f"not legal for {legal.to_move} in phase "
                                  f"{current.phase.value!r}", legal.moves)
            after = copy_state(current, rng)
            engine.apply(after, action)
        after.rng = random.Random(0)
        return ConquestPosition(engine, position.factions, after)

    def score(self, game: Game, data: Mapping[str, Any], source: PositionSource
              ) -> tuple[PlayerScore, ...]:
        """Final scores of a position, best first. Needs only `territories` and `players`
        (faction, objective, conquests): old score files and whole positions alike."""
        return score_position(game, data, source)


def _position(state: object) -> ConquestPosition:
    if not isinstance(state, ConquestPosition):
        raise TypeError(f"not a conquest position: {type(state).__name__}")
    return state


def _result(position: ConquestPosition) -> dict[str, object]:
    """Winners by faction, how the game ended, and every faction's points and tiebreaks."""
    state, factions = position.state, position.factions
    scores = position.engine.scores(state)
    return {
        "winners": [factions[s] for s in state.winners], "end": state.end,
        "round": state.round,
        "scores": {factions[s]: {"points": o + c, "objective": o, "conquests": c,
                                 "territories": n, "boars": b}
                   for s, (o, c, n, b) in enumerate(scores)}}


def score_position(game: Game, data: Mapping[str, Any], source: PositionSource
                   ) -> tuple[PlayerScore, ...]:
    """Scores as `stamperia score` gives them; PositionError for unknown ids."""
    where = Where.of(source)
    locator = FileLocator(source.file, where.lines) if where.lines is not None else None
    origin = Origin(source.file, "", 1, locator, "")
    end, problems = read_position(game, data, origin)
    if end is None:
        raise PositionError(problems)
    return score(game, end)


def validate_position(game: Game, text: str, file: str) -> ConquestPosition:
    """Parse, validate against the schema, and read a position file's text."""
    source = PositionSource(file, text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError([ContentError(file, error.lineno, "", f"malformed JSON at "
                                          f"column {error.colno}: {error.msg}")]) from None
    return POSITIONS.read(game, data, source)


POSITIONS = ConquestPositions()
