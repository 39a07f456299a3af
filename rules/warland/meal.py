"""The meal at the start of a WARLAND turn: every pawn eats, and when food is short the
seat decides who starves ("Tu scegli", warland.txt 40-43). Its own module so the engine
keeps the turn's other steps; the choices themselves are counted in upkeep."""

from __future__ import annotations

from stamperia.content.rulesets.warland.buildings import ResourcesForFood
from stamperia.rules.warland.state import STARVE, TRADE, Action, Seat, State
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
    """The seat's pawns that eat, by kind, in the content's pawn order."""
    rules = state.rules
    counts = {rules.carpenter: seat.carpenters, rules.inhabitant: seat.inhabitants(),
              rules.soldier: len(seat.soldiers), rules.on_mission: len(seat.missions)}
    return {p: counts[p] for p in rules.meals if p in counts}


def starvations(state: State, index: int) -> list[Action]:
    """The meal's legal decisions when food is short: each minimal set of pawns to leave
    unfed (upkeep.starvation_choices), fewest pawns first."""
    rules = state.rules
    return [Action(STARVE, starve=choice) for choice in starvation_choices(
        shortfall(state, index), in_play(state, state.seats[index]), rules.meals)]


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
    """Every decision of a short meal: the trades first, then who starves."""
    return [*trades(state, index), *starvations(state, index)]


def hungriest_first(state: State, index: int) -> tuple[tuple[str, int], ...]:
    """Who a seat that does not weigh the meal leaves unfed: the hungriest first, so the
    fewest die (missions, soldiers at home, carpenters but one, inhabitants, the last
    carpenter). Greedy in falling appetite, so the set is minimal: one of `starvations`."""
    rules = state.rules
    seat = state.seats[index]
    left = in_play(state, seat)
    short = shortfall(state, index)
    order = [(rules.on_mission, 0), (rules.soldier, 0), (rules.carpenter, 1),
             (rules.inhabitant, 0), (rules.carpenter, 0)]
    starved = {p: 0 for p in left}
    for pawn, keep in order:
        while short > 0 and left[pawn] - starved[pawn] > keep:
            starved[pawn] += 1
            short -= rules.meals[pawn]
    return tuple((p, n) for p, n in starved.items() if n)


def feed(state: State, index: int, starve: tuple[tuple[str, int], ...]) -> None:
    """The meal: the pawns of `starve` die unfed (of each kind the one whose loss costs
    least: the weakest soldier or mission, an inhabitant of the least productive card),
    the others eat, and missions walk on."""
    seat = state.seats[index]
    for pawn, count in starve:
        for _ in range(count):
            _starve_one(state, seat, pawn)
        state.count(f"starved.{pawn}", count)
    seat.food = max(0, seat.food - food_need(state, seat))
    for mission in seat.missions:
        mission.eta = max(0, mission.eta - 1)


def _starve_one(state: State, seat: Seat, pawn: str) -> None:
    rules = state.rules
    if pawn == rules.on_mission:
        seat.missions.remove(min(seat.missions, key=lambda m: m.strength))
    elif pawn == rules.soldier:
        seat.soldiers.remove(min(seat.soldiers))
    elif pawn == rules.carpenter:
        seat.carpenters -= 1
    else:
        placed = min((p for p in seat.buildings if p.residents),
                     key=lambda p: rules.building(p.building).food +
                     rules.building(p.building).resources)
        placed.residents -= 1
