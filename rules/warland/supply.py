"""The pawn tokens a faction owns, and the moves that would need more of them.

A faction cannot put in play a pawn it has no token for, where the content's
`limits.pawn_supply` is `tokens` (the rulebook does not say; `unlimited` lifts the limit).
The engine's legal actions keep it (State.tokens): a move that would need a missing token
is not legal, and a position holding more pawns than tokens is refused. Pawns a face-down
card will bring are counted as committed, so flipping a card never runs out. A soldier
is one token at home and another on mission; either may be in play, so a strength's
soldiers (home and away together) are bounded by the smaller of the two supplies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from stamperia.content.rulesets.warland.buildings import Promote, Recruit
from stamperia.content.rulesets.warland.forces import Forces
from stamperia.rules.warland.state import Action, Rules, Seat


@dataclass(frozen=True)
class Pawns:
    """Pawn counts of one faction: carpenters, inhabitants, soldiers by strength."""

    carpenters: int
    inhabitants: int
    soldiers: tuple[tuple[int, int], ...]
    """(strength, count) pairs, sorted by strength."""

    def soldier(self, strength: int) -> int:
        return dict(self.soldiers).get(strength, 0)


def supply(rules: Rules) -> Pawns:
    """Tokens per faction, from the content's pawns."""
    forces: Forces = rules.forces
    carpenter, inhabitant = forces.pawn(rules.carpenter), forces.pawn(rules.inhabitant)

    def by_strength(pawn_id: str) -> Counter[int]:
        found: Counter[int] = Counter()
        for token in forces.pawn(pawn_id).tokens:
            found[token.strength or 1] += token.per_faction
        return found

    home, away = by_strength(rules.soldier), by_strength(rules.on_mission)
    return Pawns(carpenter.per_faction, inhabitant.per_faction,
                 tuple(sorted((s, min(home[s], away[s])) for s in home | away)))


def tokens(rules: Rules) -> Pawns | None:
    """The supply that limits the pawns in play, or None where the content says
    `unlimited`."""
    return supply(rules) if rules.forces.limits.pawn_supply == "tokens" else None


def committed(rules: Rules, seat: Seat, extra: Action | None = None) -> Pawns:
    """Pawns in play plus those the seat's face-down cards (and `extra`) will bring."""
    base = _in_play(rules, seat)
    return base if extra is None else _with(rules, base, extra)


def _in_play(rules: Rules, seat: Seat) -> Pawns:
    """Pawns in play plus those the seat's face-down cards will bring."""
    carpenters, inhabitants = seat.carpenters, seat.inhabitants()
    soldiers: dict[int, int] = {}
    for strength in seat.soldiers:
        soldiers[strength] = soldiers.get(strength, 0) + 1
    for mission in seat.missions:
        soldiers[mission.strength] = soldiers.get(mission.strength, 0) + 1
    for placed in seat.buildings:
        if not placed.face_up:
            added = _brought(rules, placed.building, soldiers)
            carpenters, inhabitants = carpenters + added[0], inhabitants + added[1]
    return Pawns(carpenters, inhabitants, tuple(sorted(soldiers.items())))


def _with(rules: Rules, base: Pawns, extra: Action) -> Pawns:
    """`base` and the pawns `extra` would bring (a build's card, a recruit, a promotion)."""
    carpenters, inhabitants = base.carpenters, base.inhabitants
    soldiers = dict(base.soldiers)
    if extra.do == "build":
        added = _brought(rules, extra.building, soldiers)
        carpenters, inhabitants = carpenters + added[0], inhabitants + added[1]
    if extra.do in ("recruit", "promote"):
        for special in rules.building(extra.building).special:
            if isinstance(special, Recruit) and extra.do == "recruit":
                soldiers[special.strength] = soldiers.get(special.strength, 0) + 1
            if isinstance(special, Promote) and extra.do == "promote":
                soldiers[special.from_strength] = soldiers.get(special.from_strength, 0) - 1
                soldiers[special.to_strength] = soldiers.get(special.to_strength, 0) + 1
    return Pawns(carpenters, inhabitants, tuple(sorted(soldiers.items())))


def _brought(rules: Rules, building: str, soldiers: dict[int, int]) -> tuple[int, int]:
    """The carpenters and inhabitants a card of `building` brings into play; the soldiers
    it brings are added to `soldiers` (by strength)."""
    carpenters = inhabitants = 0
    for brought in rules.building(building).brings:
        if brought.pawn == rules.inhabitant:
            inhabitants += brought.count
        elif brought.pawn == rules.carpenter:
            carpenters += brought.count
        else:
            strength = brought.strength or 1
            soldiers[strength] = soldiers.get(strength, 0) + brought.count
    return carpenters, inhabitants


def shortages(have: Pawns, tokens: Pawns) -> list[tuple[str, int, int]]:
    """(what, needed, tokens) for every kind of pawn beyond the supply."""
    found = []
    if have.carpenters > tokens.carpenters:
        found.append(("carpenters", have.carpenters, tokens.carpenters))
    if have.inhabitants > tokens.inhabitants:
        found.append(("inhabitants", have.inhabitants, tokens.inhabitants))
    for strength, count in have.soldiers:
        if count > tokens.soldier(strength):
            found.append((f"soldiers of strength {strength}", count, tokens.soldier(strength)))
    return found


def within_supply(rules: Rules, seat: Seat, action: Action, tokens: Pawns) -> bool:
    """Whether the action leaves the seat within its tokens (only these add pawns)."""
    if action.do not in _ADDING:
        return True
    return not shortages(committed(rules, seat, action), tokens)


_ADDING = ("build", "recruit", "promote")
"""The actions that put pawns in play."""


def within_supply_all(rules: Rules, seat: Seat, actions: list[Action], tokens: Pawns
                      ) -> list[Action]:
    """The actions `within_supply` keeps, the seat's pawns counted once for all of them
    (a turn offers a build for every card the seat can pay)."""
    if not any(a.do in _ADDING for a in actions):
        return actions
    base = _in_play(rules, seat)
    return [a for a in actions
            if a.do not in _ADDING or not shortages(_with(rules, base, a), tokens)]
