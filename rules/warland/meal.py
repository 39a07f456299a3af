"""The meal at the start of a WARLAND turn: every pawn eats, and the seat decides who
starves: when food is short ("Tu scegli", warland.txt 40-43), and on purpose when it is
not ("Potete decidere deliberatamente di non dar da mangiare", 54-55). Its own module so
the engine keeps the turn's other steps; the choices themselves are counted in upkeep."""

from __future__ import annotations

from typing import Final

from stamperia.content.rulesets.warland.buildings import ResourcesForFood
from stamperia.rules.warland.state import FEED, STARVE, TRADE, Action, Seat, State
from stamperia.rules.warland.upkeep import starvation_choices


def food_need(state: State, seat: Seat) -> int:
    rules = state.rules
    eats = rules.meals
    return (seat.carpenters * eats[rules.carpenter] + seat.inhabitants() * eats[rules.inhabitant]
            + len(seat.soldiers) * eats[rules.soldier]
            + len(seat.missions) * eats[rules.on_mission])


def shortfall(state: State, index: int) -> int:
    """Food the seat's pawns need beyond the food it has (0 when everyone eats)."""
    seat = state.seats[index]
    return max(0, food_need(state, seat) - seat.food)


def in_play(state: State, seat: Seat) -> dict[str, int]:
    """The seat's pawns that eat, by the kind a choice names, in the content's pawn order:
    "Tu scegli quale Abitante sacrificare" (warland.txt 40-41), so where a kind's pawns
    differ a choice names which: an Abitante by its building (`abitante@fattoria`), a
    Soldato by strength (`soldato:2`), a Soldato in missione by strength and castle
    (`soldato_in_missione:2@blu`), weakest first; a kind whose pawns are all alike keeps
    its plain id. Pawns alike in all this are one choice (of one building's cards the one
    with fewest Abitanti loses one first: a card short of its Abitanti produces nothing
    already, so that never costs more)."""
    rules = state.rules
    found: dict[str, int] = {}
    for pawn in rules.meals:
        if pawn == rules.carpenter:
            kinds = {pawn: seat.carpenters}
        elif pawn == rules.inhabitant:
            kinds = {}
            for placed in seat.buildings:
                if placed.residents:
                    key = f"{pawn}@{placed.building}"
                    kinds[key] = kinds.get(key, 0) + placed.residents
        elif pawn == rules.soldier:
            kinds = {f"{pawn}:{s}": seat.soldiers.count(s) for s in sorted(set(seat.soldiers))}
        elif pawn == rules.on_mission:
            factions = [s.faction for s in state.seats]
            kinds = {}
            for strength, target in sorted({(m.strength, m.target) for m in seat.missions}):
                kinds[f"{pawn}:{strength}@{factions[target]}"] = sum(
                    1 for m in seat.missions if (m.strength, m.target) == (strength, target))
        else:
            continue
        if len(kinds) == 1:
            kinds = {pawn: sum(kinds.values())}
        found.update(kinds or {pawn: 0})
    return found


MEAL_CHOICES: Final = 64
"""The most choices a meal lists naming which pawns starve: past it (a seat short by a
dozen food with Abitanti on many buildings can have thousands), the choices name pawn
kinds only and which pawn of a kind goes is the default (`plain_kinds`)."""


def meal_kinds(state: State, index: int) -> dict[str, int]:
    """The kinds the meal's choices name: which pawns (`in_play`) where that lists at most
    MEAL_CHOICES choices, else pawn kinds only."""
    seat = state.seats[index]
    kinds = in_play(state, seat)
    if len(starvation_choices(shortfall(state, index), kinds, _eats(state, kinds),
                              MEAL_CHOICES)) > MEAL_CHOICES:
        return plain_kinds(state, seat)
    return kinds


def plain_kinds(state: State, seat: Seat) -> dict[str, int]:
    """The seat's pawns that eat, by pawn kind only, in the content's pawn order."""
    rules = state.rules
    counts = {rules.carpenter: seat.carpenters, rules.inhabitant: seat.inhabitants(),
              rules.soldier: len(seat.soldiers), rules.on_mission: len(seat.missions)}
    return {p: counts[p] for p in rules.meals if p in counts}


def base(kind: str) -> str:
    """The pawn id of a kind a meal's choice names (`soldato:2` -> `soldato`)."""
    return kind.split("@")[0].split(":")[0]


def _eats(state: State, kinds: dict[str, int]) -> dict[str, int]:
    return {kind: state.rules.meals[base(kind)] for kind in kinds}


def starvations(state: State, index: int) -> list[Action]:
    """The meal's legal decisions when food is short: each minimal set of pawns to leave
    unfed (upkeep.starvation_choices), fewest pawns first."""
    kinds = meal_kinds(state, index)
    return [Action(STARVE, starve=choice) for choice in starvation_choices(
        shortfall(state, index), kinds, _eats(state, kinds))]


def trades(state: State, index: int) -> list[Action]:
    """The meal's trades when food is short: at each face-up card that trades resources
    for food (the Bazaar: "if short of food, spend X resources for X food"), every count
    from 1 to what covers the shortfall or the resources allow, most first. The card
    gives no time but the start of the turn and no amount: the seat chooses X."""
    short = shortfall(state, index)
    seat = state.seats[index]
    found: list[Action] = []
    if short <= 0:
        return found
    for placed in seat.buildings:
        if not placed.face_up:
            continue
        for special in state.rules.building(placed.building).special:
            if isinstance(special, ResourcesForFood):
                most = min(seat.resources // special.resources, -(-short // special.food))
                for count in range(most, 0, -1):
                    action = Action(TRADE, building=placed.building, count=count)
                    if action not in found:
                        found.append(action)
    return found


def most_trade(state: State, index: int) -> Action | None:
    """The heuristic default at a short meal: the largest trade offered (as much food as
    is missing, or as the resources buy), None where there is none."""
    offered = trades(state, index)
    return offered[0] if offered else None


def trade(state: State, index: int, action: Action) -> None:
    """Resources for food, `action.count` times at `action.building`'s rate."""
    seat = state.seats[index]
    for special in state.rules.building(action.building).special:
        if isinstance(special, ResourcesForFood):
            seat.resources -= action.count * special.resources
            seat.food += action.count * special.food
            state.count("bazaar.food", action.count * special.food)
            return


def meal_actions(state: State, index: int) -> list[Action]:
    """Every decision of the meal: when food is short the trades first, then who starves
    (each minimal set); when it feeds everyone, `feed` first (the agents' default), then
    one pawn of each kind in play left unfed on purpose ("anche se avete cibo pure per
    loro", warland.txt 54-55), after which the meal is asked again. So a seat may starve
    more than needed, one pawn at a time, and the moves stay one per pawn kind."""
    if shortfall(state, index) > 0:
        return [*trades(state, index), *starvations(state, index)]
    return [Action(FEED), *volunteers(state, index)]


def volunteers(state: State, index: int) -> list[Action]:
    """At a fed meal, one pawn of each kind in play left unfed (`starve 1 <kind>`, the
    kinds of `in_play`, so as many moves as kinds, not pawns)."""
    kinds = in_play(state, state.seats[index])
    eats = _eats(state, kinds)
    return [Action(STARVE, starve=((kind, 1),)) for kind, count in kinds.items()
            if count > 0 and eats[kind] > 0]


def hungriest_first(state: State, index: int) -> tuple[tuple[str, int], ...]:
    """Who a seat that does not weigh the meal leaves unfed: the hungriest first, so the
    fewest die (missions, soldiers at home, carpenters but one, inhabitants, the last
    carpenter). Greedy in falling appetite, so the set is minimal: one of `starvations`."""
    rules = state.rules
    seat = state.seats[index]
    left = meal_kinds(state, index)
    short = shortfall(state, index)
    worth = {p.building: rules.building(p.building).food + rules.building(p.building).resources
             for p in seat.buildings}

    def kinds(pawn: str) -> list[str]:
        """The kinds of a pawn in the order they go unfed: the weakest soldiers, the
        Abitanti of the building producing least."""
        found = [k for k in left if base(k) == pawn]
        if pawn == rules.inhabitant:
            return sorted(found, key=lambda k: worth.get(k.partition("@")[2], 0))
        return found

    order = [(rules.on_mission, 0), (rules.soldier, 0), (rules.carpenter, 1),
             (rules.inhabitant, 0), (rules.carpenter, 0)]
    starved = {p: 0 for p in left}
    for pawn, keep in order:
        for kind in kinds(pawn):
            while short > 0 and left[kind] - starved[kind] > keep:
                starved[kind] += 1
                short -= rules.meals[pawn]
    return tuple((p, n) for p, n in starved.items() if n)


def feed(state: State, index: int, starve: tuple[tuple[str, int], ...]) -> None:
    """The meal: the pawns of `starve` die unfed (`leave_unfed`), the others eat, and
    missions walk on."""
    seat = state.seats[index]
    leave_unfed(state, index, starve)
    seat.food = max(0, seat.food - food_need(state, seat))
    for mission in seat.missions:
        mission.eta = max(0, mission.eta - 1)


def leave_unfed(state: State, index: int, starve: tuple[tuple[str, int], ...]) -> None:
    """The pawns of `starve` die unfed (of each kind the one whose loss costs least: the
    weakest soldier or mission, an inhabitant of the least productive card); nobody eats
    yet: the meal goes on."""
    seat = state.seats[index]
    for kind, count in starve:
        for _ in range(count):
            _starve_one(state, seat, kind)
        state.count(f"starved.{base(kind)}", count)


def _starve_one(state: State, seat: Seat, kind: str) -> None:
    """One pawn of `kind` dies (a plain kind: all its pawns are alike)."""
    rules = state.rules
    pawn, _, where = kind.partition("@")
    pawn, _, strength = pawn.partition(":")
    if pawn == rules.on_mission:
        factions = [s.faction for s in state.seats]
        seat.missions.remove(min(
            (m for m in seat.missions
             if (not strength or m.strength == int(strength))
             and (not where or factions[m.target] == where)),
            key=lambda m: m.strength))
    elif pawn == rules.soldier:
        seat.soldiers.remove(int(strength) if strength else min(seat.soldiers))
    elif pawn == rules.carpenter:
        seat.carpenters -= 1
    else:
        placed = min((p for p in seat.buildings if p.residents
                      and (not where or p.building == where)),
                     key=lambda p: (rules.building(p.building).food
                                    + rules.building(p.building).resources, p.residents))
        placed.residents -= 1
