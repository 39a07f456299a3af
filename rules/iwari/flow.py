"""IWARI's turn flow as a generator that pauses at every decision and at the reshuffle.

`_flow` follows the rules' turn order (play or discard, the simulated tribe's third play,
drawing up to a full hand one card at a time, refilling the display, mid-journey and end
scoring); `IwariGame` holds what it waits for. The loop adapter (simulate.py) asks the
seats and resumes the flow with their choice. Its own module, compiled, so the adapter and
the flow stay short and the flow's calls into the engine are native.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from stamperia.rules.iwari.actions import Discard, Place, Plays, TurnAction
from stamperia.rules.iwari.engine import (
    State,
    apply_place,
    deck_ran_out,
    end_journey,
    mid_journey,
    plays,
    reshuffled,
    source_count,
)
from stamperia.rules.iwari.feats import Earned, earned, place_feat
from stamperia.rules.iwari.setup import Deal
from stamperia.rules.iwari.tally import Tally

DRAFT: Final = "draft"

# What the flow waits for (IwariGame.kind); Final, so compiled code reads no module dict.
TURN: Final = 0
THIRD: Final = 1
DRAW: Final = 2
FEAT: Final = 3
SHUFFLE: Final = 4

IwariAction = TurnAction | int | list[str]
"""A turn's play or discard, a third play (a Place), a draw's source or a feat's place
(an int), or the reshuffled deck (chance)."""


class IwariGame:
    """One game in play: the engine state, the deal, and the decision the flow waits for
    (`kind`, by `seat`, with its options)."""

    def __init__(self, state: State, dealt: Deal, variants: tuple[str, ...],
                 turn_limit: int) -> None:
        self.state = state
        self.dealt = dealt
        self.variants = variants
        self.turn_limit = turn_limit
        self.kind = TURN
        self.seat = 0
        self.plays = Plays([], [])
        self.discards: list[str] = []
        self.sources = 0
        """How many of engine.draw_sources the seat draws from."""
        self.feat: Earned | None = None
        self.shuffling: list[str] = []
        self.choice: IwariAction = 0
        self.turns = 0
        self.steps = 0
        self.end = "deck"
        self.estimate: list[int] = []
        self.tally = Tally(state)
        self.done = False
        self.flow: Iterator[None] = _flow(self)
        next(self.flow)


def _deck_card_left(game: IwariGame) -> Iterator[None]:
    """After the deck's last card left it (callers check, so that most draws make no
    generator): the reshuffle (chance) at its first run-out."""
    cards = deck_ran_out(game.state)
    if cards is not None:
        game.kind, game.shuffling = SHUFFLE, cards
        yield
        choice = game.choice
        assert isinstance(choice, list)
        reshuffled(game.state, choice)


def _refill_display(game: IwariGame) -> Iterator[None]:
    state = game.state
    while len(state.display) < state.rules.display_size and state.deck:
        state.display.append(state.deck.pop())
        if not state.deck:
            yield from _deck_card_left(game)


def _refill_hand(game: IwariGame, seat: int) -> Iterator[None]:
    """Draw up to a full hand, one card at a time, each from the source the seat picks."""
    state = game.state
    hand = state.hands[seat]
    while len(hand) < state.rules.hand_size and (sources := source_count(state)):
        game.kind, game.seat, game.sources = DRAW, seat, sources
        yield
        source = game.choice
        assert isinstance(source, int)
        game.steps += 1
        if source == -1:
            hand.append(state.deck.pop())
            if not state.deck:
                yield from _deck_card_left(game)
        else:
            hand.append(state.display.pop(source))


def _place(game: IwariGame, seat: int, placer: int, place: Place) -> list[Earned]:
    """Apply a placement by `placer` (the seat, or the shared tribe played by `seat`):
    the feats it earns, for `_place_feats` (a plain call: compiled, most placements earn
    none, and a generator object for each would cost more)."""
    state = game.state
    apply_place(state, placer, state.hands[seat], place, state.discards[seat])
    tally = game.tally
    tally.placed(state, placer, place.territory, place.spaces, place.totems)
    return earned(state, placer, place, tally)


def _place_feats(game: IwariGame, seat: int, feats: list[Earned]) -> Iterator[None]:
    """Put each feat earned where the deciding seat wants it (asked only when there is a
    choice)."""
    state = game.state
    tally = game.tally
    for feat in feats:
        at = feat.where[0]
        if len(feat.where) > 1:
            game.kind, game.seat, game.feat = FEAT, seat, feat
            yield
            choice = game.choice
            assert isinstance(choice, int)
            at = choice
        place_feat(state, feat, at)
        tally.feat_placed(state, feat.on == "territory", at)


def _flow(game: IwariGame) -> Iterator[None]:
    """The journey: turns in order until it ends; pauses at every decision and reshuffle."""
    state = game.state
    if DRAFT in game.variants:
        for drafter in reversed(range(state.humans)):
            yield from _refill_hand(game, drafter)
            yield from _refill_display(game)
    seat = 0
    while not state.over:
        hand = state.hands[seat]
        if hand:
            game.kind, game.seat = TURN, seat
            game.plays = plays(state, seat, hand)
            game.discards = game.plays.kinds
            yield
            action = game.choice
            game.steps += 1
            if isinstance(action, Discard):
                hand.remove(action.card)
                state.discards[seat].append(action.card)
            else:
                assert isinstance(action, Place)
                feats = _place(game, seat, seat, action)
                if feats:
                    yield from _place_feats(game, seat, feats)
        if state.simulated is not None and hand:
            third = plays(state, state.simulated, hand)
            if third.entries:
                game.kind, game.seat, game.plays = THIRD, seat, third
                yield
                place = game.choice
                assert isinstance(place, Place)
                feats = _place(game, seat, state.simulated, place)
                if feats:
                    yield from _place_feats(game, seat, feats)
                game.steps += 1
        yield from _refill_hand(game, seat)
        if len(state.display) < state.rules.display_size and state.deck:
            yield from _refill_display(game)
        if state.mid_pending:
            state.mid_pending = False
            mid_journey(state, game.tally.scoring(False))
        game.turns += 1
        seat = (seat + 1) % state.humans
        if seat == 0 and (state.end_triggered or game.turns >= game.turn_limit):
            if not state.end_triggered:
                game.end = "turn_limit"
            elif state.runs_out < 2:
                game.end = "tents"
            end_journey(state, game.tally.scoring(True))
        game.estimate = list(state.scores) if state.over else game.tally.estimate(state.scores)
    game.done = True
