"""The engine's turn flow (stamperia.rules.iwari.flow) cut at every decision, for positions.

A turn is: play or discard (phase turn), the earned feats that have a choice (feat), with 2
players the simulated tribe's placement paid from the same hand (third) and its feats, then
one draw at a time (draw) and the display refill. A card drawn from the reshuffled deck is
dealt by chance (deal). Steps that leave no choice run at once, as in the engine.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from stamperia.rules.iwari.engine import (
    apply_place,
    deal_display,
    draw,
    draw_sources,
    mid_journey,
    options,
    placements,
)
from stamperia.rules.iwari.feats import Earned, earned, place_feat
from stamperia.rules.iwari.notation import DealMove, DiscardMove, DrawMove, FeatMove, Move, PlayMove
from stamperia.rules.iwari.position_state import (
    DEAL,
    DRAW,
    FEAT,
    OVER,
    THIRD,
    TURN,
    PendingFeat,
    PlacedFeat,
    Table,
)


def decisions(table: Table) -> list[Move]:
    """The concrete moves of the decision the table waits for (none when it is over)."""
    state, seat = table.state, table.seat
    hand = state.hands[seat] if seat < len(state.hands) else []
    if table.phase == TURN:
        plays: list[Move] = [PlayMove(p, False) for p in placements(state, seat, hand)]
        return plays + [DiscardMove(card) for card in sorted(set(hand))]
    if table.phase == THIRD:
        assert state.simulated is not None
        return [PlayMove(p, True) for p in placements(state, state.simulated, hand)]
    if table.phase == FEAT:
        return [FeatMove(table.pending[0].feat, at) for at in table.pending[0].where]
    if table.phase == DRAW:
        return [DrawMove(source) for source in draw_sources(state)]
    if table.phase == DEAL:
        return [DealMove(card) for card in sorted(set(state.deck))]
    return []


def deal_odds(table: Table) -> list[tuple[DealMove, Fraction]]:
    """Each card the reshuffled deck may deal, with its exact probability."""
    counts = Counter(table.state.deck)
    total = len(table.state.deck)
    return [(DealMove(card), Fraction(counts[card], total)) for card in sorted(counts)]


def _place_feat(table: Table, at: int) -> None:
    pending = table.pending.pop(0)
    feat = table.state.components.feat(pending.feat)
    place_feat(table.state, Earned(pending.feat, pending.seat, feat.placed_on, pending.where),
               at)
    territory = at if feat.placed_on == "territory" else None
    connection = None if feat.placed_on == "territory" else at
    table.feats.append(PlacedFeat(pending.feat, pending.seat, territory, connection))


def _after_shuffle(table: Table) -> None:
    if table.shuffler.happened:
        table.shuffler.happened = False
        table.deck_shuffled = True


def _play(table: Table, move: PlayMove) -> None:
    state, seat = table.state, table.seat
    placer = state.simulated if move.third else seat
    assert placer is not None
    apply_place(state, placer, state.hands[seat], move.place, state.discards[seat])
    table.pending = [PendingFeat(e.feat, e.seat, e.where)
                     for e in earned(state, placer, move.place)]
    _resolve_feats(table, DRAW if move.third else THIRD)


def _resolve_feats(table: Table, after: str) -> None:
    """Place the front pending feats that have one place (as the engine does); wait at the
    first with a choice (phase feat), else go on to `after`."""
    while table.pending and len(table.pending[0].where) == 1:
        _place_feat(table, table.pending[0].where[0])
    table.phase = FEAT if table.pending else after


def play_move(table: Table, move: Move) -> None:
    """Apply one listed move, then run the steps that follow without a choice."""
    state, seat = table.state, table.seat
    if isinstance(move, PlayMove):
        _play(table, move)
    elif isinstance(move, DiscardMove):
        state.hands[seat].remove(move.card)
        state.discards[seat].append(move.card)
        table.phase = THIRD
    elif isinstance(move, FeatMove):
        after = DRAW if table.pending[0].seat == state.simulated else THIRD
        _place_feat(table, move.at)
        _resolve_feats(table, after)
    elif isinstance(move, DrawMove):
        if move.slot < 0 and table.deck_shuffled:
            table.phase, table.deal_to = DEAL, "hand"
        else:
            draw(state, seat, move.slot, table.shuffler)
            _after_shuffle(table)
    else:
        state.deck.remove(move.card)
        state.deck.append(move.card)
        if table.deal_to == "hand":
            draw(state, seat, -1, table.shuffler)
        else:
            deal_display(state, table.shuffler)
        table.phase, table.deal_to = DRAW, None
    advance(table)


def advance(table: Table) -> None:
    """Run the steps that need no decision until one does, or the game is over."""
    state = table.state
    setup = state.components.setup
    while True:
        seat = table.seat
        hand = state.hands[seat]
        no_turn = table.phase == TURN and not hand
        no_third = table.phase == THIRD and not (state.simulated is not None and hand
                                                 and options(state, state.simulated, hand))
        if no_turn or no_third:
            table.phase = DRAW
        elif table.phase == DRAW and not (len(hand) < setup.hand and draw_sources(state)):
            if len(state.display) < setup.display and state.deck:
                if table.deck_shuffled:
                    table.phase, table.deal_to = DEAL, "display"
                    return
                deal_display(state, table.shuffler)
                _after_shuffle(table)
                continue
            _end_turn(table)
        else:
            return


def _end_turn(table: Table) -> None:
    """The mid-journey scoring goes on the score board; the end-of-journey one does not:
    a finished position keeps the board before it, and its result adds it (so scoring a
    finished position and its result agree)."""
    state = table.state
    if state.mid_pending:
        state.mid_pending = False
        mid_journey(state)
    table.turn += 1
    table.seat = (table.seat + 1) % state.humans
    if table.seat == 0 and state.end_triggered:
        state.over = True
        table.phase = OVER
    else:
        table.phase = TURN
