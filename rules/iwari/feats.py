"""Feats (Prodezze): who earns one with a placement, and where the earner may put it.

Earning is the rules' business (first and second camp, last tent space of a territory,
first majority on a land or water connection); where it goes is the player's choice among
the places the rulebook allows, so the engine hands that list to an agent.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.engine import State
from stamperia.rules.iwari.tally import Tally


# Never changed once made: not frozen and with its own __init__, because compiled, the
# __init__ dataclasses writes runs as Python.
@dataclass(init=False, unsafe_hash=True)
class Earned:
    """A feat taken from the supply by `seat`; `where` lists the territories (indices) or
    connections (numbers) it may go on, as `on` says, in increasing order."""

    feat: str
    seat: int
    on: str
    where: tuple[int, ...]

    def __init__(self, feat: str, seat: int, on: str, where: tuple[int, ...]) -> None:
        self.feat = feat
        self.seat = seat
        self.on = on
        self.where = where


def _give(state: State, feat: str, seat: int) -> bool:
    if state.feats_left.get(feat, 0) <= 0 or seat in state.feat_holders[feat]:
        return False
    state.feats_left[feat] -= 1
    state.feat_holders[feat].add(seat)
    state.taken.append((feat, seat))
    return True


def _camps_through(state: State, seat: int, spaces: tuple[int, ...]) -> list[set[int]]:
    """The seat's camps (groups of tents joined along paths, large enough) holding one of
    `spaces`: the tents just placed, so only the camps this placement made or grew."""
    tents, links = state.tents, state.board.space_links
    found: list[set[int]] = []
    seen: set[int] = set()
    for start in spaces:
        if start in seen:
            continue
        group = {start}
        frontier = [start]
        while frontier:
            for other in links[frontier.pop()]:
                if tents[other] == seat and other not in group:
                    group.add(other)
                    frontier.append(other)
        seen |= group
        if len(group) >= state.rules.camp_min:
            found.append(group)
    return found


def _holds(counts: list[int], seat: int) -> bool:
    """seat in majority(counts), without making the set."""
    mine = counts[seat]
    if mine <= 0:
        return False
    return all(count <= mine for count in counts)


def earned(state: State, seat: int, action: Place, tally: Tally | None = None
           ) -> list[Earned]:
    """The feats `seat` earns with the placement just applied, taken from the supply.
    A `tally` updated with the placement answers whether it made or grew a camp at all,
    so the camps are walked only when one did. What a placement cannot trigger is ruled
    out before the supply is looked up (most placements earn nothing)."""
    board = state.board
    found: list[Earned] = []
    rules = state.rules
    for index, trigger in enumerate(rules.feat_triggers):
        if trigger == "camp":
            if not action.spaces or (tally is not None and not any(
                    tally.in_camp(space) for space in action.spaces)):
                continue
        elif trigger == "last_tent_space":
            if not action.spaces or state.free[action.territory]:
                continue
        elif not action.totems:
            continue
        feat = rules.feat_ids[index]
        if state.feats_left.get(feat, 0) <= 0 or seat in state.feat_holders[feat]:
            continue
        where: tuple[int, ...] = ()
        if trigger == "camp":
            where = tuple(sorted({board.space_territory[s]
                                  for camp in _camps_through(state, seat, action.spaces)
                                  for s in camp}))
        elif trigger == "last_tent_space":
            where = tuple(t for t in range(board.territories) if t != action.territory)
        elif trigger in ("land_majority", "water_majority"):
            # A connection under a mountain scores nothing (iwari.txt 76); whether it
            # still earns the feat (290, 296) is the content's reading (A5).
            kind = "land" if trigger == "land_majority" else "water"
            totems = state.totems
            covered = rules.feat_under_mountain[index]
            where = tuple(c.number for c in board.connections
                          if c.kind == kind and (covered or c.number not in state.mountains)
                          and action.territory in (c.a, c.b)
                          and _holds(totems[c.a], seat) and _holds(totems[c.b], seat))
        if where and _give(state, feat, seat):
            found.append(Earned(feat, seat, rules.feat_on[index], where))
    return found


def place_feat(state: State, feat: Earned, at: int) -> None:
    """Put an earned feat on territory index / connection number `at` (one of its `where`)."""
    if at not in feat.where:
        raise ValueError(f"{feat.feat} cannot go on {at}")
    if feat.on == "territory":
        state.territory_feats[at] = state.territory_feats[at] + 1
    else:
        state.connection_feats[at] = state.connection_feats.get(at, 0) + 1


def place_name(state: State, feat: Earned, at: int) -> str | int:
    """How a record names the place: the territory id, or the connection number."""
    return state.board.territory_ids[at] if feat.on == "territory" else at
