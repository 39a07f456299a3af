"""The frozen state behind a public IWARI position, and its bridge to the engine's `State`.

A position is immutable (so `apply` returns a new one and old ones stay valid); to list or
play moves it is loaded into a fresh engine `State`, changed with the engine's own functions,
and frozen again. Phases cut the engine's turn flow (stamperia.rules.iwari.flow) at each decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.content.rulesets.iwari.model import IwariSet
from stamperia.rules.iwari.board import Board
from stamperia.rules.iwari.engine import State
from stamperia.rules.iwari.setup import Deal

TURN, THIRD, FEAT, DRAW, DEAL, OVER = "turn", "third", "feat", "draw", "deal", "over"
PHASES = (TURN, THIRD, FEAT, DRAW, DEAL, OVER)
PLAY_FIELDS = ("phase", "to_move", "hands", "left", "display", "deck", "deck_shuffled",
               "discards", "feat_supply", "runs_out", "turn", "mid_scoring_due",
               "end_triggered", "pending", "score_before")
"""The fields a position needs to be played on (`score` needs none of them)."""


@dataclass(frozen=True)
class PlacedFeat:
    """A feat on the map: on territory index `territory` or connection number `connection`;
    `seat` is who earned it (None in a score-only position that does not say)."""

    feat: str
    seat: int | None
    territory: int | None
    connection: int | None


@dataclass(frozen=True)
class PendingFeat:
    """An earned feat still to place: the earner's seat and the allowed places (territory
    indices or connection numbers, as the feat's `placed_on` says), increasing."""

    feat: str
    seat: int
    where: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    """Everything beyond the board that playing on needs. Seats index `tribes`; hands and
    discards are the human players' (seats 0..players-1); the deck is top card first."""

    phase: str
    seat: int
    hands: tuple[tuple[str, ...], ...]
    tents_left: tuple[int, ...]
    totems_left: tuple[int, ...]
    display: tuple[str, ...]
    deck: tuple[str, ...]
    deck_shuffled: bool
    discards: tuple[tuple[str, ...], ...]
    feat_supply: tuple[int, ...]
    runs_out: int
    turn: int
    mid_due: bool
    end_triggered: bool
    pending: tuple[PendingFeat, ...]
    deal_to: str | None


@dataclass(frozen=True)
class IwariPosition:
    """One position: the board (all `score` needs) and, when present, the play state.

    `missing` names the play fields the document lacked (then `play` is None); `schema`,
    `scoring` and `before_given` keep what the document said so `write` gives it back."""

    file: str
    schema: str
    side: str
    tribes: tuple[str, ...]
    simulated: int | None
    scoring: str | None
    tents: tuple[int, ...]
    totems: tuple[tuple[int, ...], ...]
    mountains: tuple[int, ...]
    feats: tuple[PlacedFeat, ...]
    score_before: tuple[int, ...]
    before_given: tuple[str, ...] | None
    play: Play | None
    missing: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.tribes) - (self.simulated is not None)


class Shuffler:
    """The engine's shuffle at the deck's first run-out: the discards become the new deck,
    kept sorted (top card first in the position, so the engine's list is reversed) and
    marked shuffled, so chance deals each card drawn from it."""

    def __init__(self) -> None:
        self.happened = False

    def __call__(self, cards: list[str]) -> list[str]:
        self.happened = True
        return sorted(cards, reverse=True)


@dataclass
class Table:
    """A position being played: the engine state plus the phase machinery around it."""

    state: State
    position: IwariPosition
    phase: str
    seat: int
    deck_shuffled: bool
    turn: int
    pending: list[PendingFeat]
    deal_to: str | None
    feats: list[PlacedFeat]
    shuffler: Shuffler


def load(board: Board, components: IwariSet, position: IwariPosition) -> Table:
    """A fresh engine state holding the position (which must have its play fields)."""
    play = position.play
    assert play is not None
    seats = len(position.tribes)
    table = Deal(position.players, position.side, position.tribes, position.simulated,
                 position.mountains, (), tuple(reversed(play.deck)), play.hands, play.display)
    state = State(board, components, table, feats=True)
    state.tents = list(position.tents)
    state.totems = [list(t) for t in position.totems]
    for territory in range(board.territories):
        state.counts[territory] = [0] * seats
        state.free[territory] = [s for s in board.spaces_of(territory)
                                 if position.tents[s] < 0]
        state.totem_sum[territory] = sum(position.totems[territory])
    for space, seat in enumerate(position.tents):
        if seat >= 0:
            state.counts[board.space_territory[space]][seat] += 1
    state.tents_left = list(play.tents_left)
    state.totems_left = list(play.totems_left)
    state.discards = [list(d) for d in play.discards]
    state.scores = list(position.score_before)
    state.runs_out = play.runs_out
    state.mid_pending = play.mid_due
    state.end_triggered = play.end_triggered
    state.over = play.phase == OVER
    state.feats_left = {f.id: n for f, n in zip(components.feats, play.feat_supply,
                                                strict=True)}
    for feat in position.feats:
        if feat.territory is not None:
            state.territory_feats[feat.territory] += 1
        elif feat.connection is not None:
            state.connection_feats[feat.connection] = (
                state.connection_feats.get(feat.connection, 0) + 1)
        if feat.seat is not None:
            state.feat_holders[feat.feat].add(feat.seat)
    for pending in play.pending:
        state.feat_holders[pending.feat].add(pending.seat)
    return Table(state, position, play.phase, play.seat, play.deck_shuffled, play.turn,
                 list(play.pending), play.deal_to, list(position.feats), Shuffler())


def freeze(table: Table) -> IwariPosition:
    """The position the table has reached."""
    state = table.state
    components = state.components
    play = Play(table.phase, table.seat, tuple(tuple(h) for h in state.hands),
                tuple(state.tents_left), tuple(state.totems_left), tuple(state.display),
                tuple(reversed(state.deck)), table.deck_shuffled,
                tuple(tuple(d) for d in state.discards),
                tuple(state.feats_left[f.id] for f in components.feats), state.runs_out,
                table.turn, state.mid_pending, state.end_triggered, tuple(table.pending),
                table.deal_to)
    old = table.position
    return IwariPosition(old.file, old.schema, old.side, old.tribes, old.simulated,
                         old.scoring, tuple(state.tents), tuple(tuple(t) for t in state.totems),
                         old.mountains, tuple(table.feats), tuple(state.scores),
                         old.before_given, play, ())

