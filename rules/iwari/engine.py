"""The IWARI game state and its rules: legal placements, drawing, deck runs, scoring.

The state is private to one game run and changed only through the functions here; every
random choice (reshuffling the discards) comes through the `Shuffle` callable the runner
passes, so a recorded game replays without randomness.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from mypy_extensions import i64

from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.rules.iwari.actions import Option, Place, Plays
from stamperia.rules.iwari.board import Board
from stamperia.rules.iwari.pricing import (
    CODE_BITS,
    PAYMENT_BITS,
    ROW_BITS,
    TENT_BITS,
    PriceCache,
    pricing,
)
from stamperia.rules.iwari.scoring import (
    EMPTY,
    Position,
    Scoring,
    score,
)
from stamperia.rules.iwari.setup import Deal

Shuffle = Callable[[list[str]], list[str]]
"""Returns the new deck order of the cards given (the runner shuffles or replays)."""


class Rules:
    """The component set's numbers the hot paths read, copied once (compiled, reading the
    content model's objects is a Python attribute lookup each time); a simulator makes one
    for all its games. Read-only once made."""

    def __init__(self, components: IwariSet) -> None:
        self.hand_size: int = components.setup.hand
        self.display_size: int = components.setup.display
        self.camp_min: int = components.camp_min_tents
        self.feat_ids: list[str] = [f.id for f in components.feats]
        """The feats' ids, triggers and kinds of place, in content order."""
        self.feat_triggers: list[str] = [f.trigger for f in components.feats]
        self.feat_on: list[str] = [f.placed_on for f in components.feats]
        self.feat_under_mountain: list[bool] = [f.earned_under_mountain
                                                for f in components.feats]
        """Per feat: whether a connection under a mountain may earn it (A5)."""
        top = len(components.feat_multipliers)
        self.multipliers: list[int] = [components.multiplier(n) for n in range(top + 1)]
        """The multiplier by feats in one place, the last for that many or more."""


class State:
    """Mutable table of one game: pieces, cards, scores, feats and the journey's progress.

    Tent counts, free spaces and totem totals per territory are kept up to date by
    `apply_place`, so listing the legal options each turn reads them without recounting.
    """

    def __init__(self, board: Board, components: IwariSet, table: Deal, feats: bool,
                 rules: Rules | None = None) -> None:
        self.board = board
        self.components = components
        self.deal = table
        self.feats = feats
        self.seats = len(table.seats)
        self.humans = table.players
        self.simulated = table.simulated
        self.mountains = frozenset(table.mountains)
        self.tents = [EMPTY] * board.spaces
        self.totems = [[0] * self.seats for _ in range(board.territories)]
        self.counts = [[0] * self.seats for _ in range(board.territories)]
        self.free = [list(board.spaces_of(t)) for t in range(board.territories)]
        self.totem_sum = [0] * board.territories
        self.tents_left = [components.playable_tents] * self.seats
        self.totems_left = [components.totems] * self.seats
        self.hands = [list(h) for h in table.hands]
        self.deck = list(table.deck)
        self.display = list(table.display)
        self.discards: list[list[str]] = [[] for _ in range(self.humans)]
        self.scores = [0] * self.seats
        self.runs_out = 0
        self.mid_pending = False
        self.end_triggered = False
        self.over = False
        self.territory_feats = [0] * board.territories
        self.connection_feats: dict[int, int] = {}
        self.feats_left = {f.id: (f.copies if feats else 0) for f in components.feats}
        self.feat_holders: dict[str, set[int]] = {f.id: set() for f in components.feats}
        self.taken: list[tuple[str, int]] = []
        self.rules = rules if rules is not None else Rules(components)
        self.mid_scoring: Scoring | None = None
        self.end_scoring: Scoring | None = None
        self.priced: PriceCache = {}
        """payments() by sorted hand (see stamperia.rules.iwari.pricing): they depend on nothing
        else than the board's biomes and the components, so games on one side may share
        it."""

    def copy(self) -> State:
        """A copy for search: its own pieces, cards, scores and feats; the board, components,
        rules, scorings and payment cache shared. Written out because a compiled State cannot
        be made by copy.copy (its constructor always runs __init__)."""
        other = State(self.board, self.components, self.deal, self.feats, self.rules)
        other.tents = list(self.tents)
        other.totems = [list(t) for t in self.totems]
        other.counts = [list(c) for c in self.counts]
        other.free = [list(f) for f in self.free]
        other.totem_sum = list(self.totem_sum)
        other.tents_left = list(self.tents_left)
        other.totems_left = list(self.totems_left)
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.display = list(self.display)
        other.discards = [list(d) for d in self.discards]
        other.scores = list(self.scores)
        other.runs_out = self.runs_out
        other.mid_pending = self.mid_pending
        other.end_triggered = self.end_triggered
        other.over = self.over
        other.territory_feats = list(self.territory_feats)
        other.connection_feats = dict(self.connection_feats)
        other.feats_left = dict(self.feats_left)
        other.feat_holders = {k: set(v) for k, v in self.feat_holders.items()}
        other.taken = list(self.taken)
        other.mid_scoring = self.mid_scoring
        other.end_scoring = self.end_scoring
        other.priced = self.priced
        return other

    def position(self) -> Position:
        return Position(self.seats, tuple(self.tents), tuple(tuple(t) for t in self.totems),
                        tuple(self.territory_feats), dict(self.connection_feats),
                        self.mountains)

    def tent_counts(self, territory: int) -> list[int]:
        return list(self.counts[territory])

    def free_spaces(self, territory: int) -> list[int]:
        return list(self.free[territory])

    def unused(self, seat: int) -> int:
        return self.tents_left[seat] + self.totems_left[seat]


def plays(state: State, seat: int, hand: list[str]) -> Plays:
    """Every legal way for `seat` to play from `hand` (3-2-1, exploring, totem cap), with the
    tent spaces left open: any `tents` of the territory's free spaces make a legal Place."""
    if not hand:
        return Plays([], [])
    held = tuple(sorted(hand))
    priced = state.priced.get(held)
    if priced is None:
        priced = state.priced[held] = pricing(state.board, state.components.setup, hand)
    found = Plays(priced.rows, priced.kinds)
    pieces_rows = priced.pieces
    entries = found.entries
    # Counts in i64 locals: compiled, plain machine arithmetic (an int is tagged, and each
    # shift or sum of tagged ints checks for overflow); the same ints run as pure Python.
    total: i64 = 0
    tents_left: i64 = state.tents_left[seat]
    totems_left: i64 = state.totems_left[seat]
    board = state.board
    biome_of = board.biome_index
    space_counts = board.space_counts
    all_ways = board.ways
    free_lists = state.free
    # Payments are walked with `for` (compiled, an unchecked read each), not indexed.
    for territory in priced.territories:
        free: i64 = len(free_lists[territory])
        explored = free < space_counts[territory]
        row: i64 = biome_of[territory] * 2 + (1 if explored else 0)
        row_pieces = pieces_rows[row]
        if not row_pieces:
            continue
        # Plain comparisons, not min() and max(): compiled, those are generic calls.
        room: i64 = free if free < tents_left else tents_left
        ways = all_ways[free]
        place: i64 = territory
        base: i64 = ((place << ROW_BITS) | row) << PAYMENT_BITS
        payment: i64 = 0
        if not explored:
            # No totems on an unexplored territory: each payment's pieces are all tents.
            for count in row_pieces:
                pieces: i64 = count
                if pieces <= room:
                    total += ways[pieces]
                    entries.append((total << CODE_BITS) | ((base | payment) << TENT_BITS)
                                   | pieces)
                payment += 1
            continue
        counts = state.counts[territory]
        top: i64 = 0
        for count in counts:
            if count > top:
                top = count
        placed_totems: i64 = state.totem_sum[territory]
        mine: i64 = counts[seat]
        for count in row_pieces:
            pieces = count
            tents: i64 = pieces if pieces < room else room
            while tents >= 0:
                totems: i64 = pieces - tents
                cap: i64 = top if top > mine + tents else mine + tents
                if not totems or (totems <= totems_left and placed_totems + totems <= cap):
                    total += ways[tents]
                    entries.append((total << CODE_BITS) | ((base | payment) << TENT_BITS)
                                   | tents)
                tents -= 1
            payment += 1
    return found


def options(state: State, seat: int, hand: list[str]) -> list[Option]:
    """`plays`, readable: one Option per legal play."""
    return plays(state, seat, hand).options()


def spread(state: State, option: Option) -> list[Place]:
    """The concrete placements of one option: every choice of its tent spaces."""
    return [Place(option.territory, option.cards, spaces, option.totems)
            for spaces in combinations(state.free[option.territory], option.tents)]


def placements(state: State, seat: int, hand: list[str]) -> list[Place]:
    """Every legal concrete placement for `seat` paid from `hand` (options times spaces)."""
    return [place for option in options(state, seat, hand) for place in spread(state, option)]


def choices(state: State, option: Option) -> int:
    """How many concrete placements the option stands for (ways to pick its spaces)."""
    return state.board.ways[len(state.free[option.territory])][option.tents]


def is_legal(state: State, seat: int, hand: list[str], place: Place) -> bool:
    """Whether `place` is one of the placements `placements(state, seat, hand)` lists."""
    free = state.free[place.territory] if 0 <= place.territory < len(state.free) else []
    spaces = place.spaces
    if list(spaces) != sorted(set(spaces)) or not set(spaces) <= set(free):
        return False
    tents = len(spaces)
    return any(o.territory == place.territory and o.cards == place.cards and o.tents == tents
               and o.totems == place.totems for o in options(state, seat, hand))


def apply_place(state: State, seat: int, hand: list[str], action: Place,
                discard: list[str]) -> None:
    """Put the pieces down and move the cards to `discard` (feats: stamperia.rules.iwari.feats)."""
    for card in action.cards:
        hand.remove(card)
        discard.append(card)
    territory = action.territory
    free = state.free[territory]
    for space in action.spaces:
        state.tents[space] = seat
        free.remove(space)
    # `x[i] = x[i] + n`, not `x[i] += n`: compiled, the latter is a generic in-place add.
    tents = len(action.spaces)
    totems = action.totems
    counts = state.counts[territory]
    counts[seat] = counts[seat] + tents
    tents_left = state.tents_left
    tents_left[seat] = tents_left[seat] - tents
    placed = state.totems[territory]
    placed[seat] = placed[seat] + totems
    state.totem_sum[territory] = state.totem_sum[territory] + totems
    state.totems_left[seat] = state.totems_left[seat] - totems
    if tents_left[seat] == 0:
        state.end_triggered = True


def draw_sources(state: State) -> list[int]:
    """Display slots to draw from, then -1 for the deck when it has cards."""
    return list(range(len(state.display))) + ([-1] if state.deck else [])


def source_count(state: State) -> int:
    """How many sources `draw_sources` lists."""
    return len(state.display) + (1 if state.deck else 0)


def source_at(state: State, index: int) -> int:
    """draw_sources(state)[index]."""
    return index if index < len(state.display) else -1


def draw(state: State, seat: int, source: int, shuffle: Shuffle) -> None:
    """Take one card into the hand; the deck running out may reshuffle or end the journey."""
    if source == -1:
        state.hands[seat].append(state.deck.pop())
        _after_deck_draw(state, shuffle)
    else:
        state.hands[seat].append(state.display.pop(source))


def refill_display(state: State, shuffle: Shuffle) -> None:
    while len(state.display) < state.rules.display_size and state.deck:
        deal_display(state, shuffle)


def deal_display(state: State, shuffle: Shuffle) -> None:
    """Turn the deck's top card up on the display (one step of `refill_display`)."""
    state.display.append(state.deck.pop())
    _after_deck_draw(state, shuffle)


def _after_deck_draw(state: State, shuffle: Shuffle) -> None:
    cards = deck_ran_out(state)
    if cards is not None:
        reshuffled(state, shuffle(cards))


def deck_ran_out(state: State) -> list[str] | None:
    """After a card left the deck: at its first run-out, the discards (taken off their
    piles) for `reshuffled` to make the new deck; at the second, the journey ends."""
    if state.deck:
        return None
    state.runs_out += 1
    if state.runs_out == 1:
        cards = [c for pile in state.discards for c in pile]
        for pile in state.discards:
            pile.clear()
        return cards
    state.end_triggered = True
    return None


def reshuffled(state: State, deck: list[str]) -> None:
    """The new deck, in its shuffled order; mid-journey scoring follows the turn."""
    state.deck = deck
    state.mid_pending = True


def mid_journey(state: State, scoring: Scoring | None = None) -> None:
    """Tents only, added to the score board (its points per category only); `scoring` is
    that scoring when the caller keeps it up to date (stamperia.rules.iwari.tally)."""
    if scoring is None:
        scoring = score(state.board, state.components, state.position(), final=False,
                        breakdown=False)
    state.mid_scoring = scoring
    for seat, points in enumerate(scoring.totals):
        state.scores[seat] = state.scores[seat] + points


def end_journey(state: State, scoring: Scoring | None = None) -> None:
    """The final scoring, its points per category only (what games report)."""
    if scoring is None:
        scoring = score(state.board, state.components, state.position(), final=True,
                        breakdown=False)
    state.end_scoring = scoring
    for seat, points in enumerate(scoring.totals):
        state.scores[seat] = state.scores[seat] + points
    state.over = True
