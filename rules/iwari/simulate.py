"""Whole IWARI games for `stamperia simulate`: play with agents and record, or replay a record.

A record is JSON lines: the setup (deck order, hands, display, mountains), then every
decision in the order the rules ask for it, and each reshuffled deck; replaying needs no
randomness and gives the same GameResult.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from math import comb

from content.model import Game
from rules.iwari.agents import AGENTS, Agent, make_agent, profiles
from rules.iwari.board import Board, index_side, iwari_parts
from rules.iwari.engine import (
    Discard,
    Option,
    Place,
    Shuffle,
    State,
    TurnAction,
    apply_place,
    draw,
    draw_sources,
    end_journey,
    is_legal,
    mid_journey,
    options,
    refill_display,
)
from rules.iwari.feats import Earned, earned, place_feat, place_name
from rules.iwari.scoring import score, winners
from rules.iwari.setup import Deal, deal
from rules.simulation.result import (
    BoundPlay,
    GameResult,
    JsonValue,
    Record,
    SeatResult,
    Simulator,
    Table,
    Trace,
    Tracer,
)

DRAFT = "draft"
VARIANTS = ("no_feats", "second_side", DRAFT)
DEFAULT_TURN_LIMIT = 400


class ReplayError(ValueError):
    """A record that does not follow the rules of the game it names."""


def _place_json(board: Board, place: Place) -> dict[str, JsonValue]:
    return {"territory": board.territory_ids[place.territory], "cards": list(place.cards),
            "spaces": [board.space_name(s) for s in place.spaces], "totems": place.totems}


def _action_json(board: Board, action: TurnAction) -> dict[str, JsonValue]:
    if isinstance(action, Discard):
        return {"discard": action.card}
    return {"play": _place_json(board, action)}


class _Recorder:
    """Wraps the agents and the shuffle so every decision lands in the record."""

    def __init__(self, agents: list[Agent], rng: random.Random, record: Record | None,
                 board: Board) -> None:
        self.agents = agents
        self.rng = rng
        self.record = record
        self.board = board

    def _write(self, line: Mapping[str, JsonValue]) -> None:
        if self.record is not None:
            self.record.append(line)

    def turn(self, state: State, seat: int, plays: list[Option], discards: list[str]
             ) -> TurnAction:
        action = self.agents[seat].turn(state, seat, plays, discards)
        self._write({"type": "turn", "seat": seat, **_action_json(self.board, action)})
        return action

    def third(self, state: State, seat: int, plays: list[Option]) -> Place:
        place = self.agents[seat].third(state, seat, plays)
        self._write({"type": "third", "seat": seat, "play": _place_json(self.board, place)})
        return place

    def draw(self, state: State, seat: int, sources: list[int]) -> int:
        source = self.agents[seat].draw(state, seat, sources)
        self._write({"type": "draw", "seat": seat, "from": source})
        return source

    def feat(self, state: State, seat: int, feat: Earned) -> int:
        at = self.agents[seat].feat(state, seat, feat)
        self._write({"type": "feat", "seat": seat, "feat": feat.feat,
                     feat.on: place_name(state, feat, at)})
        return at

    def shuffle(self, cards: list[str]) -> list[str]:
        deck = sorted(cards)
        self.rng.shuffle(deck)
        self._write({"type": "shuffle", "deck": list(deck)})
        return deck


class _Replayer:
    """Answers every decision from the record, checking each against the rules."""

    def __init__(self, lines: list[Mapping[str, JsonValue]], board: Board) -> None:
        self.lines = lines
        self.at = 0
        self.board = board
        self.spaces = {board.space_name(s): s for s in range(board.spaces)}

    def _next(self, kind: str) -> Mapping[str, JsonValue]:
        if self.at >= len(self.lines) or self.lines[self.at].get("type") != kind:
            raise ReplayError(f"record line {self.at + 2}: expected a {kind!r} line")
        self.at += 1
        return self.lines[self.at - 1]

    def _illegal(self) -> ReplayError:
        return ReplayError(f"record line {self.at + 1}: not a legal move here")

    def _place(self, state: State, placer: int, hand: list[str],
               line: Mapping[str, JsonValue]) -> Place:
        """The recorded play, if it is legal for `placer` paid from `hand`."""
        play = line.get("play")
        if not isinstance(play, Mapping):
            raise self._illegal()
        territory, cards = play.get("territory"), play.get("cards")
        spaces, totems = play.get("spaces"), play.get("totems")
        if (territory not in self.board.territory_ids or not isinstance(cards, list)
                or not isinstance(spaces, list) or not isinstance(totems, int)
                or any(s not in self.spaces for s in spaces)):
            raise self._illegal()
        place = Place(self.board.territory_index(str(territory)),
                      tuple(str(c) for c in cards),
                      tuple(self.spaces[str(s)] for s in spaces), totems)
        if not is_legal(state, placer, hand, place):
            raise self._illegal()
        return place

    def turn(self, state: State, seat: int, plays: list[Option], discards: list[str]
             ) -> TurnAction:
        line = self._next("turn")
        if "discard" in line:
            if line["discard"] not in discards:
                raise self._illegal()
            return Discard(str(line["discard"]))
        return self._place(state, seat, state.hands[seat], line)

    def third(self, state: State, seat: int, plays: list[Option]) -> Place:
        assert state.simulated is not None
        return self._place(state, state.simulated, state.hands[seat], self._next("third"))

    def draw(self, state: State, seat: int, sources: list[int]) -> int:
        source = self._next("draw")["from"]
        if source not in sources:
            raise ReplayError(f"record line {self.at + 1}: cannot draw from {source}")
        assert isinstance(source, int)
        return source

    def feat(self, state: State, seat: int, feat: Earned) -> int:
        line = self._next("feat")
        for at in feat.where:
            if line.get("feat") == feat.feat and line.get(feat.on) == place_name(state, feat,
                                                                                    at):
                return at
        raise ReplayError(f"record line {self.at + 1}: {feat.feat} cannot go there")

    def shuffle(self, cards: list[str]) -> list[str]:
        deck = self._next("shuffle")["deck"]
        assert isinstance(deck, list)
        if sorted(deck) != sorted(cards):
            raise ReplayError(f"record line {self.at + 1}: the shuffled deck has other cards")
        return [str(c) for c in deck]


Decider = _Recorder | _Replayer


def placements_count(state: State, plays: list[Option]) -> int:
    """The concrete placements behind the engine's options (each its choice of spaces)."""
    return sum(comb(len(state.free[o.territory]), o.tents) for o in plays)


def _estimate(state: State) -> list[int]:
    """Each seat's points if the journey ended now: the score board plus a final scoring."""
    now = score(state.board, state.components, state.position(), final=True)
    return [a + b for a, b in zip(state.scores, now.totals, strict=True)]


def _place(state: State, seat: int, decider: Decider, placer: int, place: Place,
           tracer: Tracer) -> None:
    """Apply a placement by `placer` (the seat, or the shared tribe played by `seat`) and put
    each feat it earns where the deciding player wants it (asked only when there is a choice).
    """
    hand = state.hands[seat]
    apply_place(state, placer, hand, place, state.discards[seat])
    for feat in earned(state, placer, place):
        if len(feat.where) > 1:
            tracer.decide(len(feat.where))
        at = feat.where[0] if len(feat.where) == 1 else decider.feat(state, seat, feat)
        place_feat(state, feat, at)


def _refill_hand(state: State, seat: int, decider: Decider, shuffle: Shuffle,
                 tracer: Tracer) -> int:
    """Draw up to a full hand, one card at a time; returns the draws made."""
    steps = 0
    hand = state.hands[seat]
    while len(hand) < state.components.setup.hand and (sources := draw_sources(state)):
        tracer.decide(len(sources))
        draw(state, seat, decider.draw(state, seat, sources), shuffle)
        steps += 1
    return steps


def _run(game: Game, board: Board, table: Deal, labels: tuple[str, ...], decider: Decider,
         variants: tuple[str, ...], turn_limit: int) -> GameResult:
    components, _ = iwari_parts(game)
    state = State(board, components, table, "no_feats" not in variants)
    shuffle: Shuffle = decider.shuffle
    seat = turns = steps = 0
    tracer = Tracer()
    if DRAFT in variants:
        for drafter in reversed(range(state.humans)):
            steps += _refill_hand(state, drafter, decider, shuffle, tracer)
            refill_display(state, shuffle)
    end = "deck"
    while not state.over:
        hand = state.hands[seat]
        if hand:
            plays = options(state, seat, hand)
            tracer.decide(placements_count(state, plays) + len(set(hand)))
            action = decider.turn(state, seat, plays, sorted(set(hand)))
            steps += 1
            if isinstance(action, Discard):
                hand.remove(action.card)
                state.discards[seat].append(action.card)
            else:
                _place(state, seat, decider, seat, action, tracer)
        if state.simulated is not None and hand:
            third = options(state, state.simulated, hand)
            if third:
                tracer.decide(placements_count(state, third))
                _place(state, seat, decider, state.simulated,
                       decider.third(state, seat, third), tracer)
                steps += 1
        steps += _refill_hand(state, seat, decider, shuffle, tracer)
        refill_display(state, shuffle)
        if state.mid_pending:
            state.mid_pending = False
            mid_journey(state)
        turns += 1
        seat = (seat + 1) % state.humans
        if seat == 0 and (state.end_triggered or turns >= turn_limit):
            if not state.end_triggered:
                end = "turn_limit"
            elif state.runs_out < 2:
                end = "tents"
            end_journey(state)
        tracer.checkpoint(state.scores if state.over else _estimate(state))
    return _result(state, table, labels, end, turns, steps, tracer.trace())


def _result(state: State, table: Deal, labels: tuple[str, ...], end: str, turns: int,
            steps: int, trace: Trace) -> GameResult:
    parts = [{"tents": 0, "totems": 0, "camps": 0, "feats": 0} for _ in range(state.seats)]
    for scoring in (state.mid_scoring, state.end_scoring):
        if scoring is None:
            continue
        for seat in range(state.seats):
            parts[seat]["tents"] += scoring.tents[seat]
            parts[seat]["totems"] += scoring.totems[seat]
            parts[seat]["camps"] += scoring.camp_points[seat]
            parts[seat]["feats"] += scoring.feats[seat]
    won = winners(state.scores, [state.unused(s) for s in range(state.seats)])
    counters: Counter[str] = Counter(f"feat.{feat}" for feat, _ in state.taken)
    counters[f"end.{end}"] += 1
    if state.simulated is not None and state.simulated in won:
        end = "simulated_tribe"
        counters["simulated_tribe_won"] += 1
    seats = tuple(SeatResult({"agent": labels[s], "tribe": table.seats[s]}, state.scores[s],
                             parts[s]) for s in range(state.seats))
    return GameResult(seats, won, end, turns, steps, dict(sorted(counters.items())), trace)


def _side(game: Game, variants: tuple[str, ...]) -> str:
    _, maps = iwari_parts(game)
    return maps.sides[1 if "second_side" in variants and len(maps.sides) > 1 else 0].id


class _IndexedGame:
    """The game with both map sides indexed once, for many plays in one worker."""

    def __init__(self, game: Game) -> None:
        self.game = game
        _, maps = iwari_parts(game)
        self.boards = {side.id: index_side(side) for side in maps.sides}

    def play(self, table: Table, rng: random.Random, record: Record | None) -> GameResult:
        """One game: seats take the agents in order; two players add the simulated tribe."""
        game = self.game
        components, maps = iwari_parts(game)
        side = _side(game, table.variants)
        dealt = deal(components, maps.side(side), table.players, rng,
                     draft=DRAFT in table.variants)
        labels = (*table.agents, *(("simulated",) if dealt.simulated is not None else ()))
        limit = table.turn_limit or DEFAULT_TURN_LIMIT
        if record is not None:
            record.append({"type": "setup", "side": side, "players": table.players,
                           "seats": list(dealt.seats), "agents": list(labels),
                           "variants": list(table.variants),
                           "mountains": list(dealt.mountains), "deck": list(dealt.deck),
                           "hands": [list(h) for h in dealt.hands],
                           "display": list(dealt.display), "turn_limit": limit})
        agents = [make_agent(name, rng) for name in table.agents]
        board = self.boards[side]
        return _run(game, board, dealt, labels, _Recorder(agents, rng, record, board),
                    table.variants, limit)


def prepare(game: Game) -> BoundPlay:
    return _IndexedGame(game).play


def play(game: Game, table: Table, rng: random.Random, record: Record | None) -> GameResult:
    """One game: seats take the agents in order; two players add the simulated tribe."""
    return prepare(game)(table, rng, record)


def replay(game: Game, lines: list[Mapping[str, JsonValue]]) -> GameResult:
    """The same GameResult from a record, with no randomness."""
    if not lines or lines[0].get("type") != "setup":
        raise ReplayError("record line 1: expected the setup line")
    setup = lines[0]
    _, maps = iwari_parts(game)

    def strings(key: str) -> tuple[str, ...]:
        value = setup[key]
        assert isinstance(value, list)
        return tuple(str(v) for v in value)

    players = setup["players"]
    side = setup["side"]
    limit = setup["turn_limit"]
    assert isinstance(players, int) and isinstance(side, str) and isinstance(limit, int)
    hands = setup["hands"]
    mountains = setup["mountains"]
    assert isinstance(hands, list) and isinstance(mountains, list)
    seats = strings("seats")
    dealt = Deal(players, side, seats, players if len(seats) > players else None,
                 tuple(int(m) for m in mountains), (), strings("deck"),
                 tuple(tuple(str(c) for c in h) for h in hands), strings("display"))
    board = index_side(maps.side(side))
    return _run(game, board, dealt, strings("agents"), _Replayer(lines[1:], board),
                strings("variants"), limit)


SIMULATOR = Simulator(agents=AGENTS, variants=VARIANTS, play=play, replay=replay,
                      prepare=prepare, capped_ends=("turn_limit",), profiles=profiles)
