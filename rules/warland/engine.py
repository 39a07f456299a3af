"""The economy game's rules: the start of a turn (produce, flip, feed: who starves when
food is short is the seat's decision) and main-phase actions. Pure: dice come from a
DiceSource, choices from whoever calls `apply`.

A rolled action (demolish, battle, defend) is declared here, then rolled and resolved by
combat.py's two entry points, so a position can stop at the roll and take its outcome as a
chance move."""

from __future__ import annotations

from stamperia.content.rulesets.warland.buildings import Promote, Recruit
from stamperia.rules.warland.combat import (
    ROLLED,
    DiceSource,
    aims,
    arrived,
    battles,
    groups,
    resolve,
    roll,
    standing,
)
from stamperia.rules.warland.meal import feed, hungriest_first, most_trade, trade
from stamperia.rules.warland.state import END, Action, Mission, Placed, Seat, State, TurnFlags
from stamperia.rules.warland.supply import within_supply_all


def walking(seat: Seat) -> int:
    """The seat's soldiers walking this turn: missions not yet at their castle. They move
    this turn too, so they take their share of the turn's soldier moves ("puoi muovere
    ... fino a ... 4 Soldati", warland.txt 63-64; content's `limits.moves_per_turn`)
    before any new one is sent."""
    return sum(1 for m in seat.missions if m.eta > 0)


def food_production(state: State, seat: Seat) -> int:
    return sum(state.rules.building(p.building).food
               for p in seat.buildings if _producing(state, p))


def _producing(state: State, placed: Placed) -> bool:
    return placed.face_up and placed.residents >= state.rules.residents(placed.building)


def _bring(state: State, seat: Seat, placed: Placed) -> None:
    """Turn a card face up and put in play the pawns it brings."""
    rules = state.rules
    placed.face_up = True
    for brought in rules.building(placed.building).brings:
        if brought.pawn == rules.inhabitant:
            placed.residents += brought.count
        elif brought.pawn == rules.carpenter:
            seat.carpenters += brought.count
        else:
            seat.soldiers += [brought.strength or 1] * brought.count


def start_turn(state: State, index: int) -> None:
    """Produce, flip face-down cards and feed, trading at a Bazaar as much as helps and
    then the hungriest unfed first when food is short (the heuristic defaults of
    `most_trade` and `hungriest_first`), then walk: a whole start of turn for callers
    that take no decision at the meal."""
    begin_turn(state, index)
    traded = most_trade(state, index)
    if traded is not None:
        trade(state, index, traded)
    feed(state, index, hungriest_first(state, index))


def begin_turn(state: State, index: int) -> None:
    """The start of a turn up to the meal: produce and flip face-down cards. Where food is
    short, trading resources for food at a Bazaar is the seat's decision at the meal
    (meal.trades)."""
    seat = state.seats[index]
    rules = state.rules
    seat.food = 0
    for placed in seat.buildings:
        if _producing(state, placed):
            building = rules.building(placed.building)
            seat.resources += building.resources
            seat.food += building.food
    seat.produced_food = seat.food
    for placed in seat.buildings:
        if not placed.face_up:
            _bring(state, seat, placed)


def _price(state: State, coins: int, resources: int) -> int:
    return resources + coins * state.rules.forces.simulation.coin_value


def buildable(state: State, seat: Seat) -> list[str]:
    """Buildings the seat may build now (limits, resources, a carpenter).

    "puoi avere in gioco al massimo nove Edifici": the content says whether the Castello
    is one of them (`limits.max_buildings_counts_castle`; by default it is, as the
    rulebook calls it one: "Il Castello e gli altri Edifici producono")."""
    rules = state.rules
    limits = rules.forces.limits
    if seat.carpenters < 1 or rules.counted(seat) >= limits.max_buildings:
        return []
    found = []
    for building in rules.buildings.buildings:
        if building.tier == "castle" or building.cost > seat.resources:
            continue
        owned = sum(p.building == building.id for p in seat.buildings)
        if building.tier == "advanced" and owned >= limits.advanced_per_type:
            continue
        found.append(building.id)
    return found


def legal_actions(state: State, index: int, flags: TurnFlags) -> list[Action]:
    seat = state.seats[index]
    rules = state.rules
    actions: list[Action] = []
    if not flags.built_or_demolished:
        actions += [Action("build", building=b) for b in buildable(state, seat)]
    for placed in seat.buildings:
        if not placed.face_up:
            continue
        for special in rules.building(placed.building).special:
            # one move per building, not per card: two Caserme recruit alike
            if (isinstance(special, Recruit) and not flags.recruited
                    and seat.resources >= _price(state, special.price.coins,
                                                 special.price.resources)):
                _once(actions, Action("recruit", building=placed.building))
            if (isinstance(special, Promote) and not flags.promoted
                    and special.from_strength in seat.soldiers
                    and seat.resources >= _price(state, special.price.coins,
                                                 special.price.resources)):
                _once(actions, Action("promote", building=placed.building))
    others = [i for i, s in enumerate(state.seats) if s.alive and i != index]
    # One send order a turn ("Movimento" is done "una sola volta", 57-58), or several
    # (content's `limits.movement` any_time: "in qualsiasi momento", 63); either way the
    # soldiers walking this turn, those just sent among them, stay within its moves.
    moves = min(len(seat.soldiers), rules.soldier_moves - walking(seat))
    if moves > 0 and (rules.sends_any_time or not flags.sent):
        actions += [Action("send", target=t, count=n, strengths=group) for t in others
                    for n in range(1, moves + 1) for group in groups(seat.soldiers, n)]
    for target in others:
        if not arrived(seat, target):
            continue
        # A battle and a demolition are separate actions (warland.txt 57-61): a soldier
        # fights once a turn (112-114), and one building action a turn may be a
        # demolition wherever a soldier on mission stands by the card (95-98), soldiers
        # at home or not.
        if state.seats[target].soldiers and target not in flags.fought:
            actions += battles(state, index, Action("battle", target=target))
        if not flags.built_or_demolished:
            actions += [a for b in standing(state.seats[target])
                        for a in aims(state.seats[target], target, b)]
    if seat.soldiers and not flags.defended:
        for other in others:
            if arrived(state.seats[other], index):
                actions += battles(state, index, Action("defend", target=other))
    tokens = state.tokens
    if tokens is not None:
        actions = within_supply_all(rules, seat, actions, tokens)
    return [*actions, END]


def _once(actions: list[Action], action: Action) -> None:
    if action not in actions:
        actions.append(action)


def apply(state: State, index: int, flags: TurnFlags, action: Action, dice: DiceSource
          ) -> None:
    """Apply one legal action of the active seat."""
    if action not in legal_actions(state, index, flags):
        raise ValueError(f"illegal action {action.as_dict()} for seat {index}")
    state.steps += 1
    if action.do in ROLLED:
        declare(state, index, flags, action)
        resolve(state, index, action, roll(state, index, action, dice))
    else:
        play_unrolled(state, index, flags, action)


def play_unrolled(state: State, index: int, flags: TurnFlags, action: Action) -> None:
    """The effect of a legal action that needs no roll (build, recruit, promote, send)."""
    seat = state.seats[index]
    rules = state.rules
    if action.do == "build":
        building = rules.building(action.building)
        seat.resources -= building.cost
        placed = Placed(building.id, face_up=False)
        seat.buildings.append(placed)
        flags.built_or_demolished = True
        state.count(f"built.{building.id}")
        if seat.carpenters >= 2:  # a second carpenter adjacent: turned face up at once
            _bring(state, seat, placed)
    elif action.do in ("recruit", "promote"):
        _special(state, seat, flags, action)
    elif action.do == "send":
        sent = list(action.strengths)
        for strength in sent:
            seat.soldiers.remove(strength)
        eta = state.travel[(index, action.target)]
        seat.missions += [Mission(s, action.target, eta) for s in sent]
        flags.sent = True
        state.count("sent", len(sent))


def _special(state: State, seat: Seat, flags: TurnFlags, action: Action) -> None:
    for special in state.rules.building(action.building).special:
        if isinstance(special, Recruit) and action.do == "recruit":
            seat.resources -= _price(state, special.price.coins, special.price.resources)
            seat.soldiers.append(special.strength)
            flags.recruited = True
            state.count(f"recruited.{special.pawn}")
        if isinstance(special, Promote) and action.do == "promote":
            seat.resources -= _price(state, special.price.coins, special.price.resources)
            seat.soldiers.remove(special.from_strength)
            seat.soldiers.append(special.to_strength)
            flags.promoted = True
            state.count(f"promoted.{special.pawn}")


def declare(state: State, index: int, flags: TurnFlags, action: Action) -> None:
    """What a rolled action does before its roll: the turn's flags and the counters."""
    if action.do == "demolish":
        flags.built_or_demolished = True
        state.count("demolition.attempt")
    elif action.do == "battle":
        flags.fought.add(action.target)
        state.count("battle")
    else:
        flags.defended = True
        state.count("battle")


