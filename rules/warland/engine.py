"""The economy game's rules: the start of a turn (produce, flip, feed: who starves when
food is short is the seat's decision) and main-phase actions. Pure: dice come from a
DiceSource, choices from whoever calls `apply`.

A rolled action (demolish, battle, defend) is declared, rolled and resolved by three entry
points, so a position can stop at the roll and take its outcome as a chance move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from stamperia.content.rulesets.warland.buildings import Promote, Recruit
from stamperia.rules.warland.meal import feed, hungriest_first, most_trade, trade
from stamperia.rules.warland.state import (
    END,
    Action,
    Mission,
    Placed,
    Seat,
    State,
    TurnFlags,
)
from stamperia.rules.warland.supply import within_supply_all


def walking(seat: Seat) -> int:
    """The seat's soldiers walking this turn: missions not yet at their castle. They move
    this turn too, so they take their share of the turn's soldier moves ("puoi muovere
    ... fino a ... 4 Soldati", warland.txt 63-64; content's `limits.moves_per_turn`)
    before any new one is sent."""
    return sum(1 for m in seat.missions if m.eta > 0)


class DiceSource(Protocol):
    def roll(self) -> int:
        """One roll of the combat dice (2d6): their sum."""
        ...


def best_of(dice: DiceSource, strength: int) -> int:
    return max(dice.roll() for _ in range(strength))


def throw(dice: DiceSource, strength: int, roll: str) -> int:
    """A soldier's result: the `best` of `strength` rolls, or the `sum` of one roll of all
    the dice (the same as summing `strength` rolls)."""
    return (sum(dice.roll() for _ in range(strength)) if roll == "sum"
            else best_of(dice, strength))


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


def _arrived(seat: Seat, target: int) -> list[Mission]:
    return [m for m in seat.missions if m.target == target and m.eta == 0]


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
        if not _arrived(seat, target):
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
            if _arrived(state.seats[other], index):
                actions += battles(state, index, Action("defend", target=other))
    tokens = state.tokens
    if tokens is not None:
        actions = within_supply_all(rules, seat, actions, tokens)
    return [*actions, END]


def _once(actions: list[Action], action: Action) -> None:
    if action not in actions:
        actions.append(action)


def groups(strengths: list[int], size: int) -> list[tuple[int, ...]]:
    """Every distinct choice of `size` soldiers among `strengths`, as their strengths
    (strongest first), the strongest group first: soldiers of one strength are alike, so
    the choices are at most size + 1 with strengths 1 and 2."""
    counts: dict[int, int] = {}
    for strength in strengths:
        counts[strength] = counts.get(strength, 0) + 1
    kinds = sorted(counts, reverse=True)
    found: list[tuple[int, ...]] = []

    def walk(at: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        if at == len(kinds):
            return
        for take in range(min(left, counts[kinds[at]]), -1, -1):
            walk(at + 1, left - take, chosen + (kinds[at],) * take)

    walk(0, size, ())
    return found


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


ROLLED = ("demolish", "battle", "defend")
"""Actions whose effect waits for a roll of the combat dice."""

DEMOLITION_OUTCOMES = ("success", "failure")
BATTLE_OUTCOMES = ("won", "lost", "both_survive", "both_die")
"""A battle's result from the acting player's side: who loses a soldier."""


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


@dataclass(frozen=True)
class DemolitionTarget:
    """The card a demolition rolls against, and the two sides' numbers."""

    strength: int
    placed: Placed
    resistance: int


def standing(seat: Seat) -> list[str]:
    """The buildings a demolition may aim at, once each, in the order they were put in
    play (the Castello first): "puoi distruggere un Edificio a faccia in giù o in su ...
    adiacente alla carta dell'Edificio scelto", the attacker's choice."""
    return list(dict.fromkeys(p.building for p in seat.buildings))


def aims(seat: Seat, target: int, building: str) -> list[Action]:
    """The demolitions of one building of a seat: the default (`demolish blu fattoria`: a
    face-down card first, else the first), then, where its cards differ (face, residents,
    hits), the first card of each other kind by its number (`demolish blu fattoria 2`):
    the attacker chooses the card, "adiacente alla carta dell'Edificio scelto"
    (warland.txt 97-98); cards alike are one choice."""
    cards = [p for p in seat.buildings if p.building == building]
    default = _default_card(cards)
    found = [Action("demolish", building=building, target=target)]
    seen = {(default.face_up, default.residents, default.hits)}
    for number, placed in enumerate(cards, start=1):
        kind = (placed.face_up, placed.residents, placed.hits)
        if kind not in seen:
            seen.add(kind)
            found.append(Action("demolish", building=building, target=target, card=number))
    return found


def _default_card(cards: list[Placed]) -> Placed:
    return next((p for p in cards if not p.face_up), cards[0])


def demolition_target(state: State, index: int, target: int, building: str, card: int = 0
                      ) -> DemolitionTarget:
    """The strongest arrived soldier rolls against the chosen card of the chosen building
    (`card`, from 1; 0: a face-down card of it if there is one, else the first): a
    face-down card resists as any face-down card."""
    rules = state.rules
    attacker = max(m.strength for m in _arrived(state.seats[index], target))
    cards = [p for p in state.seats[target].buildings if p.building == building]
    placed = cards[card - 1] if card else _default_card(cards)
    resistance = (rules.building(building).resistance if placed.face_up
                  else rules.forces.limits.face_down_resistance)
    return DemolitionTarget(attacker, placed, resistance)


@dataclass(frozen=True)
class BattleSides:
    """Summed strength of the acting player's group (of `soldiers` soldiers) against the
    other side: its single soldier (the strongest defender, or the strongest arrived
    enemy mission), or, where the content lets one soldier fight several
    (`combat.one_against_many`), all `others` of them, summed."""

    group: int
    single: int
    soldiers: int
    others: int = 1

    def roll(self, duel_roll: str) -> str:
        """One against one rolls as the content says (`duel_roll`); a group battle keeps
        the best roll: "dovrai sommare i punti di forza dei tuoi Soldati, tirare
        sufficienti volte i d6 e che il risultato migliore vale"."""
        return duel_roll if self.soldiers == 1 and self.others == 1 else "best"


def _fighters(state: State, index: int, action: Action) -> tuple[list[int], list[int]]:
    """The strengths of the acting side's soldiers that fight and of the other side's
    they may face: the action's group and target where it names them, else all there."""
    ours, theirs = _present(state, index, action)
    return (list(action.strengths) if action.strengths else ours,
            [action.against] if action.against else theirs)


def _present(state: State, index: int, action: Action) -> tuple[list[int], list[int]]:
    """The strengths of both sides' soldiers at the castle of a battle or defence."""
    seat, enemy = state.seats[index], state.seats[action.target]
    if action.do == "battle":
        return [m.strength for m in _arrived(seat, action.target)], list(enemy.soldiers)
    return list(seat.soldiers), [m.strength for m in _arrived(enemy, index)]


def battles(state: State, index: int, default: Action) -> list[Action]:
    """A battle's (or defence's) choices at one castle: "il giocatore che attacca decide
    quale pedina attaccare con un Soldato o, se preferisce con quali pedine attaccare"
    (warland.txt 142-145). First the default (every soldier there against the strongest,
    or a lone soldier against all where `combat.one_against_many` allows it), then each
    group of the seat's soldiers there (by strength: soldiers of one strength are alike)
    against each strength of the other side's, strongest first; none twice."""
    ours, theirs = _present(state, index, default)
    found = [default]
    everyone = tuple(sorted(ours, reverse=True))
    plain = battle_sides(state, index, default).others == 1
    for size in range(len(ours), 0, -1):
        for group in groups(ours, size):
            for against in sorted(set(theirs), reverse=True):
                if plain and group == everyone and against == max(theirs):
                    continue
                found.append(Action(default.do, target=default.target, strengths=group,
                                    against=against))
    return found


def battle_sides(state: State, index: int, action: Action) -> BattleSides:
    """A group fights one soldier ("Non si possono ottenere combattimenti tra un soldato
    solo contro più di un soldato o tra più di un soldato contro più di un soldato",
    warland.txt 140-141); with `combat.one_against_many` a lone soldier faces all the
    other side's soldiers there ("Questa regola vale anche in caso 1 Soldato contro più
    di un Soldato", 138-139)."""
    ours, theirs = _fighters(state, index, action)
    if (len(ours) == 1 and len(theirs) > 1
            and state.rules.forces.combat.one_against_many):
        return BattleSides(ours[0], sum(theirs), 1, len(theirs))
    return BattleSides(sum(ours), max(theirs), len(ours))


def roll(state: State, index: int, action: Action, dice: DiceSource) -> str:
    """The outcome of a declared action's roll, drawn from the dice."""
    if action.do == "demolish":
        aim = demolition_target(state, index, action.target, action.building, action.card)
        return "failure" if best_of(dice, aim.strength) <= aim.resistance else "success"
    sides = battle_sides(state, index, action)
    tie = state.rules.forces.combat.soldier_tie
    how = sides.roll(state.rules.forces.combat.duel_roll)
    while True:
        ours, theirs = throw(dice, sides.group, how), throw(dice, sides.single, how)
        if ours != theirs or tie != "reroll":
            break
    we_lose = ours < theirs or (ours == theirs and tie in ("defender_wins", "both_die"))
    they_lose = ours > theirs or (ours == theirs and tie in ("attacker_wins", "both_die"))
    return {(False, True): "won", (True, False): "lost", (False, False): "both_survive",
            (True, True): "both_die"}[(we_lose, they_lose)]


def resolve(state: State, index: int, action: Action, outcome: str) -> None:
    """Apply a declared action's roll outcome (one of DEMOLITION_/BATTLE_OUTCOMES)."""
    if action.do == "demolish":
        if outcome == "success":
            _demolished(state, action.target,
                        demolition_target(state, index, action.target, action.building,
                                          action.card).placed)
        return
    we_lose, they_lose = outcome in ("lost", "both_die"), outcome in ("won", "both_die")
    _battle(state, index, action, we_lose, they_lose)


def _demolished(state: State, target: int, placed: Placed) -> None:
    """A successful demolition roll: one hit, and the card is gone when hit enough."""
    rules = state.rules
    defender = state.seats[target]
    castle = rules.buildings.castle.id
    state.count("demolition.success")
    placed.hits += 1
    building = rules.building(placed.building)
    if placed.hits < building.hits_to_destroy:
        return
    state.count(f"destroyed.{building.id}")
    state.count(f"crushed.{rules.inhabitant}", placed.residents)
    defender.buildings.remove(placed)
    if building.id == castle:
        _eliminate(state, target)


def _eliminate(state: State, target: int) -> None:
    """A castle beaten twice: its player is out; missions sent there walk home."""
    state.count("castle.destroyed")
    seat = state.seats[target]
    seat.alive = False
    seat.buildings.clear()
    seat.soldiers.clear()
    seat.missions.clear()
    seat.carpenters = 0
    for other in state.seats:
        home = [m for m in other.missions if m.target == target]
        other.missions = [m for m in other.missions if m.target != target]
        other.soldiers += [m.strength for m in home]


def _battle(state: State, home: int, action: Action, we_lose: bool, they_lose: bool
            ) -> None:
    """Soldier against soldier: the lower best roll loses one soldier (the acting group's
    weakest, or the other side's single soldier, or its weakest where it fought as a
    group)."""
    rules = state.rules
    seat, enemy = state.seats[home], state.seats[action.target]
    attacking_missions = action.do == "battle"
    attackers = _arrived(seat, action.target)
    ours, theirs = _fighters(state, home, action)
    # the other side loses its one fighter, or, fighting as a group, its weakest
    single = min(theirs) if battle_sides(state, home, action).others > 1 else max(theirs)
    if we_lose:
        state.count("battle.attacker_lost")
        weakest = min(ours)
        if attacking_missions:
            seat.missions.remove(next(m for m in attackers if m.strength == weakest))
            state.count(f"killed.{rules.on_mission}")
        else:
            seat.soldiers.remove(weakest)
            state.count(f"killed.{rules.soldier}")
    if they_lose:
        state.count("battle.attacker_won")
        if attacking_missions:
            enemy.soldiers.remove(single)
            state.count(f"killed.{rules.soldier}")
        else:
            enemy.missions.remove(next(m for m in _arrived(enemy, home) if m.strength == single))
            state.count(f"killed.{rules.on_mission}")
