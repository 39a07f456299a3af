"""Whole IWARI games for `stamperia simulate`: the engine protocol's adapter.

The one loop (rules/play/loop.py) plays, records and replays. The setup line holds the
deal (deck order, hands, display, mountains); every later line is a decision in the
notation of notation.py (a turn's play or discard, the simulated tribe's third play, a
draw, where an earned feat goes), or the reshuffle at the deck's first run-out as an
explicit chance move (`shuffle <card> ...`), so a replay needs no randomness.

The rules' turn flow is a generator (flow.py) that pauses at every decision and at the
reshuffle; `apply` resumes it with the choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from stamperia.content.model import Game
from stamperia.rules.draws import shuffle
from stamperia.rules.iwari.actions import Discard, Place
from stamperia.rules.iwari.agents import AGENTS, Agent, RandomAgent, make_agent, profiles
from stamperia.rules.iwari.board import Board, index_side, iwari_parts
from stamperia.rules.iwari.engine import Rules, State, is_legal, placements, source_at
from stamperia.rules.iwari.flow import (
    DRAFT,
    DRAW,
    FEAT,
    SHUFFLE,
    THIRD,
    TURN,
    IwariAction,
    IwariGame,
)
from stamperia.rules.iwari.notation import (
    DiscardMove,
    DrawMove,
    FeatMove,
    NotationError,
    PlayMove,
    format_move,
    format_shuffle,
    parse_move,
    parse_shuffle,
)
from stamperia.rules.iwari.pricing import PriceCache
from stamperia.rules.iwari.scoring import winners
from stamperia.rules.iwari.setup import Deal, deal
from stamperia.rules.play.engine import CHANCE, NativeEngine
from stamperia.rules.play.engine import Agent as LoopAgent
from stamperia.rules.play.simulator import engine_simulator
from stamperia.rules.simulation.result import (
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Table,
    Trace,
)

VARIANTS = ("no_feats", "second_side", DRAFT)
DEFAULT_TURN_LIMIT: Final = 400


class _Seat:
    """An IWARI agent as the loop calls it: the question depends on the decision."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def __call__(self, game: IwariGame, legal: IwariGame, rng: random.Random
                 ) -> IwariAction:
        state, seat, kind = game.state, game.seat, game.kind
        if kind == TURN:
            return self.agent.turn(state, seat, game.plays, game.discards)
        if kind == THIRD:
            return self.agent.third(state, seat, game.plays)
        if kind == DRAW:
            return self.agent.draw(state, seat, game.sources)
        assert game.feat is not None
        return self.agent.feat(state, seat, game.feat)


class _RandomSeat:
    """_Seat for the random agent: compiled, its methods are called natively (through the
    Agent protocol, each is a Python method call)."""

    def __init__(self, agent: RandomAgent) -> None:
        self.agent = agent

    def __call__(self, game: IwariGame, legal: IwariGame, rng: random.Random
                 ) -> IwariAction:
        state, seat, kind = game.state, game.seat, game.kind
        if kind == TURN:
            return self.agent.turn(state, seat, game.plays, game.discards)
        if kind == THIRD:
            return self.agent.third(state, seat, game.plays)
        if kind == DRAW:
            return self.agent.draw(state, seat, game.sources)
        assert game.feat is not None
        return self.agent.feat(state, seat, game.feat)


def _seat(agent: Agent) -> LoopAgent[IwariGame, IwariGame, IwariAction]:
    return _RandomSeat(agent) if isinstance(agent, RandomAgent) else _Seat(agent)


def _strings(setup: Mapping[str, JsonValue], key: str) -> tuple[str, ...]:
    value = setup[key]
    if not isinstance(value, list):
        raise ValueError(f"{key}: expected a list")
    return tuple(str(v) for v in value)


def _int(value: JsonValue, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what}: expected a whole number, not {value!r}")
    return value


class IwariGames(NativeEngine[IwariGame, IwariGame, IwariAction]):
    """The IWARI rules behind the play protocol (rules/play/engine.py), both map sides
    indexed once for many games."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.components, self.maps = iwari_parts(game)
        self.boards = {side.id: index_side(side) for side in self.maps.sides}
        self.rules = Rules(self.components)
        self.priced: dict[str, PriceCache] = {side: {} for side in self.boards}
        """Each side's payments by hand, shared by all games (see engine.State.priced)."""

    def _side(self, variants: tuple[str, ...]) -> str:
        sides = self.maps.sides
        return sides[1 if "second_side" in variants and len(sides) > 1 else 0].id

    def _start(self, dealt: Deal, variants: tuple[str, ...], limit: int) -> IwariGame:
        state = State(self.boards[dealt.side], self.components, dealt,
                      "no_feats" not in variants, self.rules)
        state.priced = self.priced[dealt.side]
        return IwariGame(state, dealt, variants, limit)

    def new_game(self, table: Table, rng: random.Random) -> IwariGame:
        side = self._side(table.variants)
        dealt = deal(self.components, self.maps.side(side), table.players, rng,
                     draft=DRAFT in table.variants)
        return self._start(dealt, table.variants, table.turn_limit or DEFAULT_TURN_LIMIT)

    def setup(self, state: IwariGame) -> dict[str, JsonValue]:
        dealt = state.dealt
        return {"side": dealt.side, "players": dealt.players, "seats": list(dealt.seats),
                "variants": list(state.variants), "mountains": list(dealt.mountains),
                "deck": list(dealt.deck), "hands": [list(h) for h in dealt.hands],
                "display": list(dealt.display), "turn_limit": state.turn_limit}

    def restart(self, setup: Mapping[str, JsonValue]) -> IwariGame:
        players = _int(setup["players"], "players")
        side = setup["side"]
        if side not in self.boards:
            raise ValueError(f"side: no map side {side!r}")
        hands, mountains = setup["hands"], setup["mountains"]
        if not isinstance(hands, list) or not isinstance(mountains, list):
            raise ValueError("hands and mountains: expected lists")
        seats = _strings(setup, "seats")
        dealt = Deal(players, str(side), seats, players if len(seats) > players else None,
                     tuple(int(m) for m in mountains), (), _strings(setup, "deck"),
                     tuple(tuple(str(c) for c in h) for h in hands),
                     _strings(setup, "display"))
        variants = _strings(setup, "variants")
        if any(v not in VARIANTS for v in variants):
            raise ValueError(f"variants: {list(variants)} (this ruleset has "
                             f"{', '.join(VARIANTS)})")
        return self._start(dealt, variants, _int(setup["turn_limit"], "turn_limit"))

    def agents(self, table: Table, rng: random.Random
               ) -> list[LoopAgent[IwariGame, IwariGame, IwariAction]]:
        return [_seat(make_agent(name, rng)) for name in table.agents]

    def to_move(self, state: IwariGame) -> int:
        return CHANCE if state.kind == SHUFFLE else state.seat

    def legal(self, state: IwariGame) -> IwariGame:
        """The game itself: its options are those of the decision it waits for."""
        return state

    def width(self, state: IwariGame, legal: IwariGame) -> int:
        kind = state.kind
        if kind == TURN:
            return state.plays.total() + len(state.discards)
        if kind == THIRD:
            return state.plays.total()
        if kind == DRAW:
            return state.sources
        assert state.feat is not None
        return len(state.feat.where)

    def chance(self, state: IwariGame, rng: random.Random) -> IwariAction:
        deck = sorted(state.shuffling)
        shuffle(rng, deck)
        return deck

    def apply(self, state: IwariGame, action: IwariAction) -> None:
        state.choice = action
        next(state.flow, None)

    def over(self, state: IwariGame) -> bool:
        return state.done

    def clock(self, state: IwariGame) -> int:
        return state.turns

    def estimate(self, state: IwariGame) -> Sequence[float]:
        return state.estimate

    def result(self, state: IwariGame, agents: tuple[str, ...], trace: Trace) -> GameResult:
        engine, dealt = state.state, state.dealt
        labels = (*agents, *(("simulated",) if dealt.simulated is not None else ()))
        end = state.end
        parts: list[dict[str, int]] = []
        for seat in range(engine.seats):
            tents = totems = camps = feats = 0
            for scoring in (engine.mid_scoring, engine.end_scoring):
                if scoring is not None:
                    tents += scoring.tents[seat]
                    totems += scoring.totems[seat]
                    camps += scoring.camp_points[seat]
                    feats += scoring.feats[seat]
            parts.append({"tents": tents, "totems": totems, "camps": camps, "feats": feats})
        won = winners(engine.scores, [engine.unused(s) for s in range(engine.seats)])
        # A plain dict, not a Counter: compiled, Counter's methods run as Python.
        counters: dict[str, int] = {}
        for feat, _ in engine.taken:
            name = "feat." + feat
            counters[name] = counters.get(name, 0) + 1
        name = "end." + end
        counters[name] = counters.get(name, 0) + 1
        if engine.simulated is not None and engine.simulated in won:
            end = "simulated_tribe"
            counters["simulated_tribe_won"] = 1
        seats = tuple(SeatResult({"agent": labels[s], "tribe": dealt.seats[s]},
                                 engine.scores[s], parts[s]) for s in range(engine.seats))
        return GameResult(seats, won, end, state.turns, state.steps,
                          dict(sorted(counters.items())), trace)

    def _board(self, state: IwariGame) -> Board:
        return state.state.board

    def notation(self, state: IwariGame, action: IwariAction) -> str:
        board, kind = self._board(state), state.kind
        if isinstance(action, list):
            return format_shuffle(action)
        if isinstance(action, Discard):
            return format_move(board, DiscardMove(action.card))
        if isinstance(action, Place):
            return format_move(board, PlayMove(action, kind == THIRD))
        if kind == DRAW:
            return format_move(board, DrawMove(action))
        assert state.feat is not None
        return format_move(board, FeatMove(state.feat.feat, action), state.feat.on)

    def parse(self, state: IwariGame, move: str) -> IwariAction | None:
        engine, kind = state.state, state.kind
        if kind == SHUFFLE:
            deck = parse_shuffle(move)
            return deck if deck is not None and sorted(deck) == sorted(state.shuffling) \
                else None
        connections = frozenset(state.feat.where) if state.feat is not None else frozenset()
        try:
            parsed = parse_move(self._board(state), move, connections)
        except NotationError:
            return None
        hand = engine.hands[state.seat]
        if kind == TURN and isinstance(parsed, DiscardMove):
            return Discard(parsed.card) if parsed.card in state.discards else None
        if kind in (TURN, THIRD) and isinstance(parsed, PlayMove) \
                and parsed.third == (kind == THIRD):
            placer = state.seat if kind == TURN else engine.simulated
            assert placer is not None
            return parsed.place if is_legal(engine, placer, hand, parsed.place) else None
        if kind == DRAW and isinstance(parsed, DrawMove):
            slots = [source_at(engine, i) for i in range(state.sources)]
            return parsed.slot if parsed.slot in slots else None
        if kind == FEAT and isinstance(parsed, FeatMove) and state.feat is not None:
            feat = state.feat
            return parsed.at if parsed.feat == feat.feat and parsed.at in feat.where else None
        return None

    def legal_moves(self, state: IwariGame) -> list[str]:
        engine, kind = state.state, state.kind
        if kind == SHUFFLE:
            return [f"shuffle followed by the {len(state.shuffling)} discarded cards"]
        if kind in (TURN, THIRD):
            placer = state.seat if kind == TURN else engine.simulated
            assert placer is not None
            moves: list[IwariAction] = list(placements(engine, placer,
                                                       engine.hands[state.seat]))
            if kind == TURN:
                moves += [Discard(card) for card in state.discards]
            return [self.notation(state, m) for m in moves]
        if kind == DRAW:
            return [self.notation(state, source_at(engine, i)) for i in range(state.sources)]
        assert state.feat is not None
        return [self.notation(state, at) for at in state.feat.where]


SIMULATOR = engine_simulator(IwariGames, AGENTS, variants=VARIANTS,
                             capped_ends=("turn_limit",), profiles=profiles)


def play(game: Game, table: Table, rng: random.Random, record: Record | None) -> GameResult:
    """One game: seats take the agents in order; two players add the simulated tribe."""
    return SIMULATOR.play(game, table, rng, record)


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    """The same GameResult from a record, with no randomness."""
    return SIMULATOR.replay(game, lines)
