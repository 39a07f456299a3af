"""The end-of-journey scoring of a game in progress, kept up to date placement by placement.

Why: the simulator reports every seat's points "if the journey ended now" after each turn;
a full scoring (stamperia.rules.iwari.scoring.score) every turn was most of a random game's time.
Pieces are only ever added, so each placement changes one territory's tent points, the
connections of that territory (when totems went down) and the placer's camps, and a feat
changes one place's multiplier: only those parts are recounted. The totals equal
`score(..., final=True).totals` of the same position.
"""

from __future__ import annotations

from typing import Final

from stamperia.rules.iwari.engine import State
from stamperia.rules.iwari.scoring import EMPTY, Scoring, tent_points

NO_GROUP: Final = -1


class Tally:
    """Per seat, the scoring's points of the position by category, and the points (before
    multipliers) of each territory and connection; camps as groups of joined tents per seat
    (union-find over tent spaces)."""

    def __init__(self, state: State) -> None:
        board = state.board
        seats = state.seats
        self.seats = seats
        self.territory_points: list[list[int]] = [[0] * seats
                                                  for _ in range(board.territories)]
        self.connection_points: list[list[int]] = [[0] * seats
                                                   for _ in board.connections]
        self.territory_multiplier: list[int] = [1] * board.territories
        self.connection_multiplier: list[int] = [1] * len(board.connections)
        self.connection_index: dict[int, int] = {
            c.number: i for i, c in enumerate(board.connections)}
        self.touching: list[list[int]] = [[] for _ in range(board.territories)]
        for index, connection in enumerate(board.connections):
            self.touching[connection.a].append(index)
            if connection.b != connection.a:
                self.touching[connection.b].append(index)
        self.parent: list[int] = [NO_GROUP] * board.spaces
        self.size: list[int] = [0] * board.spaces
        self.camp_min = state.rules.camp_min
        self.multipliers: list[int] = state.rules.multipliers
        """The multiplier by feats in one place, the last for that many or more."""
        self.camp_points: list[int] = [0] * seats
        self.tents: list[int] = [0] * seats
        """Tent majority points without multipliers (the mid-journey scoring)."""
        self.totems: list[int] = [0] * seats
        self.feats: list[int] = [0] * seats
        """What the multipliers add to tent and totem points."""
        self.total: list[int] = [0] * seats
        """Everything but camps, multiplied."""
        for space in range(board.spaces):
            if state.tents[space] != EMPTY:
                self._add_tent(state, space)
        for territory in range(board.territories):
            if _top(state.counts[territory]) or state.territory_feats[territory]:
                self._territory(state, territory)
        for index, connection in enumerate(board.connections):
            if state.totem_sum[connection.a] and state.totem_sum[connection.b]:
                self._connection(state, index)

    def estimate(self, scores: list[int]) -> list[int]:
        """Each seat's score board plus the final scoring of the position now."""
        total = self.total
        camp = self.camp_points
        return [scores[seat] + total[seat] + camp[seat] for seat in range(self.seats)]

    def scoring(self, final: bool) -> Scoring:
        """The scoring of the position now, its points per category only: what
        score(..., breakdown=False) gives."""
        if not final:
            none = (0,) * self.seats
            return Scoring(False, (), (), (), tuple(self.tents), none, none, none)
        return Scoring(True, (), (), (), tuple(self.tents), tuple(self.totems),
                       tuple(self.camp_points), tuple(self.feats))

    def placed(self, state: State, placer: int, territory: int, spaces: tuple[int, ...],
               totems: int) -> None:
        """After `apply_place` put `spaces` (tents) and `totems` down for `placer`."""
        for space in spaces:
            self._add_tent(state, space)
        if spaces:
            self._territory(state, territory)
        if totems:
            for index in self.touching[territory]:
                self._connection(state, index)

    def feat_placed(self, state: State, on_territory: bool, at: int) -> None:
        """After a feat went on territory index / connection number `at`."""
        if on_territory:
            self._territory(state, at)
        else:
            self._connection(state, self.connection_index[at])

    def _territory(self, state: State, territory: int) -> None:
        points = tent_points(state.counts[territory])
        multiplier = self._multiplier(state.territory_feats[territory])
        old_multiplier = self.territory_multiplier[territory]
        self.territory_multiplier[territory] = multiplier
        self._settle(self.tents, self.territory_points[territory], points, old_multiplier,
                     multiplier)

    def _settle(self, category: list[int], old: list[int], points: list[int],
                old_multiplier: int, multiplier: int) -> None:
        """Replace one place's points per seat (`old`, before its multiplier) by `points`:
        the category gets the base points, the feats the multiplier's extra, the total
        both."""
        total = self.total
        feats = self.feats
        # `x[i] = x[i] + n`, not `x[i] += n`: compiled, the latter is a generic in-place add.
        for seat in range(self.seats):
            base = points[seat]
            was = old[seat]
            if base == was and (base == 0 or multiplier == old_multiplier):
                continue  # nothing changes (most seats, most places)
            category[seat] = category[seat] + (base - was)
            feats[seat] = feats[seat] + (base * (multiplier - 1) - was * (old_multiplier - 1))
            total[seat] = total[seat] + (base * multiplier - was * old_multiplier)
            old[seat] = base

    def _multiplier(self, feats: int) -> int:
        # Plain comparisons, not min() and max(): compiled, those are generic calls.
        last = len(self.multipliers) - 1
        return self.multipliers[0 if feats < 0 else feats if feats < last else last]

    def _connection(self, state: State, index: int) -> None:
        connection = state.board.connections[index]
        gained = [0] * self.seats
        multiplier = 1
        if connection.number not in state.mountains:
            a = state.totems[connection.a]
            b = state.totems[connection.b]
            top_a = _top(a)
            top_b = _top(b)
            if top_a > 0 and top_b > 0:
                value = state.totem_sum[connection.a] + state.totem_sum[connection.b]
                multiplier = self._multiplier(state.connection_feats.get(connection.number, 0))
                for seat in range(self.seats):
                    if a[seat] == top_a and b[seat] == top_b:
                        gained[seat] = value
        old_multiplier = self.connection_multiplier[index]
        self.connection_multiplier[index] = multiplier
        self._settle(self.totems, self.connection_points[index], gained, old_multiplier,
                     multiplier)

    def in_camp(self, space: int) -> bool:
        """Whether the tent on `space` is in a camp (`camp_min` or more joined tents)."""
        return self.size[self._root(space)] >= self.camp_min

    def _root(self, space: int) -> int:
        parent = self.parent
        while parent[space] != space:
            parent[space] = parent[parent[space]]
            space = parent[space]
        return space

    def _add_tent(self, state: State, space: int) -> None:
        """Join the new tent to its seat's neighbouring tents; camps of `camp_min` tents or
        more score one point per tent."""
        seat = state.tents[space]
        self.parent[space] = space
        self.size[space] = 1
        root = space
        size = self.size
        minimum = self.camp_min
        camp = self.camp_points
        if minimum <= 1:
            camp[seat] = camp[seat] + 1
        for other in state.board.space_links[space]:
            if self.parent[other] == NO_GROUP or state.tents[other] != seat:
                continue
            joined = self._root(other)
            if joined == root:
                continue
            if size[joined] >= minimum:
                camp[seat] = camp[seat] - size[joined]
            if size[root] >= minimum:
                camp[seat] = camp[seat] - size[root]
            if size[joined] < size[root]:
                joined, root = root, joined
            self.parent[root] = joined
            size[joined] = size[joined] + size[root]
            root = joined
            if size[root] >= minimum:
                camp[seat] = camp[seat] + size[root]


def _top(counts: list[int]) -> int:
    """max(counts) of non-negative counts (compiled, max() is a generic call)."""
    top = 0
    for count in counts:
        if count > top:
            top = count
    return top
