"""The IWARI game state and its rules: legal placements, drawing, deck runs, feats, scoring.

The state is private to one game run and changed only through the functions here; every
random choice (reshuffling the discards) comes through the `Shuffle` callable the runner
passes, so a recorded game replays without randomness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from content.iwari.model import IwariSet
from rules.iwari.board import Board
from rules.iwari.scoring import (
    EMPTY,
    Position,
    Scoring,
    camps,
    connection_holders,
    score,
)
from rules.iwari.setup import Deal

Shuffle = Callable[[list[str]], list[str]]
"""Returns the new deck order of the cards given (the runner shuffles or replays)."""


@dataclass(frozen=True)
class Place:
    """Play `cards` to put tents on `spaces` and `totems` totems in one territory."""

    territory: int
    cards: tuple[str, ...]
    spaces: tuple[int, ...]
    totems: int


@dataclass(frozen=True)
class Discard:
    card: str


TurnAction = Place | Discard


class State:
    """Mutable table of one game: pieces, cards, scores, feats and the journey's progress."""

    def __init__(self, board: Board, components: IwariSet, table: Deal, feats: bool) -> None:
        self.board = board
        self.components = components
        self.seats = len(table.seats)
        self.humans = table.players
        self.simulated = table.simulated
        self.mountains = frozenset(table.mountains)
        self.tents = [EMPTY] * board.spaces
        self.totems = [[0] * self.seats for _ in range(board.territories)]
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
        self.mid_scoring: Scoring | None = None
        self.end_scoring: Scoring | None = None

    def position(self) -> Position:
        return Position(self.seats, tuple(self.tents), tuple(tuple(t) for t in self.totems),
                        tuple(self.territory_feats), dict(self.connection_feats),
                        self.mountains)

    def tent_counts(self, territory: int) -> list[int]:
        counts = [0] * self.seats
        for space in self.board.spaces_of(territory):
            if self.tents[space] != EMPTY:
                counts[self.tents[space]] += 1
        return counts

    def free_spaces(self, territory: int) -> list[int]:
        return [s for s in self.board.spaces_of(territory) if self.tents[s] == EMPTY]

    def unused(self, seat: int) -> int:
        return self.tents_left[seat] + self.totems_left[seat]


def payments(hand: list[str], biome: str, wild: int, most: int, cards: int
             ) -> list[tuple[tuple[str, ...], int]]:
    """(cards played, pieces paid) for one territory's biome: one matching card per piece,
    or `wild` cards of one other colour for one piece, within the 3-2-1 limits."""
    matching = hand.count(biome)
    wilds = sorted({c for c in hand if c != biome and hand.count(c) >= wild})
    found: list[tuple[tuple[str, ...], int]] = []
    for pieces in range(1, most + 1):
        for plain in range(min(matching, pieces), -1, -1):
            rest = pieces - plain
            if rest == 0:
                found.append(((biome,) * plain, pieces))
            elif rest == 1:
                for colour in wilds:
                    found.append(((biome,) * plain + (colour,) * wild, pieces))
    return [(c, p) for c, p in found if len(c) <= cards]


def placements(state: State, seat: int, hand: list[str], min_cards: int = 1) -> list[Place]:
    """Every legal placement for `seat` paid from `hand` (3-2-1, exploring, totem cap)."""
    setup = state.components.setup
    board = state.board
    result: list[Place] = []
    if not hand:
        return result
    priced: dict[tuple[str, int], list[tuple[tuple[str, ...], int]]] = {}
    for territory in range(board.territories):
        counts = state.tent_counts(territory)
        explored = any(counts)
        most = setup.max_pieces_per_turn if explored else setup.pieces_in_unexplored
        key = (board.biomes[territory], most)
        if key not in priced:
            priced[key] = payments(hand, key[0], setup.wild_cards, most,
                                   setup.max_cards_per_turn)
        options = priced[key]
        if not options:
            continue
        free = state.free_spaces(territory)
        placed_totems = sum(state.totems[territory])
        for cards, pieces in options:
            if len(cards) < min_cards:
                continue
            for tents in range(pieces, -1, -1):
                totems = pieces - tents
                if not explored and totems:
                    continue
                if tents > min(len(free), state.tents_left[seat]):
                    continue
                if totems > state.totems_left[seat]:
                    continue
                after = list(counts)
                after[seat] += tents
                if totems and placed_totems + totems > max(after):
                    continue
                for spaces in combinations(free, tents):
                    result.append(Place(territory, cards, spaces, totems))
    return result


def apply_place(state: State, seat: int, hand: list[str], action: Place,
                discard: list[str]) -> list[tuple[str, int]]:
    """Put the pieces down, move the cards to `discard`; returns the feats taken."""
    for card in action.cards:
        hand.remove(card)
        discard.append(card)
    for space in action.spaces:
        state.tents[space] = seat
    state.tents_left[seat] -= len(action.spaces)
    state.totems[action.territory][seat] += action.totems
    state.totems_left[seat] -= action.totems
    if state.tents_left[seat] == 0:
        state.end_triggered = True
    return _feats(state, seat, action)


def _give(state: State, feat: str, seat: int) -> bool:
    if state.feats_left.get(feat, 0) <= 0 or seat in state.feat_holders[feat]:
        return False
    state.feats_left[feat] -= 1
    state.feat_holders[feat].add(seat)
    state.taken.append((feat, seat))
    return True


def _best_territory(state: State, seat: int, choices: list[int]) -> int:
    """Where a feat multiplying tents helps `seat` most: its most tents, then lowest index."""
    return max(choices, key=lambda t: (state.tent_counts(t)[seat], -t))


def _feats(state: State, seat: int, action: Place) -> list[tuple[str, int]]:
    board = state.board
    taken: list[tuple[str, int]] = []
    for feat in state.components.feats:
        if feat.trigger == "camp" and action.spaces:
            groups = camps(board, state.tents, seat, state.components.camp_min_tents)
            if groups and _give(state, feat.id, seat):
                where = sorted({board.space_territory[s] for g in groups for s in g})
                place = _best_territory(state, seat, where)
                state.territory_feats[place] += 1
                taken.append((feat.id, seat))
        elif feat.trigger == "last_tent_space" and action.spaces:
            if not state.free_spaces(action.territory) and _give(state, feat.id, seat):
                others = [t for t in range(board.territories) if t != action.territory]
                state.territory_feats[_best_territory(state, seat, others)] += 1
                taken.append((feat.id, seat))
        elif feat.trigger in ("land_majority", "water_majority") and action.totems:
            kind = "land" if feat.trigger == "land_majority" else "water"
            position = state.position()
            for connection in board.connections:
                if (connection.kind == kind and connection.number not in state.mountains
                        and action.territory in (connection.a, connection.b)
                        and seat in connection_holders(position, connection.a, connection.b)):
                    if _give(state, feat.id, seat):
                        state.connection_feats[connection.number] = (
                            state.connection_feats.get(connection.number, 0) + 1)
                        taken.append((feat.id, seat))
                    break
    return taken


def draw_sources(state: State) -> list[int]:
    """Display slots to draw from, then -1 for the deck when it has cards."""
    return list(range(len(state.display))) + ([-1] if state.deck else [])


def draw(state: State, seat: int, source: int, shuffle: Shuffle) -> None:
    """Take one card into the hand; the deck running out may reshuffle or end the journey."""
    if source == -1:
        state.hands[seat].append(state.deck.pop())
        _after_deck_draw(state, shuffle)
    else:
        state.hands[seat].append(state.display.pop(source))


def refill_display(state: State, shuffle: Shuffle) -> None:
    while len(state.display) < state.components.setup.display and state.deck:
        state.display.append(state.deck.pop())
        _after_deck_draw(state, shuffle)


def _after_deck_draw(state: State, shuffle: Shuffle) -> None:
    if state.deck:
        return
    state.runs_out += 1
    if state.runs_out == 1:
        cards = [c for pile in state.discards for c in pile]
        for pile in state.discards:
            pile.clear()
        state.deck = shuffle(cards)
        state.mid_pending = True
    else:
        state.end_triggered = True


def mid_journey(state: State) -> None:
    """Tents only, added to the score board."""
    state.mid_scoring = score(state.board, state.components, state.position(), final=False)
    for seat, points in enumerate(state.mid_scoring.totals):
        state.scores[seat] += points


def end_journey(state: State) -> None:
    state.end_scoring = score(state.board, state.components, state.position(), final=True)
    for seat, points in enumerate(state.end_scoring.totals):
        state.scores[seat] += points
    state.over = True
